// The Record hand page: read the hand (table camera or phone), fix tiles, say how it was won, see
// the score as it is entered, confirm. Also edits a past hand (/hand?edit=ID). The state and its
// changes live in hand-state.js; this module draws the state and turns taps into changes.
import { BOOT, Live, api, el, newToken, parseTiles, say, sayError, splitCodes, t, tileFace, tilesText, unsay, windName } from "./common.js";
import { answerView, collectNote, horseFinished, movesTable, readingPicture } from "./render.js";
import * as H from "./hand-state.js";

let S = H.initialState({ editId: BOOT.edit || null });
const token = newToken();
const $ = (id) => document.getElementById(id);
const W = () => S.winners[S.active];

function update(next) {
  // The one way the page's state changes: a new state, drawn.
  S = next;
  render();
}

// ---- drawing the editor ---------------------------------------------------------------------
function playerOptions(select, withNone, exclude) {
  const options = [];
  if (withNone) options.push(el("option", { value: "", text: "—" }));
  S.players.forEach((name, i) => {
    if (i === exclude) return;
    const wind = H.windOf(S, i);
    options.push(el("option", { value: i, text: name + (wind ? " (" + windName(wind) + ")" : "") }));
  });
  select.replaceChildren(...options);
}

function render() {
  for (const input of document.querySelectorAll("input[name=result]")) input.checked = input.value === S.result;
  $("abortive-kind").hidden = S.result !== "abortive";
  document.querySelector("select[name=abortive]").value = S.abortive;
  const winning = S.result === "win" || S.result === "wins";
  $("win-part").hidden = !winning;
  renderTabs();
  if (winning) {
    renderEditor();
    renderHow();
  }
  renderReading();
  scheduleScore();
}

function renderTabs() {
  const tabs = $("winner-tabs");
  tabs.hidden = S.result !== "wins";
  $("add-winner").hidden = S.result !== "wins" || S.winners.length >= 3;
  if (S.result !== "wins") return;
  tabs.replaceChildren(...S.winners.map((w, i) =>
    el("button", {
      type: "button", class: i === S.active ? "active" : "",
      text: w.winner !== null ? S.players[w.winner] : t("winner_n", { n: i + 1 }),
      onclick: () => update(H.showWinner(S, i)),
    })));
}

function isUnsure(tile) {
  return tile.src !== null && S.reading && S.reading.tiles[tile.src] && S.reading.tiles[tile.src].unsure;
}

function renderEditor() {
  const w = W();
  if (document.activeElement !== $("notation")) $("notation").value = tilesText(w.concealed.map((tile) => tile.code));
  $("concealed").replaceChildren(...w.concealed.map((tile, i) =>
    el("button", { type: "button", class: "tile-button" + (i === w.win ? " win" : ""), "data-index": i,
      "data-src": tile.src, "aria-label": tile.code, onclick: () => openPicker({ mode: "concealed", index: i }) },
      tileFace(tile.code, isUnsure(tile) ? { class: "tile unsure" } : {}))));
  $("melds").replaceChildren(...w.melds.map((m, i) => {
    const count = m.kind === "pung" ? 3 : 4;
    const faces = [];
    for (let k = 0; k < count; k++) faces.push(tileFace(m.kind === "concealed_kong" && (k === 0 || k === 3) ? "back" : m.code));
    const giver = H.claimedFrom(S, m, w);
    const from = m.kind === "concealed_kong" || giver === null ? "" : " ← " + S.players[giver];
    return el("button", { type: "button", class: "meld-button", "data-index": i,
      onclick: () => openPicker({ mode: "meld", index: i }) },
      el("span", { class: "tiles" }, ...faces), el("small", { text: t("kind_" + m.kind) + from }));
  }));
  $("flowers").replaceChildren(...w.flowers.map((tile, i) =>
    el("button", { type: "button", class: "tile-button", "data-index": i,
      onclick: () => openPicker({ mode: "flower", index: i }) }, tileFace(tile.code))));
}

