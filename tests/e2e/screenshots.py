"""Fresh screenshots of every page of the panel for docs/screenshots, made as the browser tests
make theirs: the panel on the demo table on a free port with a throwaway data folder, driven in
headless Chromium at a 390-pixel phone.

    python -m tests.e2e.screenshots                      # every page, into docs/screenshots
    python -m tests.e2e.screenshots sessions player      # only these
    python -m tests.e2e.screenshots --lang ko --out /tmp/shots

One evening is played through (a read of the demo table, then Ji-ho's three concealed self-draws,
the third finishing the Horse Race), and a second one is started, so the Sessions page and a
player's record have two sessions to show. Not a test: pytest collects only test_*.py.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.e2e.conftest import launch, phone_page, shoot
from tests.e2e.test_panel import PLAYERS, join
from tests.e2e.test_sessions import send
from tests.webui.conftest import DISCARD_WIN, SETUP, self_draw
from tests.webui.server import ROOT, Server

DOCS = ROOT / "docs" / "screenshots"
TONIGHT = ["Ji-ho", "Min-seo", "Ha-eun", "Do-yun"]
# Every page, in the order the evening reaches it; the names are the files' names.
PAGES = (
    "join",
    "setup",
    "hand-reading",
    "hand-score-horse-race",
    "table",
    "history",
    "settle",
    "sessions",
    "player",
)


def evening(page, panel: Server, take) -> None:
    """Drive the panel through both evenings; `take(name, part=None)` shoots a page."""
    url = panel.url

    def visit(path: str, ready: str, name: str) -> None:
        """Open a page, wait until `ready` shows, and shoot it as `name`."""
        page.goto(url + path)
        page.wait_for_selector(ready)
        take(name)

    join(page, panel)
    visit("/join", "img", "join")

    page.goto(url + "/setup")
    for i, name in enumerate(PLAYERS):
        page.fill(f"input[name=player{i}]", name)
    page.fill("input[name=money]", "100")
    take("setup")
    page.click("#start-session")
    page.wait_for_url(url + "/")

    page.goto(url + "/hand")
    page.wait_for_selector("#preview[src]")
    page.click("#read-camera")
    page.wait_for_selector("#reading .overlay .box", timeout=60_000)
    take("hand-reading")

    added = None
    for number in range(3):  # Ji-ho's third concealed self-draw finishes the Horse Race
        hand = {"hand": self_draw(0), "expected_hands": number}
        added = send(page, "POST", "/api/hands", hand)
    page.goto(f"{url}/hand?edit={added['id']}")
    page.wait_for_selector("#score .horse-finished")
    take("hand-score-horse-race", part="#score-card")
    send(page, "POST", "/api/hands", {"hand": DISCARD_WIN, "expected_hands": 3})

    visit("/", "#latest li", "table")
    visit("/history", "#history li", "history")
    visit("/settle", "#transfers li", "settle")

    send(page, "POST", "/api/session", {"setup": {**SETUP, "players": TONIGHT}})
    send(page, "POST", "/api/hands", {"hand": DISCARD_WIN, "expected_hands": 0})
    visit("/sessions", "#sessions li", "sessions")
    visit("/players/Ji-ho", "#totals-chart", "player")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", metavar="PAGE", help=" ".join(PAGES))
    parser.add_argument("--lang", choices=("en", "ko"), default="en")
    parser.add_argument("--out", type=Path, default=DOCS)
    args = parser.parse_args(argv)
    wanted = set(args.pages or PAGES)
    if wanted - set(PAGES):
        parser.error(f"no page {', '.join(sorted(wanted - set(PAGES)))}; pages: {' '.join(PAGES)}")

    from playwright.sync_api import sync_playwright

    made = []
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as driver:
        server = Server(Path(scratch) / "data").start()
        browser = launch(driver)
        try:
            page = phone_page(browser)
            page.context.add_cookies([{"name": "lang", "value": args.lang, "url": server.url}])

            def take(name: str, part: str | None = None) -> None:
                if name in wanted:
                    made.append(shoot(page, name, part=part, folder=args.out))

            evening(page, server, take)
            if page.problems:
                print("\n".join(page.problems), file=sys.stderr)
                return 1
        finally:
            browser.close()
            server.stop()
    for path in made:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
