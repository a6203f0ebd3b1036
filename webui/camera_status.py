"""What the table camera is doing, as one sentence in the page's language.

`vision.capture` reports a state (connecting, live, demo, reconnecting, ended, stopped) and an
English message; the panel adds `failed` (the capture could not start) and `stalled` (a live
source whose picture has not changed for a while). `describe` turns a status into the sentence
the hand page shows: the state's sentence from `webui.i18n`, with the capture's reason rendered
through the table below (Korean where a row knows it, the capture's own words otherwise) and the
seconds until the next attempt counted down from when the capture said it.
"""

from __future__ import annotations

import math
import re
import time

from vision.capture import hide_credentials
from webui import i18n

STATES = ("connecting", "live", "demo", "reconnecting", "stalled", "ended", "stopped", "failed")
STALL_SECONDS = 5.0  # a live picture that has not changed for this long is reported

# vision.capture's reasons a source is lost: (its sentence, English for a player, Korean).
REASONS: tuple[tuple[str, str, str], ...] = (
    (
        r"(?P<path>.+): no such video file\.",
        "{path}: there is no such file or folder.",
        "{path}: 그런 파일이나 폴더가 없습니다.",
    ),
    (
        r"(?P<path>.+): no such folder\.",
        "{path}: there is no such folder.",
        "{path}: 그런 폴더가 없습니다.",
    ),
    (
        r"(?P<path>.+) has no pictures \(JPEG, PNG, \.\.\.\)\.",
        "{path} has no pictures (JPEG, PNG, ...).",
        "{path}: 사진(JPEG, PNG 등)이 없습니다.",
    ),
    (
        r"(?P<path>.+) is missing or not a picture\.",
        "{path} is missing or is not a picture.",
        "{path}: 없거나 사진이 아닙니다.",
    ),
    (
        r"(?P<path>.+) could not be opened\.",
        "{path} could not be opened.",
        "{path}: 열 수 없습니다.",
    ),
    (r"(?P<path>.+) is not open\.", "{path} is not open.", "{path}: 열려 있지 않습니다."),
    (
        r"(?P<path>.+) stopped sending frames\.",
        "{path} stopped sending pictures.",
        "{path}: 화면이 더 오지 않습니다.",
    ),
    (
        r"(?P<path>.+) has no readable frames\.",
        "{path} has no pictures that can be read.",
        "{path}: 읽을 수 있는 화면이 없습니다.",
    ),
    (r"Capture stopped: (?P<path>.*)\.", "{path}.", "{path}."),
)
_REASONS = tuple((re.compile(pattern, re.S), en, ko) for pattern, en, ko in REASONS)
_RETRY = re.compile(r"(?P<why>.*?) ?Trying again in [\d.]+ s\.", re.S)
# Names the capture gives its sources, as a player reads them.
SOURCE_NAMES = (
    (r"camera (\d+)", ("camera {}", "카메라 {}")),
    (r"demo table", ("demo table", "데모 테이블")),
)


def source_name(name: str, lang: str) -> str:
    index = 1 if i18n.pick(lang) == "ko" else 0
    for pattern, names in SOURCE_NAMES:
        found = re.fullmatch(pattern, name)
        if found:
            return names[index].format(*found.groups())
    return name


def reason(message: str, lang: str) -> str:
    """The capture's reason in the page's language (its own words where no row knows it)."""
    index = 1 if i18n.pick(lang) == "ko" else 0
    message = (message or "").strip()
    for pattern, *templates in _REASONS:
        found = pattern.fullmatch(message)
        if found:
            path = source_name(found.group("path"), lang)
            return templates[index].format(path=path)
    return message


def describe(status: dict, lang: str, now: float | None = None) -> str:
    """The sentence for a status of `TableCamera.status` (state, message, source, retry_in...)."""
    now = time.time() if now is None else now
    state = status.get("state") if status.get("state") in STATES else "connecting"
    source = source_name(hide_credentials(status.get("source") or ""), lang)
    message = hide_credentials(status.get("message") or "")
    values = {"source": source}
    if state == "reconnecting":
        found = _RETRY.fullmatch(message)
        values["why"] = reason(found.group("why") if found else message, lang)
        waited = now - float(status.get("updated") or now)
        values["seconds"] = max(0, math.ceil(float(status.get("retry_in") or 0) - waited))
    elif state == "stalled":
        values["seconds"] = int(status.get("stalled_for") or STALL_SECONDS)
    elif state in ("stopped", "failed"):
        values["why"] = reason(message, lang)
    return i18n.say(f"camera_{state}", lang, **values)
