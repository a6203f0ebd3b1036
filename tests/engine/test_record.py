"""The game record and `replay` (CONTRACT 5; RULINGS 17-19): seats, dealer, rounds, doubling,
the Horse Race, several winners, totals, and corrections by replaying."""

import copy

import pytest

import engine
from engine.seats import Wind
from engine.standings import Abortive, Outcome

SIMPLE = {"hand": "123m456p789p555z11m", "win_tile": "1m"}  # dragon pung, concealed: 2+ points
OPEN = {"hand": "123m456p11m", "win_tile": "1m", "melds": [
    {"kind": "pung", "tiles": "555z", "from": "N"}, {"kind": "pung", "tiles": "666z", "from": "W"}
]}  # fmt: skip


def drawn(player, hand=SIMPLE):
    return {"result": "win", "winner": player, "score": {**hand, "win": "self_draw"}}


def claimed(player, discarder, hand=SIMPLE):
    return {"result": "win", "winner": player, "discarder": discarder,
            "score": {**hand, "win": "discard"}}  # fmt: skip


def record(*hands, **fields):
    return {"rules": "standard", "options": {}, "horse_race": True,
            "players": ["Ji-ho", "Min-seo", "Seo-yeon", "Do-yun"], "hands": list(hands),
            **fields}  # fmt: skip


def play(*hands, **fields):
    standings = engine.replay(record(*hands, **fields))
    assert standings["ok"], standings
    return standings


def test_an_empty_record_is_the_first_hand_of_the_east_round():
    standings = play()
    assert standings == {"ok": True, "hands": [], "totals": [0, 0, 0, 0],
                         "horse_race": [3, 3, 3, 3], "dealer": 0, "round": "E",
                         "seats": {"E": 0, "S": 1, "W": 2, "N": 3}}  # fmt: skip


def test_the_dealer_keeps_the_deal_after_winning():
    standings = play(drawn(0), claimed(0, 2))
    assert [hand["dealer"] for hand in standings["hands"]] == [0, 0]
    assert standings["dealer"] == 0


def test_the_deal_passes_after_another_players_win_and_south_becomes_east():
    standings = play(claimed(2, 1))
    assert standings["dealer"] == 1
    assert standings["seats"] == {"E": 1, "S": 2, "W": 3, "N": 0}


def test_the_deal_passes_after_an_exhaustive_draw():
    assert play({"result": "draw"})["dealer"] == 1


@pytest.mark.parametrize("kind", ["nine_major", "four_winds", "triple_wins"])
def test_the_dealer_keeps_the_deal_after_an_abortive_draw(kind):
    standings = play({"result": "abortive", "kind": kind})
    assert standings["dealer"] == 0 and standings["hands"][0]["kind"] == kind


def test_the_round_wind_advances_when_the_deal_has_gone_round():
    draws = [{"result": "draw"}] * 4
    standings = play(*draws)
    assert [hand["round"] for hand in standings["hands"]] == ["E"] * 4
    assert standings["round"] == "S" and standings["dealer"] == 0
    assert play(*[{"result": "draw"}] * 8)["round"] == "W"
    assert play(*[{"result": "draw"}] * 16)["round"] == "E"  # after North, East again


def test_each_hand_is_scored_with_the_seats_and_round_it_was_played_in():
    # Player 1 is South at hand 1; after a draw the same player is East, the dealer.
    standings = play(claimed(1, 0), {"result": "draw"}, drawn(3))
    first, _, third = standings["hands"]
    assert first["seats"]["S"] == 1 and third["seats"]["E"] == 2
    assert first["payments"] == [-10, 10, 0, 0]
    assert third["payments"] == [-6, -6, -6, 18]


def test_totals_are_the_sums_of_payments_and_horse_payments():
    standings = play(drawn(0), claimed(2, 1), drawn(3))
    for player in range(4):
        assert standings["totals"][player] == sum(
            hand["payments"][player] + hand["horse_payments"][player] for hand in standings["hands"]
        )
    assert sum(standings["totals"]) == 0


def test_only_the_first_winner_in_turn_order_after_the_discarder_collects():
    wins = {"result": "wins", "discarder": 1, "winners": [
        {"winner": 0, "score": SIMPLE}, {"winner": 3, "score": SIMPLE}]}  # fmt: skip
    hand = play(wins)["hands"][0]
    assert [(w["player"], w["collects"]) for w in hand["winners"]] == [(0, False), (3, True)]
    assert hand["payments"] == [0, -10, 0, 10]


def test_with_multiple_winners_each_collects_and_a_collecting_dealer_keeps_the_deal():
    wins = {"result": "wins", "discarder": 1, "winners": [
        {"winner": 0, "score": SIMPLE}, {"winner": 3, "score": SIMPLE}]}  # fmt: skip
    standings = play(wins, options={"multiple_winners": True})
    assert standings["hands"][0]["payments"] == [10, -20, 0, 10]
    assert standings["dealer"] == 0
    assert play(wins)["dealer"] == 1  # without the option the dealer did not collect


