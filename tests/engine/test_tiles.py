"""Tile notation (CONTRACT section 1): parsing, formatting, round trips, the errors players see."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import tiles
from engine.errors import RequestError
from engine.tiles import TILE_CODES


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("123m456p11z", ["1m", "2m", "3m", "4p", "5p", "6p", "1z", "1z"]),
        ("1 2 3m  4p", ["1m", "2m", "3m", "4p"]),
        ("5z6z7z", ["5z", "6z", "7z"]),
        ("13f", ["1f", "3f"]),
        ("5678f", ["5f", "6f", "7f", "8f"]),
        ("9s", ["9s"]),
        ("1m back 2m", ["1m", "back", "2m"]),
        ("", []),
    ],
)
def test_runs_parse_into_codes(text, codes):
    assert engine.parse_tiles(text) == codes


@pytest.mark.parametrize(
    ("codes", "text"),
    [
        (["1m", "2m", "3m", "4p", "1z", "1z"], "123m4p11z"),
        (["1m", "1p", "2m"], "1m1p2m"),
        (["back", "3z"], "back3z"),
        ([], ""),
    ],
)
def test_codes_format_into_runs(codes, text):
    assert engine.format_tiles(codes) == text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0m", "0m is not a tile: characters run from 1m to 9m"),
        ("8z", "8z is not a tile: honours run from 1z to 7z"),
        ("9f", "9f is not a tile: flowers run from 1f to 8f"),
        ("123", "the numbers '123' have no suit letter"),
        ("m", "the letter 'm' has no number before it"),
        ("1x", "'x' is not part of a tile code"),
        ("1m!", "'!' is not part of a tile code"),
    ],
)
def test_bad_runs_get_a_sentence_naming_the_fault(text, words):
    with pytest.raises(RequestError) as error:
        engine.parse_tiles(text)
    assert words in str(error.value)


def test_a_number_where_text_goes_is_a_sentence_not_a_traceback():
    with pytest.raises(RequestError, match="must be tiles written as text"):
        engine.parse_tiles(5)


def test_the_korean_set_has_no_bamboo_and_its_four_flowers():
    assert len(engine.KOREAN_TILES) == 18 + 7 + 4
    assert not any(code.endswith("s") for code in engine.KOREAN_TILES)
    assert engine.SEASON_TILES == ("5f", "6f", "7f", "8f")
    assert set(engine.KOREAN_TILES) < set(engine.TILE_CODES)


@given(st.lists(st.sampled_from(TILE_CODES), max_size=30))
def test_parse_of_format_gives_back_the_codes(codes):
    assert engine.parse_tiles(engine.format_tiles(codes)) == codes


@given(st.lists(st.sampled_from([c for c in TILE_CODES if c != "back"]), max_size=20))
def test_format_of_parse_is_the_grouped_run(codes):
    text = engine.format_tiles(codes)
    assert engine.format_tiles(engine.parse_tiles(text)) == text


def _parsed(parse, text):
    try:
        return parse(text, "hand")
    except RequestError as error:
        return (error.code, error.params)


@given(st.text(alphabet="0123456789mpszf bak", max_size=16))
def test_the_quick_parser_reads_every_text_as_the_careful_one_does(text):
    """The quick loop (read backwards) and the careful parser that words errors agree on every
    text: the same tiles in the same order, or the same refusal."""
    assert _parsed(tiles.tile_indices, text) == _parsed(tiles._parse_slowly, text)
    counted = _parsed(tiles.tile_counts, text)
    indices = _parsed(tiles.tile_indices, text)
    if isinstance(indices, list):
        assert list(counted) == [indices.count(kind) for kind in range(43)]
    else:
        assert counted == indices
