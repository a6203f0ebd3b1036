"""The panel's one seam to the rules engine: its words, replaying the record, waits, settling up.

Everything the panel knows about the rules comes through here, from `engine`; nothing is scored
in the panel itself: every answer it shows (history, preview, payments, settlement, exports)
comes from one replay of the record, `engine.record.play`, which fills in what the table's state
knows (seat and round winds, the discarder's seat, the profile and house options).
"""

from __future__ import annotations

import engine
from engine.errors import RequestError
from engine.record import play
from engine.rules.base import Declared, Situation
from engine.seats import WINDS
from engine.standings import Abortive, Outcome

PROFILES = engine.PROFILES

__all__ = ["PROFILES", "hand13", "play", "replay", "settle", "waits", "words"]


def words() -> dict[str, list[str]]:
    """The engine's words that the pages offer as choices: winds, profiles, declarations..."""
    return {
        "winds": [wind.value for wind in WINDS],
        "profiles": list(PROFILES),
        "options": {
            profile: {name: list(choices) for name, choices in house_options(profile).items()}
            for profile in PROFILES
        },
        "declared": [declared.value for declared in Declared],
        "situations": [situation.value for situation in Situation],
        "results": [outcome.value for outcome in Outcome],
        "abortive": [kind.value for kind in Abortive],
    }


def tile_codes() -> list[str]:
    """Every tile of the Korean set for the picker, and the seasons a table may use as flowers."""
    return [str(code) for code in (*engine.KOREAN_TILES, *engine.SEASON_TILES)]


def house_options(profile: str = "standard") -> dict[str, tuple]:
    """The house options a rule profile knows, each with its choices, the default first."""
    return {name: tuple(choices) for name, choices in engine.house_options(profile).items()}


def replay(record: dict) -> dict:
    """The record's standings as CONTRACT 5's JSON (the store's check of every change)."""
    return play(record).to_json()


def settle(totals: list[int]) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in row) for row in engine.settle(list(totals))]


def waits(score: dict, rules: str, options: dict) -> list[str] | None:
    """The tiles that would complete a winner's hand less its winning tile; None for a hand
    too unfinished to say (waits are help, not a verdict)."""
    listed = score.get("melds")
    melds = [
        {key: value for key, value in meld.items() if key in ("kind", "tiles")}
        for meld in (listed if isinstance(listed, list) else [])
        if isinstance(meld, dict)
    ]
    try:
        return list(engine.waits(hand13(score), tuple(melds), rules=rules, options=options))
    except (RequestError, TypeError, AttributeError):
        return None


def hand13(score: dict) -> str:
    """The standing tiles before the winning tile came: the hand less one winning tile."""
    codes = engine.parse_tiles(score.get("hand", ""), "hand")
    win_tile = score.get("win_tile", "")
    if win_tile in codes:
        codes.remove(win_tile)
    return engine.format_tiles(codes)
