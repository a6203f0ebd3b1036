"""Browser tests: Playwright driving Debian's Chromium at a phone-sized viewport.

The panel runs in a subprocess on a free loopback port with a temporary data folder. Chromium
must be there: without it these tests skip on a developer's machine but fail in CI (`CI` or
`REQUIRE_SHARED_DATA` set), since they must run there. Screenshots go to `artifacts/e2e/`.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.webui.server import ROOT, Server

ARTIFACTS = ROOT / "artifacts" / "e2e"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    found = shutil.which("chromium") or "/usr/bin/chromium"
    if Path(found).exists():
        return found
    message = "Chromium is missing: install it with `apt-get install chromium` (.ci/run does)."
    if os.environ.get("CI") or os.environ.get("REQUIRE_SHARED_DATA"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


def launch(playwright, extra_args=()):
    return playwright.chromium.launch(
        executable_path=chromium_path(), args=[*CHROMIUM_ARGS, *extra_args]
    )


@pytest.fixture(scope="session")
def chromium(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.fixture
def panel(tmp_path, request):
    camera = getattr(request, "param", None) or "demo"
    server = Server(tmp_path / "data", camera=camera).start()
    yield server
    server.stop()


def phone_page(browser, **options):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, **options)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    # a script, style or picture the Content-Security-Policy blocked
    page.on(
        "console",
        lambda message: (
            problems.append(f"blocked: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    page.problems = problems
    return page


def shoot(page, name: str, part: str | None = None, folder: Path = ARTIFACTS) -> Path:
    """A screenshot of the whole page, or of one part of it (a CSS selector) as a phone shows
    it, without the passing message and the bars that stay on the screen as it scrolls."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    if part is None:
        page.screenshot(path=str(path), full_page=True)
    else:
        # hidden through the DOM: a style sheet injected for the screenshot would be blocked by
        # the page's Content-Security-Policy
        overlays = "#message, .actions.sticky, .tabs"
        show = "(nodes, value) => nodes.forEach((n) => n.style.setProperty('visibility', value))"
        page.locator(overlays).evaluate_all(show, "hidden")
        page.locator(part).screenshot(path=str(path), animations="disabled")
        page.locator(overlays).evaluate_all(show, "")
    return path


def fits_the_phone(page) -> bool:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


FIGURES: list[str] = []  # measured figures a test reports, printed in the terminal summary


def report(figure: str) -> None:
    """Print a measured figure (seen with -s) and keep it for the end of the run."""
    print(f"\n{figure}")
    FIGURES.append(figure)


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.section("measured in the browser")
        for figure in FIGURES:
            terminalreporter.write_line(figure)
