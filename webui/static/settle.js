// The settlement page: fewest transfers in points and money, and a chart of running totals.
import { BOOT, Live, api, el, sayError, t } from "./common.js";
import { moneyText } from "./render.js";

const COLOURS = ["#d9480f", "#1971c2", "#2b8a3e", "#862e9c"];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function chart(series, players) {
  const width = 340, height = 220, left = 40, right = 8, top = 10, bottom = 46;
  const values = series.flat();
  let low = Math.min(0, ...values), high = Math.max(0, ...values);
  if (low === high) high = low + 1;
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, series.length - 1);
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("chart"), class: "chart-svg" });
  root.append(svg("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "axis" }));
  root.append(svg("text", { x: left - 4, y: y(high) + 4, "text-anchor": "end", class: "tick" }, high));
  root.append(svg("text", { x: left - 4, y: y(low) + 4, "text-anchor": "end", class: "tick" }, low));
  root.append(svg("text", { x: left - 4, y: y(0) + 4, "text-anchor": "end", class: "tick" }, 0));
  players.forEach((name, p) => {
    const points = series.map((row, i) => `${x(i).toFixed(1)},${y(row[p]).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { points, fill: "none", stroke: COLOURS[p], "stroke-width": 2.5, "data-player": p }));
    const lx = left + (p % 2) * 150, ly = height - 26 + Math.floor(p / 2) * 16;
    root.append(svg("rect", { x: lx, y: ly - 9, width: 10, height: 10, fill: COLOURS[p] }));
    root.append(svg("text", { x: lx + 14, y: ly, class: "legend" }, `${name} ${series[series.length - 1][p]}`));
  });
  return root;
}

async function load() {
  const data = await api("GET", (BOOT.api_base || "/api") + "/settle");
  Live.version = data.version;
  const list = document.getElementById("transfers");
  if (!data.session && !data.players) {
    list.replaceChildren(el("li", { text: t("no_session") }));
    return;
  }
  const players = data.players;
  list.replaceChildren(...(data.transfers.length ? data.transfers.map((tr) =>
    el("li", { "data-payer": tr.payer, "data-payee": tr.payee },
      el("strong", { text: players[tr.payer] }), ` ${t("pays")} `, el("strong", { text: players[tr.payee] }),
      el("span", { class: "amount", text: " " + t("n_points", { n: tr.points }) }),
      el("span", { class: "money", text: " · " + moneyText(tr.money) }))) :
    [el("li", { text: t("nobody_pays") })]));
  document.getElementById("chart").replaceChildren(chart(data.series, players));
}

Live.onChange(() => load().catch(sayError));
load().catch(sayError);
