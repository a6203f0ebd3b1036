"""The one error the engine raises for bad input: a sentence for a player and the field at fault."""

from __future__ import annotations


class RequestError(ValueError):
    """Bad input. `str(error)` is a sentence a player understands; `field` names where it is."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def describe_value(value: object) -> str:
    """How a wrong JSON value reads in a sentence: `the number 3`, `a list`, `nothing (null)`."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f'the text "{value}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
