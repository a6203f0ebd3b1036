"""The reader benchmark times the reader that ships, set as it sets itself."""

from __future__ import annotations

from types import SimpleNamespace

from lab.bench_reader import _Timed


def test_the_timed_finder_answers_the_readers_questions_as_the_finder_itself():
    finder = SimpleNamespace(threshold=0.3, back_threshold=0.15, find=lambda bgr: ["tile"])
    stages: dict[str, list[float]] = {}
    timed = _Timed(finder, "finding", stages)
    assert timed.threshold == 0.3 and timed.back_threshold == 0.15
    assert timed.find(None) == ["tile"] and len(stages["finding"]) == 1


def test_precision_checked_leaves_out_a_face_found_on_a_tile_the_photo_does_not_label():
    import numpy as np

    from lab.bench_reader import Tally

    tally = Tally("reader")
    truth = np.array([[0.0, 0.0, 30.0, 40.0]])
    found = [(0.0, 0.0, 30.0, 40.0), (100.0, 0.0, 130.0, 40.0), (300.0, 0.0, 330.0, 40.0)]
    tally.add(found, ["1m", "2m", "3m"], truth, ["1m"], 0.01, np.array([[115.0, 20.0]]))
    row = dict(zip(["name", "found", "named", "precision", "checked"], tally.row(), strict=False))
    assert (row["precision"], row["checked"]) == ("33.3%", "50.0%")  # felt at 300 still counts


def test_the_timed_reader_reads_a_whole_table_as_the_reader_itself():
    """The benchmark's reader wraps the finder and the classifier to time them; the reader asks
    them what it asks the real ones (a whole table's flowers: `over_table`)."""
    import numpy as np

    from datasets.table import full_table
    from lab.bench_reader import Tally, our_reader
    from vision.reader import TileReader

    scene = full_table(np.random.default_rng([11, 0]), style="glyph-imahjong-jp")
    tally = Tally("reader")
    boxes, codes = our_reader(tally)(scene.image)
    reading = TileReader().read(scene.image)
    faces = [t for t in reading.tiles if t.code != "back"]
    assert codes == [t.code for t in faces] and len(codes) > 40
    assert tally.stages["finding"] and tally.stages["naming"]


def test_the_timed_reader_reads_a_table_turned_askew_as_the_reader_itself():
    """Rows 20 degrees off the picture's axes: the reader turns the picture square and asks the
    finder to look at the turned copy around the tiles it saw first, through the wrapper too."""
    import numpy as np

    from datasets.table import full_table
    from lab.bench_reader import Tally, our_reader
    from vision.reader import TileReader

    scene = full_table(np.random.default_rng([93, 19]), lighting="neutral", turn=20.0)
    tally = Tally("reader")
    boxes, codes = our_reader(tally)(scene.image)
    reading = TileReader().read(scene.image)
    assert codes == [t.code for t in reading.tiles if t.code != "back"] and len(codes) > 40


def test_the_timed_reader_holds_every_finder_the_reader_loads_itself():
    """The closer finder (a hand's last closer look), the level finder (a low camera's
    picture made level) and the pool finder (a frame's discards) are the reader's as well,
    loaded once: a benchmark without them timed and scored another reader than the one that
    ships."""
    from lab.bench_reader import Tally, our_reader
    from vision.detector import CLOSER_MODEL, LEVEL_MODEL, POOL_MODEL

    timed = our_reader(Tally("reader")).reader
    assert CLOSER_MODEL.is_file() and LEVEL_MODEL.is_file() and POOL_MODEL.is_file()  # all ship
    closer, level = timed.closer.finder, timed.level.finder
    assert isinstance(closer, _Timed) and isinstance(level, _Timed)
    assert len({id(timed.finder.inner), id(closer.inner), id(level.inner)}) == 3
    assert closer.table_session is timed.finder.table_session is level.table_session
    assert closer.pool_session is timed.finder.pool_session is level.pool_session
    assert timed.finder.pool_session is not timed.finder.table_session, "the pool's own finder"
