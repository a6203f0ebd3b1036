"""The Join page's QR code as a phone's camera would see it: drawn by the browser, then decoded."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.e2e.conftest import phone_page, shoot

pytestmark = pytest.mark.browser


def test_the_join_qr_code_is_drawn_and_holds_the_join_link(chromium, panel):
    page = phone_page(chromium)
    page.goto(panel.url + "/join")
    image = page.locator("#join-qr")
    image.wait_for()
    drawn = image.evaluate("img => img.complete && img.naturalWidth > 0")
    assert drawn, "the browser could not draw /api/join.svg"
    picture = cv2.imdecode(np.frombuffer(image.screenshot(), np.uint8), cv2.IMREAD_COLOR)
    # OpenCV's older QRCodeDetector misses about one valid code in 150 (it depends on the PIN and
    # the port); the ArUco-based one read all of 600 PINs and ports drawn in this browser.
    link, corners, _ = cv2.QRCodeDetectorAruco().detectAndDecode(picture)
    assert corners is not None, "no QR code found in the drawn image"
    shown = page.locator(".join-url code").inner_text()
    assert link == shown
    assert link.endswith(f"/join?pin={panel.pin}")
    shoot(page, "join")
    assert page.problems == []
