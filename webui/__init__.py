"""The table panel: a Flask app for the players' phones.

`create_app(test_config=None)` builds it: the data folder (database, secret, PIN, pictures),
the `panel` blueprint (pages), `api` (JSON and the live event stream), `camera` (the table
camera's preview and reads) and `sessions` (the record across evenings: sessions, players).
Flask is imported here, so import this package only to serve.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from flask import Flask, g, request
from flask_babel import Babel

from webui import db, i18n, security
from webui.refusal import Refusal, render

UPLOADS = ("/api/read/photo",)  # the one request whose body is a photo, not a little JSON


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__)
    config = dict(test_config or {})
    data_dir = Path(config.get("DATA_DIR") or Path.cwd() / "data").resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "pictures").mkdir(exist_ok=True)
    app.config.update(
        DATA_DIR=str(data_dir),
        DATABASE=str(data_dir / "table.sqlite3"),
        SECRET_KEY=security.secret_key(data_dir),
        PIN=None,
        CAMERA="auto",
        JOIN_URL=None,
        # The photo itself is capped at 10 MB (webui.images); this leaves room for the form.
        MAX_CONTENT_LENGTH=10 * 1024 * 1024 + 256 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_NAME="mahjong_table",
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        EVENT_POLL_SECONDS=0.3,
        EVENT_STREAM_SECONDS=300,
        STREAMS_PER_ADDRESS=4,  # live-update streams a phone may hold open (a few tabs)...
        STREAMS_IN_ALL=40,  # ...and the whole table: each holds one of the server's threads
        EXTRA_HOSTS=(),  # host names the operator adds (`serve --allow-host`)
        # Every request but a photo upload is a small JSON body: a few KB at most.
        BODY_LIMIT=64 * 1024,
        WRONG_PINS_IN_ALL=20,  # wrong PINs a minute from all phones together before a pause
        PREVIEW_BURST=20,  # score previews a phone may ask for at once...
        PREVIEW_RATE=5.0,  # ...and a second after that (the hand page asks at most 4)
    )
    app.config.update(config)
    if not app.config.get("ALLOWED_HOSTS"):
        app.config["ALLOWED_HOSTS"] = security.own_host_names(app.config["EXTRA_HOSTS"])
    if not app.config["PIN"]:
        app.config["PIN"] = security.table_pin(data_dir)
        app.config["PIN_IN_FILE"] = True  # `mahjong-table new-pin` may change it meanwhile
    app.json.ensure_ascii = False
    from webui.events import EventHub

    app.extensions["event_hub"] = EventHub(
        app.config["DATABASE"],
        float(app.config["EVENT_POLL_SECONDS"]),
        app.config["STREAMS_PER_ADDRESS"],
        app.config["STREAMS_IN_ALL"],
        float(app.config["EVENT_STREAM_SECONDS"]),
    )
    app.extensions["preview_allowance"] = security.Allowance(
        app.config["PREVIEW_BURST"], app.config["PREVIEW_RATE"]
    )

    db.init_app(app)
    # Flask-Babel reads the panel's catalogs (webui/translations) in the request's language.
    Babel(app, locale_selector=lambda: g.get("lang", "en"))

    from webui import api, camera, panel, sessions

    app.register_blueprint(panel.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(camera.bp)
    app.register_blueprint(sessions.bp)
    camera.init_app(app)

    @app.before_request
    def choose_language():
        chosen = request.cookies.get("lang")
        if chosen not in i18n.LANGUAGES:
            accepted = request.accept_languages.best_match(i18n.LANGUAGES)
            chosen = accepted or "en"
        g.lang = chosen

    @app.before_request
    def refuse_foreign_host():
        foreign = security.host_problem()
        if foreign is not None:
            raise Refusal("host_unknown", host=foreign[:100])
        return None

    @app.before_request
    def cap_body():
        if request.path in UPLOADS:
            return None
        limit = app.config["BODY_LIMIT"]
        request.max_content_length = limit  # a body sent without its length is cut here too
        if (request.content_length or 0) > limit:
            raise Refusal("body_too_big", status=413, kb=limit // 1024)
        return None

    @app.before_request
    def refuse_cross_site():
        problem = security.csrf_problem()
        if problem:
            raise Refusal(problem, status=403)
        return None

    @app.after_request
    def add_security_headers(response):
        for name, value in security.SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    app.register_error_handler(Refusal, render)  # every refusal of the panel, one way

    @app.errorhandler(413)
    def too_large(_error):
        if request.path in UPLOADS:
            return render(Refusal("picture_too_big", status=413, mb=10))
        return render(Refusal("body_too_big", status=413, kb=app.config["BODY_LIMIT"] // 1024))

    @app.errorhandler(404)
    def not_found(_error):
        return render(Refusal("not_found", status=404))

    @app.errorhandler(405)
    def not_allowed(_error):
        return render(Refusal("not_found", status=405))

    @app.errorhandler(500)
    def broken(_error):
        return render(Refusal("server_error", status=500))

    return app
