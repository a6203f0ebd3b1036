"""The JSON API the pages use, and the live event stream that keeps every phone up to date.

Reads are open to every phone; changes need the table PIN (`security.can_change`) and the CSRF
token (checked for every request in `create_app`). Every refusal is a `webui.refusal.Refusal`
(code, params, field, status), rendered by the one handler in the phone's language: `{"ok": false,
"error": <sentence>, "field": <name>, "code": ..., "params": {...}}` with a 4xx status.
"""

from __future__ import annotations

import io
import json
import time
from functools import wraps

import segno
from flask import Blueprint, Response, current_app, g, jsonify, request

from webui import i18n, rules, security, store, views
from webui.db import get_db
from webui.events import frame
from webui.pictures import winner_entries
from webui.refusal import Refusal
from webui.validate import check_hand, check_setup, check_text

bp = Blueprint("api", __name__, url_prefix="/api")


def needs_pin(view):
    @wraps(view)
    def guarded(*args, **kwargs):
        if not security.can_change():
            raise Refusal("need_pin", status=403)
        return view(*args, **kwargs)

    return guarded


def _json():
    """The request's JSON, or None when it is not JSON (nested too deep to read included)."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        return None
    check_text(data)
    return data


def _body() -> dict:
    data = _json()
    if not isinstance(data, dict):
        raise Refusal("bad_json")
    return data


def _session_id() -> int:
    session_id = store.current_session(get_db())
    if session_id is None:
        raise Refusal("no_session_yet", status=409)
    return session_id


def _derived() -> views.Derived | None:
    session_id = store.current_session(get_db())
    if session_id is None:
        return None
    table = store.load(get_db(), session_id)
    return views.derive(table, current_app.config["DATABASE"])


def _say_engine(answer: dict, players: list[str], seats: dict | None = None) -> str:
    """An engine refusal in the phone's language, from its code and params; a seat it names is
    the player sitting there (`seats`, or the replay's own)."""
    return i18n.refusal(answer, g.lang, players, seats=seats)


# ---- reading the table -------------------------------------------------------------------


@bp.get("/table")
def table():
    """Standings and the latest hands: everything the table page shows."""
    base = {
        "ok": True,
        "version": store.latest_event_id(get_db()),
        "can_change": security.can_change(),
    }
    derived = _derived()
    if derived is None:
        return jsonify(base | {"session": None})
    rows = views.history(derived)
    return jsonify(
        base
        | {
            "session": {"id": derived.table.session_id, "setup": derived.table.setup},
            "version": derived.table.version,
            "standings": _standings(derived),
            "latest": rows[-5:][::-1],
            "hands": len(rows),
            "undo": _undo_view(derived.table),
        }
    )


def _standings(derived: views.Derived) -> dict:
    standings = views.standings(derived)
    return standings if standings.get("ok") else standings | _refused_record(derived)


def _refused_record(derived: views.Derived) -> dict:
    """Why the stored record does not replay (rules changed since, say), in the phone's language."""
    refused, players = derived.standings.fault.to_json(), derived.table.setup.get("players") or []
    return refused | {"error": _say_engine(refused, players)}


def _undo_view(table) -> dict | None:
    """The change an undo would cancel, the button's words for it ("Undo: hand 10 added"), and
    `ends_session` when that change is starting this session."""
    event, number = table.undoable, table.undoable_number
    if event is None:
        return None
    kind = "session_started" if table.undo_ends_session else event.kind
    what = i18n.say(f"undo_{kind}", g.lang, n=number)
    return {
        "event": event.id,
        "kind": event.kind,
        "hand_id": event.hand_id,
        "number": number,
        "label": i18n.say("undo_what", g.lang, what=what),
        "ends_session": table.undo_ends_session,
    }


@bp.get("/history")
def history():
    derived = _derived()
    if derived is None:
        return jsonify({"ok": True, "session": None, "hands": []})
    return jsonify(
        {
            "ok": True,
            "version": derived.table.version,
            "session": {"id": derived.table.session_id, "setup": derived.table.setup},
            "standings": _standings(derived),
            "hands": views.history(derived),
            "undo": _undo_view(derived.table),
        }
    )


@bp.get("/settle")
def settle():
    derived = _derived()
    if derived is None:
        return jsonify({"ok": True, "session": None})
    settlement = views.settlement(derived)
    if not settlement.get("ok"):
        settlement |= _refused_record(derived)
    return jsonify(settlement | {"version": derived.table.version})


@bp.get("/export.json")
def export_json():
    derived = _derived()
    if derived is None:
        raise Refusal("no_session_yet", status=409)
    body = json.dumps(views.export_json(derived), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers=_attachment("json"))


@bp.get("/export.csv")
def export_csv():
    derived = _derived()
    if derived is None:
        raise Refusal("no_session_yet", status=409)
    # A byte-order mark lets spreadsheet programs open the Korean names as UTF-8.
    body = "\ufeff" + views.export_csv(derived, g.lang)
    return Response(body, mimetype="text/csv; charset=utf-8", headers=_attachment("csv"))


def _attachment(suffix: str) -> dict:
    return {"Content-Disposition": f'attachment; filename="mahjong-session.{suffix}"'}


@bp.get("/tiles")
def tiles():
    return jsonify({"ok": True, "tiles": rules.tile_codes()})


@bp.get("/events")
def events():
    """Server-sent events: `table` with the new version whenever the record changes."""
    hub = current_app.extensions["event_hub"]
    address = request.remote_addr or "?"
    if not hub.admit(address):
        raise Refusal("too_many_streams", status=503)
    seconds = float(current_app.config["EVENT_STREAM_SECONDS"])

    def stream():
        ends, seen = time.monotonic() + seconds, None
        yield "retry: 1000\n\n"
        while time.monotonic() < ends:
            version = hub.wait(seen, timeout=15)
            if version is None:
                yield ": still here\n\n"
            else:
                seen = version
                yield frame(version)

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    response = Response(stream(), mimetype="text/event-stream", headers=headers)
    response.call_on_close(lambda: hub.leave(address))  # however the stream ends
    return response


# ---- the PIN -------------------------------------------------------------------------------


@bp.post("/unlock")
def unlock():
    pause = security.pin_pause(request.remote_addr or "?")
    if pause:
        raise Refusal(pause, status=429)
    pin = _body().get("pin", "")
    if not security.try_pin(str(pin)):
        raise Refusal("wrong_pin", status=403, field="pin")
    return jsonify({"ok": True, "can_change": True})


@bp.post("/lock")
def lock():
    security.lock()
    return jsonify({"ok": True, "can_change": False})


@bp.post("/pin")
@needs_pin
def new_pin():
    """A new PIN, from an unlocked phone: every other phone is locked out and must give it."""
    from pathlib import Path

    pin = security.replace_pin(Path(current_app.config["DATA_DIR"]))
    current_app.config["PIN"] = pin
    current_app.extensions.pop("pin_stamp", None)  # the file is read again, as it is now
    security.forget_every_unlock()
    security.announce_pin(pin)
    security.try_pin(pin)
    return jsonify({"ok": True, "pin": pin})


@bp.get("/join.svg")
def join_qr():
    """The QR code of the join link; it carries the PIN, so only the host's screen gets it."""
    if not security.is_host():
        raise Refusal("host_only", status=403)
    qr = segno.make(join_url(), error="m")
    # A file of its own needs the SVG namespace (svg_inline leaves it out, so browsers show a
    # broken image); a white quiet zone of 4 modules lets any phone's camera find the code.
    picture = io.BytesIO()
    qr.save(picture, kind="svg", scale=6, border=4, light="#fff", xmldecl=False)
    return Response(picture.getvalue(), mimetype="image/svg+xml")


def join_url(pin: str | None = None) -> str:
    base = current_app.config.get("JOIN_URL") or request.host_url.rstrip("/")
    return f"{base}/join?pin={pin or security.current_pin()}"


# ---- changing the table --------------------------------------------------------------------


@bp.post("/session")
@needs_pin
def start_session():
    body = _body()
    setup = check_setup(body.get("setup"))
    session_id = store.start_session(get_db(), setup, token=_token(body))
    return jsonify({"ok": True, "session": session_id}), 201


@bp.put("/session")
@needs_pin
def change_setup():
    body = _body()
    setup = check_setup(body.get("setup"))
    store.change_setup(get_db(), _session_id(), setup, token=_token(body))
    return jsonify({"ok": True})


@bp.post("/score")
def score_preview():
    """Score a hand as it is being entered: the engine's answer per winner and the payments."""
    if not current_app.extensions["preview_allowance"].take(request.remote_addr or "?"):
        raise Refusal("preview_busy", status=429)
    body = _body()
    hand = check_hand(body.get("hand"))
    session_id = _session_id()
    table = store.load(get_db(), session_id)
    record = table.record()
    hand_id = body.get("hand_id")
    if isinstance(hand_id, int) and table.index_of(hand_id) is not None:
        position = table.index_of(hand_id)
        record["hands"][position] = hand
    else:
        position = len(record["hands"])
        record["hands"].append(hand)
    standings = rules.play(record)  # the one replay: the state, the answers and the payments
    players = record.get("players") or []
    fault = standings.fault
    if position < len(standings.hands):
        seating, winners = standings.hands[position].seating, standings.hands[position].winners
    elif fault is not None and fault.hand == position:
        seating, winners = fault.seating, fault.winners
    else:  # an earlier hand (or the record itself) cannot be played
        refused = fault.to_json()
        refused["error"] = _say_engine(refused, players)
        return jsonify(refused)
    table_then = seating.to_json()
    state = {"seats": table_then["seats"], "round": table_then["round"]}
    answers = []
    # a hand refused before its winners were scored has none to show (the problem says why)
    for winner, entry in zip(winners, winner_entries(hand), strict=False):
        answer = winner.answer_json() or {}
        if answer and not answer.get("ok"):
            answer["error"] = _say_engine(answer, players, state["seats"])
        waits = rules.waits(entry.get("score") or {}, record["rules"], record.get("options", {}))
        answers.append(answer | {"winner": winner.player, "waits": waits})
    result = {"ok": True, "answers": answers, "state": state, "dealer": seating.dealer}
    if fault is None:
        result |= views.outcome(standings.hands[position])
    else:
        result["problem"] = _say_engine(fault.to_json(), players)
    return jsonify(result)


@bp.post("/hands")
@needs_pin
def add_hand():
    body = _body()
    hand = check_hand(body.get("hand"))
    expected = body.get("expected_hands")
    if not isinstance(expected, int) or isinstance(expected, bool) or expected < 0:
        raise Refusal("expected_missing", field="expected_hands")
    hand_id, new = store.add_hand(
        get_db(), _session_id(), hand, expected, token=_token(body), picture=_picture(body)
    )
    number = store.load(get_db(), _session_id()).index_of(hand_id)
    return jsonify(
        {
            "ok": True,
            "id": hand_id,
            "number": None if number is None else number + 1,
            "new": new,
            "message": i18n.say("confirmed", g.lang, n=(number or 0) + 1),
        }
    ), (201 if new else 200)


@bp.put("/hands/<int:hand_id>")
@needs_pin
def edit_hand(hand_id: int):
    body = _body()
    hand = check_hand(body.get("hand"))
    store.edit_hand(
        get_db(), _session_id(), hand_id, hand, token=_token(body), picture=_picture(body)
    )
    return jsonify({"ok": True, "id": hand_id})


@bp.delete("/hands/<int:hand_id>")
@needs_pin
def delete_hand(hand_id: int):
    body = _json()
    body = body if isinstance(body, dict) else {}
    store.delete_hand(get_db(), _session_id(), hand_id, token=_token(body))
    return jsonify({"ok": True})


@bp.post("/undo")
@needs_pin
def undo():
    body = _body()
    expected = body.get("expected")
    if expected is not None and not isinstance(expected, int):
        raise Refusal("field_wrong", field="expected", why="why_number")
    cancelled = store.undo(get_db(), _session_id(), expected, token=_token(body))
    return jsonify({"ok": True, "cancelled": None if cancelled is None else cancelled.id})


def _token(body: dict) -> str | None:
    token = body.get("token")
    if token is None:
        return None
    if not isinstance(token, str) or not 8 <= len(token) <= 80:
        raise Refusal("field_wrong", field="token", why="why_token")
    return token


def _picture(body: dict) -> str | None:
    name = body.get("picture")
    if name is None:
        return None
    if not isinstance(name, str) or store.picture_reading(get_db(), name) is None:
        raise Refusal("field_wrong", field="picture", why="why_picture")
    return name
