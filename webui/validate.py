"""Checking what phones send before it reaches the record.

The panel checks the shape (types, ranges, known names); whether a hand is legal is the engine's
word (its replay of the record with the hand in place). Each refusal names the field at fault.
"""

from __future__ import annotations

import math
import re

from engine.standings import Abortive, Outcome
from webui import rules
from webui.refusal import Refusal

# Half of a UTF-16 pair (JSON's "\ud800"): valid JSON, but no text a database or page can hold.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _wrong(field: str, why: str) -> Refusal:
    """`why` is an i18n key (a short reason in both languages) or a list of allowed values."""
    return Refusal("field_wrong", field=field, why=why)


def check_text(body) -> None:
    """Refuse a body with text that is not Unicode, naming the field that holds it."""
    pending = [(body, "")]
    while pending:  # a loop, not recursion: a body may be nested as deep as JSON allows
        value, where = pending.pop()
        if isinstance(value, str):
            if _LONE_SURROGATE.search(value):
                raise Refusal("text_broken", field=where or "body")
        elif isinstance(value, dict):
            for key, item in value.items():
                if _LONE_SURROGATE.search(key):
                    raise Refusal("text_broken", field=where or "body")
                pending.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            pending.extend((item, f"{where}[{i}]") for i, item in enumerate(value))


NAME_LIMIT = 24  # characters of a player's name: it fits a phone's column of four


def player_name(name) -> str | None:
    """A player's name without the spaces around it, or None when it is no name: not text,
    empty, or longer than NAME_LIMIT (lone surrogates are refused by `check_text` first)."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LIMIT:
        return None
    return name.strip()


def check_setup(setup) -> dict:
    if not isinstance(setup, dict):
        raise Refusal("field_missing", field="setup")
    players = setup.get("players")
    if not isinstance(players, list) or len(players) != 4:
        raise Refusal("players_four", field="players")
    names = []
    for number, name in enumerate(players, start=1):
        clean = player_name(name)
        if clean is None:
            raise Refusal("player_name", field=f"players[{number - 1}]", n=number)
        names.append(clean)
    if len({name.casefold() for name in names}) != 4:
        raise Refusal("players_unique", field="players")
    profile = setup.get("rules", "standard")
    if profile not in rules.PROFILES:
        raise Refusal("rules_unknown", field="rules")
    known = rules.house_options(profile)
    options = setup.get("options", {})
    if not isinstance(options, dict):
        raise _wrong("options", "why_options")
    for name, value in options.items():
        if name not in known:
            raise Refusal("option_unknown", field="options", name=name)
        if value not in known[name]:
            raise _wrong(f"options.{name}", " / ".join(str(c) for c in known[name]))
    per_point = setup.get("money_per_point", 0)
    if (
        isinstance(per_point, bool)
        or not isinstance(per_point, int | float)
        or not math.isfinite(per_point)
        or not 0 <= per_point <= 1_000_000
    ):
        raise Refusal("money_wrong", field="money_per_point")
    horse_race = setup.get("horse_race", True)
    if not isinstance(horse_race, bool):
        raise _wrong("horse_race", "why_true_false")
    # Options left at their first (default) choice are not written, so the record stays short.
    chosen = {name: value for name, value in options.items() if value != known[name][0]}
    return {
        "players": names,
        "rules": profile,
        "options": chosen,
        "money_per_point": per_point,
        "horse_race": horse_race,
    }


def _player(value, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise _wrong(field, "why_player")
    return value


def _score(value, field: str) -> dict:
    if not isinstance(value, dict):
        raise Refusal("field_missing", field=field)
    for key in ("seat", "round", "discarder", "rules"):
        if key in value:
            raise _wrong(f"{field}.{key}", "why_filled_in")
    return value


def check_hand(hand) -> dict:
    """A hand of CONTRACT 5 with the right shape; the engine judges the rest."""
    if not isinstance(hand, dict):
        raise Refusal("field_missing", field="hand")
    result = hand.get("result")
    if result not in tuple(Outcome):
        raise Refusal("result_unknown", field="result")
    if result == Outcome.WIN:
        checked = {"result": Outcome.WIN.value, "winner": _player(hand.get("winner"), "winner")}
        if hand.get("discarder") is not None:
            checked["discarder"] = _player(hand["discarder"], "discarder")
        checked["score"] = _score(hand.get("score"), "score")
        return checked
    if result == Outcome.WINS:
        winners = hand.get("winners")
        if not isinstance(winners, list) or not winners:
            raise Refusal("field_missing", field="winners")
        entries = []
        for i, entry in enumerate(winners):
            if not isinstance(entry, dict):
                raise _wrong(f"winners[{i}]", "why_winner_entry")
            entries.append(
                {
                    "winner": _player(entry.get("winner"), f"winners[{i}].winner"),
                    "score": _score(entry.get("score"), f"winners[{i}].score"),
                }
            )
        return {
            "result": Outcome.WINS.value,
            "discarder": _player(hand.get("discarder"), "discarder"),
            "winners": entries,
        }
    if result == Outcome.ABORTIVE:
        if hand.get("kind") not in tuple(Abortive):
            raise _wrong("kind", ", ".join(Abortive))
        return {"result": Outcome.ABORTIVE.value, "kind": hand["kind"]}
    return {"result": Outcome.DRAW.value}
