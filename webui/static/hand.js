// Recording a hand: read it (table camera or phone), fix tiles, say how it was won, see the score
// as it is entered, confirm. Also edits a past hand (/hand?edit=ID).
"use strict";

const S = {
  result: "win",
  abortive: "nine_major",
  discarder: null,
  winners: [newWinner(null)],
  active: 0,
  reading: null,
  picture: null,
  group: null, // the hand of the reading in use, and whether the picture is zoomed to it
  zoomed: false,
  expected: null,
  seats: null,
  players: [],
  editId: BOOT.edit || null,
  token: newToken(),
};

function newWinner(player) {
  return { winner: player, concealed: [], melds: [], flowers: [], win: null, how: "discard", declared: "none", situations: [] };
}

const W = () => S.winners[S.active];
const $ = (id) => document.getElementById(id);
const isFlower = (code) => code && code[1] === "f";

// ---- turning the editor into a record hand (CONTRACT 5) and back ---------------------------
function windOf(player) {
  for (const [wind, index] of Object.entries(S.seats || {})) if (index === player) return wind;
  return null;
}

function playerOf(wind) {
  return S.seats && wind in S.seats ? S.seats[wind] : null;
}

// The reader says where a claimed set's sideways tile points (left, across, right of its owner).
const NEIGHBOUR_STEP = { right: 1, across: 2, left: 3 };
const SEAT_ORDER = ["E", "S", "W", "N"];

function claimedFrom(m, w) {
  if (m.from !== null && m.from !== undefined) return m.from;
  const seat = w.winner === null ? null : windOf(w.winner);
  if (!seat || !(m.claimed_from in NEIGHBOUR_STEP)) return null;
  return playerOf(SEAT_ORDER[(SEAT_ORDER.indexOf(seat) + NEIGHBOUR_STEP[m.claimed_from]) % 4]);
}

function scoreOf(w, how) {
  const score = {
    hand: w.concealed.map((tile) => tile.code).join(""),
    melds: w.melds.map((m) => {
      const meld = { kind: m.kind, tiles: m.code[0].repeat(m.kind === "pung" ? 3 : 4) + m.code[1] };
      const from = claimedFrom(m, w);
      if (m.kind !== "concealed_kong" && from !== null) meld.from = windOf(from);
      return meld;
    }),
    flowers: w.flowers.map((tile) => tile.code).join(""),
    win: how,
    declared: w.declared,
    situations: w.situations.slice(),
  };
  if (w.win !== null && w.concealed[w.win]) score.win_tile = w.concealed[w.win].code;
  return score;
}

function buildHand() {
  if (S.result === "draw") return { result: "draw" };
  if (S.result === "abortive") return { result: "abortive", kind: S.abortive };
  if (S.result === "wins") {
    return {
      result: "wins",
      discarder: S.discarder,
      winners: S.winners.map((w) => ({ winner: w.winner, score: scoreOf(w, "discard") })),
    };
  }
  const w = S.winners[0];
  const hand = { result: "win", winner: w.winner, score: scoreOf(w, w.how) };
  if (w.how === "discard") hand.discarder = S.discarder;
  return hand;
}

function winnerFromRecord(entry, how) {
  const score = entry.score || {};
  const w = newWinner(entry.winner);
  w.concealed = splitCodes(score.hand).map((code) => ({ code, src: null }));
  const at = w.concealed.findIndex((tile) => tile.code === score.win_tile);
  w.win = at >= 0 ? at : null;
  w.melds = (score.melds || []).map((m) => ({ kind: m.kind, code: splitCodes(m.tiles)[0], from: playerOf(m.from) }));
  w.flowers = splitCodes(score.flowers).map((code) => ({ code, src: null }));
  w.how = score.win || how;
  w.declared = score.declared || "none";
  w.situations = (score.situations || []).slice();
  return w;
}

function loadRecordHand(hand) {
  S.result = hand.result;
  if (hand.result === "abortive") S.abortive = hand.kind;
  S.discarder = hand.discarder ?? null;
  if (hand.result === "win") S.winners = [winnerFromRecord(hand, "discard")];
  if (hand.result === "wins") S.winners = hand.winners.map((w) => winnerFromRecord(w, "discard"));
}

