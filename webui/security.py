"""The table PIN, the app's secret, and protection against cross-site requests.

- The secret that signs cookies is generated once and kept in the data folder (never a default).
- The PIN is generated once too, printed on the host's terminal and shown on the host page with a
  QR code of the join link. A browser that has given it may change the table; any other browser
  can only look. Each unlock is also kept on the server (`unlocked_phone`): locking a phone
  forgets its unlock and a new PIN forgets them all, so a copied cookie stops working too.
- Every request that changes something carries the session's CSRF token (header `X-CSRF-Token`
  or form field `csrf_token`), and a foreign `Origin` is refused; cookies are SameSite=Lax.
- Every request must name one of the table's own host names in `Host`: a web page whose name
  was made to point at this machine (DNS rebinding) would otherwise pass for the host itself.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sys
import threading
import time
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

from flask import current_app, request, session

from webui.db import get_db

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# Sent with every answer. The pages load their scripts, styles and pictures from the panel itself
# (the boot data is a JSON block, never run); photos shown before sending are blob: or data: URLs.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:;"
        " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the join link carries the PIN
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
}
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
HOST_ADDRESSES = ("127.0.0.1", "::1")  # where the host's own browser connects from
PIN_DIGITS = 6
WRONG_PIN_LIMIT = 5  # wrong PINs per address per minute before a pause
_wrong_lock = threading.Lock()


def _read_or_make(path: Path, make) -> str:
    if path.exists():
        value = path.read_text(encoding="utf-8").strip()
        if value:
            return value
    value = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(value + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    return value


def secret_key(data_dir: Path) -> str:
    return _read_or_make(data_dir / "secret_key", lambda: secrets.token_hex(32))


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def table_pin(data_dir: Path) -> str:
    return _read_or_make(data_dir / "pin", new_pin)


def replace_pin(data_dir: Path) -> str:
    (data_dir / "pin").unlink(missing_ok=True)
    return table_pin(data_dir)


def _pin_mark(pin: str) -> str:
    """What the cookie keeps: a keyed digest of the PIN, so a new PIN locks old browsers out."""
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, pin.encode(), hashlib.sha256).hexdigest()


def current_pin() -> str:
    """The table's PIN. When it is kept in the data folder, a new one written there (by
    `mahjong-table new-pin`) takes over at once and is announced on the server's terminal."""
    if not current_app.config.get("PIN_IN_FILE"):
        return current_app.config.get("PIN") or table_pin(Path(current_app.config["DATA_DIR"]))
    path = Path(current_app.config["DATA_DIR"]) / "pin"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    if stamp != current_app.extensions.get("pin_stamp"):
        pin = table_pin(path.parent)
        current_app.extensions["pin_stamp"] = path.stat().st_mtime_ns
        if pin != current_app.config["PIN"]:
            current_app.config["PIN"] = pin
            announce_pin(pin)
    return current_app.config["PIN"]


def announce_pin(pin: str) -> None:
    """Say a new PIN and its join link on the server's terminal (it is not logged elsewhere)."""
    from webui.api import join_url

    print(f"New table PIN: {pin}   Join link: {join_url(pin)}", flush=True)


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _remember_unlock() -> str:
    """A new unlock kept on the server; its key goes into this browser's cookie."""
    key = secrets.token_urlsafe(32)
    lifetime = current_app.permanent_session_lifetime.total_seconds()
    db = get_db()
    db.execute("DELETE FROM unlocked_phone WHERE unlocked_at < ?", (time.time() - lifetime,))
    db.execute("INSERT INTO unlocked_phone VALUES (?, ?)", (_digest(key), time.time()))
    return key


def _still_unlocked(key: str) -> bool:
    lifetime = current_app.permanent_session_lifetime.total_seconds()
    row = (
        get_db()
        .execute(
            "SELECT 1 FROM unlocked_phone WHERE key_digest = ? AND unlocked_at >= ?",
            (_digest(key), time.time() - lifetime),
        )
        .fetchone()
    )
    return row is not None


def forget_every_unlock() -> None:
    """Lock every phone out (a new PIN): their cookies no longer count."""
    get_db().execute("DELETE FROM unlocked_phone")


def can_change() -> bool:
    mark, key = session.get("pin"), session.get("unlock")
    if not mark or not isinstance(key, str):
        return False
    if not hmac.compare_digest(mark, _pin_mark(current_pin())):
        return False
    return _still_unlocked(key)


def _wrong_pins() -> dict[str, list[float]]:
    """Recent wrong PINs by address, kept per app (not across apps in one process)."""
    return current_app.extensions.setdefault("wrong_pins", {})


