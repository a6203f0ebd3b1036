"""The Korean 2-Point Mahjong rules engine: tiles, hand analysis, scoring, payments, game record.

Pure Python; imports nothing from `vision` or `webui`. The public surface (kept stable):

- `score(request) -> answer` (CONTRACT 2) and `replay(record) -> standings` (CONTRACT 5), whose
  typed form `play(record) -> engine.standings.Standings` the panel reads;
- `waits(hand13, melds=(), rules="standard", options=None) -> list[str]`;
- `settle(totals) -> list[tuple[payer, payee, amount]]`, the fewest transfers;
- tiles: `parse_tiles`, `format_tiles`, `TILE_CODES` (every code of CONTRACT 1), `KOREAN_TILES`
  (the Korean set: characters, dots, honours, flowers 1f-4f; for a tile picker), `SEASON_TILES`;
- `HOUSE_OPTIONS` (the standard profile's options with their choices, default first) and
  `house_options(profile)`; `PROFILES`;
- `RequestError` (a `ValueError` with a `code`, its `params` and the `field`), raised by the
  helpers; `engine.messages.say(code, params, lang)` renders a refusal in English or Korean from
  the engine's gettext catalogs (`docs/messages.md`).
"""

from engine.errors import RequestError
from engine.record import play, replay
from engine.rules import PROFILES, house_options
from engine.scoring import score
from engine.settlement import settle
from engine.tiles import KOREAN_TILES, SEASON_TILES, TILE_CODES, format_tiles, parse_tiles
from engine.waits import waits

HOUSE_OPTIONS = house_options("standard")

__all__ = [
    "HOUSE_OPTIONS",
    "KOREAN_TILES",
    "PROFILES",
    "RequestError",
    "SEASON_TILES",
    "TILE_CODES",
    "format_tiles",
    "house_options",
    "parse_tiles",
    "play",
    "replay",
    "score",
    "settle",
    "waits",
]
