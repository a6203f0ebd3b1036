"""`python -m engine.bench`: hands per second of `engine.score` beside the `mahjong` library.

Both sides score the same random complete hands (concealed and open, self-draw and discard,
honours, flowers, declarations and situations), one pass over each batch of hands; every round
uses a fresh batch, so no answer is reused. Requests are turned into the library's inputs before
the clock starts. The library is the riichi `mahjong` package (a test dependency); its
`HandCalculator` does the comparable work: split the hand every way, find the scoring hands of each
reading, keep the best. Figures on a busy machine are noisy; the ratio within one run is the
figure to read.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from engine import score
from engine.randomhands import random_request
from engine.tiles import tile_indices

_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
# CPU time of this process: on a shared machine it is far steadier than the wall clock, and both
# sides are measured the same way. `--wall` times by the wall clock instead.
_clock = time.process_time


def library_inputs(request: dict):
    """The hand as `HandCalculator.estimate_hand_value` takes it: tiles, winning tile, melds,
    config."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    taken = [0] * 34

    def take(tile: int) -> int:  # the library counts copies: 136 ids, four per kind
        taken[tile] += 1
        return tile * 4 + taken[tile] - 1

    hand = [take(tile) for tile in tile_indices(request["hand"])]
    win_kind = tile_indices(request["win_tile"])[0]
    win_tile = next(tile for tile in hand if tile // 4 == win_kind)
    tiles, melds = list(hand), []
    meld_type = {"pung": Meld.PON, "kong": Meld.KAN, "added_kong": Meld.SHOUMINKAN}
    for meld in request.get("melds", []):
        ids = [take(tile) for tile in tile_indices(meld["tiles"])]
        tiles += ids
        kind = meld["kind"]
        melds.append(Meld(meld_type.get(kind, Meld.KAN), ids, opened=kind != "concealed_kong"))
    self_draw = request["win"] == "self_draw"
    situations = set(request.get("situations", []))
    dealer = request["seat"] == "E"
    first = "first_turn" in situations
    config = HandConfig(
        is_tsumo=self_draw,
        is_riichi=request.get("declared", "none") in ("uper", "buller"),
        is_daburu_riichi=request.get("declared", "none").startswith("buji"),
        is_rinshan="win_on_kong" in situations,
        is_chankan="robbing_kong" in situations,
        is_haitei="last_tile" in situations and self_draw,
        is_houtei="last_tile" in situations and not self_draw,
        is_tenhou=first and dealer and self_draw,
        is_chiihou=first and not dealer and self_draw,
        is_renhou=first and not dealer and not self_draw,
        player_wind=_WIND_INDEX[request["seat"]],
        round_wind=_WIND_INDEX[request["round"]],
    )
    return tiles, win_tile, melds, config


def _time_engine(requests: list[dict]) -> float:
    start = _clock()
    for request in requests:
        score(request)
    return len(requests) / (_clock() - start)


def _time_library(inputs: list) -> float:
    from mahjong.hand_calculating.hand import HandCalculator

    estimate = HandCalculator.estimate_hand_value
    start = _clock()
    for tiles, win_tile, melds, config in inputs:
        estimate(tiles, win_tile, melds=melds, config=config)
    return len(inputs) / (_clock() - start)


def _warm_up(seed: int) -> None:
    """Load the modules and score a hand with each choice of `pin_specials`, before any clock runs.

    Every ruleset is built at import, whatever the hand; no answer is kept. The library gets the
    same courtesy (its imports).
    """
    rng = random.Random(seed - 1)
    for pin_specials in (False, True):
        request = random_request(rng, "standard")
        request["options"] = {"pin_specials": True} if pin_specials else {}
        score(request)
    from mahjong.hand_calculating.hand import HandCalculator

    HandCalculator.estimate_hand_value(*library_inputs(request)[:2])


def run(hands: int = 2000, rounds: int = 5, seed: int = 2024, out=sys.stdout) -> dict:
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print("The `mahjong` library is not installed: pip install mahjong==2.1.0", file=out)
        return {}
    rng = random.Random(seed)
    _warm_up(seed)
    ours, theirs = [], []
    for number in range(1, rounds + 1):
        requests = [random_request(rng, "standard") for _ in range(hands)]
        inputs = [library_inputs(request) for request in requests]
        if number % 2:
            ours.append(_time_engine(requests))
            theirs.append(_time_library(inputs))
        else:
            theirs.append(_time_library(inputs))
            ours.append(_time_engine(requests))
        print(
            f"round {number}/{rounds}: engine.score {ours[-1]:9,.0f} hands/s   "
            f"mahjong HandCalculator {theirs[-1]:9,.0f} hands/s   "
            f"ratio {ours[-1] / theirs[-1]:.2f}x",
            file=out,
            flush=True,
        )
    result = {
        "hands": hands,
        "rounds": rounds,
        "engine_hands_per_s": statistics.median(ours),
        "library_hands_per_s": statistics.median(theirs),
    }
    result["ratio"] = result["engine_hands_per_s"] / result["library_hands_per_s"]
    print(
        f"median of {rounds} rounds of {hands:,} random complete hands: "
        f"engine.score {result['engine_hands_per_s']:,.0f} hands/s, "
        f"mahjong {result['library_hands_per_s']:,.0f} hands/s, "
        f"ratio {result['ratio']:.2f}x (target: at least 3x)",
        file=out,
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands in each batch (2000)")
    parser.add_argument("--rounds", type=int, default=5, help="batches, each fresh (5)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    args = parser.parse_args(argv)
    if args.wall:
        global _clock
        _clock = time.perf_counter
    run(args.hands, args.rounds, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
