// The state of the Record hand page and every change to it, as pure functions: a state in, a new
// state out, no DOM and no server. The page draws a state and replaces it by what these return;
// the reading the server sent is never changed in place (a fixed tile gives a new reading).
// A browser test drives these functions directly (tests/e2e/test_hand_state.py).

const SEAT_ORDER = ["E", "S", "W", "N"];
// The reader says where a claimed set's sideways tile points (left, across, right of its owner).
const NEIGHBOUR_STEP = { right: 1, across: 2, left: 3 };
// How far a hand's tiles are turned (clockwise) in the picture, by the edge its owner sits at:
// the picture is turned back by as much to show the hand upright.
const TURN_OF = { bottom: 0, left: 90, top: 180, right: 270 };

export const isFlower = (code) => Boolean(code) && code[1] === "f";

export function newWinner(player) {
  return { winner: player, concealed: [], melds: [], flowers: [], win: null, how: "discard",
    declared: "none", situations: [], group: null };
}

export function initialState({ players = [], seats = null, expected = null, editId = null } = {}) {
  return { result: "win", abortive: "nine_major", discarder: null, winners: [newWinner(null)], active: 0,
    reading: null, picture: null, group: null, zoomed: false, players, seats, expected, editId };
}

function change(state, edit) {
  // A changed copy: `edit` may change the copy it is given, never `state`.
  const next = structuredClone(state);
  edit(next, next.winners[next.active]);
  return next;
}

// ---- seats ---------------------------------------------------------------------------------
export function windOf(state, player) {
  for (const [wind, index] of Object.entries(state.seats || {})) if (index === player) return wind;
  return null;
}

export function playerOf(state, wind) {
  return state.seats && wind in state.seats ? state.seats[wind] : null;
}

export function claimedFrom(state, meld, w) {
  // The player a set was claimed from: said by hand, or from where the reader saw its sideways tile.
  if (meld.from !== null && meld.from !== undefined) return meld.from;
  const seat = w.winner === null ? null : windOf(state, w.winner);
  if (!seat || !(meld.claimed_from in NEIGHBOUR_STEP)) return null;
  return playerOf(state, SEAT_ORDER[(SEAT_ORDER.indexOf(seat) + NEIGHBOUR_STEP[meld.claimed_from]) % 4]);
}

// ---- how the hand ended ----------------------------------------------------------------------
export function setResult(state, result) {
  return change(state, (s) => {
    s.result = result;
    if (result === "win") {
      s.winners = s.winners.slice(0, 1);
      s.active = 0;
    }
    if (result === "wins" && s.winners.length < 2) s.winners.push(newWinner(null));
  });
}

export const setAbortive = (state, kind) => change(state, (s) => { s.abortive = kind; });
export function setWinner(state, player) {
  // One winner cannot have discarded to themself: a discard said for them is forgotten.
  return change(state, (s, w) => {
    w.winner = player;
    if (s.result === "win" && s.discarder === player) s.discarder = null;
  });
}
export const setDiscarder = (state, player) => change(state, (s) => { s.discarder = player; });
export const setDeclared = (state, declared) => change(state, (s, w) => { w.declared = declared; });

export function setHow(state, how, discarder) {
  // Self-draw, or a discard (and whose, when `discarder` is given).
  return change(state, (s, w) => {
    w.how = how;
    if (discarder !== undefined) s.discarder = discarder;
  });
}

export function setSituation(state, name, on) {
  return change(state, (s, w) => {
    w.situations = w.situations.filter((x) => x !== name);
    if (on) w.situations.push(name);
  });
}

export function addWinner(state) {
  return change(state, (s) => {
    s.winners.push(newWinner(null));
    s.active = s.winners.length - 1;
  });
}

export function showWinner(state, index) {
  return change(state, (s) => {
    s.active = index;
    if (s.winners[index].group !== null) s.group = s.winners[index].group;
  });
}

// ---- the tiles of the hand -------------------------------------------------------------------
export function addTiles(state, where, codes) {
  // Tiles tapped in on the keypad (`where`: "concealed" or "flowers").
  return change(state, (s, w) => {
    for (const code of codes) w[where].push({ code, src: null });
  });
}

export function replaceTile(state, where, index, code) {
  return change(state, (s, w) => { w[where][index] = { code, src: null }; });
}

export function removeTile(state, where, index) {
  return change(state, (s, w) => {
    w[where].splice(index, 1);
    if (where !== "concealed" || w.win === null) return;
    if (w.win === index) w.win = null;
    else if (w.win > index) w.win -= 1;
  });
}

