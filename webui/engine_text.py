"""The engine's sentences in Korean: a table of the engine's wording and a Korean template for each.

The engine (`engine.score`, `engine.replay`) answers bad input with an English sentence that
names the field or tile at fault. A Korean page shows the same sentence in Korean: each row below
is one of the engine's sentences as a pattern, and its Korean template keeps what the pattern
captured (the tile, the field, the set's number, the player). A captured value is rendered by its
group's name (`tile`, `field`, `value`, ...; a trailing digit is ignored, so `tile2` is a tile).
A sentence no row matches is shown as the engine wrote it, in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from webui import i18n

# The field names of a scoring request, as the hand page labels them (i18n keys).
FIELD_LABELS = {
    "hand": "standing",
    "win_tile": "win_tile",
    "melds": "sets",
    "flowers": "flowers",
    "win": "how_won",
    "seat": "seat",
    "round": "round",
    "discarder": "discarder",
    "declared": "declared",
    "situations": "situations",
    "rules": "rules",
    "options": "options",
    "winner": "winner",
    "kind": "set_kind",
    "tiles": "the_hand",
}
SUITS_KO = {"m": "만", "p": "통", "s": "삭"}
HONOURS_KO = ("동", "남", "서", "북", "백", "발", "중")
FLOWERS_KO = ("매", "란", "국", "죽", "춘", "하", "추", "동")
SUIT_NAMES_KO = {
    "characters": "만수패",
    "dots": "통수패",
    "bamboo": "삭수패",
    "honours": "자패",
    "flowers": "꽃패",
}
FLOWER_SETS_KO = {"flowers": "꽃(1f~4f)", "seasons": "계절(5f~8f)"}

# Fragments the engine puts inside its sentences: what a missing field should hold, why two
# situations clash.
PHRASES_KO = {
    'the tiles standing in the winner\'s hand, winning tile included, like "234m567p99p"': (
        '화료패를 포함한 화료자의 손패, 예: "234m567p99p"'
    ),
    'the winning tile, like "9p"': '화료패, 예: "9p"',
    '"self_draw" or "discard"': "쯔모(self_draw) 또는 론(discard)",
    "the winner's seat wind, E, S, W or N": "화료자의 자리 바람, E, S, W, N 중 하나",
    "the prevalent (round) wind, E, S, W or N": "장풍, E, S, W, N 중 하나",
    "a hand cannot both win on its own kong and rob another player's kong": (
        "자기 깡으로 화료하면서 다른 사람의 깡을 뺏을 수는 없습니다"
    ),
    "no kong can be declared on the last tile, since a kong needs a replacement tile": (
        "깡에는 보충패가 필요하므로 마지막 패에서는 깡을 할 수 없습니다"
    ),
    "first_turn means no kong has been declared yet": "첫 순에는 아직 아무도 깡을 하지 않았습니다",
    "the first turn cannot also be the last tile of the wall": (
        "첫 순이 마지막 패일 수는 없습니다"
    ),
}

_VALUE = r"(?P<value>.+)"
_TILE = r"(?P<tile>\w+)"
_FIELD = r"(?P<field>\w+)"
_SET = r"Set (?P<n>\d+) of melds"

# (the engine's sentence as a pattern, the Korean template). The first row that matches wins;
# a row with `inner` translates the rest of the sentence with this same table.
ROWS: tuple[tuple[str, str], ...] = (
    # the record (engine.replay): a hand's number, a player's hand, then the sentence itself
    (
        r"Hand (?P<n>\d+), player (?P<player>\d+)'s hand(?: \(\w+\))?: (?P<inner>.+)",
        "{n}국, {player}의 패: {inner}",
    ),
    (
        r"Hand (?P<n>\d+): player (?P<player>\d+)'s hand does not win: it is not complete\.",
        "{n}국: {player}의 패는 화료가 아닙니다. 패가 완성되지 않았습니다.",
    ),
    (
        r"Hand (?P<n>\d+): player (?P<player>\d+)'s hand does not win: "
        r"it has (?P<points>\d+) basic point\(s\), below the minimum\.",
        "{n}국: {player}의 패는 화료가 아닙니다. 기본 점수가 {points}점으로 최소 점수보다 "
        "적습니다.",
    ),
    (r"Hand (?P<n>\d+): (?P<inner>.+)", "{n}국: {inner}"),
    (
        r"the winner cannot win on their own discard\.",
        "화료자는 자기가 버린 패로 화료할 수 없습니다.",
    ),
    (
        r"a self-drawn win has no discarder; leave discarder out\.",
        "쯔모에는 방총자가 없습니다. 방총자를 비워 두세요.",
    ),
    (
        r"several winners need a list of two or three winners \(use result win for one\)\.",
        "여러 명 화료에는 화료자가 두세 명 있어야 합니다 (한 명이면 '화료'를 고르세요).",
    ),
    (r"the discarder cannot also be a winner\.", "방총자는 화료자가 될 수 없습니다."),
    (
        r"player (?P<player>\d+) is listed twice among the winners\.",
        "화료자 목록에 두 번 있습니다: {player}.",
    ),
    (
        r"several winners all win on the one discard\.",
        "여러 명 화료는 모두 같은 사람이 버린 한 패로 론 화료합니다.",
    ),
    (
        r"(?P<field>winner|discarder) must be a player number 0 to 3; got " + _VALUE + r"\.",
        "{field}: 참가자를 고르세요 (받은 것: {value}).",
    ),
    (
        r"winner (?P<k>\d) must be a player number 0 to 3; got " + _VALUE + r"\.",
        "화료자 {k}: 참가자를 고르세요 (받은 것: {value}).",
    ),
    # the request as a whole (engine/request.py)
    (
        r"A scoring request is a JSON object with fields such as hand, win_tile and win; got "
        + _VALUE
        + r"\.",
        "점수 요청은 hand, win_tile, win 같은 항목이 있는 JSON 객체여야 합니다 (받은 것: {value}).",
    ),
    (
        r"Unknown field '(?P<text>[^']*)'; a scoring request may have: (?P<list>.+)\.",
        "모르는 항목입니다: '{text}'. 점수 요청에 쓸 수 있는 항목: {list}.",
    ),
    (r"The request needs " + _FIELD + r": (?P<need>.+)\.", "{field} 항목이 필요합니다: {need}."),
    # choices and winds (engine/fields.py, engine/rules)
    (
        _FIELD + r" must be one of (?P<list>.+); got " + _VALUE + r"\.",
        "{field}: {list} 중 하나여야 합니다 (받은 것: {value}).",
    ),
    (
        _FIELD + r" must be a wind: E, S, W or N; got " + _VALUE + r"\.",
        "{field}: 바람 E, S, W, N 중 하나여야 합니다 (받은 것: {value}).",
    ),
    (
        r"options must be an object of house options, not " + _VALUE + r"\.",
        "하우스 옵션: 옵션을 모은 객체여야 합니다 (받은 것: {value}).",
    ),
    (
        r"The (?P<profile>\w+) profile has no house option '(?P<text>[^']*)' "
        r"\(only the (?P<profile2>\w+) profile has it\); it knows: (?P<list>.+)\.",
        "{profile} 규칙에는 '{text}' 하우스 옵션이 없습니다 ({profile2} 규칙에만 있습니다). "
        "있는 옵션: {list}.",
    ),
    (
        r"The (?P<profile>\w+) profile has no house option '(?P<text>[^']*)'; "
        r"it knows: (?P<list>.+)\.",
        "{profile} 규칙에는 '{text}' 하우스 옵션이 없습니다. 있는 옵션: {list}.",
    ),
    (
        r"The option (?P<text>\w+) takes (?P<values>.+); got " + _VALUE + r"\.",
        "옵션 {text}: {values} 중 하나여야 합니다 (받은 것: {value}).",
    ),
    # tiles written as text (engine/tiles.py)
    (r"'(?P<text>[^']*)' is not a tile code\.", "'{text}': 패 코드가 아닙니다."),
    (
        _FIELD + r" is (?P<count>\d+) characters long, far more than any hand of tiles\.",
        "{field}: {count}글자나 됩니다. 어떤 손패보다도 훨씬 깁니다.",
    ),
    (
        r"situations lists (?P<count>\d+) entries; there are only (?P<count2>\d+) situations\.",
        "상황 목록에 {count}개가 있습니다. 상황은 {count2}가지뿐입니다.",
    ),
    (
        r"players\[(?P<n>\d+)\] is (?P<count>\d+) characters long; a name has at most "
        r"(?P<count2>\d+)\.",
        "참가자 이름({n}번)이 {count}글자입니다. 이름은 최대 {count2}글자입니다.",
    ),
    (
        r"A record holds at most (?P<count2>\d+) hands; this one has (?P<count>\d+)\.",
        "기록에는 최대 {count2}국까지 담을 수 있습니다. 이 기록은 {count}국입니다.",
    ),
    (
        _FIELD + r' must be tiles written as text, like "123m456p11z", not ' + _VALUE + r"\.",
        '{field}: "123m456p11z"처럼 글자로 쓴 패여야 합니다 (받은 것: {value}).',
    ),
    (
        _FIELD + r": the letter '(?P<text>.)' has no number before it; "
        r"write a tile as a number and a suit letter, like 5(?P=text)\.",
        "{field}: 글자 '{text}' 앞에 숫자가 없습니다. 5{text}처럼 숫자와 글자로 쓰세요.",
    ),
    (
        r"(?P<code>\d\w) is not a tile: (?P<suit>\w+) run from (?P<code2>\w+) to (?P<code3>\w+)\.",
        "{code}: 없는 패입니다. {suit}는 {code2}부터 {code3}까지입니다.",
    ),
    (
        _FIELD + r": '(?P<text>.)' is not part of a tile code; use numbers with the letters "
        r"m \(characters\), p \(dots\), z \(honours\) or f \(flowers\)\.",
        "{field}: '{text}' 글자는 패 코드에 쓰지 않습니다. "
        "숫자와 m(만), p(통), z(자패), f(꽃패) 글자로 쓰세요.",
    ),
    (
        _FIELD + r": the numbers '(?P<text>\d+)' have no suit letter after them "
        r"\(m, p, s, z or f\)\.",
        "{field}: 숫자 '{text}' 뒤에 종류 글자(m, p, s, z, f)가 없습니다.",
    ),
    (
        _FIELD + r' must be exactly one tile, like "5m"; got (?P<count>\d+) in '
        r"'(?P<text>[^']*)'\.",
        "{field}: \"5m\"처럼 패 한 장이어야 합니다 ('{text}'에 {count}장).",
    ),
    # which tiles may stand in a hand (engine/fields.py)
    (
        _TILE + r": bamboo tiles are not used in Korean mahjong\.",
        "{tile}: 한국 마작에서는 삭수패를 쓰지 않습니다.",
    ),
    (
        r"back: a face-down tile cannot be scored; name the tile it hides\.",
        "뒤집힌 패는 점수를 낼 수 없습니다. 어떤 패인지 골라 주세요.",
    ),
    (
        _TILE + r" is a flower: put it under flowers, not in " + _FIELD + r"\.",
        "{tile}: 꽃패입니다. {field}에서 빼서 꽃패에 넣으세요.",
    ),
    # the hand's size and counts (engine/request.py)
    (
        r"The hand has (?P<count>\d+) tiles; with no set laid down it must have (?P<needed>\d+) "
        r"\(the winning tile included, a kong counting as three\)\.",
        "손패가 {count}장입니다. 내려놓은 몸통이 없으면 화료패를 포함해 {needed}장이어야 합니다.",
    ),
    (
        r"The hand has (?P<count>\d+) tiles; with (?P<sets>\d+) sets? laid down it must have "
        r"(?P<needed>\d+) \(the winning tile included, a kong counting as three\)\.",
        "손패가 {count}장입니다. 몸통 {sets}개를 내려놓았으면 화료패를 포함해 {needed}장이어야 "
        "합니다 (깡은 세 장으로 셉니다).",
    ),
    (
        _TILE + r" appears (?P<count>\d+) times in the hand and its sets; "
        r"the set has only four of each tile\.",
        "{tile}: 손패와 내려놓은 패에 {count}장 있습니다. 같은 패는 네 장뿐입니다.",
    ),
    (
        r"The winning tile " + _TILE + r" is not in the hand; the hand must include the winning "
        r"tile\.",
        "화료패 {tile}: 손패에 없습니다. 손패에는 화료패도 넣어야 합니다.",
    ),
    # who discarded (engine/request.py)
    (
        r"A self-drawn win has no discarder; leave discarder out \(or null\)\.",
        "쯔모에는 방총자가 없습니다. 방총자를 비워 두세요.",
    ),
    (
        r"A win by discard needs the discarder: the seat \(E, S, W or N\) that discarded the "
        r"winning tile\.",
        "론 화료에는 방총자가 필요합니다. 화료패를 버린 사람을 고르세요.",
    ),
    (
        r"The discarder \((?P<wind>[ESWN])\) is the winner's own seat; a player cannot win on "
        r"their own discard \(use self_draw\)\.",
        "방총자({wind})가 화료자 자신입니다. 자기가 버린 패로는 화료할 수 없습니다 "
        "(쯔모를 고르세요).",
    ),
    # sets laid down (engine/fields.py)
    (
        r"melds must be a list of sets laid down, not " + _VALUE + r"\.",
        "내려놓은 패: 몸통의 목록이어야 합니다 (받은 것: {value}).",
    ),
    (
        r"A hand has at most four sets laid down; melds lists (?P<count>\d+)\.",
        "내려놓은 몸통은 많아야 네 개입니다. 지금 {count}개입니다.",
    ),
    (
        _SET + r" must be an object with kind, tiles and from; got " + _VALUE + r"\.",
        "내려놓은 패의 {n}번째 몸통: kind, tiles, from이 있는 객체여야 합니다 (받은 것: {value}).",
    ),
    (
        _SET + r" has an unknown field '(?P<text>[^']*)'; a set has kind, tiles and from\.",
        "내려놓은 패의 {n}번째 몸통에 모르는 항목이 있습니다: '{text}'. "
        "몸통에는 kind, tiles, from만 있습니다.",
    ),
    (
        _SET + r" is a chow, but chows cannot be claimed in Korean mahjong; "
        r"leave the sequence standing in the hand\.",
        "내려놓은 패의 {n}번째 몸통이 연속된 세 패(치)입니다. 한국 마작에서는 치를 할 수 "
        "없으니 그 패는 손패에 두세요.",
    ),
    (
        _SET + r' needs its tiles, like "777z"\.',
        '내려놓은 패의 {n}번째 몸통에 패가 없습니다. 예: "777z".',
    ),
    (
        _SET + r" is claimed from (?P<wind>[ESWN]), the winner's own seat; "
        r"a player cannot claim their own discard\.",
        "내려놓은 패의 {n}번째 몸통을 화료자 자신({wind})에게서 가져왔다고 되어 있습니다. "
        "자기가 버린 패는 가져올 수 없습니다.",
    ),
    (_SET + r": (?P<inner>.+)", "내려놓은 패의 {n}번째 몸통: {inner}"),
    (
        r"a (?P<kind>[a-z ]+) is (?P<count>\d) identical tiles; got '(?P<text>[^']*)'\.",
        "{kind}은(는) 같은 패 {count}장입니다 (받은 것: '{text}').",
    ),
    (
        r"a concealed kong is not claimed from anyone; leave from out\.",
        "암깡은 누구에게서 가져온 것이 아닙니다. 가져온 사람을 비워 두세요.",
    ),
    (
        r"a claimed (?P<kind>[a-z ]+) needs from, the seat \(E, S, W or N\) whose discard was "
        r"claimed\.",
        "{kind}에는 가져온 사람(그 패를 버린 사람)이 있어야 합니다.",
    ),
    # flowers (engine/fields.py)
    (
        _TILE + r" is not a flower; flowers are written 1f to 4f \(5f to 8f for seasons\)\.",
        "{tile}: 꽃패가 아닙니다. 꽃패는 1f~4f(계절은 5f~8f)입니다.",
    ),
    (
        _TILE + r": this table's flowers are (?P<tile2>\w+) to (?P<tile3>\w+); set the option "
        r"flower_tiles to (?P<flowerset>\w+) to use the others\.",
        "{tile}: 이 테이블의 꽃패는 {tile2}~{tile3}입니다. 다른 꽃패를 쓰려면 설정의 꽃패 "
        "옵션을 {flowerset}(으)로 바꾸세요.",
    ),
    (
        _TILE + r" appears more than once; there is only one of each flower\.",
        "{tile}: 두 번 이상 있습니다. 꽃패는 종류마다 한 장뿐입니다.",
    ),
    # situations (engine/fields.py)
    (
        r'situations must be a list, like \["last_tile"\]; got ' + _VALUE + r"\.",
        '상황: ["last_tile"] 같은 목록이어야 합니다 (받은 것: {value}).',
    ),
    (
        r"(?P<situation>\w+) and (?P<situation2>\w+) cannot both hold: (?P<phrase>.+)\.",
        "{situation}, {situation2}: 함께 고를 수 없습니다. {phrase}.",
    ),
    (
        r"win_on_kong is a win on the replacement tile, which is a self-draw; "
        r"set win to self_draw\.",
        "깡올라는 보충패로 하는 화료라서 쯔모입니다. 화료 방법을 쯔모로 하세요.",
    ),
    (
        r"win_on_kong needs a kong among the sets laid down "
        r"\(the kong whose replacement tile won\)\.",
        "깡올라에는 내려놓은 패 가운데 깡이 있어야 합니다 (보충패를 가져온 그 깡).",
    ),
    (
        r"robbing_kong is a win on another player's kong tile, which counts as a discard; "
        r"set win to discard\.",
        "창깡은 다른 사람이 깡 하는 패로 하는 화료라서 론으로 칩니다. 화료 방법을 론으로 하세요.",
    ),
    (
        r"Robbing the kong: the other three " + _TILE + r" are in the kong, "
        r"so the hand cannot hold another one\.",
        "창깡: 나머지 {tile} 세 장이 그 깡에 있으니 손패에는 그 패가 화료패 한 장뿐이어야 합니다.",
    ),
    (
        r"first_turn means no claim or kong has happened, but the hand has sets laid down\.",
        "첫 순은 아직 아무도 패를 가져오거나 깡을 하지 않은 때인데, 내려놓은 패가 있습니다.",
    ),
    (
        r"The dealer \(E\) cannot win on a discard on the first turn: "
        r"the dealer discards first\.",
        "선(동)은 첫 순에 론으로 화료할 수 없습니다. 선이 가장 먼저 버립니다.",
    ),
    # what was declared (engine/fields.py)
    (
        r"(?P<declared>\w+) needs a concealed hand, but the hand has a claimed set "
        r"\(only concealed kongs keep a hand concealed\)\.",
        "{declared}: 문전(가져온 몸통이 없는 손)이어야 하는데 가져온 몸통이 있습니다 "
        "(암깡만 문전으로 칩니다).",
    ),
    (
        r"(?P<declared>\w+) is declared while discarding, so a hand that declared it is past its "
        r"first turn; remove first_turn\.",
        "{declared}: 패를 버리면서 선언하므로 선언한 손은 첫 순이 지났습니다. 첫 순을 빼세요.",
    ),
    (
        r"Under the guide's rules an open ready \(buller\) hand can only win by self-draw\.",
        "초보자 안내 표 규칙에서는 불러한 손은 쯔모로만 화료할 수 있습니다.",
    ),
    # the panel's own sentence in a score answer (webui/rules.py)
    (r"Choose who won\.", "화료자를 고르세요."),
)


def _describe(value: str, context: dict) -> str:
    """`engine.errors.describe_value` in Korean: `the number 3` -> `숫자 3`."""
    for pattern, korean in _VALUES:
        found = re.fullmatch(pattern, value, re.S)
        if found:
            return korean.format(*found.groups())
    return value


_VALUES = (
    (r"nothing \(null\)", "빈 값(null)"),
    (r"a number far too large", "너무 큰 숫자"),
    (r"the number (.+)", "숫자 {}"),
    (r'the text "(.*)"', '글자 "{}"'),
    (r"a list", "목록"),
    (r"an object", "객체"),
)


def tile_name(code: str) -> str:
    """`5m` -> `5만(5m)`, `1z` -> `동(1z)`; anything that is not a tile stays as it is."""
    if len(code) != 2 or not code[0].isdigit() or code[0] == "0":
        return code
    number, suit = int(code[0]), code[1]
    if suit in SUITS_KO and number <= 9:
        return f"{number}{SUITS_KO[suit]}({code})"
    if suit == "z" and number <= 7:
        return f"{HONOURS_KO[number - 1]}({code})"
    if suit == "f" and number <= 8:
        return f"{FLOWERS_KO[number - 1]}({code})"
    return code


def _label(key_of: Callable[[str], str]) -> Callable[[str, dict], str]:
    """A value shown as the page's own label for it (an i18n key), or as it is."""

    def render(value: str, context: dict) -> str:
        key = key_of(value)
        return i18n.say(key, "ko") if key in i18n.TEXT else value

    return render


