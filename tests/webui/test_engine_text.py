"""The engine's sentences in Korean: one test per family of the engine's refusals.

Each case asks the real engine (`engine.score`, `engine.replay`) for its sentence, so a change of
the engine's wording shows here as a sentence the table no longer knows.
"""

from __future__ import annotations

import copy
import re

import pytest

import engine
from tests.webui.conftest import DISCARD_WIN, PLAYERS
from webui import engine_text
from webui.engine_text import engine_sentence, korean

# South wins on East's 9p with a Red and a Green pung (CONTRACT 2's example).
REQUEST = {**DISCARD_WIN["score"], "seat": "S", "round": "E", "discarder": "E"}
CONCEALED = {
    "hand": "123m456m789m234p88p",
    "win_tile": "8p",
    "win": "self_draw",
    "seat": "S",
    "round": "E",
}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
TILE = re.compile(r"\b[1-9][mpszf]\b")


def changed(base: dict, **changes) -> dict:
    request = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            request.pop(key, None)
        else:
            request[key] = value
    return request


def meld(first: dict) -> list[dict]:
    """The example's sets with the first one replaced."""
    return [first, {"kind": "pung", "tiles": "666z", "from": "N"}]


def refusal(request) -> str:
    answer = engine.score(request)
    assert answer["ok"] is False, f"the engine accepted {request}"
    return answer["error"]


def check(english: str, expected: str) -> str:
    """The Korean keeps every tile the sentence names, and says what a player must know."""
    said = korean(english, PLAYERS)
    assert said is not None, f"no Korean for: {english}"
    assert HANGUL.search(said) and said != english
    for code in TILE.findall(english):
        assert code in said, f"{code} lost in: {said}"
    assert expected in said, said
    return said


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        ("x", '글자 "x"'),
        (changed(REQUEST, colour="red"), "'colour'"),
        (changed(REQUEST, hand=None), "손패 항목이 필요합니다"),
        (changed(REQUEST, win_tile=None), "화료패 항목이 필요합니다"),
    ],
)
def test_the_request_as_a_whole(request_, expected):
    check(refusal(request_), expected)


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        (changed(REQUEST, win="ron"), "화료 방법: self_draw, discard 중 하나"),
        (changed(REQUEST, seat="X"), "자리: 바람"),
        (changed(REQUEST, round=3), "숫자 3"),
        (changed(REQUEST, declared="riichi"), "선언:"),
        (changed(REQUEST, rules="riichi"), "규칙:"),
    ],
)
def test_choices_and_winds_name_the_field(request_, expected):
    check(refusal(request_), expected)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (3, "손패: "),
        ("m234567p99p", "글자 'm' 앞에 숫자가 없습니다"),
        ("234m567p99p0m", "0m: 없는 패입니다. 만수패"),
        ("234m567p99p8z", "8z: 없는 패입니다. 자패"),
        ("234m567p9x9p", "'x' 글자는"),
        ("234m567p99", "숫자 '99' 뒤에"),
        ("1m" * 300, "글자나 됩니다"),
    ],
)
def test_tiles_written_wrongly(hand, expected):
    check(refusal(changed(REQUEST, hand=hand)), expected)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"win_tile": "9p9p"}, "패 한 장이어야"),
        ({"hand": "234m567p99s"}, "9삭(9s): 한국 마작에서는 삭수패를 쓰지 않습니다"),
        ({"hand": "234m567p9p1f", "win_tile": "9p"}, "매(1f): 꽃패입니다. 손패에서 빼서"),
        ({"hand": "234m567p9pback"}, "뒤집힌 패"),
    ],
)
def test_tiles_that_cannot_stand_in_a_hand(changes, expected):
    check(refusal(changed(REQUEST, **changes)), expected)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"hand": "234m567p9p"}, "손패가 7장입니다. 몸통 2개를"),
        ({"hand": "234m567p99p11z", "melds": None}, "손패가 10장입니다. 내려놓은 몸통이 없으면"),
        (
            {
                "hand": "1111m567p9p",
                "melds": meld({"kind": "kong", "tiles": "1111m", "from": "W"}),
            },
            "1만(1m): 손패와 내려놓은 패에 8장",
        ),
        ({"win_tile": "1m"}, "화료패 1만(1m): 손패에 없습니다"),
    ],
)
def test_the_hands_size_and_counts(changes, expected):
    check(refusal(changed(REQUEST, **changes)), expected)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"discarder": None}, "론 화료에는 방총자가 필요합니다"),
        ({"win": "self_draw"}, "쯔모에는 방총자가 없습니다"),
        ({"discarder": "S"}, "방총자(남)가 화료자 자신입니다"),
    ],
)
def test_who_discarded(changes, expected):
    check(refusal(changed(REQUEST, **changes)), expected)


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        ("777z", "내려놓은 패: 몸통의 목록"),
        ([{"kind": "pung", "tiles": "111z", "from": "W"}] * 5, "많아야 네 개입니다. 지금 5개"),
        (meld(3), "1번째 몸통: kind, tiles, from이 있는 객체"),
        (meld({"kind": "pung", "tiles": "777z", "from": "W", "open": 1}), "'open'"),
        (meld({"kind": "chow", "tiles": "123m", "from": "W"}), "치를 할 수 없으니"),
        (meld({"kind": "pong", "tiles": "777z", "from": "W"}), "1번째 몸통: 종류:"),
        (meld({"kind": "pung", "from": "W"}), "1번째 몸통에 패가 없습니다"),
        (meld({"kind": "pung", "tiles": "77z", "from": "W"}), "퐁은(는) 같은 패 3장입니다"),
        (meld({"kind": "concealed_kong", "tiles": "7777z", "from": "W"}), "암깡은 누구에게서"),
        (meld({"kind": "pung", "tiles": "777z"}), "퐁에는 가져온 사람"),
        (meld({"kind": "pung", "tiles": "777z", "from": "S"}), "화료자 자신(남)에게서"),
    ],
)
def test_sets_laid_down_name_the_set(melds, expected):
    check(refusal(changed(REQUEST, melds=melds)), expected)


