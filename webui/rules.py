"""The panel's one seam to the rules engine: scoring, replaying the record, waits, settling up.

Everything the panel knows about the rules comes through here, from `engine`; nothing is scored
in the panel itself. A hand of the record (CONTRACT 5) is scored by filling in what the table's
state knows (seat and round winds, the discarder's seat, the profile and house options).
"""

from __future__ import annotations

WINDS = ("E", "S", "W", "N")
PROFILES = ("standard", "guide")
RESULTS = ("win", "wins", "draw", "abortive")
ABORTIVE_KINDS = ("nine_major", "four_winds", "triple_wins")
DECLARED = ("none", "uper", "buller", "buji_uper", "buji_uper_buller")
SITUATIONS = ("win_on_kong", "robbing_kong", "last_tile", "first_turn")


def _engine():
    import engine

    return engine


def tile_codes() -> list[str]:
    """Every tile of the Korean set for the picker, and the seasons a table may use as flowers."""
    engine = _engine()
    return [str(code) for code in (*engine.KOREAN_TILES, *engine.SEASON_TILES)]


def house_options(profile: str = "standard") -> dict[str, tuple]:
    """The house options a rule profile knows, each with its choices, the default first."""
    return {name: tuple(choices) for name, choices in _engine().house_options(profile).items()}


def replay(record: dict) -> dict:
    return _engine().replay(record)


def score(request: dict) -> dict:
    return _engine().score(request)


def settle(totals: list[int]) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in row) for row in _engine().settle(list(totals))]


def waits(hand13: str, melds, rules: str, options: dict) -> list[str]:
    return list(_engine().waits(hand13, melds=tuple(melds), rules=rules, options=options))


def wind_of(seats: dict, player: int) -> str:
    """The seat wind a player sat at, from a replay's `seats` ({"E": i, ...})."""
    for wind, index in seats.items():
        if index == player:
            return wind
    raise ValueError(f"player {player} has no seat")


def score_request(record: dict, state: dict, winner: int, score: dict, discarder) -> dict:
    """A full CONTRACT 2 request for one winner of a record's hand, seen from `state`.

    `state` is a replay entry (or the standings for the next hand): its `seats` and `round`.
    """
    request = dict(score)
    request["rules"] = record["rules"]
    request["options"] = dict(record.get("options", {}))
    request["seat"] = wind_of(state["seats"], winner)
    request["round"] = state["round"]
    if discarder is not None and request.get("win") == "discard":
        request["discarder"] = wind_of(state["seats"], discarder)
    return request


def score_hand(record: dict, state: dict, hand: dict) -> list[dict]:
    """The engine's answer for each winner of a record's hand (empty for draws)."""
    if hand.get("result") == "win":
        winners = [{"winner": hand.get("winner"), "score": hand.get("score", {})}]
    elif hand.get("result") == "wins":
        winners = hand.get("winners", [])
    else:
        return []
    answers = []
    for entry in winners:
        winner = entry.get("winner")
        if not isinstance(winner, int) or not 0 <= winner < 4:
            from webui.i18n import say

            sentence = say("choose_who_won")  # the page says it in its language, by the code
            answers.append(
                {"ok": False, "error": sentence, "field": "winner", "code": "choose_who_won"}
            )
            continue
        request = score_request(
            record, state, winner, entry.get("score", {}), hand.get("discarder")
        )
        answer = score(request)
        answer["winner"] = winner
        answers.append(answer)
    return answers


def hand13(score: dict) -> str:
    """The standing tiles before the winning tile came: the hand less one winning tile."""
    hand, win_tile = score.get("hand", ""), score.get("win_tile", "")
    codes = split_codes(hand)
    if win_tile in codes:
        codes.remove(win_tile)
    return "".join(codes)


def split_codes(run: str) -> list[str]:
    """`123m11z` -> ['1m', '2m', '3m', '1z', '1z'] (CONTRACT 1); unknown characters are kept."""
    codes, digits = [], ""
    for char in run.replace(" ", ""):
        if char.isdigit():
            digits += char
        elif char.isalpha():
            codes.extend(digit + char for digit in digits)
            digits = ""
    return codes
