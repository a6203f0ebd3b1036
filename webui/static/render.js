// Render helpers shared by the pages: a hand's outcome, its score, its payments, the undo button,
// tiles as they lie in a set, and a read picture with its boxes. Each draws, none keeps state.
import { BOOT, api, el, newToken, sayError, splitCodes, t, tileFace, yakuName } from "./common.js";

export function signed(number) {
  return (number > 0 ? "+" : "") + number;
}

export function moneyText(amount) {
  return t("money_amount", { amount: amount.toLocaleString(BOOT.lang) });
}

export function outcomeLabel(hand) {
  // What a hand came to: a win, several winners, an exhaustive draw, or which abortive draw.
  return hand.result === "abortive" ? t("abortive_" + hand.kind) : t("result_" + hand.result);
}

// ---- a scoring answer: the hands of the rules, points, the verdict -------------------------
export function answerView(answer, players) {
  const who = answer.winner !== null && answer.winner !== undefined ? players[answer.winner] : "";
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

// ---- what a hand moved: its payments, a Horse Race payout apart, running totals -------------
export function horseFinished(players, horse, finisher) {
  // The sentence over a hand's payments when it finished the Horse Race (null when not).
  if (finisher === null || finisher === undefined) return null;
  return el("p", { class: "horse-finished", "data-player": finisher,
    text: t("horse_finished", { name: players[finisher], amount: horse[finisher] }) });
}

export function movesTable(players, payments, horse, running) {
  // One row per kind of money, each labelled: the hand's payments, the Horse Race payout and
  // the two together (only in a hand that finished the race), the running totals after it.
  const raced = (horse || []).some((amount) => amount !== 0);
  const line = (label, values, name) =>
    el("tr", { class: name },
      el("th", { scope: "row", text: label }),
      ...values.map((value, i) =>
        el("td", { class: value > 0 ? "plus" : value < 0 ? "minus" : "", "data-player": i, text: signed(value) })));
  return el("table", { class: "payments" },
    el("tr", {}, el("th", {}), ...players.map((name) => el("th", { scope: "col", text: name }))),
    line(t("payments"), payments, "hand-payments"),
    raced ? line(t("horse_payout"), horse, "horse-payments") : null,
    raced ? line(t("in_all"), payments.map((p, i) => p + horse[i]), "all-payments") : null,
    running ? line(t("running_total"), running, "running") : null);
}

export function collectNote(players, answers, collecting) {
  // Two winners on one discard where only one is paid: who collects, and why the other is not.
  const won = answers.filter((a) => a.winning).map((a) => a.winner);
  if (won.length !== 2 || !collecting || collecting.length !== 1) return null;
  const other = won.find((player) => player !== collecting[0]);
  return el("p", { class: "collect-note", text: t("collects_alone", {
    winner: players[collecting[0]], other: players[other], option: t("opt_multiple_winners") }) });
}

// ---- undo: the #undo button of the table and history pages ---------------------------------
export function undoButton(undo, reload) {
  // The server words the change it would cancel ("Undo: hand 10 added").
  const button = document.getElementById("undo");
  button.hidden = !undo || !BOOT.can_change;
  if (button.hidden) return;
  button.textContent = undo.label;
  button.onclick = async () => {
    try {
      await api("POST", "/api/undo", { expected: undo.event, token: newToken() });
      reload();
    } catch (error) {
      sayError(error, button);
    }
  };
}

// ---- a read picture with every tile boxed and named ---------------------------------------
export function readingPicture(reading, url, view, onTap) {
  // One SVG of the picture and its boxes, showing `view` ([x, y, width, height]) or the whole
  // picture; `onTap(i)` makes the box of tile i tappable.
  const svgNS = "http://www.w3.org/2000/svg";
  const shown = view || [0, 0, reading.width, reading.height];
  const make = (tag, attrs) => {
    const node = document.createElementNS(svgNS, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    return node;
  };
  const overlay = make("svg", { viewBox: shown.join(" "), class: "overlay", role: "img", "aria-label": t("picture") });
  overlay.append(make("image", { href: url, x: 0, y: 0, width: reading.width, height: reading.height }));
  // Names as wide as a tile (the median tile), so that neighbours' names do not run together.
  const widths = reading.tiles.map((tile) => tile.box[2] - tile.box[0]).sort((a, b) => a - b);
  const tileWidth = widths.length ? widths[widths.length >> 1] : shown[2] / 20;
  const fontSize = Math.max(6, Math.min(shown[2] / 30, Math.round(tileWidth * 0.55)));
  reading.tiles.forEach((tile, i) => {
    const [x0, y0, x1, y1] = tile.box;
    const group = make("g", { class: "box" + (tile.unsure ? " unsure" : "") + (tile.fixed ? " fixed" : ""),
      "data-index": i, "data-code": tile.code });
    const label = make("text", { x: x0 + 2, y: Math.max(fontSize, y0 - 3), "font-size": fontSize });
    label.textContent = tile.code;
    group.append(make("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }), label);
    if (onTap) group.addEventListener("click", () => onTap(i));
    overlay.append(group);
  });
  return overlay;
}
