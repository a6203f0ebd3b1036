"""The one error the engine raises for bad input: a sentence for a player and the field at fault."""

from __future__ import annotations

# The most characters any text of a request or record may have: no hand of tiles, written with
# a space between every tile, comes near it. Longer text is refused before it is read, so a huge
# value costs nothing to refuse and never reaches a stored record.
TEXT_LIMIT = 255
SHOWN_CHARACTERS = 40  # how much of a wrong text a sentence quotes


class RequestError(ValueError):
    """Bad input. `str(error)` is a sentence a player understands; `field` names where it is.

    `code` and `params` (CONTRACT 2), where given, name the kind of refusal and the values the
    sentence holds, so another language can say the same.
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        code: str | None = None,
        params: dict | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.params = params


def too_long(field: str, length: int) -> RequestError:
    return RequestError(
        f"{field} is {length} characters long, far more than any hand of tiles.",
        field,
        code="too_long",
        params={"field": field, "length": length, "limit": TEXT_LIMIT},
    )


def shorten(text: str) -> str:
    """A text as a sentence quotes it: its start only, when it is long."""
    text = str(text)
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[:SHOWN_CHARACTERS]}… ({len(text)} characters)"


def describe_value(value: object) -> str:
    """How a wrong JSON value reads in a sentence: `the number 3`, `a list`, `nothing (null)`."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 64:  # too many digits to write out
        return "a number far too large"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f'the text "{shorten(value)}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