def _player(value: str, context: dict) -> str:
    names = context.get("players") or ()
    index = int(value)
    if 0 <= index < len(names):
        return str(names[index])
    return f"{index + 1}번 참가자"


def _values(value: str, context: dict) -> str:
    return ", ".join(_describe(part, context) for part in value.split(", "))


RENDER: dict[str, Callable[[str, dict], str]] = {
    "field": _label(lambda name: FIELD_LABELS.get(name, "")),
    "tile": lambda code, context: tile_name(code),
    "value": _describe,
    "values": _values,
    "situation": _label(lambda name: f"sit_{name}"),
    "declared": _label(lambda name: f"declared_{name}"),
    "kind": _label(lambda text: f"kind_{text.replace(' ', '_')}"),
    "wind": _label(lambda letter: f"wind_{letter}"),
    "profile": _label(lambda name: f"rules_{name}"),
    "suit": lambda name, context: SUIT_NAMES_KO.get(name, name),
    "flowerset": lambda name, context: FLOWER_SETS_KO.get(name, name),
    "need": lambda text, context: PHRASES_KO.get(text, text),
    "phrase": lambda text, context: PHRASES_KO.get(text, text),
    "player": _player,
}
_COMPILED = tuple((re.compile(pattern, re.S), korean) for pattern, korean in ROWS)


def korean(sentence: str, players: Sequence[str] = ()) -> str | None:
    """The Korean of one of the engine's sentences, or None when no row knows it."""
    context = {"players": players}
    for pattern, template in _COMPILED:
        found = pattern.fullmatch(sentence)
        if not found:
            continue
        values = {}
        for name, value in found.groupdict().items():
            if name == "inner":
                value = korean(value, players)
                if value is None:
                    break  # the rest of the sentence is unknown: try the next row
            elif value is not None:
                render = RENDER.get(name.rstrip("0123456789"))
                if render:
                    value = render(value, context)
            values[name] = value
        else:
            return template.format(**values)
    return None


def engine_sentence(sentence, lang: str, players: Sequence[str] = ()):
    """The engine's sentence for a page in `lang`: Korean where a row knows it, else as written."""
    if not isinstance(sentence, str) or i18n.pick(lang) != "ko":
        return sentence
    return korean(sentence, players) or sentence