function renderHow() {
  // The winner and how the hand was won are one tap each: a button per player, then self-draw or
  // a button per other player's discard (several winners on one discard: only the discards).
  const w = W();
  const choice = (attrs, text, on, onclick) =>
    el("button", Object.assign({ type: "button", class: on ? "active" : "", "aria-pressed": on ? "true" : "false", onclick }, attrs), text);
  const named = (i) => S.players[i] + (H.windOf(S, i) ? " (" + windName(H.windOf(S, i)) + ")" : "");
  $("winner-buttons").replaceChildren(...S.players.map((name, i) =>
    choice({ "data-player": i }, named(i), w.winner === i, () => update(H.setWinner(S, i)))));
  const several = S.result === "wins";
  const discarders = S.players.map((name, i) => i).filter((i) => several || i !== w.winner);
  $("how-buttons").replaceChildren(...[
    several ? null : choice({ "data-how": "self_draw" }, t("self_draw"), w.how === "self_draw",
      () => update(H.setHow(S, "self_draw"))),
    ...discarders.map((i) => choice({ "data-discarder": i }, t("discard_of", { name: S.players[i] }),
      (several || w.how === "discard") && S.discarder === i, () => update(H.setHow(S, "discard", i))))].filter(Boolean));
  $("declared").value = w.declared;
  for (const box of document.querySelectorAll("input[name=situation]")) box.checked = w.situations.includes(box.value);
}

// ---- the reading: the picture with every tile boxed and named ------------------------------
function renderReading() {
  const box = $("reading");
  if (!S.reading) {
    box.hidden = true;
    $("reading-note").hidden = true;
    return;
  }
  const reading = S.reading;
  box.hidden = false;
  // The picture and its boxes in one SVG, so that zooming to the hand in use crops both and turns
  // a side hand upright: on a phone a whole table is too small to tap one tile.
  const handView = S.group === null ? null : H.handView(reading, S.group);
  const view = S.zoomed ? handView : null;
  const overlay = readingPicture(reading, "/pictures/" + S.picture,
    { view, wide: box.clientWidth || 360, onTap: (i) => openPicker({ mode: "reading", index: i }) });
  // The zoom button lies in a bar of its own over the picture, never on it.
  const tools = handView
    ? el("div", { class: "reading-tools" },
      el("button", { type: "button", class: "small zoom", onclick: () => update(H.toggleZoom(S)) },
        S.zoomed ? t("whole_picture") : t("zoom_hand")))
    : null;
  box.replaceChildren(...[tools, overlay, readingStrip()].filter(Boolean));
  const unsure = reading.tiles.filter((tile) => tile.unsure).length;
  $("reading-note").hidden = false;
  const foreign = S.group !== null && reading.hands[S.group] ? (reading.hands[S.group].foreign || []).length : 0;
  // a shake or a missed focus the reader undid (vision/shake.py): a steadier picture reads better
  const steadied = { shake: "steadied_shake", focus: "steadied_focus" }[reading.steadied];
  $("reading-note").textContent = t("tap_tile") + (unsure ? " " + t("unsure_tiles", { n: unsure }) : "") +
    (foreign ? " " + t("foreign_tiles", { n: foreign }) : "") + (steadied ? " " + t(steadied) : "");
  $("reading-hands").replaceChildren(...reading.hands.map((hand, k) =>
    el("button", { type: "button", class: "small" + (k === S.group ? " active" : ""), onclick: () => update(H.useReadingHand(S, k)) },
      t("hand_from_reading") + " · " + t("position_" + hand.position) + " (" + hand.concealed.length + ")" +
      ((hand.foreign || []).length ? " · " + t("foreign_mark") : ""))));
}

function readingStrip() {
  // The hand's tiles as read, each a button a thumb can hit: a tap fixes the tile as a tap on its
  // box in the picture does.
  const ids = H.handStrip(S);
  if (!ids.length) return null;
  const hand = S.reading.hands[S.group];
  return el("div", { class: "reading-strip", role: "group", "aria-label": t("hand_tiles") },
    ...ids.map((i) => {
      const tile = S.reading.tiles[i];
      const marks = (tile.unsure ? " unsure" : "") + (tile.fixed ? " fixed" : "") + (i === hand.win_tile ? " win" : "");
      return el("button", { type: "button", class: "tile-button strip-tile" + marks, "data-index": i,
        "data-code": tile.code, "aria-label": tile.code, onclick: () => openPicker({ mode: "reading", index: i }) },
        tileFace(tile.code));
    }));
}

