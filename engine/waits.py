"""`waits(hand13, melds)`: the tiles that would complete a hand, for uper and buller help, the
sacred-discard rule and the panel's hints.

A wait here is a tile that makes the shape complete (four sets and a pair, or seven pairs); whether
the completed hand also reaches the 2-point minimum is `score`'s question. A tile the player
already holds all four of is no wait.
"""

from __future__ import annotations

from engine.analysis import MELD_SIZE, waits_of
from engine.errors import RequestError, quote_value
from engine.fields import check_tile, read_meld
from engine.rules import ruleset
from engine.tiles import KINDS, TILE_CODES, tile_indices


def waits(hand13: str, melds=(), rules: str = "standard", options: dict | None = None) -> list[str]:
    """Tile codes that complete `hand13` (the standing tiles before the winning tile), in order.

    `melds` are the sets laid down, as in a scoring request (`{"kind", "tiles", "from"}`). Bad
    input raises `RequestError` (a `ValueError`) whose message names the fault.
    """
    ruleset(rules, options)  # the profile and options must exist, as for a scoring request
    if melds is None:
        melds = ()
    if not isinstance(melds, (list, tuple)):
        raise RequestError("melds_not_list", "melds", value=quote_value(melds))
    laid = [read_meld(entry, number, None) for number, entry in enumerate(melds, start=1)]
    tiles = tile_indices(hand13, "hand")
    for tile in tiles:
        check_tile(tile, "hand")
    expected = 13 - 3 * len(laid)
    if len(tiles) != expected or len(laid) > 4:
        raise RequestError(
            "waiting_hand_size", "hand", count=len(tiles), sets=len(laid), expected=expected
        )
    standing = [0] * KINDS
    for tile in tiles:
        standing[tile] += 1
    held = list(standing)
    for meld in laid:
        held[meld.tile] += MELD_SIZE[meld.kind]
    for tile, n in enumerate(held):
        if n > 4:
            raise RequestError("fifth_tile", "hand", tile=TILE_CODES[tile], count=n)
    return [TILE_CODES[tile] for tile in waits_of(standing, len(laid), held)]
