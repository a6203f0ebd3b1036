"""From opening Record hand to a confirmed hand on the demo table, as a player does it: Read,
then only what the picture cannot know (the winner, self-draw or whose discard), then Confirm.
Prints the taps and the seconds (the seconds are a figure to watch, not a pass mark)."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from datasets.demo import DEMO_HANDS
from tests.e2e.conftest import report, shoot
from tests.e2e.test_panel import seated, win_by
from tests.webui.conftest import require_reader

pytestmark = pytest.mark.browser
SEATS = ["E", "S", "W", "N"]
STEP = {"right": 1, "across": 2, "left": 3}  # from the winner's seat to the giver's


def history(panel) -> dict:
    with urllib.request.urlopen(panel.url + "/api/history", timeout=30) as response:
        return json.load(response)


def tiles(run: str) -> list[str]:
    return sorted(d + suit for d, suit in zip(run[::2], run[1::2], strict=True))


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_hand_the_camera_read_right_is_confirmed_in_four_taps_after_read(chromium, panel, lang):
    require_reader()
    page = seated(chromium, panel, lang)
    page.goto(panel.url + "/")
    page.wait_for_selector(".player")

    began = time.monotonic()
    page.click("nav.tabs a[href='/hand']")
    page.wait_for_selector("#preview[src]", timeout=30_000)
    page.click("#read-camera")
    page.wait_for_selector("#reading .reading-strip .strip-tile", timeout=60_000)
    # the bottom seat's whole hand as the camera read it, untouched
    truth = DEMO_HANDS["bottom"]
    standing = page.locator("#concealed button").evaluate_all(
        "(nodes) => nodes.map((n) => n.getAttribute('aria-label'))"
    )
    assert sorted(standing) == sorted([*truth.concealed, truth.win_tile]), "the camera read it"

    winner, discarder = 0, 2
    taps = win_by(page, winner, discarder)
    page.wait_for_selector("[data-total]", timeout=10_000)
    shoot(page, f"hand-read-score-{lang}", part="#score-card")
    page.click("#confirm")
    taps += 1
    page.wait_for_url(panel.url + "/")
    page.wait_for_selector("#latest li")
    seconds = time.monotonic() - began
    report(f"Record hand on the demo table ({lang}): {taps} taps after Read, {seconds:.1f} s")
    assert taps <= 4

    recorded = history(panel)["hands"][-1]["hand"]
    score = recorded["score"]
    assert (recorded["winner"], recorded["discarder"]) == (winner, discarder)
    assert tiles(score["hand"]) == sorted([*truth.concealed, truth.win_tile])
    assert score["win_tile"] == truth.win_tile
    assert tiles(score["flowers"]) == sorted(truth.flowers)
    said = [(m["kind"], m["tiles"][-2:], m.get("from")) for m in score["melds"]]
    seat = SEATS[winner]
    meant = [
        (
            m.kind,
            m.code,
            SEATS[(SEATS.index(seat) + STEP[m.claimed_from]) % 4] if m.claimed_from else None,
        )
        for m in truth.melds
    ]
    assert sorted(said, key=str) == sorted(meant, key=str)
    assert page.problems == []
