"""What the engine says, in every language, from one gettext catalog per language.

A refusal travels as a code and its params (CONTRACT 2 and 5); the sentence is rendered from the
catalog entry whose msgid is the code: `engine/locale/<lang>/LC_MESSAGES/engine.po`, compiled to
the `.mo` beside it (`make messages`). The English sentence comes from the English catalog, so a
message is written once per language and nowhere else. The standard library reads the `.mo`
files, so the engine needs nothing installed to speak; `vision` keeps its own domain the same way.

A param is shown through the catalog as well when the catalog knows its value: a param named
`field` with the value `win_tile` is written as the entry `field.win_tile` where one exists (a
trailing digit in a param's name is ignored: `tile2` is a tile). Tiles are named by `tile.<code>`
or `tile.<suit>`, players (0-based indices) by the names given or `player.number`, a seat (a wind
letter) by the name of the player sitting there when the seating is known, and a value quoted
from a request (`value`, the JSON text) by its JSON type. Two params place a refusal in a
record: `in_hand` (the hand's number) and `of_player` (whose hand); they prefix the sentence.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "ko")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
_VALUE_KINDS = (("null", "null"), ('"', "text"), ("[", "list"), ("{", "object"))


def pick(lang: str | None) -> str:
    """A language the catalogs have; English for anything else."""
    return lang if lang in LANGUAGES else "en"


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def fill(text: str, values: Mapping[str, object]) -> str:
    """`{name}` placeholders filled from `values`; one with no value stays as written."""
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


class Catalog:
    """One gettext domain: its `.mo` file for each language under `directory`."""

    def __init__(self, domain: str, directory: Path):
        self.domain, self.directory = domain, directory

    def path(self, lang: str, suffix: str = ".mo") -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.domain}{suffix}"

    @cache  # noqa: B019 - a catalog lives as long as the program
    def translations(self, lang: str) -> gettext.NullTranslations:
        try:
            with open(self.path(pick(lang)), "rb") as file:
                return gettext.GNUTranslations(file)
        except OSError:
            return gettext.NullTranslations()

    def entry(self, msgid: str, lang: str = "en") -> str | None:
        """The catalog's text for `msgid` in `lang` (English when `lang` lacks it), or None."""
        for language in dict.fromkeys((pick(lang), "en")):
            text = self.translations(language).gettext(msgid)
            if text != msgid:
                return text
        return None

    def say(
        self,
        code: str,
        params: Mapping[str, object] | None = None,
        lang: str = "en",
        players: Sequence[str] = (),
        seats: Mapping[str, int] | None = None,
    ) -> str:
        """The sentence for a code and its params in `lang`, naming players by `players` (and
        the player at a seat, by `seats`: wind letter -> player index)."""
        params = dict(params or {})
        template = self.entry(code, lang)
        if template is None:  # a code no catalog knows: say what is known rather than nothing
            return " ".join([code, *(f"{k}={v}" for k, v in params.items())])
        shown = {
            name: self.show(name, value, lang, players, seats) for name, value in params.items()
        }
        sentence = fill(template, shown)
        if "of_player" in params:  # in a record: "Hand 3, Seo-yeon's hand: ..."
            place = self.entry("in_hand_of_player", lang)
        elif "in_hand" in params:  # "Hand 3: ..."
            place = self.entry("in_hand", lang)
        else:
            return sentence
        return fill(place or "{sentence}", shown | {"sentence": sentence})

    def show(
        self,
        name: str,
        value: object,
        lang: str,
        players: Sequence[str] = (),
        seats: Mapping[str, int] | None = None,
    ) -> str:
        """One param as the sentence writes it in `lang`."""
        kind = name.rstrip("0123456789")
        if isinstance(value, list):
            return ", ".join(self.show(name, item, lang, players, seats) for item in value)
        if kind == "seat" and seats and isinstance(seats.get(value), int):
            value = seats[value]  # the player sitting there, named below
            kind = "player"
        if kind in ("player", "of_player") and isinstance(value, int):
            if 0 <= value < len(players) and isinstance(players[value], str):
                return players[value]
            return fill(self.entry("player.number", lang) or "{number}", {"number": value + 1})
        if kind == "value" and isinstance(value, str):
            shape = next((k for start, k in _VALUE_KINDS if value.startswith(start)), "number")
            if value in ("true", "false"):
                return value
            return fill(self.entry(f"value.{shape}", lang) or "{value}", {"value": value})
        if kind == "tile" and isinstance(value, str) and len(value) == 2:
            named = self.entry(f"tile.{value}", lang) or self.entry(f"tile.{value[1]}", lang)
            return fill(named or "{code}", {"code": value, "number": value[0]})
        if isinstance(value, str | int) and not isinstance(value, bool):
            return self.entry(f"{kind}.{value}", lang) or str(value)
        return str(value)


ENGINE = Catalog("engine", Path(__file__).with_name("locale"))


def say(code: str, params: Mapping | None = None, lang: str = "en", players=(), seats=None) -> str:
    """An engine message: `say("bamboo_tile", {"tile": "1s"}, "ko")` -> `1삭(1s): 한국 마작...`."""
    return ENGINE.say(code, params, lang, players, seats)
