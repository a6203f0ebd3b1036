"""Reading the table in a real browser: the table camera (demo table, image folder) and the
phone's camera (Chromium's fake capture device fed from a file made of the demo table)."""

from __future__ import annotations

import time
import urllib.request

import cv2
import numpy as np
import pytest

from tests.e2e.conftest import fits_the_phone, launch, phone_page, shoot
from tests.e2e.test_panel import LIVE_MS, join, points, seated, set_up, watching, win_by
from tests.webui.conftest import require_reader
from tests.webui.server import Server

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def reader_models():
    require_reader()


def demo_frame(panel, wait: float = 30.0) -> np.ndarray:
    """The demo table as the panel's camera preview shows it (once its first frame is drawn)."""
    ends = time.monotonic() + wait
    while True:
        with urllib.request.urlopen(panel.url + "/camera/frame.jpg", timeout=30) as response:
            data = response.read()
        if data or time.monotonic() > ends:
            break
        time.sleep(0.2)  # 204 until the camera thread has its first frame
    assert data, f"the demo table gave no picture in {wait:.0f} s"
    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert frame is not None, "the demo table's picture is not a JPEG"
    return frame


def write_y4m(frame: np.ndarray, path, frames: int = 10) -> None:
    """A short Y4M video of one picture, for --use-file-for-fake-video-capture."""
    height, width = (s - s % 2 for s in frame.shape[:2])
    planes = cv2.cvtColor(frame[:height, :width], cv2.COLOR_BGR2YUV_I420).tobytes()
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F5:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + planes)


def wait_for_reading(page):
    page.wait_for_selector("#reading .overlay .box", timeout=60_000)
    return page.locator("#reading .overlay .box").count()


def test_read_the_demo_table_fix_a_tile_confirm_and_see_it_on_another_phone(chromium, panel):
    host, watcher = seated(chromium, panel), watching(chromium, panel)

    host.goto(panel.url + "/hand")
    host.wait_for_selector("#preview[src]")
    host.click("#read-camera")
    assert wait_for_reading(host) >= 14
    assert host.locator("#concealed button").count() >= 2, "the reader's hand fills the editor"
    shoot(host, "hand-reading")
    # the picture zooms to the hand in use, so that one tile is big enough to tap
    width = host.evaluate("() => document.querySelector('#reading .overlay').viewBox.baseVal.width")
    whole = host.locator("#reading .overlay image").get_attribute("width")
    assert width < float(whole)
    assert fits_the_phone(host)
    shoot(host, "hand-reading-zoomed", part="#read-card")

    # fix a tile: tap its box in the picture, pick another tile; picture and hand both change
    first_chip = host.locator("#concealed button").first
    original = first_chip.get_attribute("aria-label")
    other = "1p" if original != "1p" else "2p"
    box = host.locator(f'#reading .overlay .box[data-index="{first_source(host)}"]')
    box.dispatch_event("click")
    host.click(f'#picker-tiles button[data-code="{other}"]')
    assert host.locator("#concealed button").first.get_attribute("aria-label") == other
    assert box.get_attribute("data-code") == other
    assert "fixed" in box.get_attribute("class")
    box.dispatch_event("click")
    host.click(f'#picker-tiles button[data-code="{original}"]')
    assert host.locator("#concealed button").first.get_attribute("aria-label") == original

    win_by(host, 0)
    host.wait_for_selector("[data-total]", timeout=10_000)
    shoot(host, "hand-fixed-score")
    shoot(host, "hand-fixed-score-card", part="#score-card")
    before = points(watcher)
    host.click("#confirm")
    host.wait_for_url(panel.url + "/")
    watcher.wait_for_function(
        "(before) => [...document.querySelectorAll('.player .points')]"
        ".some((n, i) => Number(n.dataset.points) !== before[i])",
        arg=before,
        timeout=LIVE_MS,
    )
    assert points(watcher)[0] > 0
    shoot(watcher, "table-after-reading")
    assert host.problems == [] and watcher.problems == []


def first_source(page) -> int:
    """Index in the reading of the first standing tile of the hand (the box it was read from)."""
    return int(page.locator("#concealed button[data-src]").first.get_attribute("data-src"))


def test_the_table_camera_reads_from_an_image_folder(chromium, panel, tmp_path):
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "table-001.png"), demo_frame(panel))
    from_folder = Server(tmp_path / "folder-data", camera=str(folder)).start()
    try:
        page = phone_page(chromium)
        join(page, from_folder)
        set_up(page, from_folder)
        page.goto(from_folder.url + "/hand")
        page.click("#read-camera")
        assert wait_for_reading(page) >= 14
    finally:
        from_folder.stop()


def test_the_phone_camera_snaps_and_reads(playwright, panel, tmp_path):
    video = tmp_path / "table.y4m"
    write_y4m(demo_frame(panel), video)
    browser = launch(
        playwright,
        [
            "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    try:
        page = phone_page(browser, permissions=["camera"])
        join(page, panel)
        set_up(page, panel)
        page.goto(panel.url + "/hand")
        page.click("#phone-photo summary")
        page.click("#open-camera")
        page.wait_for_function("() => document.getElementById('phone-video').videoWidth > 0")
        page.click("#snap")
        assert wait_for_reading(page) >= 14
        shoot(page, "phone-camera-reading")
    finally:
        browser.close()


def test_a_shaken_photo_is_read_steadied_and_the_note_asks_for_a_steadier_one(
    chromium, panel, tmp_path
):
    """A winner's side smeared by a phone's shake (a streak 15 % of a tile long): the reader
    undoes it (`vision.shake`), and the note under the picture asks for a steadier picture."""
    import math

    from datasets.table import full_table
    from vision.reader import TileReader
    from vision.shake import Streak
    from webui import i18n

    reader = TileReader()
    for k in range(3):
        scene = full_table(np.random.default_rng([43, k]), framing="winner", tile_length=60.0)
        kernel = Streak(9.0, math.radians(20)).kernel()
        shaken = cv2.filter2D(scene.image, -1, kernel, borderType=cv2.BORDER_REFLECT)
        if reader.read(shaken).steadied == "shake":
            break
    else:
        pytest.fail("none of the shaken pictures was steadied")
    # lossless: the panel reads what the reader read here
    page = photo_chosen(chromium, panel, shaken, tmp_path / "shaken.png")
    wait_for_reading(page)
    assert i18n.say("steadied_shake", "en") in page.locator("#reading-note").inner_text()
    assert page.problems == []


def photo_chosen(chromium, panel, image: np.ndarray, photo):
    """A phone joined and set up that chooses `image` (written to `photo`) as its photo."""
    cv2.imwrite(str(photo), image)
    page = phone_page(chromium)
    join(page, panel)
    set_up(page, panel)
    page.goto(panel.url + "/hand")
    page.click("#phone-photo summary")
    page.set_input_files("#photo-input", str(photo))
    return page


def test_a_photo_chosen_on_the_phone_is_read(chromium, panel, tmp_path):
    page = photo_chosen(chromium, panel, demo_frame(panel), tmp_path / "table.jpg")
    assert wait_for_reading(page) >= 14
