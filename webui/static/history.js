// The history page: every hand with its reading and payments; edit, delete, undo the last change.
import { BOOT, Live, api, el, newToken, sayError, splitCodes, t, tileFace, windName } from "./common.js";
import { answerView, collectNote, horseFinished, movesTable, outcomeLabel, readingPicture, undoButton } from "./render.js";

// A past session (opened from Sessions) is read from its own API and cannot be changed here.
const API = BOOT.api_base || "/api";
const CAN_CHANGE = () => BOOT.can_change && !BOOT.api_base;

// Where a claimed set's sideways tile lies, by the giver's place from the owner's seat: the
// next seat (on the right) 1, across 2, the seat before (on the left) 3.
const SEATS = ["E", "S", "W", "N"];

function sidewaysAt(step, count) {
  return { 1: count - 1, 2: 1, 3: 0 }[step] ?? null;
}

function meldTiles(meld, ownerSeat, seats, players) {
  // A set as it lies on the table: the claimed tile sideways (an added kong's fourth tile on
  // it), a concealed kong with its two end tiles face down.
  const code = splitCodes(meld.tiles)[0];
  const group = el("span", { class: "meld", "data-kind": meld.kind });
  if (meld.kind === "concealed_kong") {
    group.append(tileFace("back"), tileFace(code), tileFace(code), tileFace("back"));
    group.title = t("kind_concealed_kong");
    return group;
  }
  const laid = meld.kind === "kong" ? 4 : 3;
  const step = meld.from && ownerSeat ? (SEATS.indexOf(meld.from) - SEATS.indexOf(ownerSeat) + 4) % 4 : 0;
  const sideways = sidewaysAt(step, laid);
  for (let k = 0; k < laid; k++) {
    if (k !== sideways) group.append(tileFace(code));
    else {
      const turned = el("span", { class: "sideways" + (meld.kind === "added_kong" ? " stacked" : "") });
      if (meld.kind === "added_kong") turned.append(tileFace(code));
      turned.append(tileFace(code));
      group.append(turned);
    }
  }
  const giver = meld.from ? players[seats[meld.from]] : null;
  group.title = t("kind_" + meld.kind) + (giver ? " · " + t("claimed_from") + " " + giver : "");
  return group;
}

function handTiles(entry, seats, players) {
  // The standing tiles, the one winning tile set apart and marked, then the sets and flowers.
  const score = entry.score || {};
  const standing = splitCodes(score.hand);
  const at = standing.lastIndexOf(score.win_tile);
  const won = at >= 0 ? standing.splice(at, 1)[0] : null;
  const ownerSeat = Object.keys(seats || {}).find((wind) => seats[wind] === entry.winner);
  const row = el("div", { class: "tiles small" }, ...standing.map((code) => tileFace(code)));
  if (won) row.append(tileFace(won, { class: "tile win", title: t("win_tile") }));
  for (const meld of score.melds || []) row.append(meldTiles(meld, ownerSeat, seats, players));
  const flowers = splitCodes(score.flowers);
  if (flowers.length) row.append(el("span", { class: "meld flowers" }, ...flowers.map((code) => tileFace(code))));
  return row;
}

function howWon(hand, entry, players) {
  // Self-draw, or on whose discard, by name.
  const selfDraw = hand.result === "win" && (entry.score || {}).win === "self_draw";
  const key = selfDraw ? "won_self_draw" : "won_on_discard";
  return el("p", { class: "how-won", "data-player": entry.winner,
    text: t(key, { winner: players[entry.winner], discarder: players[hand.discarder] }) });
}

function winners(hand) {
  if (hand.result === "win") return [hand];
  if (hand.result === "wins") return hand.winners;
  return [];
}

async function showPicture(row) {
  // The whole picture the hand was read from, its boxes named as the hand was recorded.
  const data = await api("GET", API + "/hands/" + row.id + "/picture");
  document.getElementById("picture-title").textContent = t("picture_of_hand", { n: row.number });
  document.getElementById("picture-view").replaceChildren(readingPicture(data.reading, data.url));
  document.getElementById("picture-dialog").showModal();
}

async function load() {
  const data = await api("GET", API + "/history");
  Live.version = data.version;
  const list = document.getElementById("history");
  document.getElementById("empty").hidden = !!(data.hands && data.hands.length);
  if (!data.session) return list.replaceChildren();
  const players = data.session.setup.players;
  list.replaceChildren(...data.hands.slice().reverse().map((row) => {
    const hand = row.hand;
    const what = outcomeLabel(hand);
    const details = el("div", { class: "detail" },
      ...winners(hand).flatMap((w) => [howWon(hand, w, players), handTiles(w, row.seats, players)]),
      ...row.answers.map((a) => answerView(a, players)),
      collectNote(players, row.answers, row.collecting),
      horseFinished(players, row.horse_payments, row.horse_winner),
      movesTable(players, row.payments, row.horse_payments, row.running));
    const tools = el("div", { class: "actions" },
      row.picture ? el("button", { type: "button", class: "small", onclick: () => showPicture(row).catch(sayError), text: t("picture") }) : null,
      CAN_CHANGE() ? el("a", { class: "button small", href: "/hand?edit=" + row.id, text: t("edit") }) : null,
      CAN_CHANGE() ? el("button", { type: "button", class: "small danger", text: t("delete"), onclick: () => remove(row) }) : null);
    return el("li", { "data-number": row.number, "data-id": row.id },
      el("div", { class: "head" },
        el("span", { class: "number", text: t("hand_in_round", { n: row.number, round: windName(row.round) }) }),
        el("span", { class: "what", text: what }),
        el("span", { class: "muted", text: t("dealer") + " " + players[row.dealer] })),
      details, tools);
  }));
  undoButton(data.undo, load);
}

async function remove(row) {
  if (!confirm(t("delete_confirm", { n: row.number }))) return;
  try {
    await api("DELETE", "/api/hands/" + row.id, { token: newToken() });
    load();
  } catch (error) {
    sayError(error);
  }
}

Live.onChange(() => load().catch(sayError));
document.addEventListener("unlocked", () => load().catch(sayError));
load().catch(sayError);
