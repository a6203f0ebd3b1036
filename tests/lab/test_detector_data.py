"""The finder's training pictures: boxes must follow their tiles through any turn and zoom."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from lab import detector_data as data


def _one_tile_example() -> data.Example:
    image = np.full((384, 384, 3), 40, np.uint8)
    image[150:230, 170:230] = 235  # one light tile, 60 x 80, on dark felt
    boxes = np.array([[170, 150, 230, 230]], np.float32)
    return data.Example(image, boxes, np.zeros(1, np.int64), backs_labelled=False)


@pytest.mark.parametrize("seed", range(6))
def test_a_turned_zoomed_copy_keeps_its_box_around_its_tile(monkeypatch, seed):
    monkeypatch.setattr(data, "TURN_SHARE", 1.0)
    copy, _ = data.augment(_one_tile_example(), 320, np.random.default_rng(seed))
    if len(copy.boxes) == 0:
        pytest.skip("this copy's tile fell off the canvas")
    grey = copy.image.astype(float).mean(axis=2)
    ys, xs = np.nonzero(grey > (grey.max() + np.median(grey)) / 2)
    seen = np.array([xs.min(), ys.min(), xs.max() + 1, ys.max() + 1], float)
    x0, y0, x1, y1 = copy.boxes[0]
    inter = max(0, min(x1, seen[2]) - max(x0, seen[0])) * max(
        0, min(y1, seen[3]) - max(y0, seen[1])
    )
    union = (x1 - x0) * (y1 - y0) + (seen[2] - seen[0]) * (seen[3] - seen[1]) - inter
    assert inter / union > 0.8


def test_an_exported_finder_loads_back_into_the_network_exactly():
    torch = pytest.importorskip("torch")
    import onnxruntime

    from lab.train_detector import build_network, deployable, load_exported
    from vision.detector import DEFAULT_MODEL

    network = build_network()
    load_exported(network, DEFAULT_MODEL)
    picture = np.random.default_rng(0).integers(0, 255, (1, 128, 160, 3), dtype=np.uint8)
    with torch.no_grad():
        peaks, reach = deployable(network).eval()(torch.from_numpy(picture))
    session = onnxruntime.InferenceSession(str(DEFAULT_MODEL))
    want_peaks, want_reach = session.run(None, {session.get_inputs()[0].name: picture})
    assert np.allclose(peaks.numpy(), want_peaks, atol=1e-4)
    assert np.allclose(reach.numpy(), want_reach, rtol=1e-3, atol=1e-3)


def test_whole_tables_kept_for_training_carry_every_tile_inside_the_picture(tmp_path):
    path = tmp_path / "tables.npz"
    data.make_scenes(1, seed=5, path=path, whole_tables=True)
    (table,) = data.load_scenes(path)
    height, width = table.image.shape[:2]
    assert len(table.boxes) > 50, "a whole table: walls, standing hands, discards"
    assert (table.boxes[:, [0, 1]] >= -1).all()
    assert (table.boxes[:, 2] <= width + 1).all() and (table.boxes[:, 3] <= height + 1).all()
    assert set(table.kinds.tolist()) == {0, 1}, "faces and backs (walls, standing tiles)"
    assert table.backs_labelled and 20 <= table.tile_length <= 75


def test_a_tables_discards_can_be_left_out_of_the_loss(tmp_path):
    path = tmp_path / "tables.npz"
    data.make_scenes(1, seed=5, path=path, whole_tables=True)
    (taught,) = data.load_scenes(path)
    (untaught,) = data.load_scenes(path, untaught_discards=True)
    left_out = untaught.kinds == data.UNTAUGHT
    assert 10 <= left_out.sum() < len(untaught.kinds), "the pool of discards, nothing else"
    assert (taught.kinds[left_out] == 0).all(), "discards lie face up"
    assert (untaught.kinds[~left_out] == taught.kinds[~left_out]).all()
    side = (max(untaught.image.shape[:2]) // 32 + 1) * 32
    maps = data.targets(untaught, np.zeros((0, 4)), side)
    x0, y0, x1, y1 = untaught.boxes[left_out][0] / data.STRIDE
    cy, cx = int((y0 + y1) / 2), int((x0 + x1) / 2)
    assert maps["heat_weight"][:, cy, cx].max() == 0.0, "neither a tile nor felt is taught there"
    assert maps["heat"][0, cy, cx] < data.targets(taught, np.zeros((0, 4)), side)["heat"][0, cy, cx]
    assert maps["heat_weight"].mean() > 0.8, "everywhere else as before"


def test_a_pool_kept_before_discards_were_marked_is_refused_for_untaught_discards(tmp_path):
    path = tmp_path / "tables.npz"
    data.make_scenes(1, seed=5, path=path, whole_tables=True)
    kept = dict(np.load(path, allow_pickle=True))
    del kept["discards"]
    np.savez(path, **kept)
    assert len(data.load_scenes(path)) == 1, "still read as it was kept"
    with pytest.raises(ValueError, match="discards"):
        data.load_scenes(path, untaught_discards=True)


def _write_photo(folder, name: str, boxes: list[tuple[float, float, float, float]]) -> None:
    """A 640 x 640 photo of light tiles on felt and its YOLO labels (class 3: 1s)."""
    import cv2

    image = np.full((640, 640, 3), (40, 110, 40), np.uint8)
    lines = []
    for x0, y0, x1, y1 in boxes:
        image[int(y0) : int(y1), int(x0) : int(x1)] = 235
        cx, cy, w, h = (x0 + x1) / 1280, (y0 + y1) / 1280, (x1 - x0) / 640, (y1 - y0) / 640
        lines.append(f"3 {cx} {cy} {w} {h}")
    (folder / "images").mkdir(parents=True, exist_ok=True)
    (folder / "labels").mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "images" / f"{name}.jpg"), image)
    (folder / "labels" / f"{name}.txt").write_text("\n".join(lines) + "\n")


def test_photos_packed_to_travel_keep_the_clean_copies_their_boxes_and_sources(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("MAHJONG_SHARED", str(tmp_path))
    train = tmp_path / "datasets" / "chinese-mahjong-detection" / "train"
    row = [(100 + 70 * k, 300, 160 + 70 * k, 380) for k in range(4)]  # four tiles apart
    heap = [(100 + 30 * k, 300, 180 + 30 * k, 380) for k in range(4)]  # boxes grown over each other
    _write_photo(train, "a.rf.1", row)
    _write_photo(train, "a.rf.2", heap)  # a turned copy of a source that has a clean one
    _write_photo(train, "b.rf.1", heap)  # a source with no clean copy
    _write_photo(train, "b.rf.2", heap[:3])
    path = tmp_path / "pack.npz"

    data.pack_photos("train", path)
    kept, held = data.load_packed_photos(path)

    assert held == []
    assert sorted(e.source for e in kept) == ["a", "b"], "a's clean copy, b's least turned"
    clean = next(e for e in kept if e.source == "a")
    assert clean.image.shape == (data.CACHE_SIDE, data.CACHE_SIDE, 3)
    assert np.allclose(clean.boxes, np.array(row) * data.CACHE_SIDE / 640, atol=1)
    assert data.overlap_ratio(clean) < data.CLEAN_OVERLAP
    data.pack_photos("train", path, others=5)
    assert len(data.load_packed_photos(path)[0]) == 4, "the other copies too, when asked"


def test_scenes_drawn_by_several_workers_are_the_scenes_one_draws(tmp_path):
    one, two = tmp_path / "one.npz", tmp_path / "two.npz"
    data.make_scenes(2, seed=3, path=one)
    data.make_scenes(2, seed=3, path=two, workers=2)
    for a, b in zip(data.load_scenes(one), data.load_scenes(two), strict=True):
        assert np.array_equal(a.image, b.image) and np.array_equal(a.boxes, b.boxes)


def test_tables_kept_on_black_faces_are_the_same_tables_darker(tmp_path):
    light, dark = tmp_path / "light.npz", tmp_path / "dark.npz"
    data.make_scenes(1, seed=4, path=light, whole_tables=True, dark=False)
    data.make_scenes(1, seed=4, path=dark, whole_tables=True, dark=True)
    (a,), (b,) = data.load_scenes(light), data.load_scenes(dark)
    assert np.array_equal(a.boxes, b.boxes) and np.array_equal(a.kinds, b.kinds)
    faces = [box for box, kind in zip(a.boxes.astype(int), a.kinds, strict=True) if kind == 0]

    def brightness(image: np.ndarray) -> float:
        return float(np.median([image[y0:y1, x0:x1].mean() for x0, y0, x1, y1 in faces]))

    assert brightness(b.image) < 0.5 * brightness(a.image)


def test_tables_kept_for_a_low_camera_are_the_same_tables_with_the_far_side_smaller(tmp_path):
    overhead, low = tmp_path / "overhead.npz", tmp_path / "low.npz"
    data.make_scenes(1, seed=4, path=overhead, whole_tables=True)
    data.make_scenes(1, seed=4, path=low, whole_tables=True, low=True)
    (a,), (b,) = data.load_scenes(overhead), data.load_scenes(low)
    assert np.array_equal(a.kinds, b.kinds), "the same tiles, seen from elsewhere"
    height = a.image.shape[0]
    centre = (a.boxes[:, 1] + a.boxes[:, 3]) / 2
    far, near = centre < 0.3 * height, centre > 0.7 * height
    ratio = (b.boxes[:, 2] - b.boxes[:, 0]) / (a.boxes[:, 2] - a.boxes[:, 0])
    assert np.median(ratio[far]) < 0.95 * np.median(ratio[near])


def test_tables_kept_with_their_pool_tossed_are_the_same_tables_but_for_the_discards(tmp_path):
    rows, tossed = tmp_path / "rows.npz", tmp_path / "tossed.npz"
    data.make_scenes(1, seed=4, path=rows, whole_tables=True)
    data.make_scenes(1, seed=4, path=tossed, whole_tables=True, pool="tossed")
    (a,), (b,) = data.load_scenes(rows), data.load_scenes(tossed)
    laid = np.load(rows, allow_pickle=True)["discards"][0]
    thrown = np.load(tossed, allow_pickle=True)["discards"][0]
    assert np.array_equal(a.boxes[~laid], b.boxes[~thrown]), "the same hands, sets and walls"
    assert thrown.sum() and not np.array_equal(a.boxes[laid], b.boxes[thrown])
    assert not b.kinds[thrown].any(), "every tossed discard lies face up"


def test_workers_forked_after_opencv_ran_on_its_threads_start_and_work():
    # A training run reads its photos with OpenCV's threads, then forks its batch workers: they
    # once hung before the first batch. In a child process, so a hang cannot stall the suite.
    script = textwrap.dedent(
        """
        import cv2, numpy as np
        from lab import detector_data as data
        cv2.setNumThreads(2)
        cv2.resize(np.zeros((3000, 3000, 3), np.uint8), (1100, 1100), interpolation=cv2.INTER_AREA)
        with data.forked_workers(2) as pool:
            print(sum(pool.map(abs, [-1, -2, -3])))
        """
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "6", done.stderr


def test_a_run_timed_by_the_clock_warms_up_peaks_and_cools_down():
    from lab.train_detector import one_cycle

    rates = [one_cycle(f, 3e-3) for f in np.linspace(0, 1, 101)]
    assert rates[0] == pytest.approx(3e-3 / 25)
    assert max(rates) == pytest.approx(3e-3) and rates.index(max(rates)) == 5
    assert rates[-1] == pytest.approx(3e-3 / 1e4)
    assert all(a >= b for a, b in zip(rates[5:], rates[6:], strict=False)), "down all the way"


def test_an_epoch_kept_by_a_run_exports_a_finder_the_reader_takes(tmp_path):
    """A finder for whole tables may be chosen on other figures than the held-out photos': any
    epoch a run kept exports with the metadata the reader reads, and answers as its weights do."""
    torch = pytest.importorskip("torch")
    import json

    from lab.export_detector import main as export_main
    from lab.train_detector import build_network, load_exported
    from vision.detector import DEFAULT_MODEL, TileFinder

    run = tmp_path / "t9"
    run.mkdir()
    network = build_network()
    load_exported(network, DEFAULT_MODEL)
    torch.save(network.state_dict(), run / "epoch-3.pt")
    (run / "history.json").write_text(json.dumps([{"epoch": 3, "recall": 0.9, "minutes": 5}]))
    out = tmp_path / "chosen.onnx"
    assert export_main([str(run), "3", str(out)]) == 0
    chosen, shipped = TileFinder(out), TileFinder()
    assert (chosen.kinds, chosen.multiple, chosen.threshold) == (
        shipped.kinds,
        shipped.multiple,
        shipped.threshold,
    )
    held = json.loads(chosen.session.get_modelmeta().custom_metadata_map["held_out"])
    assert held == {"epoch": 3, "recall": 0.9}
    from vision.demo import demo_picture

    picture = demo_picture()
    ours = np.array([f.box for f in chosen.find(picture)], float).reshape(-1, 4)
    theirs = np.array([f.box for f in shipped.find(picture)], float).reshape(-1, 4)
    assert len(theirs) > 50 and ours.shape == theirs.shape and np.allclose(ours, theirs, atol=0.5)
    with pytest.raises(SystemExit):
        export_main([str(run), "4", str(out)])


def test_drawing_the_pools_alone_keeps_them_for_the_runs_started_after(tmp_path, monkeypatch):
    """On a lent GPU the scenes are drawn once with every core, then two runs side by side
    read them: `--draw-only` draws and stops, before any training (no torch needed)."""
    from lab import train_detector

    monkeypatch.setattr(train_detector, "RUNS", tmp_path / "runs")
    code = train_detector.main(["--draw-only", "--scenes", "2", "--tables", "1", "--workers", "1"])

    assert code == 0
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == [
        "scenes-2.npz",
        "tables-1.npz",
    ]
    (table,) = data.load_scenes(tmp_path / "runs" / "tables-1.npz")
    assert len(table.boxes) > 50, "a whole table"


def test_a_finder_with_its_head_at_an_eighth_trains_and_reads_at_that_stride(monkeypatch, tmp_path):
    """A faster finder (`--head-stride 8`) is taught at its own cells, starts from a finder with
    its head at 1/4, and exports a model whose boxes the reader maps back as the network meant."""
    torch = pytest.importorskip("torch")

    from lab.train_detector import build_network, deployable, export, load_exported, model_meta
    from vision.detector import DEFAULT_MODEL, TileFinder, decode, prepare

    monkeypatch.setattr(data, "STRIDE", 8)
    maps = data.targets(_one_tile_example(), np.zeros((0, 4)), 384)
    assert maps["heat"].shape == (2, 48, 48)
    assert maps["heat"][0, 190 // 8, 200 // 8] == 1.0, "the peak in the cell of the tile's centre"
    assert maps["box"][:, 190 // 8, 200 // 8].tolist() == [170, 150, 230, 230]

    network = build_network(head_stride=8)
    load_exported(network, DEFAULT_MODEL)  # a finder with its head at 1/4 loads as it is
    out = tmp_path / "eighth.onnx"
    export(network, out, model_meta({}, (0.5, 1.0), (18, 80), 8))
    finder = TileFinder(out)
    assert finder.session.get_modelmeta().custom_metadata_map["stride"] == "8"
    picture = np.random.default_rng(1).integers(0, 255, (256, 320, 3), dtype=np.uint8)
    prepared = prepare(picture, finder.pixels)
    peaks, reach = finder.infer(prepared.tensor)
    height, width = prepared.tensor.shape[1:3]
    assert peaks.shape == (2, height // 8, width // 8)
    assert reach.shape == (4, height // 8, width // 8)
    with torch.no_grad():
        want = deployable(network).eval()(torch.from_numpy(prepared.tensor.copy()))
    ours = decode(peaks, reach, prepared, 0.1, 0.5)
    theirs = decode(want[0][0].numpy(), want[1][0].numpy(), prepared, 0.1, 0.5)
    boxes = np.array([f.box for f in ours]).reshape(-1, 4)
    assert len(boxes) and np.allclose(boxes, [f.box for f in theirs], atol=0.05)
    assert (boxes[:, 2] <= 320).all() and (boxes[:, 3] <= 256).all(), "in the picture's pixels"
    with pytest.raises(ValueError):
        build_network(head_stride=2)