def test_three_winners_are_triple_wins_and_the_next_hands_payments_double():
    triple = {
        "result": "wins",
        "discarder": 1,
        "winners": [
            {"winner": 0, "score": {}},
            {"winner": 2, "score": {}},
            {"winner": 3, "score": {}},
        ],
    }
    standings = play(triple, drawn(2))
    first, second = standings["hands"]
    assert first["kind"] == "triple_wins" and first["payments"] == [0, 0, 0, 0]
    assert standings["hands"][1]["doubled"] and second["payments"] == [-12, -12, 36, -12]
    assert first["dealer"] == second["dealer"] == 0


def test_a_draw_after_triple_wins_carries_nothing_over():
    standings = play({"result": "abortive", "kind": "triple_wins"}, {"result": "draw"}, drawn(1))
    assert not standings["hands"][2]["doubled"]
    assert standings["hands"][2]["payments"] == [-6, 18, -6, -6]


def test_the_horse_race_doubling_never_touches_horse_payments():
    standings = play(drawn(1), drawn(1), {"result": "abortive", "kind": "triple_wins"}, drawn(1))
    last = standings["hands"][-1]
    assert last["doubled"] and last["payments"] == [-12, 36, -12, -12]
    assert last["horse_payments"] == [-4, 12, -4, -4]


def test_the_horse_race_finish_pays_two_or_four_and_resets_every_counter():
    standings = play(drawn(0), drawn(1), drawn(1), drawn(1))
    counters = [hand["horse_race"] for hand in standings["hands"]]
    assert counters == [[2, 3, 3, 3], [2, 2, 3, 3], [2, 1, 3, 3], [3, 3, 3, 3]]
    assert standings["hands"][-1]["horse_payments"] == [-2, 10, -4, -4]
    assert standings["horse_race"] == [3, 3, 3, 3]


def test_only_concealed_self_drawn_wins_remove_counters():
    standings = play(claimed(0, 1), drawn(0, OPEN))
    assert standings["horse_race"] == [3, 3, 3, 3]


def test_without_the_horse_race_no_counter_moves():
    standings = play(drawn(1), drawn(1), drawn(1), horse_race=False)
    assert standings["horse_race"] == [3, 3, 3, 3]
    assert all(hand["horse_payments"] == [0, 0, 0, 0] for hand in standings["hands"])


def test_changing_a_past_hand_and_replaying_gives_the_right_table():
    hands = [claimed(2, 1), drawn(1), {"result": "draw"}, drawn(3)]
    before = play(*hands)
    assert [h["dealer"] for h in before["hands"]] == [0, 1, 1, 2]
    corrected = copy.deepcopy(hands)
    corrected[0] = drawn(0)  # the dealer won hand 1, so the deal stayed
    after = play(*corrected)
    assert [h["dealer"] for h in after["hands"]] == [0, 0, 1, 2]
    assert after["hands"][1]["payments"] == [-6, 18, -6, -6]
    deleted = play(*hands[1:])
    assert [h["dealer"] for h in deleted["hands"]] == [0, 1, 2]
    assert deleted["totals"] != before["totals"]
    assert play(*hands) == before  # replaying is a pure fold


@pytest.mark.parametrize(
    ("hands", "index", "words"),
    [
        ([{"result": "win", "winner": 4, "score": SIMPLE}], 0, "player number 0 to 3"),
        ([{"result": "draw"}, {"result": "tie"}], 1, "result must be one of"),
        ([{"result": "abortive", "kind": "boredom"}], 0, "abortive draw's kind"),
        ([{"result": "win", "winner": 1, "score": {**SIMPLE, "win": "discard"}}], 0,
         "discarder must be a player"),
        ([{"result": "win", "winner": 1, "discarder": 1, "score": {**SIMPLE, "win": "discard"}}],
         0, "own discard"),
        ([{"result": "win", "winner": 1, "score": {**SIMPLE, "win": "self_draw", "seat": "E"}}],
         0, "leave seat out"),
        ([drawn(0), {"result": "win", "winner": 1, "score": {"hand": "123m", "win_tile": "1m",
                                                              "win": "self_draw"}}],
         1, "Hand 2, Min-seo's hand: The hand has 3 tiles"),
        ([claimed(0, 1, {"hand": "123m456m789p123p55p", "win_tile": "3p"})], 0, "does not win"),
        ([{"result": "wins", "discarder": 0, "winners": [{"winner": 1, "score": SIMPLE}]}], 0,
         "two or three winners"),
        ([{"result": "wins", "discarder": 0, "winners": [{"winner": 0, "score": SIMPLE},
                                                         {"winner": 1, "score": SIMPLE}]}],
         0, "discarder cannot also be a winner"),
        ([{"result": "wins", "discarder": 0, "winners": [
            {"winner": 1, "score": SIMPLE},
            {"winner": 2, "score": {**SIMPLE, "win": "self_draw"}}]}],
         0, "all win on the one discard"),
        (["draw"], 0, "must be an object"),
    ],
)  # fmt: skip
def test_bad_hands_name_the_hand_at_fault(hands, index, words):
    answer = engine.replay(record(*hands))
    assert answer["ok"] is False and answer["hand"] == index
    assert words in answer["error"], answer["error"]


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("not a record", "A record is a JSON object"),
        ({"rules": "riichi", "hands": []}, "rules must be one of"),
        ({"options": {"dora": True}, "hands": []}, "no house option 'dora'"),
        ({"horse_race": "yes", "hands": []}, "horse_race must be true or false"),
        ({"players": ["a", "b"], "hands": []}, "four players"),
        ({"hands": {"0": {}}}, "hands must be a list"),
    ],
)
def test_bad_records_answer_without_a_hand_index(bad, words):
    answer = engine.replay(bad)
    assert answer["ok"] is False and answer["hand"] is None
    assert words in answer["error"]