async function readFrom(path, body) {
  const button = $("read-camera");
  button.disabled = true;
  say(t("reading"), "info", $("read-sources"));
  try {
    const data = await api("POST", path, body);
    unsay(); // the reading's note under the picture says what to do next
    update(H.takeReading(S, data.reading, data.picture));
  } catch (error) {
    sayError(error, $("read-sources"));
  } finally {
    button.disabled = !BOOT.can_change;
  }
}

// ---- the tile picker and the keypad ----------------------------------------------------------
// The picker replaces one tile (and shows which); "+ tile" and "+ flower" open it as a keypad that
// stays open while tiles are tapped in, the hand growing under the tapping thumb.
let picking = null;
const KEYPADS = { "add-concealed": "concealed", "add-flower": "flowers" };

function currentTile(what) {
  // The tile a pick would replace, or null.
  const w = W();
  if (what.mode === "reading") return S.reading.tiles[what.index].code;
  if (what.mode === "concealed") return w.concealed[what.index].code;
  if (what.mode === "flower") return w.flowers[what.index].code;
  if (what.mode === "meld") return w.melds[what.index].code;
  return null;
}

function openPicker(what) {
  if (!BOOT.can_change) return;
  picking = Object.assign({ before: S }, what);
  const keypad = what.mode in KEYPADS;
  const flowersOnly = what.mode === "flower" || what.mode === "add-flower";
  const w = W();
  $("picker-tiles").replaceChildren(...BOOT.tiles
    .filter((code) => (flowersOnly ? H.isFlower(code) : what.mode === "reading" || !H.isFlower(code)))
    .map((code) => el("button", { type: "button", class: "tile-button", "data-code": code,
      onclick: () => pick(code) }, tileFace(code))));
  $("picker-title").textContent = keypad ? t("keypad_title") : t("pick_tile");
  const current = currentTile(what);
  $("picker-current").hidden = current === null;
  if (current !== null) $("picker-current-tile").replaceChildren(tileFace(current));
  $("picker-entered").hidden = !keypad;
  if (keypad) {
    $("picker-hint").textContent = what.mode === "add-flower" ? t("keypad_flowers") : t("keypad_hint");
    showEntered();
  }
  const meld = what.mode === "meld" || what.mode === "add-meld";
  $("picker-meld").hidden = !meld;
  if (meld) {
    const set = what.mode === "meld" ? w.melds[what.index] : { kind: "pung", from: null };
    const giver = what.mode === "meld" ? H.claimedFrom(S, set, w) : null;
    $("meld-kind").value = set.kind;
    playerOptions($("meld-from"), true, w.winner);
    $("meld-from").value = giver === null ? "" : String(giver);
    $("meld-from-label").hidden = set.kind === "concealed_kong";
  }
  $("picker-win").hidden = what.mode !== "concealed";
  $("picker-done").hidden = !(what.mode === "meld" || keypad);
  $("picker-remove").hidden = !(what.mode === "concealed" || what.mode === "meld" || what.mode === "flower");
  $("picker").showModal();
}

function showEntered() {
  // The keypad's tiles so far (the whole row it adds to), the winning one marked.
  const where = KEYPADS[picking.mode];
  const w = W();
  $("picker-entered-tiles").replaceChildren(...w[where].map((tile, i) =>
    tileFace(tile.code, where === "concealed" && i === w.win ? { class: "tile win" } : {})));
  $("picker-back").disabled = w[where].length === 0;
}

function meldFromDialog(code) {
  const from = $("meld-from").value === "" ? null : Number($("meld-from").value);
  const meld = { kind: $("meld-kind").value, from };
  if (code) meld.code = code;
  return meld;
}

function pick(code) {
  const what = picking;
  if (what.mode in KEYPADS) {
    update(H.addTiles(S, KEYPADS[what.mode], [code]));
    showEntered();
    return;
  }
  let next = S;
  if (what.mode === "reading") next = H.fixReadingTile(S, what.index, code);
  else if (what.mode === "concealed") next = H.replaceTile(S, "concealed", what.index, code);
  else if (what.mode === "flower") next = H.replaceTile(S, "flowers", what.index, code);
  else if (what.mode === "meld") next = H.setMeld(S, what.index, meldFromDialog(code));
  else if (what.mode === "add-meld") next = H.setMeld(S, null, meldFromDialog(code));
  $("picker").close();
  update(next);
}

