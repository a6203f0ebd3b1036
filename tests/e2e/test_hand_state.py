"""The Record hand page's state core (webui/static/hand-state.js), driven in the browser: each
change is a pure function, so a state given to it is never changed and the new one says it all."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import phone_page

pytestmark = pytest.mark.browser

# A reading of two hands: the bottom one (three standing tiles, a pung, a flower) and a hand at
# the left edge of the picture, whose tiles lie top to bottom. The pung's first face was misread
# (6z); the set's code is the reader's vote over its faces (`vision.reading.likeliest_alike`).
READING = {
    "width": 1000,
    "height": 800,
    "tiles": [
        {"code": "1m", "box": [100, 600, 140, 660]},
        {"code": "2m", "box": [140, 600, 180, 660], "unsure": True},
        {"code": "3m", "box": [180, 600, 220, 660]},
        {"code": "6z", "box": [240, 600, 280, 660], "unsure": True},
        {"code": "7z", "box": [280, 600, 320, 660]},
        {"code": "7z", "box": [320, 600, 380, 640]},
        {"code": "1f", "box": [400, 600, 440, 660]},
        {"code": "5p", "box": [20, 100, 80, 140]},
        {"code": "6p", "box": [20, 140, 80, 180]},
        {"code": "7p", "box": [20, 180, 80, 220]},
        {"code": "8p", "box": [20, 220, 80, 260]},
    ],
    "hands": [
        {
            "position": "bottom",
            "concealed": [0, 1, 2],
            "win_tile": 2,
            "melds": [{"kind": "pung", "tiles": [3, 4, 5], "code": "7z", "claimed_from": "left"}],
            "flowers": [6],
        },
        {
            "position": "left",
            "concealed": [7, 8, 9, 10],
            "win_tile": None,
            "melds": [],
            "flowers": [],
        },
    ],
}

DRIVE = """async (reading) => {
  const H = await import('/static/hand-state.js');
  const seats = { E: 0, S: 1, W: 2, N: 3 };
  const start = H.initialState({ players: ['A', 'B', 'C', 'D'], seats });
  const read = H.takeReading(start, reading, 'p.jpg');
  const before = JSON.stringify(read);
  const fixed = H.fixReadingTile(read, 1, '5m');
  const won = H.setHow(H.setWinner(fixed, 1), 'self_draw');
  const shorter = H.removeTile(won, 'concealed', 0);
  const typed = H.setStanding(won, ['2m', '3m', '4m', '3m']);
  return {
    unchanged: JSON.stringify(read) === before && reading.tiles[1].code === '2m',
    readCodes: read.winners[0].concealed.map((t) => t.code),
    fixedBox: fixed.reading.tiles[1],
    fixedCodes: fixed.winners[0].concealed.map((t) => t.code),
    hand: H.buildHand(won),
    readiness: [H.readiness(read), H.readiness(H.setWinner(read, 1)), H.readiness(won)],
    winAfterRemove: shorter.winners[0].win,
    typedWin: typed.winners[0].win,
    strip: H.handStrip(read),
    views: [H.handView(reading, 0), H.handView(reading, 1)],
  };
}"""


def test_the_state_core_changes_copies_and_builds_the_record(chromium, panel):
    page = phone_page(chromium)
    page.goto(panel.url + "/join")
    got = page.evaluate(DRIVE, READING)
    assert got["unchanged"], "a change never edits the state, or the server's reading, it was given"
    assert got["readCodes"] == ["1m", "2m", "3m"]
    assert got["fixedBox"]["code"] == "5m" and got["fixedBox"]["fixed"]
    assert not got["fixedBox"]["unsure"]
    assert got["fixedCodes"] == ["1m", "5m", "3m"]
    # the pung's giver comes from where the reader saw its sideways tile: left of South is East;
    # its code is the reader's, not its first face's
    assert got["hand"] == {
        "result": "win",
        "winner": 1,
        "score": {
            "hand": "1m5m3m",
            "melds": [{"kind": "pung", "tiles": "777z", "from": "E"}],
            "flowers": "1f",
            "win": "self_draw",
            "declared": "none",
            "situations": [],
            "win_tile": "3m",
        },
    }
    assert got["readiness"] == ["choose_winner", "choose_discarder", None]
    assert got["winAfterRemove"] == 1, "the winning tile keeps its place when one before it goes"
    assert got["typedWin"] == 3, "a written hand keeps its winning tile, the last 3m"
    assert got["strip"] == [0, 1, 2, 3, 4, 5, 6]
    bottom, left = got["views"]
    assert bottom["turn"] == 0
    assert left["turn"] == 270, "a hand at the left edge is turned back a quarter to stand upright"
    x, y, width, height = left["box"]
    assert height > width, "the left hand's tiles run down the picture"
    assert x <= 20 and x + width >= 80 and y <= 100 and y + height >= 260