@pytest.mark.parametrize("options", [[], "pin_specials", 3, True])
@pytest.mark.parametrize("table_options", [{}, {"pin_specials": True}])
def test_a_hands_options_that_are_not_an_object_get_a_sentence(options, table_options):
    hand = drawn(0, {**SIMPLE, "options": options})
    answer = engine.replay(record(hand, options=table_options))
    assert answer["ok"] is False and answer["hand"] == 0
    assert "options must be an object" in answer["error"]


def test_a_huge_winning_tile_is_refused_with_its_code_and_field():
    hand = drawn(0, {**SIMPLE, "win_tile": " " * 5_000_000 + "1m"})
    answer = engine.replay(record(hand))
    assert answer["ok"] is False and answer["hand"] == 0
    assert answer["code"] == "too_long" and answer["params"]["field"] == "win_tile"


def test_a_huge_name_and_too_many_hands_are_refused():
    long_name = engine.replay(record(players=["x" * 10_000, "b", "c", "d"]))
    assert long_name["code"] == "too_long" and long_name["params"]["field"] == "players[0]"
    many = engine.replay(record(*[{"result": "draw"}] * 1001))
    assert many["code"] == "too_many" and many["params"] == {
        "field": "hands",
        "count": 1001,
        "limit": 1000,
    }


def test_the_typed_standings_are_the_answer_replay_gives():
    hands = (claimed(2, 1), drawn(1), {"result": "abortive", "kind": "four_winds"})
    standings = engine.play(record(*hands))
    assert standings.to_json() == engine.replay(record(*hands))
    first = standings.hands[0]
    assert first.result is Outcome.WIN and first.collecting == [2]
    assert first.seating.wind_of(2) is Wind.WEST
    assert standings.hands[2].kind is Abortive.FOUR_WINDS
    assert standings.next.seats == (1, 2, 3, 0)


def test_a_hand_that_does_not_win_keeps_its_answer_and_the_table_before_it():
    # Below the minimum: the replay stops there, but says how the hand scored and where it sat.
    cheap = {"hand": "123m234m567p99p", "win_tile": "9p",
             "melds": [{"kind": "pung", "tiles": "888p", "from": "S"}]}  # fmt: skip
    standings = engine.play(record(claimed(2, 1), claimed(3, 0, cheap), drawn(0)))
    assert not standings.ok and len(standings.hands) == 1
    fault = standings.fault
    assert fault.hand == 1 and fault.seating.dealer == 1
    (winner,) = fault.winners
    assert winner.player == 3 and winner.answer.reason == "below_minimum"
    assert fault.to_json() == engine.replay(record(claimed(2, 1), claimed(3, 0, cheap)))


def test_a_hand_below_the_minimum_names_the_player_who_holds_it():
    """The third player (index 2) is Seo-yeon: the sentence names her, never "player 2"."""
    weak = claimed(2, 1, {"hand": "123m456m789p123p55p", "win_tile": "3p"})
    answer = engine.replay(record(weak))
    assert answer["code"] == "hand_below_minimum" and answer["hand"] == 0
    assert answer["params"]["player"] == 2
    assert answer["error"].startswith("Hand 1: Seo-yeon's hand does not win")
    unnamed = engine.replay({**record(weak), "players": None})
    assert unnamed["error"].startswith("Hand 1: player 3's hand does not win")


def test_a_refusal_inside_a_hand_keeps_the_requests_code_and_says_whose_hand():
    bamboo = claimed(1, 0, {"hand": "123s456p789p555z11m", "win_tile": "1m"})
    answer = engine.replay(record(bamboo))
    assert answer["code"] == "bamboo_tile"
    assert answer["params"] == {"in_hand": 1, "tile": "1s", "of_player": 1}
    assert answer["error"] == (
        "Hand 1, Min-seo's hand: 1s: bamboo tiles are not used in Korean mahjong."
    )


def test_a_seat_named_in_a_hands_refusal_is_the_player_sitting_there():
    """After a draw the deal has passed: Seo-yeon (player 2) is South in hand 2."""
    own = claimed(2, 0, {"hand": "123m456p789p11m", "win_tile": "1m",
                         "melds": [{"kind": "pung", "tiles": "555z", "from": "S"}]})  # fmt: skip
    answer = engine.replay(record({"result": "draw"}, own))
    assert answer["code"] == "meld_from_winner" and answer["seats"]["S"] == 2
    assert "claimed from Seo-yeon, the winner's own seat" in answer["error"]
