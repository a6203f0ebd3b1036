// The history page: every hand with its reading and payments; edit, delete, undo the last change.
"use strict";

function scoreLines(answer, players) {
  if (!answer.ok) return el("p", { class: "error", text: answer.error });
  const head = players[answer.winner] + ": " +
    (answer.winning ? t("total") + " " + answer.total : t("not_winning") +
      (answer.reason ? " (" + t("reason_" + answer.reason) + ")" : ""));
  return el("div", { class: "answer" },
    el("strong", { text: head }),
    el("ul", { class: "yaku" }, ...(answer.yaku || []).map((y) =>
      el("li", {}, el("span", { text: yakuName(y) }), el("span", { class: "pts", text: y.points }))
    )),
  );
}

function handTiles(score) {
  const row = el("div", { class: "tiles small" });
  for (const code of splitCodes(score.hand)) row.append(tileFace(code, code === score.win_tile ? { class: "tile win" } : {}));
  for (const meld of score.melds || []) {
    const group = el("span", { class: "meld" });
    for (const code of splitCodes(meld.tiles)) group.append(tileFace(code));
    row.append(group);
  }
  for (const code of splitCodes(score.flowers)) row.append(tileFace(code));
  return row;
}

function winners(hand) {
  if (hand.result === "win") return [hand];
  if (hand.result === "wins") return hand.winners;
  return [];
}

async function showPicture(row) {
  // The whole picture the hand was read from, its boxes named as the hand was recorded.
  const data = await api("GET", "/api/hands/" + row.id + "/picture");
  document.getElementById("picture-title").textContent = t("picture_of_hand", { n: row.number });
  document.getElementById("picture-view").replaceChildren(readingPicture(data.reading, data.url, null, null));
  document.getElementById("picture-dialog").showModal();
}

async function load() {
  const data = await api("GET", "/api/history");
  Live.version = data.version;
  const list = document.getElementById("history");
  document.getElementById("empty").hidden = !!(data.hands && data.hands.length);
  if (!data.session) return list.replaceChildren();
  const players = data.session.setup.players;
  list.replaceChildren(...data.hands.slice().reverse().map((row) => {
    const hand = row.hand;
    let what = t("result_" + hand.result);
    if (hand.result === "abortive") what = t("abortive_" + hand.kind);
    const details = el("div", { class: "detail" },
      ...winners(hand).map((w) => handTiles(w.score || {})),
      ...row.answers.map((a) => scoreLines(a, players)),
      collectNote(players, row.answers, row.collecting),
      horseFinished(players, row.horse_payments, row.horse_winner),
      movesTable(players, row.payments, row.horse_payments, row.running));
    const tools = el("div", { class: "actions" },
      row.picture ? el("button", { type: "button", class: "small", onclick: () => showPicture(row).catch(sayError), text: t("picture") }) : null,
      BOOT.can_change ? el("a", { class: "button small", href: "/hand?edit=" + row.id, text: t("edit") }) : null,
      BOOT.can_change ? el("button", { type: "button", class: "small danger", text: t("delete"), onclick: () => remove(row) }) : null);
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
