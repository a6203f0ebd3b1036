"""The table's record across evenings: the Sessions and Players pages and their JSON.

- `/sessions`: every session of this table, newest first, with its date, players and final
  totals; a past session opens in History and Settle up as it was recorded (read-only: changes go
  to the running session only) and exports as CSV or JSON like the running one.
- `/players`, `/players/<name>`: each player across sessions (matched by name, `webui.names`),
  with hands won, points, the hands of the rules they scored most, Horse Race finishes and a
  chart of their totals by session. Renaming a player (or merging two names) needs the PIN.

The pages are drawn on the server (the chart as inline SVG); renaming is a plain form, so they
need no script of their own.
"""

from __future__ import annotations

import json
import secrets

from flask import Blueprint, Response, current_app, g, jsonify, redirect, request, url_for

from webui import evenings, i18n, names, pictures, security, store, views
from webui.db import get_db
from webui.panel import _page
from webui.refusal import Refusal

bp = Blueprint("sessions", __name__)


def _evenings() -> list[evenings.Evening]:
    return evenings.evenings(get_db(), current_app.config["DATABASE"])


def _names() -> names.Names:
    return names.Names(store.player_renames(get_db()))


def _everyone(found: list[evenings.Evening], now: names.Names) -> dict[str, names.Player]:
    return names.players(now, [(evening.id, evening.typed) for evening in found])


def _evening(session_id: int) -> evenings.Evening:
    for evening in _evenings():
        if evening.id == session_id:
            return evening
    raise Refusal("session_unknown", status=404)


def _sessions(lang: str) -> list[dict]:
    now = _names()
    return [evenings.session_summary(e, now, lang) for e in reversed(_evenings())]


def _players() -> list[dict]:
    """Every player with their figures in all, the most points first."""
    found = _evenings()
    rows = [evenings.player_record(p, found) for p in _everyone(found, _names()).values()]
    return sorted(rows, key=lambda row: (-row["points"], names.key(row["name"])))


def _player(name: str):
    """(the player a name, or an earlier name, stands for, or None; the sessions; the names)."""
    found, now = _evenings(), _names()
    return _everyone(found, now).get(names.key(now.of(name))), found, now


@bp.app_context_processor
def words():
    """Helpers of the pages drawn on the server: a sentence with values, signed points."""
    return {
        "say": lambda key, **values: i18n.say(key, g.get("lang", "en"), **values),
        "signed": lambda number: f"+{number}" if number > 0 else str(number),
        "sign": lambda number: "plus" if number > 0 else "minus" if number < 0 else "",
        "amount": lambda number: f"{number:,}",
    }


# ---- the JSON --------------------------------------------------------------------------------


@bp.get("/api/sessions")
def sessions_json():
    return jsonify({"ok": True, "sessions": _sessions(g.lang)})


@bp.get("/api/sessions/<int:session_id>/history")
def history_json(session_id: int):
    """A session's history in the shape of `/api/history`; a past one offers no undo."""
    evening = _evening(session_id)
    derived = evening.derived
    return jsonify(
        {
            "ok": True,
            "version": derived.table.version,
            "session": {"id": evening.id, "setup": derived.table.setup},
            "standings": views.standings(derived),
            "hands": views.history(derived),
            "undo": None,
            "past": not evening.current,
        }
    )


@bp.get("/api/sessions/<int:session_id>/settle")
def settle_json(session_id: int):
    derived = _evening(session_id).derived
    return jsonify(views.settlement(derived) | {"version": derived.table.version})


@bp.get("/api/sessions/<int:session_id>/export.json")
def export_json(session_id: int):
    evening = _evening(session_id)
    body = json.dumps(views.export_json(evening.derived), ensure_ascii=False, indent=2)
    return Response(body, mimetype="application/json", headers=_attachment(evening, "json"))


@bp.get("/api/sessions/<int:session_id>/export.csv")
def export_csv(session_id: int):
    evening = _evening(session_id)
    # A byte-order mark lets spreadsheet programs open the Korean names as UTF-8.
    body = "\ufeff" + views.export_csv(evening.derived, g.lang)
    return Response(body, mimetype="text/csv; charset=utf-8", headers=_attachment(evening, "csv"))


