"""The one error the panel answers with, and the one handler that renders it.

A `Refusal` carries a code, its params, the field at fault and the HTTP status; `render` turns it
into CONTRACT's shape (`ok`, `error`, `field`, `code`, `params`, and `hand` for a record) with the
sentence in the request's language. The panel's own refusals use its catalog; the engine's and the
reader's keep their code and params and are rendered from their own catalogs.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import g, jsonify

from webui import i18n


class Refusal(Exception):
    """`raise Refusal("wrong_pin", status=403, field="pin")`: a code of the panel's catalog (or,
    with `domain`, of the engine's or the reader's), the values its sentence names, the field at
    fault and the HTTP status. `players` (and `seats`, wind -> player) name the players a record's
    refusal mentions."""

    def __init__(
        self,
        code: str,
        /,
        status: int = 400,
        field: str | None = None,
        domain: str = "messages",
        hand: int | None = None,
        players: Sequence[str] = (),
        seats: dict[str, int] | None = None,
        **params,
    ):
        super().__init__(code)
        if field is not None and domain == "messages":
            params = {"field": field} | params  # the panel's sentences name the field as given
        self.code, self.status, self.field, self.params = code, status, field, params
        self.domain, self.hand, self.players, self.seats = domain, hand, players, seats

    @classmethod
    def by_engine(cls, answer: dict, players: Sequence[str] = (), status: int = 400) -> Refusal:
        """The engine's refusal (of a request or a record), kept with its code and params."""
        refusal = cls(
            answer.get("code") or "",
            status=status,
            field=answer.get("field"),
            domain="engine",
            hand=answer.get("hand"),
            players=players,
            seats=answer.get("seats"),
        )
        refusal.params = dict(answer.get("params") or {})  # they may name a `field` of their own
        return refusal

    def sentence(self, lang: str) -> str:
        params = dict(self.params)
        why = params.get("why")
        if self.domain == "messages" and isinstance(why, str) and why in i18n.TEXT:
            params["why"] = i18n.say(why, lang)  # a short reason of the panel's, by its key
        answer = {"code": self.code, "params": params}
        return i18n.refusal(answer, lang, self.players, self.domain, self.seats)


def render(refusal: Refusal):
    """The refusal as JSON in the request's language, with its HTTP status."""
    body = {
        "ok": False,
        "error": refusal.sentence(g.get("lang", "en")),
        "code": refusal.code,
        "params": refusal.params,
    }
    if refusal.field:
        body["field"] = refusal.field
    if refusal.hand is not None:
        body["hand"] = refusal.hand
    return jsonify(body), refusal.status