@pytest.mark.parametrize(
    ("flowers", "expected"),
    [
        ("1m", "1만(1m): 꽃패가 아닙니다"),
        ("5f", "춘(5f): 이 테이블의 꽃패는 매(1f)~죽(4f)입니다"),
        ("11f", "매(1f): 두 번 이상 있습니다"),
    ],
)
def test_flowers(flowers, expected):
    check(refusal(changed(REQUEST, flowers=flowers)), expected)


@pytest.mark.parametrize(
    ("base", "changes", "expected"),
    [
        (REQUEST, {"situations": "last_tile"}, '상황: ["last_tile"] 같은 목록'),
        (REQUEST, {"situations": ["tenhou"]}, "상황: win_on_kong"),
        (REQUEST, {"situations": ["win_on_kong", "robbing_kong"]}, "창깡, 깡올라: 함께 고를 수"),
        (REQUEST, {"situations": ["first_turn", "last_tile"]}, "첫 순이 마지막 패일 수는 없습니다"),
        (REQUEST, {"situations": ["win_on_kong"]}, "화료 방법을 쯔모로"),
        (CONCEALED, {"situations": ["win_on_kong"]}, "깡올라에는 내려놓은 패 가운데 깡이"),
        (
            CONCEALED,
            {"situations": ["robbing_kong"]},
            "화료 방법을 론으로",
        ),
        (
            REQUEST,
            {"situations": ["robbing_kong"]},
            "창깡: 나머지 9통(9p) 세 장",
        ),
        (REQUEST, {"situations": ["first_turn"], "discarder": "W"}, "내려놓은 패가 있습니다"),
        (
            CONCEALED,
            {"seat": "E", "win": "discard", "discarder": "S", "situations": ["first_turn"]},
            "선(동)은 첫 순에 론으로",
        ),
    ],
)
def test_situations(base, changes, expected):
    check(refusal(changed(base, **changes)), expected)


@pytest.mark.parametrize(
    ("base", "changes", "expected"),
    [
        (REQUEST, {"declared": "uper"}, "어퍼: 문전"),
        (CONCEALED, {"declared": "uper", "situations": ["first_turn"]}, "첫 순을 빼세요"),
        (
            CONCEALED,
            {"declared": "buller", "win": "discard", "discarder": "E", "rules": "guide"},
            "불러한 손은 쯔모로만",
        ),
    ],
)
def test_what_was_declared(base, changes, expected):
    check(refusal(changed(base, **changes)), expected)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (3, "하우스 옵션: 옵션을 모은 객체"),
        ({"pin_specials": 3}, "옵션 pin_specials: false, true 중 하나"),
        ({"no_such_option": True}, "'no_such_option' 하우스 옵션이 없습니다"),
    ],
)
def test_house_options(options, expected):
    check(refusal(changed(REQUEST, options=options)), expected)


