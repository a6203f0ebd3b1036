"""Random complete hands as scoring requests, for the benchmark and the property tests.

Each request is built from sets, so it is always complete and always valid: concealed and open
hands, every kind of kong, honours, flowers, self-draw and discard, declarations and situations.
Whether it reaches the 2-point minimum is left to chance, as at a table.
"""

from __future__ import annotations

import random

from engine.tiles import COPIES, KOREAN_KINDS, TILE_CODES, WIND_LETTERS, format_indices

_SUITED = tuple(t for t in KOREAN_KINDS if t < 27)
_CHOW_STARTS = tuple(t for t in _SUITED if t % 9 < 7)
_MELD_KINDS = ("pung", "pung", "pung", "kong", "added_kong", "concealed_kong")


def random_request(rng: random.Random, rules: str | None = None) -> dict:
    """One valid request whose hand is complete (four sets and a pair, or seven pairs)."""
    while True:
        request = _attempt(rng, rules)
        if request is not None:
            return request


def _attempt(rng: random.Random, rules: str | None) -> dict | None:
    counts = [0] * 34
    melds: list[tuple[str, int]] = []
    standing: list[int] = []
    seven_pairs = rng.random() < 0.06
    if seven_pairs:
        kinds = rng.sample(KOREAN_KINDS, 7)
        if rng.random() < 0.2:  # four alike are two pairs
            kinds[1] = kinds[0]
        for tile in kinds:
            standing += [tile, tile]
    else:
        n_melds = rng.choices((0, 1, 2, 3, 4), weights=(45, 25, 15, 10, 5))[0]
        honour_bias = rng.random() < 0.3
        for i in range(4):
            if i < n_melds:
                tile = _pick(rng, honour_bias)
                melds.append((rng.choice(_MELD_KINDS), tile))
            elif rng.random() < 0.55:
                start = rng.choice(_CHOW_STARTS)
                standing += [start, start + 1, start + 2]
            else:
                tile = _pick(rng, honour_bias)
                standing += [tile] * 3
        pair = _pick(rng, honour_bias)
        standing += [pair, pair]
    for tile in standing:
        counts[tile] += 1
    for kind, tile in melds:
        counts[tile] += 3 if kind == "pung" else 4
    if max(counts) > COPIES:
        return None

    rng.shuffle(standing)
    win_tile = rng.choice(standing)
    self_draw = rng.random() < 0.45
    seat, round_wind = rng.choice(WIND_LETTERS), rng.choice(WIND_LETTERS)
    others = [w for w in WIND_LETTERS if w != seat]
    concealed = all(kind == "concealed_kong" for kind, _ in melds)
    profile = rules or rng.choice(("standard", "standard", "standard", "guide"))

    request: dict = {
        "rules": profile,
        "hand": format_indices(sorted(standing)),
        "melds": [
            {"kind": kind, "tiles": format_indices([tile] * (3 if kind == "pung" else 4))}
            | ({} if kind == "concealed_kong" else {"from": rng.choice(others)})
            for kind, tile in melds
        ],
        "flowers": format_indices(sorted(rng.sample(range(34, 38), rng.choice((0, 0, 1, 2, 4))))),
        "win_tile": TILE_CODES[win_tile],
        "win": "self_draw" if self_draw else "discard",
        "seat": seat,
        "round": round_wind,
        "declared": "none",
        "situations": [],
        "options": {},
    }
    if not self_draw:
        request["discarder"] = rng.choice(others)
    if concealed and rng.random() < 0.3:
        choices = ["uper", "buller", "buji_uper", "buji_uper_buller"]
        if profile == "guide" and not self_draw:
            choices = ["uper", "buji_uper"]
        request["declared"] = rng.choice(choices)
    has_kong = any(kind != "pung" for kind, _ in melds)
    situations = request["situations"]
    roll = rng.random()
    if roll < 0.1:
        situations.append("last_tile")
    elif roll < 0.2 and self_draw and has_kong:
        situations.append("win_on_kong")
    elif roll < 0.25 and not self_draw and counts[win_tile] == 1:
        situations.append("robbing_kong")
    elif roll < 0.28 and not melds and request["declared"] == "none" and (self_draw or seat != "E"):
        situations.append("first_turn")
    if profile == "standard" and rng.random() < 0.2:
        request["options"]["pin_specials"] = True
    return request


def _pick(rng: random.Random, honour_bias: bool) -> int:
    """A tile for a pung or pair; some hands lean to honours so that honour hands come up."""
    if honour_bias and rng.random() < 0.6:
        return rng.randrange(27, 34)
    return rng.choice(KOREAN_KINDS)
