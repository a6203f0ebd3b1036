"""Commands of the panel: `mahjong-table serve` and `mahjong-table new-pin`."""

from __future__ import annotations

import sys

DEFAULT_DATA = "./data"


def register(commands) -> None:
    serve = commands.add_parser(
        "serve",
        help="start the table panel (http://127.0.0.1:5000)",
        description=(
            "Start the table panel. Players open it on their phones; the PIN printed here lets a"
            " phone record hands (without it a phone can only look)."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets phones on the Wi-Fi join")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help=(
            "another name phones use to reach this computer (repeatable); loopback, this"
            " computer's name and its LAN address are always accepted, any other is refused"
        ),
    )
    serve.add_argument(
        "--data",
        default=DEFAULT_DATA,
        metavar="DIR",
        help="data folder: database, pictures, secret and PIN (default: ./data)",
    )
    serve.add_argument(
        "--camera",
        default="auto",
        metavar="SOURCE",
        help=(
            "table camera: an index (0), a video file, an image folder, a stream URL, or 'demo';"
            " default 'auto': a camera if one opens, else the built-in demo table"
        ),
    )
    serve.set_defaults(handler=run_serve)

    new_pin = commands.add_parser(
        "new-pin",
        help="choose a new table PIN (every phone is locked out until it gives the new one)",
        description=(
            "Choose a new table PIN, from the computer that runs the panel. A running panel takes"
            " it at once and prints it with its join link; every phone must give it again."
        ),
    )
    new_pin.add_argument(
        "--data", default=DEFAULT_DATA, metavar="DIR", help="the panel's data folder"
    )
    new_pin.set_defaults(handler=run_new_pin)


def lan_address() -> str | None:
    """This machine's address on the local network, from its own name (no traffic is sent)."""
    import socket

    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = info[4][0]
        if not address.startswith("127."):
            return address
    return None


def run_new_pin(args) -> int:
    from pathlib import Path

    from webui import db, security

    data = Path(args.data)
    if not (data / "table.sqlite3").exists():
        print(f"{data} holds no table panel's data; give its folder with --data.", file=sys.stderr)
        return 2
    pin = security.replace_pin(data)
    conn = db.connect(data / "table.sqlite3")
    try:
        db.migrate(conn)
        conn.execute("DELETE FROM unlocked_phone")
    finally:
        conn.close()
    print(f"New table PIN: {pin}  (every phone must give it again; a running panel shows it)")
    return 0


def run_serve(args) -> int:
    import signal

    import segno

    from webui import create_app
    from webui.serving import make_server

    shown_host = args.host
    if args.host in ("0.0.0.0", "::"):
        shown_host = lan_address() or "127.0.0.1"
    join_base = f"http://{shown_host}:{args.port}"
    extra_hosts = [*args.allow_host, shown_host]
    app = create_app(
        {
            "DATA_DIR": args.data,
            "CAMERA": args.camera,
            "JOIN_URL": join_base,
            "EXTRA_HOSTS": extra_hosts,
        }
    )
    try:
        server = make_server(app, args.host, args.port)
    except OSError as problem:
        print(
            f"Cannot listen on {args.host}:{args.port} ({problem.strerror or problem})."
            " Is another panel running? Try --port 5001.",
            file=sys.stderr,
        )
        return 2
    pin = app.config["PIN"]
    join = f"{join_base}/join?pin={pin}"
    print(f"Table panel: http://127.0.0.1:{args.port}  (data in {app.config['DATA_DIR']})")
    print(f"Table PIN: {pin}   Join link: {join}")
    if args.host in ("127.0.0.1", "localhost", "::1"):
        print("Only this computer can open it; use --host 0.0.0.0 to let phones on the Wi-Fi join.")
    else:
        segno.make(join, error="m").terminal(compact=True)
    sys.stdout.flush()

    def stop(_signum, _frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()  # returns on Ctrl+C or SIGTERM, once its threads have stopped
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        app.extensions["table_camera"].close()
    print("Panel stopped; every confirmed hand is saved.", file=sys.stderr)
    return 0