// ---- drawing the editor ---------------------------------------------------------------------
function playerOptions(select, withNone, exclude) {
  const options = [];
  if (withNone) options.push(el("option", { value: "", text: "—" }));
  S.players.forEach((name, i) => {
    if (i === exclude) return;
    const wind = windOf(i);
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
      onclick: () => { S.active = i; if (w.group !== undefined) S.group = w.group; render(); },
    })));
}

function renderEditor() {
  const w = W();
  $("concealed").replaceChildren(...w.concealed.map((tile, i) =>
    el("button", { type: "button", class: "tile-button" + (i === w.win ? " win" : ""), "data-index": i,
      "aria-label": tile.code, onclick: () => openPicker({ mode: "concealed", index: i }) },
      tileFace(tile.code, isUnsure(tile) ? { class: "tile unsure" } : {}))));
  $("melds").replaceChildren(...w.melds.map((m, i) => {
    const count = m.kind === "pung" ? 3 : 4;
    const faces = [];
    for (let k = 0; k < count; k++) faces.push(tileFace(m.kind === "concealed_kong" && (k === 0 || k === 3) ? "back" : m.code));
    const giver = claimedFrom(m, w);
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
  const w = W();
  playerOptions($("winner"), true);
  $("winner").value = w.winner === null ? "" : String(w.winner);
  for (const input of document.querySelectorAll("input[name=win]")) {
    input.checked = input.value === (S.result === "wins" ? "discard" : w.how);
    input.disabled = S.result === "wins";
  }
  const discard = S.result === "wins" || w.how === "discard";
  $("discarder-label").hidden = !discard;
  playerOptions($("discarder"), true, S.result === "win" ? w.winner : null);
  $("discarder").value = S.discarder === null ? "" : String(S.discarder);
  $("declared").value = w.declared;
  for (const box of document.querySelectorAll("input[name=situation]")) box.checked = w.situations.includes(box.value);
}

// ---- the reading: the picture with every tile boxed and named ------------------------------
function isUnsure(tile) {
  return tile.src !== null && S.reading && S.reading.tiles[tile.src] && S.reading.tiles[tile.src].unsure;
}

function renderReading() {
  const box = $("reading");
  if (!S.reading) {
    box.hidden = true;
    $("reading-note").hidden = true;
    return;
  }
  const reading = S.reading;
  box.hidden = false;
  // The picture and its boxes in one SVG, so that zooming to the hand in use crops both: on a
  // phone a whole table is too small to tap one tile.
  const handView = groupView(reading, S.group);
  const view = (S.zoomed && handView) || null;
  const overlay = readingPicture(reading, "/pictures/" + S.picture, view, (i) => openPicker({ mode: "reading", index: i }));
  const zoom = handView
    ? el("button", { type: "button", class: "small zoom", onclick: () => { S.zoomed = !S.zoomed; renderReading(); } },
      S.zoomed ? t("whole_picture") : t("zoom_hand"))
    : null;
  box.replaceChildren(overlay, zoom);
  const unsure = reading.tiles.filter((tile) => tile.unsure).length;
  $("reading-note").hidden = false;
  const foreign = S.group !== null && reading.hands[S.group] ? (reading.hands[S.group].foreign || []).length : 0;
  $("reading-note").textContent = t("tap_tile") + (unsure ? " " + t("unsure_tiles", { n: unsure }) : "") +
    (foreign ? " " + t("foreign_tiles", { n: foreign }) : "");
  $("reading-hands").replaceChildren(...reading.hands.map((hand, k) =>
    el("button", { type: "button", class: "small" + (k === S.group ? " active" : ""), onclick: () => useReadingHand(k) },
      t("hand_from_reading") + " · " + t("position_" + hand.position) + " (" + hand.concealed.length + ")" +
      ((hand.foreign || []).length ? " · " + t("foreign_mark") : ""))));
}

// The part of the picture that holds a hand of the reading (x, y, width, height), with room
// for the names above the tiles; never much taller than wide, so it fits a phone's screen.
function groupView(reading, k) {
  const hand = reading.hands[k];
  if (!hand) return null;
  const ids = [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles), ...hand.flowers];
  if (hand.win_tile !== null) ids.push(hand.win_tile);
  if (!ids.length) return null;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of ids) {
    const b = reading.tiles[i].box;
    [x0, y0, x1, y1] = [Math.min(x0, b[0]), Math.min(y0, b[1]), Math.max(x1, b[2]), Math.max(y1, b[3])];
  }
  const pad = 0.05 * Math.max(x1 - x0, y1 - y0) + 8;
  let [w, h] = [x1 - x0 + 2 * pad, y1 - y0 + 3 * pad];
  w = Math.max(w, h / 1.2);
  h = Math.max(h, w / 3);
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2 - pad / 2;
  w = Math.min(w, reading.width);
  h = Math.min(h, reading.height);
  const x = Math.min(Math.max(0, cx - w / 2), reading.width - w);
  const y = Math.min(Math.max(0, cy - h / 2), reading.height - h);
  return [x, y, w, h].map(Math.round);
}

function useReadingHand(k) {
  S.group = k;
  S.zoomed = true;
  const hand = S.reading.hands[k];
  const tiles = S.reading.tiles;
  const w = W();
  w.concealed = hand.concealed.map((i) => ({ code: tiles[i].code, src: i }));
  w.win = hand.win_tile === null ? null : hand.concealed.indexOf(hand.win_tile);
  if (hand.win_tile !== null && w.win < 0) {
    w.concealed.push({ code: tiles[hand.win_tile].code, src: hand.win_tile });
    w.win = w.concealed.length - 1;
  }
  w.melds = hand.melds.map((m) => {
    const face = m.tiles.map((i) => tiles[i].code).find((code) => code !== "back") || "1m";
    return { kind: m.kind, code: face, from: null, claimed_from: m.claimed_from, src: m.tiles };
  });
  w.flowers = hand.flowers.map((i) => ({ code: tiles[i].code, src: i }));
  render();
}

// The reader lists the revealed hand a person means first (13 or 14 tiles with its sets and
// flowers), never a few tiles of a wall or the discards.
function bestReadingHand(reading) {
  return reading.hands.length ? 0 : -1;
}

function takeReading(data) {
  S.reading = data.reading;
  S.picture = data.picture;
  S.group = null;
  S.zoomed = false;
  const best = bestReadingHand(S.reading);
  if (best >= 0 && S.result !== "draw" && S.result !== "abortive") useReadingHand(best);
  else render();
}

async function readFrom(path, body) {
  const button = $("read-camera");
  button.disabled = true;
  say(t("reading"), "info");
  try {
    takeReading(await api("POST", path, body));
    say(t("tap_tile"), "ok");
  } catch (error) {
    sayError(error);
  } finally {
    button.disabled = !BOOT.can_change;
  }
}

// ---- the tile picker ------------------------------------------------------------------------
let picking = null;

function openPicker(what) {
  if (!BOOT.can_change) return;
  picking = what;
  const flowersOnly = what.mode === "flower";
  const w = W();
  const grid = $("picker-tiles");
  grid.replaceChildren(...BOOT.tiles
    .filter((code) => (flowersOnly ? isFlower(code) : what.mode === "reading" || !isFlower(code)))
    .map((code) => el("button", { type: "button", class: "tile-button", "data-code": code,
      onclick: () => pick(code) }, tileFace(code))));
  const meld = what.mode === "meld" || what.mode === "add-meld";
  $("picker-meld").hidden = !meld;
  if (meld) {
    const current = what.mode === "meld" ? w.melds[what.index] : { kind: "pung", from: null };
    const giver = what.mode === "meld" ? claimedFrom(current, w) : null;
    $("meld-kind").value = current.kind;
    playerOptions($("meld-from"), true, w.winner);
    $("meld-from").value = giver === null ? "" : String(giver);
    $("meld-from-label").hidden = current.kind === "concealed_kong";
  }
  $("picker-win").hidden = what.mode !== "concealed";
  $("picker-done").hidden = what.mode !== "meld";
  $("picker-remove").hidden = !(what.mode === "concealed" || what.mode === "meld" || what.mode === "flower");
  $("picker").showModal();
}

function pick(code) {
  const w = W();
  const what = picking;
  if (what.mode === "reading") {
    S.reading.tiles[what.index].code = code;
    S.reading.tiles[what.index].unsure = false;
    S.reading.tiles[what.index].fixed = true;
    for (const winner of S.winners) {
      for (const tile of [...winner.concealed, ...winner.flowers]) if (tile.src === what.index) tile.code = code;
      for (const m of winner.melds) if (m.src && m.src.includes(what.index) && code !== "back") m.code = code;
    }
  } else if (what.mode === "concealed") w.concealed[what.index] = { code, src: null };
  else if (what.mode === "flower") w.flowers[what.index] = { code, src: null };
  else if (what.mode === "add-concealed") w.concealed.push({ code, src: null });
  else if (what.mode === "add-flower") w.flowers.push({ code, src: null });
  else if (what.mode === "meld" || what.mode === "add-meld") {
    const from = $("meld-from").value === "" ? null : Number($("meld-from").value);
    const meld = { kind: $("meld-kind").value, code, from };
    if (what.mode === "meld") w.melds[what.index] = meld;
    else w.melds.push(meld);
  }
  $("picker").close();
  render();
}

$("picker-remove").addEventListener("click", () => {
  const w = W();
  const what = picking;
  if (what.mode === "concealed") {
    w.concealed.splice(what.index, 1);
    if (w.win === what.index) w.win = null;
    else if (w.win !== null && w.win > what.index) w.win -= 1;
  } else if (what.mode === "meld") w.melds.splice(what.index, 1);
  else if (what.mode === "flower") w.flowers.splice(what.index, 1);
  $("picker").close();
  render();
});

$("picker-win").addEventListener("click", () => {
  W().win = picking.index;
  $("picker").close();
  render();
});

// A set's kind and giver change on Done (Cancel leaves the set as it was); its tile on a tap.
$("meld-kind").addEventListener("change", () => {
  $("meld-from-label").hidden = $("meld-kind").value === "concealed_kong";
});
$("picker-done").addEventListener("click", () => {
  const m = W().melds[picking.index];
  m.kind = $("meld-kind").value;
  m.from = $("meld-from").value === "" ? null : Number($("meld-from").value);
  $("picker").close();
  render();
});

for (const button of document.querySelectorAll("[data-add]")) {
  button.addEventListener("click", () => openPicker({ mode: "add-" + button.dataset.add }));
}

// ---- how it was won -------------------------------------------------------------------------
for (const input of document.querySelectorAll("input[name=result]")) {
  input.addEventListener("change", () => {
    S.result = input.value;
    if (S.result === "win") { S.winners = S.winners.slice(0, 1); S.active = 0; }
    if (S.result === "wins" && S.winners.length < 2) S.winners.push(newWinner(null));
    render();
  });
}
document.querySelector("select[name=abortive]").addEventListener("change", (e) => { S.abortive = e.target.value; render(); });
$("winner").addEventListener("change", (e) => { W().winner = e.target.value === "" ? null : Number(e.target.value); render(); });
$("discarder").addEventListener("change", (e) => { S.discarder = e.target.value === "" ? null : Number(e.target.value); render(); });
for (const input of document.querySelectorAll("input[name=win]")) {
  input.addEventListener("change", () => { W().how = input.value; render(); });
}
$("declared").addEventListener("change", (e) => { W().declared = e.target.value; scheduleScore(); });
for (const box of document.querySelectorAll("input[name=situation]")) {
  box.addEventListener("change", () => {
    const w = W();
    w.situations = w.situations.filter((s) => s !== box.value);
    if (box.checked) w.situations.push(box.value);
    scheduleScore();
  });
}
$("add-winner").addEventListener("click", () => { S.winners.push(newWinner(null)); S.active = S.winners.length - 1; render(); });

// ---- the score as it is entered ------------------------------------------------------------
let scoreTimer = null, scoreAsked = 0;

function scheduleScore() {
  clearTimeout(scoreTimer);
  scoreTimer = setTimeout(showScore, 250);
}

function answerView(answer) {
  const who = answer.winner !== null && answer.winner !== undefined ? S.players[answer.winner] : "";
  if (!answer.ok) return el("div", { class: "answer problem" }, el("p", { text: (who ? who + ": " : "") + answer.error }));
  const yaku = (answer.yaku || []).map((y) =>
    el("tr", { "data-yaku": y.id }, el("td", { text: yakuName(y) + (y.count > 1 ? " ×" + y.count : "") }),
      el("td", { class: "kind", text: t(y.kind) }), el("td", { class: "pts", text: y.points })));
  const verdict = answer.winning ? null :
    el("p", { class: "not-winning", text: t("not_winning") + (answer.reason ? ": " + t("reason_" + answer.reason) : "") });
  return el("div", { class: "answer" + (answer.winning ? " winning" : " losing") },
    who ? el("h3", { text: who }) : null,
    verdict,
    el("table", { class: "yaku" }, ...yaku),
    el("p", { class: "sums" },
      el("span", { text: t("basic") + " " + answer.basic }),
      el("span", { text: t("bonus") + " " + answer.bonus }),
      el("strong", { "data-total": answer.total, text: t("total") + " " + answer.total })),
    answer.waits && answer.waits.length ? el("p", { class: "waits" }, t("waits") + ": ", ...answer.waits.map((c) => tileFace(c))) : null);
}

function readiness() {
  if (S.result !== "win" && S.result !== "wins") return null;
  if (S.winners.some((w) => w.winner === null)) return "choose_winner";
  const discard = S.result === "wins" || S.winners[0].how === "discard";
  if (discard && S.discarder === null) return "choose_discarder";
  if (S.winners.some((w) => w.concealed.length && w.win === null)) return "choose_win_tile";
  return null;
}

async function showScore() {
  const asked = ++scoreAsked;
  const box = $("score");
  if (!S.seats) return;
  const hint = readiness();
  if (hint) {
    box.replaceChildren(el("p", { class: "help", text: t(hint) }));
    return;
  }
  try {
    const data = await api("POST", "/api/score", { hand: buildHand(), hand_id: S.editId });
    if (asked !== scoreAsked) return;
    // The record's own problem only when no answer above already says what is wrong.
    const answered = (data.answers || []).some((answer) => !answer.ok || !answer.winning);
    const parts = [
      ...(data.answers || []).map(answerView),
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
    const body = { hand: buildHand(), token: S.token, picture: S.picture };
    if (S.editId) {
      await api("PUT", "/api/hands/" + S.editId, body);
      location.href = "/history";
      return;
    }
    body.expected_hands = S.expected;
    const data = await api("POST", "/api/hands", body);
    say(data.message, "ok");
    setTimeout(() => (location.href = "/"), 600);
  } catch (error) {
    sayError(error);
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
      say(String(error.message || error), "error");
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
  const data = await api("GET", "/api/hands/" + row.id + "/picture");
  S.reading = data.reading;
  S.picture = data.picture;
  data.winners.forEach((links, j) => {
    const w = S.winners[j];
    if (!w) return;
    w.group = links.group;
    if (links.group === null) return;
    w.concealed.forEach((tile, i) => (tile.src = links.concealed[i] ?? null));
    w.flowers.forEach((tile, i) => (tile.src = links.flowers[i] ?? null));
    w.melds.forEach((m, i) => (m.src = links.melds[i] && links.melds[i].length ? links.melds[i] : null));
  });
  S.group = data.winners.length ? data.winners[0].group : null;
  S.zoomed = S.group !== null;
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
    S.players = data.session.setup.players;
    const row = data.hands.find((h) => h.id === S.editId);
    if (!row) return say(t("hand_not_found"), "error");
    S.seats = row.seats;
    loadRecordHand(row.hand);
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
    S.players = data.session.setup.players;
    S.seats = data.standings.seats;
    S.expected = data.hands;
    $("hand-title").textContent = t("nav_hand") + " · " + t("hand_no") + " " + data.standings.next_hand +
      " · " + windName(data.standings.round);
  }
  render();
  setInterval(refreshPreview, 800);
  refreshPreview();
  refreshCameraState();
}

document.addEventListener("unlocked", render);
start().catch(sayError);
