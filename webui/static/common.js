// Shared by every page (an ES module each page imports): strings, the JSON API, tiles (their one
// parser and their faces), messages, the PIN bar and live updates.

export const BOOT = JSON.parse(document.getElementById("boot").textContent);
export const T = BOOT.strings;

export function t(key, values) {
  let text = T[key] || key;
  for (const [name, value] of Object.entries(values || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

export function el(tag, attrs, ...children) {
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

export class ApiError extends Error {
  constructor(body, status) {
    super(body.error || "Error " + status);
    this.body = body;
    this.status = status;
  }
}

export async function api(method, path, body) {
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

export function newToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Messages lie in the page's flow, never over it: at the top of the page, or right after the part
// of the page they are about (`after`), so they cover no control. A sentence the page already
// prints where it belongs (a reading's note, the score's problem) is not said again here.
const messageBox = document.getElementById("message");
const messageHome = messageBox.nextElementSibling;
let messageTimer = null;

export function say(text, kind, after) {
  if (after) after.after(messageBox);
  else messageHome.before(messageBox);
  messageBox.textContent = text;
  messageBox.className = "message " + (kind || "info");
  messageBox.hidden = false;
  const shown = messageBox.getBoundingClientRect();
  if (shown.top < 0 || shown.bottom > window.innerHeight) messageBox.scrollIntoView({ block: "nearest" });
  clearTimeout(messageTimer);
  messageTimer = setTimeout(unsay, kind === "error" ? 9000 : 4000);
}

export function unsay() {
  clearTimeout(messageTimer);
  messageBox.hidden = true;
}

export function sayError(error, after) {
  // The sentence names the field or tile at fault itself, in the page's language.
  const body = error.body || {};
  say(body.error || String(error.message || error), "error", after);
}

// A bar fixed at the bottom of the page (the hand page's Confirm) keeps its height free below
// the page, so that it never hides the page's last controls, whatever it holds.
const bottomBar = document.querySelector(".actions.sticky");
if (bottomBar && window.ResizeObserver) {
  new ResizeObserver(() => {
    document.body.style.paddingBottom = bottomBar.offsetHeight + 16 + "px";
  }).observe(bottomBar);
}

// ---- tiles ---------------------------------------------------------------------------------
const HONOURS = { 1: "東", 2: "南", 3: "西", 4: "北", 5: "白", 6: "發", 7: "中" };
const FLOWERS = { 1: "梅", 2: "蘭", 3: "菊", 4: "竹", 5: "春", 6: "夏", 7: "秋", 8: "冬" };
const SUITS = { m: "萬", p: "筒", s: "索" };

export function tileFace(code, extra) {
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

// The tile notation of CONTRACT 1: digits before their suit letter, spaces anywhere.
// `123m456p11z` -> 1m 2m 3m 4p 5p 6p 1z 1z. The pages' one parser of tiles.
const HIGHEST = { m: 9, p: 9, s: 9, z: 7, f: 8 };

export function parseTiles(text) {
  // {codes} or {codes, problem: {key, values}}: the first part that is not a tile, named.
  const codes = [];
  let digits = "";
  for (const char of (text || "").replace(/\s/g, "")) {
    if (/[0-9]/.test(char)) {
      digits += char;
      continue;
    }
    const suit = char.toLowerCase();
    if (!(suit in HIGHEST)) return { codes, problem: { key: "notation_letter", values: { part: char } } };
    if (!digits) return { codes, problem: { key: "notation_no_digits", values: { part: char } } };
    for (const d of digits) {
      if (d === "0" || Number(d) > HIGHEST[suit]) {
        return { codes, problem: { key: "notation_no_tile", values: { part: d + suit } } };
      }
      codes.push(d + suit);
    }
    digits = "";
  }
  if (digits) return { codes, problem: { key: "notation_no_suit", values: { part: digits } } };
  return { codes };
}

export function splitCodes(run) {
  // The tiles of a run the server wrote (always well formed).
  return parseTiles(run).codes;
}

export function tilesText(codes) {
  // The short notation of some tiles, each suit's digits together in the order given:
  // ["1m", "2m", "5z", "3m"] -> "12m5z3m".
  let text = "";
  codes.forEach((code, i) => {
    text += code[0];
    if (i === codes.length - 1 || codes[i + 1][1] !== code[1]) text += code[1];
  });
  return text;
}

export function windName(wind) {
  return t("wind_" + wind);
}

export function yakuName(yaku) {
  const korean = yaku.name_ko || "";
  const english = yaku.name || yaku.id;
  return BOOT.lang === "ko" ? korean + " · " + english : english + " · " + korean;
}

// ---- the PIN bar ---------------------------------------------------------------------------
export function applyLock() {
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
export const Live = {
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