export const setWinTile = (state, index) => change(state, (s, w) => { w.win = index; });

export function winLastIfNone(state) {
  // The tile tapped in last is the winning one, unless one was chosen: a player adds it last.
  return change(state, (s, w) => {
    if (w.win === null && w.concealed.length) w.win = w.concealed.length - 1;
  });
}

export function setStanding(state, codes) {
  // The standing tiles written out (notation): the winning tile stays when it is still there,
  // else the last tile is the winning one.
  return change(state, (s, w) => {
    const won = w.win === null ? null : w.concealed[w.win].code;
    w.concealed = codes.map((code) => ({ code, src: null }));
    const at = won === null ? -1 : codes.lastIndexOf(won);
    w.win = at >= 0 ? at : codes.length ? codes.length - 1 : null;
  });
}

export function setMeld(state, index, meld) {
  // A set's kind, tile and giver; `index` null adds a set.
  return change(state, (s, w) => {
    const kept = index === null ? {} : w.melds[index];
    const next = Object.assign({}, kept, meld);
    if (meld.from !== undefined) delete next.claimed_from;
    if (index === null) w.melds.push(next);
    else w.melds[index] = next;
  });
}

export const removeMeld = (state, index) => change(state, (s, w) => { w.melds.splice(index, 1); });

// ---- the reading -------------------------------------------------------------------------------
export function takeReading(state, reading, picture) {
  // A new picture: its first hand fills the editor (the reader lists the revealed hand a person
  // means first), unless the hand ended without a winner.
  const next = change(state, (s) => {
    s.reading = reading;
    s.picture = picture;
    s.group = null;
    s.zoomed = false;
  });
  const winning = state.result === "win" || state.result === "wins";
  return reading.hands.length && winning ? useReadingHand(next, 0) : next;
}

export function useReadingHand(state, k) {
  return change(state, (s, w) => {
    s.group = k;
    s.zoomed = true;
    w.group = k;
    const hand = s.reading.hands[k];
    const tiles = s.reading.tiles;
    w.concealed = hand.concealed.map((i) => ({ code: tiles[i].code, src: i }));
    w.win = hand.win_tile === null ? null : hand.concealed.indexOf(hand.win_tile);
    if (hand.win_tile !== null && w.win < 0) {
      w.concealed.push({ code: tiles[hand.win_tile].code, src: hand.win_tile });
      w.win = w.concealed.length - 1;
    }
    // the set's code is the reader's (its faces vote, vision/reading.py); a set of which no
    // face was seen (a concealed kong's backs) starts as 1m for the player to name
    w.melds = hand.melds.map((m) => (
      { kind: m.kind, code: m.code || "1m", from: null, claimed_from: m.claimed_from, src: m.tiles }
    ));
    w.flowers = hand.flowers.map((i) => ({ code: tiles[i].code, src: i }));
  });
}

export function fixReadingTile(state, index, code) {
  // A tile of the picture named again: its box, and every tile of the hands read from it.
  return change(state, (s) => {
    Object.assign(s.reading.tiles[index], { code, unsure: false, fixed: true });
    for (const w of s.winners) {
      for (const tile of [...w.concealed, ...w.flowers]) if (tile.src === index) tile.code = code;
      for (const m of w.melds) if (m.src && m.src.includes(index) && code !== "back") m.code = code;
    }
  });
}

export function linkOwnPicture(state, data) {
  // An edited hand's own picture; the server links each recorded tile to its box.
  return change(state, (s) => {
    s.reading = data.reading;
    s.picture = data.picture;
    data.winners.forEach((links, j) => {
      const w = s.winners[j];
      if (!w) return;
      w.group = links.group;
      if (links.group === null) return;
      w.concealed.forEach((tile, i) => (tile.src = links.concealed[i] ?? null));
      w.flowers.forEach((tile, i) => (tile.src = links.flowers[i] ?? null));
      w.melds.forEach((m, i) => (m.src = links.melds[i] && links.melds[i].length ? links.melds[i] : null));
    });
    s.group = data.winners.length ? data.winners[0].group : null;
    s.zoomed = s.group !== null;
  });
}

export const toggleZoom = (state) => change(state, (s) => { s.zoomed = !s.zoomed; });

