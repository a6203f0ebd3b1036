// The table page: seats, dealer, round wind, totals, Horse Race counters and the latest hands.
import { Live, api, el, say, sayError, t, windName } from "./common.js";
import { collectNote, moneyText, outcomeLabel, signed, undoButton } from "./render.js";

function horseDots(count) {
  const said = t("horse_left", { n: count });
  const dots = el("span", { class: "horse", title: said, "aria-label": said, "data-count": count });
  for (let i = 0; i < 3; i++) dots.append(el("i", { class: i < count ? "on" : "off" }));
  return el("div", { class: "horse-line" }, el("span", { class: "horse-label", text: said }), dots);
}

function handLine(row, players) {
  const hand = row.hand;
  const what = outcomeLabel(hand);
  const winners = row.answers
    .filter((a) => a.winner !== null && a.winner !== undefined)
    .map((a) => players[a.winner] + (a.total !== undefined ? " " + t("n_points", { n: a.total }) : ""));
  const moves = (amounts) =>
    amounts
      .map((p, i) => (p ? players[i] + " " + signed(p) : null))
      .filter(Boolean)
      .join(", ");
  const finisher = row.horse_winner;
  const raced = finisher !== null && finisher !== undefined;
  return el(
    "li",
    { "data-number": row.number },
    el("span", { class: "number", text: t("hand_in_round", { n: row.number, round: windName(row.round) }) }),
    el("span", { class: "what", text: what + (winners.length ? ": " + winners.join(", ") : "") }),
    row.payments.some(Boolean) ? el("span", { class: "moves", text: t("payments_line") + " " + moves(row.payments) }) : null,
    raced
      ? el("span", { class: "moves horse-moves",
          text: t("horse_line", { name: players[finisher] }) + " " + moves(row.horse_payments) })
      : null,
    collectNote(players, row.answers, row.collecting),
  );
}

async function load() {
  const data = await api("GET", "/api/table");
  Live.version = data.version;
  const none = !data.session;
  document.getElementById("no-session").hidden = !none;
  document.getElementById("standing").hidden = none;
  if (none) return;
  const standing = data.standings;
  if (!standing.ok) {
    say(standing.error, "error");
    return;
  }
  const players = data.session.setup.players;
  document.getElementById("round-wind").textContent = t("round_name", { round: windName(standing.round) });
  document.getElementById("hand-number").textContent = t("next_hand", { n: standing.next_hand });
  const box = document.getElementById("players");
  box.replaceChildren(
    ...standing.players.map((p) =>
      el(
        "article",
        { class: "player" + (p.dealer ? " dealer" : ""), "data-player": p.index },
        el("div", { class: "seat", text: windName(p.seat) + (p.dealer ? " · " + t("dealer") : "") }),
        el("div", { class: "name", text: p.name }),
        el("div", { class: "points", "data-points": p.points },
          signed(p.points), el("small", { class: "unit", text: " " + t("points_unit") })),
        standing.money_per_point ? el("div", { class: "money", text: moneyText(p.money) }) : null,
        standing.horse_race_on ? horseDots(p.horse_race) : null,
      ),
    ),
  );
  document.getElementById("latest").replaceChildren(...data.latest.map((row) => handLine(row, players)));
  undoButton(data.undo, load);
}

Live.onChange(() => load().catch(sayError));
document.addEventListener("unlocked", () => load().catch(sayError));
load().catch(sayError);
