"""What the table camera is doing, as one sentence in the page's language.

`vision.capture` reports a state (connecting, live, demo, reconnecting, ended, stopped) with the
code and params of its reason; the panel adds `failed` (the capture could not start) and `stalled`
(a live source whose picture has not changed for a while). `describe` turns a status into the
sentence the hand page shows: the state's sentence from the panel's catalog, the reason from the
`vision` catalog, and the seconds until the next attempt counted down from when the capture said
it.
"""

from __future__ import annotations

import math
import time

from vision.capture import hide_credentials
from vision.messages import VISION
from webui import i18n

STATES = ("connecting", "live", "demo", "reconnecting", "stalled", "ended", "stopped", "failed")
STALL_SECONDS = 5.0  # a live picture that has not changed for this long is reported


def reason(status: dict, lang: str) -> str:
    """The capture's reason for its state, in `lang`; a password in a URL is never shown."""
    params = {
        name: hide_credentials(value) if isinstance(value, str) else value
        for name, value in (status.get("params") or {}).items()
    }
    code = status.get("code")
    return VISION.say(code, params, lang) if code else ""


def describe(status: dict, lang: str, now: float | None = None) -> str:
    """The sentence for a status of `TableCamera.status` (state, code, params, retry_in...)."""
    now = time.time() if now is None else now
    state = status.get("state") if status.get("state") in STATES else "connecting"
    source = VISION.show("source", hide_credentials(status.get("source") or ""), lang)
    values = {"source": source}
    if state == "reconnecting":
        values["why"] = reason(status, lang)
        waited = now - float(status.get("updated") or now)
        values["seconds"] = max(0, math.ceil(float(status.get("retry_in") or 0) - waited))
    elif state == "stalled":
        values["seconds"] = int(status.get("stalled_for") or STALL_SECONDS)
    elif state in ("stopped", "failed"):
        values["why"] = reason(status, lang)
    return i18n.say(f"camera_{state}", lang, **values)