export function handStrip(state) {
  // The tiles of the hand in use as read, in the order they lie: standing tiles, sets, flowers
  // (indices into the reading's tiles), for the strip under the picture.
  const hand = state.reading && state.group !== null ? state.reading.hands[state.group] : null;
  if (!hand) return [];
  const ids = [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles), ...hand.flowers];
  if (hand.win_tile !== null && !ids.includes(hand.win_tile)) ids.splice(hand.concealed.length, 0, hand.win_tile);
  return ids;
}

export function handView(reading, k) {
  // The part of the picture that holds hand k, turned so that the hand stands upright:
  // {box: [x, y, width, height] before turning, turn: degrees clockwise}, or null.
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
  const turn = (360 - (TURN_OF[hand.position] || 0)) % 360;
  const sideways = turn === 90 || turn === 270;
  // Along the hand and across it, as the hand is shown; a little room around the tiles, and
  // never much taller than wide, so that the hand fills a phone's width.
  let along = sideways ? y1 - y0 : x1 - x0;
  let across = sideways ? x1 - x0 : y1 - y0;
  const pad = 0.05 * Math.max(along, across) + 8;
  along += 2 * pad;
  across = Math.max(1.7 * across + 2 * pad, along / 4); // room for the names above the tiles
  const [w, h] = sideways ? [across, along] : [along, across];
  // Centred on the hand, moved back inside the picture where it fits.
  const inside = (centre, size, whole) => (size >= whole ? centre - size / 2 : Math.min(Math.max(0, centre - size / 2), whole - size));
  const x = inside((x0 + x1) / 2, w, reading.width);
  const y = inside((y0 + y1) / 2, h, reading.height);
  return { box: [x, y, w, h].map(Math.round), turn };
}

// ---- what goes to the server (CONTRACT 5) --------------------------------------------------
function scoreOf(state, w, how) {
  const score = {
    hand: w.concealed.map((tile) => tile.code).join(""),
    melds: w.melds.map((m) => {
      const meld = { kind: m.kind, tiles: m.code[0].repeat(m.kind === "pung" ? 3 : 4) + m.code[1] };
      const from = claimedFrom(state, m, w);
      if (m.kind !== "concealed_kong" && from !== null) meld.from = windOf(state, from);
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

export function buildHand(state) {
  if (state.result === "draw") return { result: "draw" };
  if (state.result === "abortive") return { result: "abortive", kind: state.abortive };
  if (state.result === "wins") {
    return { result: "wins", discarder: state.discarder,
      winners: state.winners.map((w) => ({ winner: w.winner, score: scoreOf(state, w, "discard") })) };
  }
  const w = state.winners[0];
  const hand = { result: "win", winner: w.winner, score: scoreOf(state, w, w.how) };
  if (w.how === "discard") hand.discarder = state.discarder;
  return hand;
}

function winnerFromRecord(state, entry, codesOf) {
  const score = entry.score || {};
  const w = newWinner(entry.winner);
  w.concealed = codesOf(score.hand).map((code) => ({ code, src: null }));
  const at = w.concealed.findIndex((tile) => tile.code === score.win_tile);
  w.win = at >= 0 ? at : null;
  w.melds = (score.melds || []).map((m) => ({ kind: m.kind, code: codesOf(m.tiles)[0], from: playerOf(state, m.from) }));
  w.flowers = codesOf(score.flowers).map((code) => ({ code, src: null }));
  w.how = score.win || "discard";
  w.declared = score.declared || "none";
  w.situations = (score.situations || []).slice();
  return w;
}

export function loadRecordHand(state, hand, codesOf) {
  // A recorded hand back in the editor; `codesOf` is the pages' tile parser.
  return change(state, (s) => {
    s.result = hand.result;
    if (hand.result === "abortive") s.abortive = hand.kind;
    s.discarder = hand.discarder ?? null;
    if (hand.result === "win") s.winners = [winnerFromRecord(s, hand, codesOf)];
    if (hand.result === "wins") s.winners = hand.winners.map((w) => winnerFromRecord(s, w, codesOf));
    s.active = 0;
  });
}

export function readiness(state) {
  // What must still be said before the hand can be scored (an i18n key), or null.
  if (state.result !== "win" && state.result !== "wins") return null;
  if (state.winners.some((w) => w.winner === null)) return "choose_winner";
  const discard = state.result === "wins" || state.winners[0].how === "discard";
  if (discard && state.discarder === null) return "choose_discarder";
  if (state.winners.some((w) => w.concealed.length && w.win === null)) return "choose_win_tile";
  return null;
}