def pin_pause(address: str) -> str | None:
    """Why unlocking must wait (an i18n key), or None: too many wrong PINs from this address,
    or from all addresses together (a guest with many addresses). The host's own browser, which
    is shown the PIN anyway, is never paused by others' guesses."""
    now = time.monotonic()
    with _wrong_lock:
        wrong = _wrong_pins()
        for key in list(wrong):
            wrong[key] = [t for t in wrong[key] if now - t < 60]
            if not wrong[key]:
                del wrong[key]
        if len(wrong.get(address, ())) >= WRONG_PIN_LIMIT:
            return "pin_pause"
        if is_host():
            return None
        everyone = sum(len(times) for times in wrong.values())
        if everyone < current_app.config["WRONG_PINS_IN_ALL"]:
            current_app.extensions.pop("pin_pause_said", None)
            return None
        if not current_app.extensions.get("pin_pause_said"):
            current_app.extensions["pin_pause_said"] = True
            print(
                f"Warning: {everyone} wrong PINs from {len(wrong)} addresses in the last minute;"
                " unlocking is paused for the phones until it quiets down. If a guest is"
                " guessing, choose a new PIN on the Join page.",
                file=sys.stderr,
                flush=True,
            )
        return "pin_pause_all"


class Allowance:
    """A budget of requests per key (a phone's address): `burst` at once, refilled at `rate` a
    second. Keeps a free endpoint (the score preview) from being used to make the table work hard.
    """

    def __init__(self, burst: float, rate: float, clock=time.monotonic):
        self.burst, self.rate, self.clock = burst, rate, clock
        self._left: dict[str, tuple[float, float]] = {}  # key -> (requests left, when)
        self._lock = threading.Lock()

    def take(self, key: str) -> bool:
        """Spend one request of `key`'s budget; False when it is spent."""
        now = self.clock()
        with self._lock:
            left, then = self._left.get(key, (self.burst, now))
            left = min(self.burst, left + (now - then) * self.rate)
            if len(self._left) > 10_000:  # forget phones whose budget is whole again
                self._left = {k: v for k, v in self._left.items() if v[0] < self.burst}
            if left < 1:
                self._left[key] = (left, now)
                return False
            self._left[key] = (left - 1, now)
            return True


def try_pin(pin: str) -> bool:
    """Unlock this browser when `pin` is the table's PIN."""
    # Digits of any script count as the digits they are (a phone may type ١٢٣ for 123).
    given = "".join(str(unicodedata.decimal(ch)) for ch in str(pin) if ch.isdecimal())
    if given and hmac.compare_digest(given, current_pin()):
        session["pin"] = _pin_mark(given)
        session["unlock"] = _remember_unlock()
        session.permanent = True
        return True
    with _wrong_lock:
        _wrong_pins().setdefault(request.remote_addr or "?", []).append(time.monotonic())
    return False


def lock() -> None:
    """Lock this browser, on the server too: a copy of its cookie no longer unlocks anything."""
    key = session.pop("unlock", None)
    session.pop("pin", None)
    if isinstance(key, str):
        get_db().execute("DELETE FROM unlocked_phone WHERE key_digest = ?", (_digest(key),))


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(32)
    return session["csrf"]


def csrf_problem() -> str | None:
    """None when the request may change things as far as CSRF goes, else an i18n key."""
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin and origin != "null":
        host = origin.split("://", 1)[-1].rstrip("/")
        if host != request.host:
            return "csrf_origin"
    expected = session.get("csrf")
    given = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token", "")
    if not expected or not given or not _same_text(given, expected):
        return "csrf_token"
    return None


def _same_text(given: object, expected: str) -> bool:
    """`given == expected` in constant time, whatever text a header or form brought."""
    return hmac.compare_digest(str(given).encode("utf-8", "replace"), expected.encode())


def is_host() -> bool:
    """The browser on the machine that runs the server (it may see the PIN)."""
    return (request.remote_addr or "") in HOST_ADDRESSES


def own_host_names(extra: tuple[str, ...] | list[str] = ()) -> set[str]:
    """The names this machine answers to: loopback, its own name and LAN address, and `extra`."""
    import socket

    from webui.cli import lan_address

    names = set(LOOPBACK_NAMES)
    name = socket.gethostname()
    names |= {name, f"{name}.local", lan_address() or "127.0.0.1"}
    names |= {host_name(given) for given in extra}
    return {n.lower() for n in names if n}


def host_name(host: str) -> str:
    """`Host` without its port and IPv6 brackets, in lower case: `[::1]:5000` -> `::1`."""
    try:
        return urlsplit(f"//{host.strip()}").hostname or ""
    except ValueError:  # an unclosed bracket and the like: no name of ours
        return ""


def host_problem() -> str | None:
    """None when the request names one of the table's host names, else the name it gave."""
    given = request.host
    if host_name(given) in current_app.config["ALLOWED_HOSTS"]:
        return None
    return given
