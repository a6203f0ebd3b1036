"""The message catalogs: every code has an English and a Korean sentence with the same
placeholders, every refusal the engine, the reader and the panel raise has a code the catalogs
know, and a table of bad inputs reaches every engine code with every placeholder filled."""

from __future__ import annotations

import ast
import re

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import engine
from engine.cli import answer_for
from engine.errors import RequestError
from engine.messages import ENGINE, LANGUAGES, placeholders
from tests.conftest import ROOT
from vision.messages import VISION
from webui.i18n import PANEL

CATALOGS = {"engine": ENGINE, "vision": VISION, "messages": PANEL}
CONTEXT = {"in_hand", "in_hand_of_player"}  # prefixes placing a refusal in a record


def po(catalog, lang: str) -> dict[str, str]:
    with open(catalog.path(lang, ".po"), "rb") as file:
        return {m.id: m.string for m in read_po(file) if m.id}


def codes(catalog) -> set[str]:
    """The codes of a domain: its msgids but the words params are shown by (`field.hand`)."""
    return {key for key in po(catalog, "en") if "." not in key} | {
        key for key in po(catalog, "ko") if "." not in key
    }


@pytest.mark.parametrize("domain", CATALOGS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_compiled_catalog_is_its_po_file(domain, lang):
    """The .mo the programs read says what the .po says: run `make messages` after an edit."""
    catalog = CATALOGS[domain]
    with open(catalog.path(lang), "rb") as file:
        compiled = {m.id: m.string for m in read_mo(file) if m.id}
    assert compiled == po(catalog, lang), "run make messages"


@pytest.mark.parametrize("domain", CATALOGS)
def test_every_code_has_english_and_korean_with_the_same_placeholders(domain):
    catalog = CATALOGS[domain]
    english, korean = po(catalog, "en"), po(catalog, "ko")
    for code in codes(catalog):
        assert english.get(code), f"{domain}: {code} has no English"
        assert korean.get(code), f"{domain}: {code} has no Korean"
        assert placeholders(english[code]) == placeholders(korean[code]), (domain, code)
    for word in set(english) & set(korean):  # a word both languages write
        assert placeholders(english[word]) == placeholders(korean[word]), (domain, word)
    hangul = re.compile("[\uac00-\ud7a3]")
    assert sum(bool(hangul.search(text)) for text in korean.values()) > len(korean) // 2


def test_a_code_means_one_thing_across_the_domains():
    """The panel renders a refusal from the domain that owns its code; none is owned twice."""
    assert not codes(ENGINE) & codes(PANEL) and not codes(VISION) & codes(PANEL)
    assert not codes(ENGINE) & codes(VISION)


# ---- every raise site names a code the catalogs know ---------------------------------------

REFUSALS = "|".join(
    ("RequestError", "RecordError", "SourceLost", "ModelError", "ModelMissing", "PictureRefused")
    + ("ImageError", "CropError")
)
RAISES = re.compile(
    rf"(?<!class )(?<!def )\b({REFUSALS}|DemoMissing|Refusal|_refusal)\(\s*(?P<first>[^\s,)]+)"
)
OWNER = {"engine": ENGINE, "vision": VISION, "webui": PANEL}


@pytest.mark.parametrize("package", OWNER)
def test_every_refusal_raised_names_a_code_of_the_catalogs(package):
    """A scan of the source: each refusal is made with a literal code (never a sentence), and
    the package's catalog (or, in the panel, a key it passes on) has that code."""
    known = codes(OWNER[package]) | codes(PANEL)
    found = 0
    for path in sorted((ROOT / package).rglob("*.py")):
        for match in RAISES.finditer(path.read_text(encoding="utf-8")):
            first = match.group("first")
            if match.group(1) == "Refusal" and first in ("problem", "pause"):
                continue  # a key from security's checks: tested below
            if first in ("code", "error.code", "problem.code", 'answer.get("code")'):
                continue  # passing on a code already made
            assert first.startswith('"'), f"{path.name}: {match.group(0)} is not a code"
            assert first.strip('"') in known, f"{path.name}: {first} is in no catalog"
            found += 1
    assert found >= {"engine": 80, "vision": 10, "webui": 30}[package]


def test_the_security_checks_answer_with_codes_of_the_panel():
    source = (ROOT / "webui" / "security.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'return "(\w+)"', source))
    assert {"csrf_token", "csrf_origin", "pin_pause"} <= keys <= codes(PANEL)


# ---- a table of bad inputs reaches every engine code -------------------------------------

GOOD = {"hand": "123m456p789p555z11m", "win_tile": "1m", "win": "discard", "seat": "S",
        "round": "E", "discarder": "W"}  # fmt: skip
PLAYERS = ["Ji-ho", "Min-seo", "Seo-yeon", "Do-yun"]


def scored(**changes):
    request = {**GOOD, **changes}
    return engine.score({k: v for k, v in request.items() if v is not ...})


def replayed(*hands, **fields):
    record = {"rules": "standard", "players": PLAYERS, "hands": list(hands), **fields}
    return engine.replay(record)


def win(score, winner=1, discarder=0):
    score = {"hand": "123m456p789p555z11m", "win_tile": "1m", "win": "discard", **score}
    return {"result": "win", "winner": winner, "discarder": discarder, "score": score}


def raised(call, *args):
    try:
        call(*args)
    except RequestError as error:
        return {"ok": False, "code": error.code, "params": error.params, "error": str(error)}
    raise AssertionError("no refusal")


def from_cli(tmp_path, content: bytes | None):
    path = tmp_path / "request.json"
    if content is not None:
        path.write_bytes(content)
    return answer_for(str(path))


PUNG = {"kind": "pung", "tiles": "555z", "from": "W"}
SHORT = "123m456p789p11m"  # the hand beside one set laid down
CASES = {
    "too_long": lambda: scored(hand="1" * 300 + "m"),
    "too_many": lambda: scored(situations=["last_tile"] * 5),
    "not_a_tile_code": lambda: raised(engine.format_tiles, ["1x"]),
    "tiles_not_text": lambda: scored(hand=5),
    "letter_without_number": lambda: scored(hand="m123m456p789p555z1m"),
    "no_such_tile": lambda: scored(hand="123m456p789p555z8z1m"),
    "not_tile_letter": lambda: scored(hand="123m456p789p555z11x"),
    "numbers_without_suit": lambda: scored(hand="123m456p789p555z11"),
    "not_one_tile": lambda: scored(win_tile="12m"),
    "not_a_choice": lambda: scored(win="ron"),
    "not_a_wind": lambda: scored(seat="East"),
    "bamboo_tile": lambda: scored(hand="123s456p789p555z11m"),
    "face_down_tile": lambda: scored(hand="123m456p789p555z1mback"),
    "flower_in_hand": lambda: scored(hand="123m456p789p555z1m1f"),
    "melds_not_list": lambda: scored(melds="555z"),
    "too_many_melds": lambda: scored(melds=[PUNG] * 5, hand="11m"),
    "meld_not_object": lambda: scored(melds=["555z"], hand=SHORT),
    "meld_unknown_field": lambda: scored(melds=[{**PUNG, "when": 3}], hand=SHORT),
    "meld_chow": lambda: scored(melds=[{"kind": "chow", "tiles": "123m"}], hand=SHORT),
    "meld_kind": lambda: scored(melds=[{"kind": "big", "tiles": "555z"}], hand=SHORT),
    "meld_without_tiles": lambda: scored(melds=[{"kind": "pung", "from": "W"}], hand=SHORT),
    "meld_tiles": lambda: scored(melds=[{**PUNG, "tiles": "556z"}], hand=SHORT),
    "concealed_kong_claimed": lambda: scored(
        melds=[{"kind": "concealed_kong", "tiles": "5555z", "from": "W"}], hand=SHORT
    ),
    "meld_without_from": lambda: scored(melds=[{"kind": "pung", "tiles": "555z"}], hand=SHORT),
    "meld_from_winner": lambda: scored(melds=[{**PUNG, "from": "S"}], hand=SHORT),
    "not_a_flower": lambda: scored(flowers="12m"),
    "other_flowers": lambda: scored(flowers="5f"),
    "flower_twice": lambda: scored(flowers="11f"),
    "situations_not_list": lambda: scored(situations="last_tile"),
    "situations_clash": lambda: scored(situations=["robbing_kong", "last_tile"]),
    "win_on_kong_by_discard": lambda: scored(situations=["win_on_kong"]),
    "win_on_kong_without_kong": lambda: scored(
        situations=["win_on_kong"], win="self_draw", discarder=...
    ),
    "robbing_kong_self_draw": lambda: scored(
        situations=["robbing_kong"], win="self_draw", discarder=...
    ),
    "robbing_kong_tile_held": lambda: scored(situations=["robbing_kong"]),
    "first_turn_with_melds": lambda: scored(situations=["first_turn"], melds=[PUNG], hand=SHORT),
    "dealer_first_turn_discard": lambda: scored(situations=["first_turn"], seat="E"),
    "declared_not_concealed": lambda: scored(declared="uper", melds=[PUNG], hand=SHORT),
    "declared_on_first_turn": lambda: scored(declared="uper", situations=["first_turn"]),
    "buller_by_discard": lambda: scored(rules="guide", declared="buller"),
    "request_not_object": lambda: engine.score([1, 2]),
    "unknown_field": lambda: scored(when=3),
    "field_required": lambda: scored(win_tile=...),
    "hand_size": lambda: scored(melds=[PUNG]),
    "hand_size_no_melds": lambda: scored(hand="123m456p789p555z1m"),
    "fifth_tile": lambda: scored(hand="11111m456p789p555z"),
    "win_tile_not_in_hand": lambda: scored(win_tile="2z"),
    "self_draw_discarder": lambda: scored(win="self_draw"),
    "discarder_missing": lambda: scored(discarder=...),
    "discarder_is_winner": lambda: scored(discarder="S"),
    "options_not_object": lambda: scored(options=[1]),
    "option_of_other_profile": lambda: scored(rules="guide", options={"pin_specials": True}),
    "unknown_option": lambda: scored(options={"dora": True}),
    "option_value": lambda: scored(options={"pin_specials": 3}),
    "waiting_hand_size": lambda: raised(engine.waits, "123m"),
    "totals_not_numbers": lambda: raised(engine.settle, "none"),
    "totals_not_zero": lambda: raised(engine.settle, [1, 2, 3, 4]),
    "record_not_object": lambda: engine.replay([]),
    "horse_race_not_boolean": lambda: replayed(horse_race="yes"),
    "players_not_four": lambda: replayed(players=["a", "b"]),
    "hands_not_list": lambda: replayed(hands="none"),
    "hand_not_object": lambda: replayed("draw"),
    "abortive_kind": lambda: replayed({"result": "abortive", "kind": "rain"}),
    "winner_own_discard": lambda: replayed(win({}, winner=1, discarder=1)),
    "winners_count": lambda: replayed({"result": "wins", "discarder": 0, "winners": []}),
    "winner_not_object": lambda: replayed({"result": "wins", "discarder": 0, "winners": [1, 2]}),
    "discarder_among_winners": lambda: replayed(
        {"result": "wins", "discarder": 0, "winners": [{"winner": 0}, {"winner": 1}]}
    ),
    "winner_twice": lambda: replayed(
        {
            "result": "wins",
            "discarder": 0,
            "winners": [{"winner": 2, "score": win({})["score"]}] * 2,
        }  # fmt: skip
    ),
    "winners_self_draw": lambda: replayed(
        {
            "result": "wins",
            "discarder": 0,
            "winners": [
                {"winner": 1, "score": win({})["score"]},
                {"winner": 2, "score": {**win({})["score"], "win": "self_draw"}},
            ],
        }  # fmt: skip
    ),
    "not_a_player": lambda: replayed(win({}, winner=7)),
    "score_not_object": lambda: replayed({"result": "win", "winner": 1, "score": 3}),
    "filled_in_by_replay": lambda: replayed(win({"seat": "E"})),
    "hand_not_complete": lambda: replayed(win({"hand": "123m456p789p555z12m"})),
    "hand_below_minimum": lambda: replayed(win({"hand": "123m456m789p123p55p", "win_tile": "3p"})),
    "not_utf8": lambda tmp: from_cli(tmp, b'{"hand": "\xff"}'),
    "cannot_read": lambda tmp: from_cli(tmp, None),
    "not_json": lambda tmp: from_cli(tmp, b"{"),
    "nested_too_deep": lambda tmp: from_cli(tmp, b"[" * 100_000 + b"]" * 100_000),
    "number_too_long": lambda tmp: from_cli(tmp, b"1" * 5000),
}


def test_the_table_of_bad_inputs_covers_every_engine_code():
    assert set(CASES) == codes(ENGINE) - CONTEXT


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_bad_input_gets_its_code_and_a_sentence_with_every_placeholder_filled(code, tmp_path):
    case = CASES[code]
    answer = case(tmp_path) if case.__code__.co_argcount else case()
    assert answer["ok"] is False and answer["code"] == code, answer
    params = answer["params"]
    wanted = placeholders(ENGINE.entry(code, "en"))
    named = set(params) - {"in_hand", "of_player"}
    assert named == wanted, f"{code}: params {sorted(named)}, placeholders {sorted(wanted)}"
    assert answer["error"] == ENGINE.say(code, params, "en", PLAYERS)
    korean = ENGINE.say(code, params, "ko", PLAYERS)
    for sentence in (answer["error"], korean):
        assert not placeholders(sentence) - placeholders(str(list(params.values()))), sentence
    assert re.search("[\uac00-\ud7a3]", korean), korean


def test_the_korean_names_the_tile_the_field_and_the_player():
    answer = replayed(win({"hand": "123s456p789p555z11m"}, winner=2))
    korean = ENGINE.say(answer["code"], answer["params"], "ko", PLAYERS)
    assert korean == "1국, Seo-yeon의 패: 1삭(1s): 한국 마작에서는 삭수패를 쓰지 않습니다."
    missing = scored(win_tile=...)
    assert ENGINE.say(missing["code"], missing["params"], "ko") == (
        '화료패 항목이 필요합니다: 화료패, 예: "9p".'
    )
    wrong = scored(seat=3)
    assert ENGINE.say(wrong["code"], wrong["params"], "ko") == (
        "자리: 바람 E, S, W, N 중 하나여야 합니다 (받은 것: 숫자 3)."
    )


CONTROLS = {"status", "field", "domain", "hand", "players"}  # a Refusal's own arguments


@pytest.mark.parametrize("package", OWNER)
def test_every_refusal_raised_fills_the_placeholders_of_its_sentence(package):
    """Read from the source: the values a refusal is made with are its sentence's placeholders
    (the panel's may also name the field without saying it)."""
    names = set(REFUSALS.split("|")) | {"DemoMissing", "Refusal", "_refusal"}
    checked = 0
    for path in sorted((ROOT / package).rglob("*.py")):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) in names):
                continue
            if not call.args or not isinstance(call.args[0], ast.Constant):
                continue
            if any(keyword.arg is None for keyword in call.keywords):
                continue  # **values passed on: checked where they are made
            code = call.args[0].value
            given = {keyword.arg for keyword in call.keywords}
            catalog = OWNER[package] if OWNER[package].entry(code) else PANEL
            wanted = placeholders(catalog.entry(code, "en"))
            where = f"{path.name}:{call.lineno} {code}"
            if call.func.id == "Refusal":
                assert wanted <= given and given - CONTROLS <= wanted, where
            else:
                assert given - {"in_hand", "of_player"} == wanted, where
            checked += 1
    assert checked >= {"engine": 80, "vision": 20, "webui": 30}[package]


# Raised with a sentence on purpose: Python's own protocol, and a fault of the program itself.
NOT_FOR_PLAYERS = {
    ("vision/__init__.py", "AttributeError"),
}


def test_no_exception_at_the_table_is_raised_with_a_sentence_instead_of_a_code():
    sentence = re.compile(r'raise (\w+)\(\s*f?"[^"\n]* [^"\n]*"')
    found = set()
    for package in OWNER:
        for path in sorted((ROOT / package).rglob("*.py")):
            for match in sentence.finditer(path.read_text(encoding="utf-8")):
                found.add((str(path.relative_to(ROOT)), match.group(1)))
    assert found == NOT_FOR_PLAYERS
