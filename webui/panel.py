"""The pages: small HTML shells; the page's script fills them from the JSON API.

Each page carries the strings of the chosen language, the CSRF token and whether this browser
may change the table, so the script needs no extra round trip to start.
"""

from __future__ import annotations

from flask import Blueprint, current_app, g, make_response, redirect, render_template, request

from webui import i18n, rules, security

bp = Blueprint("panel", __name__)

PAGES = {
    "table": "nav_table",
    "hand": "nav_hand",
    "history": "nav_history",
    "settle": "nav_settle",
    "setup": "nav_setup",
    "sessions": "nav_sessions",
    "players": "nav_players",
    "join": "nav_join",
}


def _page(name: str, template: str | None = None, values: dict | None = None, **context):
    """Page `name` (its tab and title) from `template` (`name.html`), `values` for the template
    and `context` for its script's boot data."""
    lang = g.lang
    boot = {
        "page": name,
        "lang": lang,
        "csrf": security.csrf_token(),
        "can_change": security.can_change(),
        "strings": i18n.strings(lang),
        **rules.words(),  # the engine's words the pages offer as choices
    }
    if name == "hand":
        boot["tiles"] = rules.tile_codes()
    boot.update(context)
    page = render_template(
        template or f"{name}.html",
        page=name,
        pages=PAGES,
        t=i18n.strings(lang),
        lang=lang,
        boot=boot,
        **(values or {}),
    )
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/")
def table():
    return _page("table")


@bp.get("/hand")
def hand():
    edit = request.args.get("edit", type=int)
    return _page("hand", edit=edit)


@bp.get("/history")
def history():
    return _page("history")


@bp.get("/settle")
def settle():
    return _page("settle")


@bp.get("/setup")
def setup():
    return _page("setup")


@bp.get("/join")
def join():
    """The QR code's link: `?pin=` unlocks this browser at once; without it, a PIN form."""
    pin = request.args.get("pin")
    allowed = not security.pin_pause(request.remote_addr or "?")
    if pin and allowed and security.try_pin(pin):
        return redirect("/")
    host = security.is_host()
    context = {"host": host}
    if host:
        from webui.api import join_url

        context |= {"pin": security.current_pin(), "join_url": join_url()}
    return _page("join", **context)


@bp.get("/lang/<code>")
def language(code: str):
    target = request.referrer or "/"
    if not target.startswith(request.host_url):
        target = "/"
    response = redirect(target)
    if code in i18n.LANGUAGES:
        response.set_cookie("lang", code, max_age=365 * 24 * 3600, samesite="Lax")
    return response


@bp.app_context_processor
def shared_context():
    from vision.capture import hide_credentials

    source = hide_credentials(current_app.config.get("CAMERA") or "")
    return {"app_name": "mahjong-table", "camera_source": source}
