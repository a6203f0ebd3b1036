"""Rule profiles: `standard` (the Korean 2-Point chapters) and `guide` (the beginner's guide).

`ruleset(name, options)` checks the house options against the profile and gives the frozen
`Ruleset` a hand is scored with. Every ruleset (each profile with each choice of its options) is
built here at import, so scoring only looks one up. A new house rule is a row in a profile's list
and, if the table may turn it on, an `Option` whose `Change` names it (docs/adding-a-house-rule.md).
"""

from __future__ import annotations

from itertools import product

from engine.errors import RequestError, quote_value, shorten
from engine.rules.base import Profile, Ruleset
from engine.rules.guide import GUIDE
from engine.rules.standard import STANDARD

PROFILES: dict[str, Profile] = {profile.name: profile for profile in (STANDARD, GUIDE)}


def ruleset(name: object = "standard", options: object = None) -> Ruleset:
    """The rows in force for a profile and its house options; a sentence if either is wrong."""
    if type(name) is not str or name not in PROFILES:
        raise RequestError(
            "not_a_choice", "rules", field="rules", choices=list(PROFILES), value=quote_value(name)
        )
    profile = PROFILES[name]
    if options is None:
        options = {}
    if type(options) is not dict:
        raise RequestError("options_not_object", "options", value=quote_value(options))
    known = _KNOWN_OPTIONS[name]
    for key, value in options.items():
        option = known.get(key) if type(key) is str else None
        if option is None:
            others = [p.name for p in PROFILES.values() if key in _KNOWN_OPTIONS[p.name]]
            text, choices = shorten(key), list(known)
            if others:
                raise RequestError(
                    "option_of_other_profile",
                    "options",
                    profile=name,
                    text=text,
                    profile2=others[0],
                    choices=choices,
                )
            raise RequestError(
                "unknown_option", "options", profile=name, text=text, choices=choices
            )
        if type(value) is not type(option.default) or value not in option.choices:
            raise RequestError(
                "option_value",
                "options",
                option=key,
                value2=[quote_value(choice) for choice in option.choices],
                value=quote_value(value),
            )
    chosen = tuple(
        (option.name, options.get(option.name, option.default)) for option in profile.options
    )
    return _RULESETS[name, chosen]


_KNOWN_OPTIONS = {
    name: {option.name: option for option in profile.options} for name, profile in PROFILES.items()
}
_RULESETS = {
    (name, chosen): Ruleset.make(profile, chosen)
    for name, profile in PROFILES.items()
    for values in product(*(option.choices for option in profile.options))
    for chosen in [tuple(zip((o.name for o in profile.options), values, strict=True))]
}


def house_options(name: str = "standard") -> dict[str, tuple]:
    """The house options a profile knows, each with its choices (the default first)."""
    profile = PROFILES[name]
    return {
        option.name: (option.default,) + tuple(c for c in option.choices if c != option.default)
        for option in profile.options
    }