def test_a_house_option_of_the_other_profile_says_which_has_it():
    standard_only = next(
        name
        for name in engine.house_options("standard")
        if name not in engine.house_options("guide")
    )
    english = refusal(changed(REQUEST, rules="guide", options={standard_only: True}))
    check(english, "2점 마작 표준 규칙에만 있습니다")


def record(**changes) -> dict:
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"].update(changes.pop("score", {}))
    hand.update(changes)
    return {"rules": "standard", "players": PLAYERS, "hands": [hand]}


@pytest.mark.parametrize(
    ("record_", "expected"),
    [
        (record(score={"hand": "234m567p99s"}), "1국, Min-seo의 패: 9삭(9s): 한국 마작에서는"),
        (record(discarder=1), "1국: 화료자는 자기가 버린 패로"),
        (
            record(score={"hand": "234m567p19p"}),
            "1국: Min-seo의 패는 화료가 아닙니다. 패가 완성되지",
        ),
        (
            record(
                score={
                    "hand": "123m234m567p99p",
                    "melds": [{"kind": "pung", "tiles": "888p", "from": "W"}],
                }
            ),
            "기본 점수가 0점으로 최소 점수보다",
        ),
    ],
)
def test_the_record_names_the_hand_and_the_player(record_, expected):
    answer = engine.replay(record_)
    assert answer["ok"] is False
    check(answer["error"], expected)


def test_a_sentence_no_row_knows_stays_in_english():
    english = "Something the table has never heard of."
    assert korean(english) is None
    assert engine_sentence(english, "ko") == english


def test_an_unknown_ending_after_a_known_beginning_stays_in_english():
    english = "Hand 3: the moon is not a tile."
    assert engine_sentence(english, "ko") == english


def test_english_pages_get_the_engines_own_words():
    english = refusal(changed(REQUEST, hand="234m567p99s"))
    assert engine_sentence(english, "en") == english


def test_without_names_a_player_is_numbered_from_one():
    said = korean("Hand 2: player 0's hand does not win: it is not complete.")
    assert said.startswith("2국: 1번 참가자의 패")


def test_every_template_uses_only_what_its_pattern_captures():
    for pattern, template in engine_text.ROWS:
        groups = set(re.compile(pattern).groupindex)
        used = set(re.findall(r"{(\w+)}", template))
        assert used <= groups, (pattern, used - groups)
        renders = {name.rstrip("0123456789") for name in groups} - {"inner"}
        unknown = {name for name in renders if name not in engine_text.RENDER}
        assert unknown <= {"n", "k", "text", "list", "count", "needed", "sets", "points", "code"}, (
            pattern,
            unknown,
        )


# ---- through the panel ---------------------------------------------------------------------


def test_a_korean_phone_sees_the_bad_tile_named_in_korean(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["win_tile"] = "1m"
    preview = table.post("/api/score", {"hand": hand}).get_json()
    first = preview["answers"][0]
    assert first["ok"] is False and first["field"] == "win_tile"
    assert first["error"] == "화료패 1만(1m): 손패에 없습니다. 손패에는 화료패도 넣어야 합니다."


def test_a_korean_phone_is_told_in_korean_why_a_hand_is_not_recorded(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["hand"] = "234m567p99s"
    refused = table.add(hand)
    assert refused.status_code == 400
    body = refused.get_json()
    assert body["code"] == "engine_refused"
    assert body["error"].startswith("1국, Min-seo의 패: 9삭(9s): 한국 마작에서는 삭수패를")
    assert table.table()["hands"] == 0


def test_a_korean_preview_says_in_korean_why_a_hand_cannot_be_confirmed(table):
    table.client.set_cookie("lang", "ko")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["hand"] = "234m567p19p"
    preview = table.post("/api/score", {"hand": hand}).get_json()
    assert preview["problem"] == "1국: Min-seo의 패는 화료가 아닙니다. 패가 완성되지 않았습니다."


def test_an_english_phone_keeps_the_engines_sentence(table):
    table.client.set_cookie("lang", "en")
    hand = copy.deepcopy(DISCARD_WIN)
    hand["score"]["win_tile"] = "1m"
    first = table.post("/api/score", {"hand": hand}).get_json()["answers"][0]
    request = dict(REQUEST, win_tile="1m")
    assert first["error"] == refusal(request)
