// Shared by every page: strings, the JSON API, tiles as faces, the PIN bar and live updates.
"use strict";

const BOOT = JSON.parse(document.getElementById("boot").textContent);
const T = BOOT.strings;

function t(key, values) {
  let text = T[key] || key;
  for (const [name, value] of Object.entries(values || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

class ApiError extends Error {
  constructor(body, status) {
    super(body.error || "Error " + status);
    this.body = body;
    this.status = status;
  }
}

async function api(method, path, body) {
  const options = { method, headers: { "X-CSRF-Token": BOOT.csrf }, credentials: "same-origin" };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = {};
  try {
    data = await response.json();
  } catch (_) {
    data = { ok: false, error: t("server_error") };
  }
  if (!response.ok || data.ok === false) throw new ApiError(data, response.status);
  return data;
}

function newToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let messageTimer = null;
function say(text, kind) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = "message " + (kind || "info");
  box.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => (box.hidden = true), kind === "error" ? 9000 : 4000);
}

function sayError(error) {
  // The sentence names the field or tile at fault itself, in the page's language.
  const body = error.body || {};
  say(body.error || String(error.message || error), "error");
}

// ---- tiles ---------------------------------------------------------------------------------
const HONOURS = { 1: "東", 2: "南", 3: "西", 4: "北", 5: "白", 6: "發", 7: "中" };
const FLOWERS = { 1: "梅", 2: "蘭", 3: "菊", 4: "竹", 5: "春", 6: "夏", 7: "秋", 8: "冬" };
const SUITS = { m: "萬", p: "筒", s: "索" };

function tileFace(code, extra) {
  const attrs = Object.assign({ class: "tile", "data-code": code, title: code }, extra || {});
  const node = el("span", attrs);
  if (!code || code === "back") {
    node.classList.add("back");
    return node;
  }
  const number = code[0];
  const suit = code[1];
  node.classList.add("suit-" + suit);
  if (suit === "z") {
    node.classList.add("honour-" + number);
    node.append(el("b", { text: HONOURS[number] || "?" }));
  } else if (suit === "f") {
    node.append(el("b", { text: FLOWERS[number] || "?" }), el("small", { text: number }));
  } else {
    node.append(el("b", { text: number }), el("small", { text: SUITS[suit] || suit }));
  }
  return node;
}

function splitCodes(run) {
  const codes = [];
  let digits = "";
  for (const char of (run || "").replace(/\s/g, "")) {
    if (/[0-9]/.test(char)) digits += char;
    else {
      for (const d of digits) codes.push(d + char);
      digits = "";
    }
  }
  return codes;
}

function windName(wind) {
  return t("wind_" + wind);
}

function yakuName(yaku) {
  const korean = yaku.name_ko || "";
  const english = yaku.name || yaku.id;
  return BOOT.lang === "ko" ? korean + " · " + english : english + " · " + korean;
}

// ---- a read picture with every tile boxed and named ---------------------------------------
function readingPicture(reading, url, view, onTap) {
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

// ---- what a hand moved: its payments, a Horse Race payout apart, running totals -------------
function signed(number) {
  return (number > 0 ? "+" : "") + number;
}

function horseFinished(players, horse, finisher) {
  // The sentence over a hand's payments when it finished the Horse Race (null when not).
  if (finisher === null || finisher === undefined) return null;
  return el("p", { class: "horse-finished", "data-player": finisher,
    text: t("horse_finished", { name: players[finisher], amount: horse[finisher] }) });
}

function movesTable(players, payments, horse, running) {
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

function collectNote(players, answers, collecting) {
  // Two winners on one discard where only one is paid: who collects, and why the other is not.
  const won = answers.filter((a) => a.winning).map((a) => a.winner);
  if (won.length !== 2 || !collecting || collecting.length !== 1) return null;
  const other = won.find((player) => player !== collecting[0]);
  return el("p", { class: "collect-note", text: t("collects_alone", {
    winner: players[collecting[0]], other: players[other], option: t("opt_multiple_winners") }) });
}

function moneyText(amount) {
  return t("money_amount", { amount: amount.toLocaleString(BOOT.lang) });
}

// ---- undo: the #undo button of the table and history pages ---------------------------------
function undoButton(undo, reload) {
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
      sayError(error);
    }
  };
}

// ---- the PIN bar ---------------------------------------------------------------------------
function applyLock() {
  document.getElementById("lockbar").hidden = BOOT.can_change;
  document.body.classList.toggle("locked", !BOOT.can_change);
  for (const node of document.querySelectorAll(".needs-pin")) {
    if (node.tagName === "BUTTON" || node.tagName === "INPUT") node.disabled = !BOOT.can_change;
  }
}

document.getElementById("unlock-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("pin-input");
  try {
    await api("POST", "/api/unlock", { pin: input.value });
    BOOT.can_change = true;
    input.value = "";
    applyLock();
    say(t("unlocked"), "ok");
    document.dispatchEvent(new CustomEvent("unlocked"));
  } catch (error) {
    sayError(error);
  }
});

// ---- live updates: server-sent events, with polling while they are down ---------------------
const Live = {
  version: null,
  listeners: [],
  pollTimer: null,
  onChange(callback) {
    this.listeners.push(callback);
  },
  seen(version) {
    if (this.version === null || version !== this.version) {
      const first = this.version === null;
      this.version = version;
      if (!first) for (const callback of this.listeners) callback(version);
    }
  },
  start() {
    const banner = document.getElementById("live");
    if (!window.EventSource) return this.poll();
    const source = new EventSource("/api/events");
    source.addEventListener("table", (event) => {
      banner.hidden = true;
      this.stopPolling();
      this.seen(JSON.parse(event.data).version);
    });
    source.onerror = () => {
      banner.hidden = false;
      this.poll(); // EventSource reconnects by itself; poll meanwhile
    };
  },
  poll() {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(async () => {
      try {
        const table = await api("GET", "/api/table");
        this.seen(table.version);
      } catch (_) {
        /* still away; try again */
      }
    }, 1500);
  },
  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  },
};

applyLock();
// Seven tabs are wider than a phone: the page's own tab is scrolled into sight.
document.querySelector(".tabs [aria-current]")?.scrollIntoView({ block: "nearest", inline: "center" });
document.addEventListener("DOMContentLoaded", () => Live.start());