$("picker-back").addEventListener("click", () => {
  const where = KEYPADS[picking.mode];
  update(H.removeTile(S, where, W()[where].length - 1));
  showEntered();
});

$("picker-remove").addEventListener("click", () => {
  const what = picking;
  let next = S;
  if (what.mode === "concealed") next = H.removeTile(S, "concealed", what.index);
  else if (what.mode === "flower") next = H.removeTile(S, "flowers", what.index);
  else if (what.mode === "meld") next = H.removeMeld(S, what.index);
  $("picker").close();
  update(next);
});

$("picker-win").addEventListener("click", () => {
  $("picker").close();
  update(H.setWinTile(S, picking.index));
});

// Cancel (or Escape) on the keypad takes back the tiles tapped in since it opened.
function cancelPicker() {
  if (picking && picking.mode in KEYPADS) update(picking.before);
}
$("picker-cancel").addEventListener("click", cancelPicker);
$("picker").addEventListener("cancel", cancelPicker);

// A set's kind and giver change on Done (Cancel leaves the set as it was); its tile on a tap.
$("meld-kind").addEventListener("change", () => {
  $("meld-from-label").hidden = $("meld-kind").value === "concealed_kong";
});
$("picker-done").addEventListener("click", () => {
  $("picker").close();
  if (picking.mode === "add-concealed") update(H.winLastIfNone(S));
  else if (picking.mode === "meld") update(H.setMeld(S, picking.index, meldFromDialog(null)));
});

for (const button of document.querySelectorAll("[data-add]")) {
  button.addEventListener("click", () => openPicker({ mode: "add-" + button.dataset.add }));
}

// The standing tiles written out in tile notation; the page's one tile parser reads them.
$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const parsed = parseTiles($("notation").value);
  const problem = $("notation-problem");
  problem.hidden = !parsed.problem;
  if (parsed.problem) {
    problem.textContent = t(parsed.problem.key, parsed.problem.values);
    return;
  }
  update(H.setStanding(S, parsed.codes));
});

// ---- how it was won -------------------------------------------------------------------------
for (const input of document.querySelectorAll("input[name=result]")) {
  input.addEventListener("change", () => update(H.setResult(S, input.value)));
}
document.querySelector("select[name=abortive]").addEventListener("change", (e) => update(H.setAbortive(S, e.target.value)));
$("declared").addEventListener("change", (e) => update(H.setDeclared(S, e.target.value)));
for (const box of document.querySelectorAll("input[name=situation]")) {
  box.addEventListener("change", () => update(H.setSituation(S, box.value, box.checked)));
}
$("add-winner").addEventListener("click", () => update(H.addWinner(S)));

// ---- the score as it is entered ------------------------------------------------------------
let scoreTimer = null, scoreAsked = 0;

function scheduleScore() {
  clearTimeout(scoreTimer);
  scoreTimer = setTimeout(showScore, 250);
}

async function showScore() {
  const asked = ++scoreAsked;
  const box = $("score");
  if (!S.seats) return;
  const hint = H.readiness(S);
  if (hint) {
    box.replaceChildren(el("p", { class: "help", text: t(hint) }));
    return;
  }
  try {
    const data = await api("POST", "/api/score", { hand: H.buildHand(S), hand_id: S.editId });
    if (asked !== scoreAsked) return;
    // The record's own problem only when no answer above already says what is wrong.
    const answered = (data.answers || []).some((answer) => !answer.ok || !answer.winning);
    const parts = [
      ...(data.answers || []).map((answer) => answerView(answer, S.players)),
      data.problem && !answered ? el("p", { class: "problem", text: data.problem }) : null,
      data.payments ? el("h3", { text: t("payments") }) : null,
      data.payments ? collectNote(S.players, data.answers || [], data.collecting) : null,
      data.payments ? horseFinished(S.players, data.horse_payments, data.horse_winner) : null,
      data.payments ? movesTable(S.players, data.payments, data.horse_payments) : null,
    ];
    box.replaceChildren(...parts.filter(Boolean));
  } catch (error) {
    if (asked !== scoreAsked) return;
    box.replaceChildren(el("p", { class: "problem", text: (error.body && error.body.error) || String(error) }));
  }
}

