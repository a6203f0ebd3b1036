"""Every sentence of the panel, in English and Korean, from the panel's gettext catalogs.

The panel's own words are the `messages` domain under `webui/translations` (the layout
Flask-Babel reads, so templates may use `_()` too); the engine's and the reader's refusals come
from their own domains (`engine.messages`, `vision.messages`) and are rendered here from their
`code` and `params`, naming players by the session's names. Pages get the panel's table for their
language as JSON (`strings(lang)`); the server says a sentence with `say(key, lang, **values)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from babel.messages.mofile import read_mo

from engine.messages import ENGINE, LANGUAGES, Catalog, fill, pick
from vision.messages import VISION

TRANSLATIONS = Path(__file__).with_name("translations")
PANEL = Catalog("messages", TRANSLATIONS)
DOMAINS = {"messages": PANEL, "engine": ENGINE, "vision": VISION}
__all__ = ["LANGUAGES", "TEXT", "pick", "refusal", "say", "strings"]


def say(key: str, lang: str = "en", **values) -> str:
    """The panel's sentence `key` in `lang`, its `{placeholders}` filled (the key if unknown)."""
    return fill(PANEL.entry(key, lang) or key, values)


@cache
def strings(lang: str) -> dict[str, str]:
    """The panel's whole table in `lang`, for the pages' scripts."""
    with open(PANEL.path(pick(lang)), "rb") as file:
        catalog = read_mo(file)
    return {message.id: message.string for message in catalog if message.id}


# The table as (English, Korean) by key, read from the catalogs: for checks and tools.
TEXT: dict[str, tuple[str, str]] = {
    key: (english, strings("ko").get(key, english)) for key, english in strings("en").items()
}


def refusal(
    answer: dict,
    lang: str,
    players: Sequence[str] = (),
    domain: str = "engine",
    seats: dict[str, int] | None = None,
) -> str:
    """The sentence of an engine (or reader) refusal in `lang`, from its code and params (the
    panel's catalog speaks for a code of its own); an answer without a code keeps its words."""
    code = answer.get("code")
    if not code:
        return str(answer.get("error") or "")
    catalog = DOMAINS[domain] if DOMAINS[domain].entry(code) else PANEL
    seats = seats or answer.get("seats")
    return catalog.say(code, answer.get("params") or {}, lang, players, seats)
