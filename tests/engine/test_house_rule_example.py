"""docs/adding-a-house-rule.md, run: its predicate, row and option added to the standard profile,
and its request scored with them, give the hands the page shows; without the option the hand loses.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from engine.answer import Reason
from engine.request import read_request
from engine.rules import hands, standard
from engine.rules.base import Ruleset
from engine.scoring import evaluate

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-house-rule.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def _profile_as_the_page_says():
    """Run the page's three code blocks where it says they go; the profile they make."""
    predicate, row_entry, option = _blocks("python")
    in_hands = dict(vars(hands))
    exec(predicate, in_hands)
    in_standard = dict(vars(standard)) | {"h": SimpleNamespace(**in_hands)}
    (row,) = eval(f"(\n{row_entry})", in_standard)  # an entry of the YAKU tuple, so a 1-tuple
    exec(option, in_standard)
    after = re.search(r"in YAKU, after (\w+)", row_entry).group(1)
    ids = [r.id for r in standard.STANDARD.yaku]
    at = ids.index(after) + 1
    yaku = (*standard.STANDARD.yaku[:at], row, *standard.STANDARD.yaku[at:])
    added = in_standard["TWIN_CHOWS"]
    return replace(standard.STANDARD, yaku=yaku, options=(*standard.STANDARD.options, added))


def _score(profile, request: dict, options: dict) -> dict:
    chosen = tuple((o.name, options.get(o.name, o.default)) for o in profile.options)
    checked = read_request({key: value for key, value in request.items() if key != "options"})
    return evaluate(checked._replace(ruleset=Ruleset.make(profile, chosen))).to_json()


def test_the_pages_house_rule_scores_the_hand_it_shows():
    profile = _profile_as_the_page_says()
    (request,) = (json.loads(block) for block in _blocks("json"))
    shown = re.findall(r"^\| `(\w+)` \| (\d+) \|$", PAGE.read_text(encoding="utf-8"), re.M)
    answer = _score(profile, request, request["options"])
    assert answer["winning"], answer
    assert [(y["id"], str(y["points"])) for y in answer["yaku"]] == shown


def test_without_the_option_the_row_is_off_and_the_hand_is_below_the_minimum():
    profile = _profile_as_the_page_says()
    (request,) = (json.loads(block) for block in _blocks("json"))
    answer = _score(profile, request, {})
    assert answer["reason"] == Reason.BELOW_MINIMUM.value
    assert "twin_chows" not in {y["id"] for y in answer["yaku"]}