def _attachment(evening: evenings.Evening, suffix: str) -> dict:
    day = evening.date.split(" ")[0]
    name = f"mahjong-session-{evening.number}-{day}.{suffix}"
    return {"Content-Disposition": f'attachment; filename="{name}"'}


@bp.get("/api/sessions/<int:session_id>/hands/<int:hand_id>/picture")
def hand_picture(session_id: int, hand_id: int):
    """The picture a hand of any session was read from, as `/api/hands/<id>/picture` gives it."""
    table = _evening(session_id).derived.table
    index = table.index_of(hand_id)
    if index is None:
        raise Refusal("hand_not_found", status=404)
    entry = table.hands[index]
    reading = store.picture_reading(get_db(), entry.picture) if entry.picture else None
    if reading is None:
        raise Refusal("hand_has_no_picture", status=404)
    linked = pictures.hand_picture(reading, entry.hand)
    return jsonify(
        {"ok": True, "picture": entry.picture, "url": f"/pictures/{entry.picture}"} | linked
    )


@bp.get("/api/players")
def players_json():
    return jsonify({"ok": True, "players": _players()})


@bp.get("/api/players/<path:name>")
def player_json(name: str):
    player, found, _ = _player(name)
    if player is None:
        raise Refusal("player_unknown", status=404, name=name[:40])
    return jsonify({"ok": True, "player": evenings.player_record(player, found)})


# ---- the pages -------------------------------------------------------------------------------


@bp.get("/sessions")
def sessions_page():
    return _page("sessions", values={"sessions": _sessions(g.lang)})


@bp.get("/sessions/<int:session_id>/history")
def session_history(session_id: int):
    evening = _evening(session_id)
    if evening.current:
        return redirect(url_for("panel.history"))
    return _page(
        "sessions",
        template="session_history.html",
        values={"evening": evening},
        api_base=f"/api/sessions/{session_id}",
    )


@bp.get("/sessions/<int:session_id>/settle")
def session_settle(session_id: int):
    evening = _evening(session_id)
    if evening.current:
        return redirect(url_for("panel.settle"))
    base = f"/api/sessions/{session_id}"
    return _page(
        "sessions",
        template="session_settle.html",
        values={"evening": evening, "api_base": base},
        api_base=base,
    )


@bp.get("/players")
def players_page():
    return _page("players", values={"players": _players()})


@bp.get("/players/<path:name>")
def player_page(name: str):
    return _player_page(name)


def _player_page(name: str, problem: str | None = None, status: int = 200):
    player, found, now = _player(name)
    if player is None:  # a stale link: the list of players, with a sentence saying so
        sentence = i18n.say("player_unknown", g.lang, name=name[:40])
        return _page("players", values={"players": _players(), "problem": sentence}), 404
    if player.name != name and problem is None:
        return redirect(url_for("sessions.player_page", name=player.name))  # an earlier name
    record = evenings.player_record(player, found)
    renamed = request.args.get("renamed")
    values = {
        "player": record,
        "chart": evenings.totals_chart(record["sessions"]),
        "problem": problem,
        # "X is now Y" only where X is indeed a name this player had
        "renamed": renamed if renamed and names.key(now.of(renamed)) == player.key else None,
        "token": secrets.token_hex(16),
    }
    page = _page("players", template="player.html", values=values)
    return page, status


@bp.post("/players/<path:name>/rename")
def rename(name: str):
    """Rename the player (or merge them into another's name) in every session they played; a
    refusal is the player's page again with the sentence beside the name field."""
    if not security.can_change():
        return _player_page(name, i18n.say("need_pin", g.lang), status=403)
    new = request.form.get("name")
    token = request.form.get("token") or None
    try:
        renamed = store.rename_player(get_db(), name, new, names.check_rename, token=token)
    except Refusal as problem:
        if problem.status == 404:
            return _player_page(name)  # renamed or gone meanwhile: the list, saying so
        return _player_page(name, problem.sentence(g.lang), status=problem.status)
    target = url_for("sessions.player_page", name=renamed, renamed=name)
    return redirect(target, code=303)