// ---- confirming -----------------------------------------------------------------------------
$("confirm").addEventListener("click", async () => {
  const button = $("confirm");
  button.disabled = true;
  try {
    const body = { hand: H.buildHand(S), token, picture: S.picture };
    if (S.editId) {
      await api("PUT", "/api/hands/" + S.editId, body);
      location.href = "/history";
      return;
    }
    body.expected_hands = S.expected;
    await api("POST", "/api/hands", body);
    location.href = "/"; // the Table page shows the hand at the top of its latest hands
  } catch (error) {
    sayError(error, $("score-card")); // under the score, above the bar: it covers nothing
    button.disabled = !BOOT.can_change;
  }
});

// ---- the two cameras ------------------------------------------------------------------------
$("read-camera").addEventListener("click", () => readFrom("/api/read/camera", {}));

$("photo-input").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const form = new FormData();
  form.append("photo", file);
  readFrom("/api/read/photo", form);
  event.target.value = "";
});

if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia && window.isSecureContext) {
  $("phone-camera").hidden = false;
  $("open-camera").addEventListener("click", async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      const video = $("phone-video");
      video.srcObject = stream;
      video.hidden = false;
      await video.play();
      $("snap").hidden = false;
    } catch (error) {
      say(String(error.message || error), "error", $("open-camera"));
    }
  });
  $("snap").addEventListener("click", () => {
    const video = $("phone-video");
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    canvas.toBlob((blob) => {
      const form = new FormData();
      form.append("photo", blob, "phone.jpg");
      readFrom("/api/read/photo", form);
    }, "image/jpeg", 0.9);
  });
}

function refreshPreview() {
  const details = $("table-camera");
  if (details.open && !document.hidden && !$("win-part").hidden) {
    const img = new Image();
    img.onload = () => ($("preview").src = img.src);
    img.src = "/camera/frame.jpg?t=" + Date.now();
  }
}

// The camera's state, said in the page's language: every second while its preview is open,
// every few seconds otherwise, and at once when the preview is opened.
let cameraTimer = null;
async function refreshCameraState() {
  clearTimeout(cameraTimer);
  const open = $("table-camera").open && !document.hidden && !$("win-part").hidden;
  try {
    const status = await (await fetch("/camera/status")).json();
    $("camera-state").textContent = status.text || "";
    $("camera-state").dataset.state = status.state || "";
  } catch (_) {
    $("camera-state").textContent = t("offline");
    $("camera-state").dataset.state = "reconnecting";
  }
  cameraTimer = setTimeout(refreshCameraState, open ? 1000 : 5000);
}
$("table-camera").addEventListener("toggle", () => {
  refreshCameraState();
  refreshPreview();
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refreshCameraState();
});

// ---- editing a hand: its own picture first, the cameras behind "Read again" -----------------
async function showOwnPicture(row) {
  // The server links each tile of the recorded hand to its box, so a tapped box fixes its tile.
  S = H.linkOwnPicture(S, await api("GET", "/api/hands/" + row.id + "/picture"));
  $("read-sources").hidden = true;
  $("table-camera").open = false;
  $("read-again").hidden = false;
}

$("read-again").addEventListener("click", () => {
  $("read-again").hidden = true;
  $("read-sources").hidden = false;
  $("table-camera").open = true;
});

// ---- start ----------------------------------------------------------------------------------
async function start() {
  if (S.editId) {
    const data = await api("GET", "/api/history");
    const row = data.hands.find((h) => h.id === S.editId);
    if (!row) return say(t("hand_not_found"), "error");
    S = H.loadRecordHand(Object.assign({}, S, { players: data.session.setup.players, seats: row.seats }), row.hand, splitCodes);
    if (row.picture) await showOwnPicture(row);
    $("hand-title").textContent = t("edit") + " · " + t("hand_no") + " " + row.number;
    $("confirm").textContent = t("save_edit", { n: row.number });
  } else {
    const data = await api("GET", "/api/table");
    if (!data.session) {
      location.href = "/setup";
      return;
    }
    Live.version = data.version;
    S = Object.assign({}, S, { players: data.session.setup.players, seats: data.standings.seats, expected: data.hands });
    $("hand-title").textContent = t("nav_hand") + " · " + t("hand_no") + " " + data.standings.next_hand +
      " · " + windName(data.standings.round);
  }
  render();
  setInterval(refreshPreview, 800);
  refreshPreview();
  refreshCameraState();
}

document.addEventListener("unlocked", render);
start().catch((error) => sayError(error));
