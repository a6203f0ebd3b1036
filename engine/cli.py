"""Commands of the rules engine: `mahjong-table score [FILE] [--json]` (CONTRACT sections 2 and 4).

The request is JSON, from the file or from standard input. With `--json` the answer is printed as
JSON; without it, as a summary a player reads. Exit status 0 for an answer with `"ok": true`, 2 for
`"ok": false` (bad JSON and unreadable files included: they answer `ok: false` too).
"""

from __future__ import annotations

import json
import sys

from engine.answer import error_json
from engine.errors import RequestError


def register(commands) -> None:
    score = commands.add_parser(
        "score",
        help="score one hand (a JSON request, CONTRACT section 2)",
        description="Score one winning hand by the Korean 2-Point rules. The request is JSON "
        "(see CONTRACT section 2), read from FILE or from standard input.",
    )
    score.add_argument("request", nargs="?", metavar="FILE", help="a JSON file (default: stdin)")
    score.add_argument("--json", action="store_true", help="print the answer as JSON")
    score.set_defaults(handler=run_score)


def run_score(args) -> int:
    answer = answer_for(args.request)
    if args.json:
        text = json.dumps(answer, ensure_ascii=False, indent=2)
        if not _is_unicode(text):  # half a UTF-16 pair from the request, quoted: escape it
            text = json.dumps(answer, indent=2)
    else:
        text = summary(answer).encode("utf-8", "backslashreplace").decode("utf-8")
    print(text)
    return 0 if answer.get("ok") else 2


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read(path: str | None) -> str:
    """The request's text; bytes that are not UTF-8 raise UnicodeDecodeError."""
    if path is None or path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        return sys.stdin.read() if stream is None else stream.read().decode("utf-8")
    with open(path, "rb") as file:
        return file.read().decode("utf-8")


def answer_for(path: str | None) -> dict:
    """Read the request and score it; every failure is an `ok: false` answer, never a traceback."""
    from engine import score

    source = "stdin" if path is None or path == "-" else path
    try:
        text = _read(path)
    except UnicodeDecodeError as error:
        byte = f"{error.object[error.start]:#04x}"
        return _refusal("not_utf8", source=source, byte=byte, position=error.start)
    except OSError as error:
        return _refusal("cannot_read", path=path, reason=str(error.strerror or error))
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        return _refusal(
            "not_json", source=source, reason=error.msg, line=error.lineno, column=error.colno
        )
    except RecursionError:
        return _refusal("nested_too_deep", source=source)
    except ValueError:  # a number of more digits than Python reads (4,300)
        return _refusal("number_too_long", source=source)
    return score(request)


def _refusal(code: str, **params) -> dict:
    return error_json(RequestError(code, None, **params))


def summary(answer: dict) -> str:
    """The answer as a few lines for a person at the table."""
    if not answer.get("ok"):
        field = f" [{answer['field']}]" if answer.get("field") else ""
        return f"Cannot score this hand{field}: {answer['error']}"
    lines = []
    if answer["winning"]:
        lines.append(
            f"Winning hand: {answer['total']} points "
            f"(basic {answer['basic']} + bonus {answer['bonus']})"
        )
    elif answer["reason"] == "not_complete":
        return "Not a winning hand: the tiles do not make four sets and a pair, or seven pairs."
    else:
        lines.append(
            f"Not a winning hand: {answer['basic']} basic point(s), below the 2-point minimum "
            "(bonus points do not count toward it)."
        )
    width = max((len(y["name"]) + len(y["name_ko"]) for y in answer["yaku"]), default=0) + 4
    for yaku in answer["yaku"]:
        label = f"{yaku['name']} {yaku['name_ko']}"
        times = f"  x{yaku['count']}" if yaku["count"] > 1 else ""
        lines.append(f"  {label:<{width}} {yaku['points']:>3}  {yaku['kind']}{times}")
    if answer["sets"]:
        sets = " ".join(s["tiles"] + ("" if s["concealed"] else "*") for s in answer["sets"])
        lines.append(f"Sets: {sets}   (* claimed)   wait: {answer['wait'].replace('_', '-')}")
    if answer["winning"]:
        pays = ", ".join(
            f"{seat} {amount:+d}" if amount else f"{seat} 0"
            for seat, amount in answer["payments"].items()
        )
        lines.append(f"Payments: {pays}")
    return "\n".join(lines)
