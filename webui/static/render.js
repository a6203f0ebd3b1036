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
const SVG_NS = "http://www.w3.org/2000/svg";
const TARGET = 44; // CSS pixels: the least height of a box's tap area, for a thumb

function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

function turner(box, turn) {
  // Maps a box of the picture ([x0, y0, x1, y1]) to where it is shown once the part `box`
  // ([x, y, width, height]) is turned `turn` degrees clockwise about its centre.
  const [cx, cy] = [box[0] + box[2] / 2, box[1] + box[3] / 2];
  const point = ([x, y]) => {
    const [dx, dy] = [x - cx, y - cy];
    if (turn === 90) return [cx - dy, cy + dx];
    if (turn === 180) return [cx - dx, cy - dy];
    if (turn === 270) return [cx + dy, cy - dx];
    return [x, y];
  };
  return ([x0, y0, x1, y1]) => {
    const [a, b] = [point([x0, y0]), point([x1, y1])];
    return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
  };
}

const overlaps = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

function nameOf(code, box, boxes, named) {
  // A tile's name as wide as its box at most: above the tile where no other tile is, else on the
  // tile's foot or head; smaller, or left out, where it would run into a name put before.
  const [x0, y0, x1, y1] = box;
  let size = Math.min((x1 - x0) / (0.95 * Math.max(2, code.length)), 0.6 * (y1 - y0));
  for (let tries = 0; tries < 3; tries++, size *= 0.7) {
    const wide = (0.95 * size * Math.max(2, code.length)) / 2;
    const cx = (x0 + x1) / 2;
    const places = [
      { base: y0 - 0.3 * size, free: true }, // above
      { base: y1 - 0.3 * size }, // on the foot
      { base: y0 + 1.1 * size }, // on the head
    ];
    for (const place of places) {
      const area = [cx - wide, place.base - 1.15 * size, cx + wide, place.base + 0.3 * size];
      if (place.free && boxes.some((other) => other !== box && overlaps(area, other))) continue;
      if (named.some((other) => overlaps(area, other))) continue;
      named.push(area);
      const label = svg("text", { x: cx, y: place.base, "font-size": size.toFixed(1), "text-anchor": "middle" });
      label.textContent = code;
      return label;
    }
  }
  return null;
}

export function readingPicture(reading, url, options) {
  // One SVG of the picture and its boxes. `view` ({box, turn}) shows a part of it turned upright
  // (a hand at the side of the table stands up), else the whole picture; `onTap(i)` makes the
  // box of tile i tappable; `wide` is how many CSS pixels wide the picture will be drawn.
  const { view = null, onTap = null, wide = 360 } = options || {};
  const part = view ? view.box : [0, 0, reading.width, reading.height];
  const turn = view ? view.turn : 0;
  const sideways = turn === 90 || turn === 270;
  const [cx, cy] = [part[0] + part[2] / 2, part[1] + part[3] / 2];
  const [w, h] = sideways ? [part[3], part[2]] : [part[2], part[3]];
  const shown = [cx - w / 2, cy - h / 2, w, h].map((v) => Math.round(v));
  const overlay = svg("svg", { viewBox: shown.join(" "), class: "overlay", role: "img", "aria-label": t("picture"),
    "data-turn": turn });
  const picture = svg("g", { transform: `rotate(${turn} ${cx} ${cy})` });
  picture.append(svg("image", { href: url, x: 0, y: 0, width: reading.width, height: reading.height }));
  overlay.append(picture);
  const place = turner(part, turn);
  const boxes = reading.tiles.map((tile) => place(tile.box));
  const unit = w / wide; // picture pixels per CSS pixel
  const seen = [shown[0], shown[1], shown[0] + shown[2], shown[1] + shown[3]];
  const named = []; // where names were put, so that none runs into another
  boxes.forEach((b, i) => {
    if (!overlaps(b, seen)) return; // outside the part shown
    const tile = reading.tiles[i];
    const group = svg("g", { class: "box" + (tile.unsure ? " unsure" : "") + (tile.fixed ? " fixed" : ""),
      "data-index": i, "data-code": tile.code });
    const [x0, y0, x1, y1] = b;
    group.append(svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }));
    const label = nameOf(tile.code, b, boxes, named);
    if (label) group.append(label);
    if (onTap) {
      // The tap area reaches over the name and below the tile, to a thumb's height at least.
      const tall = Math.max(1.6 * (y1 - y0), TARGET * unit);
      group.append(svg("rect", { class: "hit", x: x0, y: (y0 + y1) / 2 - tall / 2, width: x1 - x0, height: tall }));
      group.addEventListener("click", () => onTap(i));
    }
    overlay.append(group);
  });
  return overlay;
}
