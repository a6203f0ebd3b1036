"""The one error the engine raises for bad input: a code, its params and the field at fault.

The sentence a player reads is rendered from the catalogs (`engine.messages`), in English by
`str(error)` and in any other language by whoever shows it.
"""

from __future__ import annotations

import json

# The most characters any text of a request or record may have: no hand of tiles, written with
# a space between every tile, comes near it. Longer text is refused before it is read, so a huge
# value costs nothing to refuse and never reaches a stored record.
TEXT_LIMIT = 255
SHOWN_CHARACTERS = 40  # how much of a wrong text a sentence quotes


class RequestError(ValueError):
    """Bad input: `code` names the kind of refusal (CONTRACT 2), `params` the values the sentence
    names, `field` where it is. `message` is the English sentence."""

    def __init__(self, code: str, field: str | None = None, /, **params):
        super().__init__(code)
        self.code, self.field, self.params = code, field, params

    @property
    def message(self) -> str:
        from engine.messages import say

        return say(self.code, self.params)

    def __str__(self) -> str:
        return self.message


def too_long(field: str, length: int) -> RequestError:
    return RequestError("too_long", field, field=field, length=length, limit=TEXT_LIMIT)


def shorten(text: str) -> str:
    """A text as a sentence quotes it: its start only, when it is long (in no language's words,
    since a param is shown in every language)."""
    text = str(text)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[:SHOWN_CHARACTERS]}…"


def quote_value(value: object) -> str:
    """A wrong JSON value as a param: its JSON text (`3`, `"East"`, `null`), shortened, or `[…]`
    and `{…}` for a list or an object. The catalogs say what kind of value it is."""
    if isinstance(value, list | tuple):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103)  # too many to write out: its size will do
        return f"{'-' if value < 0 else ''}~1e{digits}"
    try:
        return shorten(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return shorten(repr(value))
