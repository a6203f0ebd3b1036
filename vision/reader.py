"""`TileReader`: a picture of the table -> a `Reading` (tiles named, grouped into hands).

    from vision import TileReader
    reading = TileReader().read(bgr)          # BGR array from OpenCV, any size
    reading.tiles[0].code, reading.tiles[0].box
    reading.hands[0].to_request(reading.tiles)  # hand/melds/flowers/win_tile of a score request

It composes three steps, each its own module: the tile finder (`vision/detector.py`) says where
tiles lie, the tile classifier (`vision/classifier.py`) names each crop and how its face is turned,
and grouping (`vision/grouping.py`) turns the named tiles into hands. Face-down tiles are kept only
where grouping trusts them (inside a concealed kong); walls never reach the reading.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from typing import NamedTuple

import numpy as np

from engine.analysis import WINNING_TILES
from vision.completion import completed, is_whole, nearly_whole
from vision.detector import USUAL_FACES, Look, at_first_size
from vision.grouping import (
    BLANK,
    BLANK_SIZES,
    FACE_DOWN,
    WHOLE_HAND,
    SeatZones,
    as_back,
    blanks_beyond_the_set,
    flowers_as_laid,
    group_hands,
    loose_faces,
    plain_rows_as_backs,
    specks_as_backs,
    tile_length,
    white_backs_as_backs,
    within_the_set,
)
from vision.light import (
    WHITE_FACE,
    FacesWhite,
    burnt_white,
    corrected,
    darkened,
    face_whiteness,
    faces_light,
    faces_white,
    gains_for,
    light_is_off,
    overexposed,
)
from vision.messages import PictureRefused
from vision.perspective import LowCamera
from vision.reading import HandRead, MeldRead, Reading, TileRead
from vision.stats import median
from vision.upright import ASKEW, Turn, neighbours_turn, rows_turn

UNSURE_FINDING = 0.4  # a tile the finder is less sure of than this is flagged for a person
# The finder's boxes are looser or tighter than a person's by about a tenth either way; a crop
# grown by a tenth on each side keeps the whole face in it (on the valid photos: 98.6 % of the
# tiles found named right, against 97.8 % cut at the finder's box exactly).
CROP_MARGIN = 0.1
OTHER_CUTS = (0.0, 2 * CROP_MARGIN)  # a doubtful tile cut again at the box and grown twice as much
# A faint find (under UNSURE_FINDING) that the classifier cannot name either (its best code under
# this) is no tile: the felt in a gap between groups, a shadow, a hand. Dropping it keeps gaps
# open for the grouping (on the valid photos: precision +0.4 points, tiles found -0.1).
NAMELESS = 0.3
# A face no hand uses that the classifier names less surely than STRAY, however sure the finder
# is, and whose box lies a fifth or more (ON_OTHERS) on other faces' boxes is no tile either
# (`without_nameless`): over a heap of discards turned every way, a box straddling two tiles.
# Chosen on the held-out train photos set whole in a 1280 table: of the faces outside every hand
# named under 0.1, those lying on others were 14 on no tile and 8 named wrong, none named right;
# those lying apart 15 on no tile (a tray's edge, the felt) and 1 named wrong. On development
# tables in a dim room, over-exposed or seen by a low camera (seeds 99 and 98, 60 each), those
# lying on others were 1 on no tile, 2 named wrong and 1 right, but most of those apart were tiles
# (43 named wrong and 11 right of 73), so they stay. No hand changes: it is taken last.
STRAY = 0.1
ON_OTHERS = 0.2
# A face-down tile has no classifier to second the finder, and the finder learnt backs from
# synthetic scenes alone: it is believed only when the finder is this sure (a faint back is
# most often the felt in a gap, which would join two groups into one).
SURE_BACK = 0.5
# The finder answers backs down to this heat: a faint back is kept only where the layout explains
# it (the end of a concealed kong, below), and green backs on green felt are often faint.
FAINT_BACK = 0.15
# ... unless it lies in line with faces and clear of them (a ghost in a narrow gap between two
# tiles lies half under its neighbours, a real back beside them at most this share of its box);
# any back in line with faces must then end a concealed kong (`kong_backs_only`).
CLEAR = 0.2
# A blank face (the White Dragon of many sets) looks face down to the finder, and a set whose
# backs are as white as its faces shows plain white tiles in its walls, which the classifier takes
# for that blank face. A tile found face down is read as a face only when the classifier names a
# face at least this surely AND it lies in line with faces found, as a tile of a laid-out row
# does (on the valid photos: 98 of 280 White Dragons were taken for backs; with this, tiles found
# +1.5 points, precision unchanged).
FACE_UP = 0.5
# A set of blank faces (a pung or kong of White Dragons) lies in a run: only its first tile is
# beside a face, and the finder may take them all for backs. A tile found face down beside one
# that proved a face is named too, for up to BLANK_RUN steps along the run (a kong's four tiles:
# the first beside a face, three more).
BLANK_RUN = 3
# Faces found whiter than this (`vision.light.face_whiteness`) are taken as white. Darker ones
# may be a set on black faces, looked for in the picture's negative; that look is taken only
# where its faces come out plainly white. Real photos' faces: 0.51 at the least of 896, 0.64
# for the darkest 1 %, 0.91 typically; their negatives' faces 0.76 at the most where the
# picture's were under 0.6. Black faces of rendered tables: 0.2-0.55, their negatives' 0.85-0.97.
LOOK_NEGATIVE = 0.55
WHITE_NEGATIVE = 0.8


# A face boxed smaller than PART of a usual face (the median of `detector.USUAL_FACES` faces or
# more) may be a part of its tile; it is boxed whole where the classifier names a whole tile's
# box grown from it as another tile at least GROWN surely (`TileReader.whole_parts`). Where that
# box lands on a whole face, and more than PART_INSIDE of the part lies inside that face, the
# part was found beside its own tile and is dropped.
PART = 0.8
GROWN = 0.9
PART_INSIDE = 0.4

# A winner's hand read a tile or a set off complete (`vision.completion.nearly_whole`) is looked
# at again closer (`TileReader.grouped_closer`): its region, CLOSER_CONTEXT tile lengths around
# it, is read as a picture of its own unless that is more than CLOSER_SHARE of the picture; the
# tiles whose centres lie within CLOSER_KEEP tile lengths of the hand are taken from that look
# (farther out, the region's edges cut tiles in two). Where that look leaves the hand incomplete
# the region is looked at again with its tiles as long for the finder as CLOSER_TILES says (None:
# as the finder judges; then network pixels).
CLOSER_CONTEXT = 1.5
CLOSER_KEEP = 0.75
CLOSER_SHARE = 0.6
CLOSER_TILES = (None, 40.0, 56.0)
# A hand whose tiles are shorter than SEEN_SMALL of the picture's long side is seen small, as a
# camera over a whole table sees it (its tiles 2-3 % of the side; a photo of a hand shows them 7 %
# or more): it is looked at closer whenever it is incomplete, however far off complete it is.
SEEN_SMALL = 1 / 20
# Such a hand further off complete is looked at with its region grown by a tile's width (of its
# length, TILE_WIDTH) for each tile it lacks of a winner's 14 (`grouping.WHOLE_HAND`): a set not
# found lies beside the rest. It is looked at once, at the size the finder judges: the other
# sizes of CLOSER_TILES read 2 more hands of 500 development tables, but a whole table whose
# hand is none of a winner's (a player's row before the end) was then read in 80 ms, not 58.
TILE_WIDTH = 0.75


def shipped_finders(pixels: int | None = None, closer: bool = True, level: bool = True):
    """The committed finders a reader looks with: the main one, and the closer and level
    finders where they are installed and wanted (else None), all sharing one table finder and
    one pool finder (each loaded once). `pixels`: the main looks' size (about 384 x 384)."""
    from vision.detector import CLOSER_MODEL, LEVEL_MODEL, TileFinder

    finder = TileFinder(pixels=pixels, back_threshold=FAINT_BACK)
    shared = {
        "table_session": None if finder.table_session is finder.session else finder.table_session,
        "pool_session": None if finder.pool_session is finder.session else finder.pool_session,
    }

    def beside(model, wanted: bool):
        if not (wanted and model.is_file()):
            return None
        return TileFinder(model, pixels=pixels, back_threshold=FAINT_BACK, **shared)

    return finder, beside(CLOSER_MODEL, closer), beside(LEVEL_MODEL, level)


class TileReader:
    """Finds, names and groups tiles. Models are loaded once; `read` keeps no state."""

    def __init__(
        self,
        finder=None,
        classifier=None,
        zones: SeatZones | None = None,
        pixels: int | None = None,
        closer_finder=None,
        level_finder=None,
        table_classifier=None,
    ):
        """`finder`/`classifier` default to the committed models; `zones` are seat zones of a
        calibrated fixed camera; `pixels` is the finder's working size (about 384 x 384).
        `closer_finder` takes the last closer looks at a winner's hand a tile or a set off
        complete (`grouped_closer`); `level_finder` reads a low camera's picture made level
        (`_read_level`); `table_classifier` names the faces of a whole table seen from above
        and of a level picture (`name_boxes`). Each defaults to the committed one only where
        `finder` (the table classifier: `classifier`) does."""
        if finder is None:
            finder, shipped_closer, shipped_level = shipped_finders(
                pixels, closer=closer_finder is None, level=level_finder is None
            )
            closer_finder = shipped_closer if closer_finder is None else closer_finder
            level_finder = shipped_level if level_finder is None else level_finder
        if classifier is None:
            from vision.classifier import TileClassifier

            classifier = TileClassifier()
            if table_classifier is None:
                table_classifier = TileClassifier.for_tables(classifier)
        self.finder = finder
        self.classifier = classifier
        self.table_classifier = table_classifier
        self.zones = zones
        # the closer look's last try: this reader with the other finder (None: not taken)
        self.closer = None
        if closer_finder is not None:
            self.closer = TileReader(
                closer_finder, classifier, zones, table_classifier=table_classifier
            )
        # the reader of a low camera's level pictures: this reader with its own finder, its
        # every face named by the table classifier (None: this reader reads them)
        self.level = None
        if level_finder is not None or table_classifier is not None:
            self.level = TileReader(
                level_finder or finder,
                table_classifier or classifier,
                zones,
                closer_finder=closer_finder,
            )
        self.rotation_known = getattr(classifier, "rotation_output", None) is not None

    def read(self, bgr: np.ndarray) -> Reading:
        """Every tile found in the picture, named, and the hands they make; their flowers read
        as the kind the table plays (`as_the_table_plays`). A picture taken by a low camera is
        read made level (`vision.perspective`), its boxes given back in the picture."""
        return self._read_seen([bgr])

    def read_votes(self, frames: list[np.ndarray]) -> Reading:
        """One reading from several frames of a still scene: each tile's code is the one most
        frames agree on, and a tile seen in fewer than half of them is dropped (a flicker).
        Frames of a low camera are read made level, as `read` reads a picture."""
        if not frames:
            raise PictureRefused("no_frames")
        return self._read_seen(frames)

    def _read_seen(self, frames: list[np.ndarray]) -> Reading:
        """`read` of one picture or several frames: made level first where a low camera took
        them (`_read_level`), and steadied where a shake smeared them (`steadied_reading`); the
        boxes across two tiles of a heap left out last (`without_nameless`)."""
        return without_nameless(self.steadied_reading(frames, self._read_level(frames)))

    def steadied_reading(self, frames: list[np.ndarray], reading: Reading) -> Reading:
        """The reading, or, where many of its faces were named unsurely (`vision.shake.shaky`),
        the reading of the frames with their smear undone (`steadied`): the streak a shake left
        (`streak_of`), or else a missed focus of each size tried (`smears_of`; both judged from the
        first frame), kept where its faces are named more surely and about as many show
        (`likelier_steadied`: a wrong smear undone rings, and the finder boxes the ringing as
        tiles or loses the tiles in it).

        On development data (the 38 held-out train photos, one per source; tiles named right):
        shaken as the benchmark shakes (a straight streak 15 % of a tile long), 66.9 -> 81.0 %;
        half as long at another angle, 84.2 -> 84.8 %; the first saved again as a JPEG, 67.1 ->
        75.8 %; a curved shake, heavier at its ends, 71.3 -> 73.3 %; as they are, 90.0 % either
        way. 20 development tables shaken, 83.4 -> 93.9 %; the 900 development tables as
        before. A reading with too few faces to judge (`vision.shake.FEWEST_FACES`) is looked
        at too: a shake can hide nearly every large tile of a close photo (the 462 held-out
        train photos shaken, 86.85 -> 87.40 % named right). docs/reading.md has the missed
        focus's figures. A picture whose faces are burnt white is not sharpened as if out of
        focus: on the valid photos a stop and a half over, 5 were, each named surer and worse
        (25 tiles right -> 22, 24 -> 20, 15 -> 11)."""
        from vision.shake import (
            FEWEST_FACES,
            UNSEEN_TILE,
            blurred,
            likelier_steadied,
            shaky,
            smears_of,
            steadied,
        )

        faces = [t for t in reading.tiles if t.code != "back"]
        if not shaky([t.unsure for t in faces]):
            return reading
        # too few faces to judge the picture by: a shake may have hidden the rest, and the tiles'
        # size is judged from whatever was found (a missed focus is not looked for)
        few = len(faces) < FEWEST_FACES
        boxes = np.array([t.box for t in (reading.tiles if few else faces)], float).reshape(-1, 4)
        # a missed focus is undone only where the faces' ink is blurred; faces burnt white are
        # named unsurely for the light (`named_tiles` darkens them): sharpened, they are named
        # surely and wrongly
        focus = (
            not few
            and blurred(frames[0], boxes)
            and not burnt_white(faces_light(frames[0], boxes)[1])
        )
        best = reading
        if len(boxes):
            length = tile_length(boxes)
            centre = tuple(np.median((boxes[:, :2] + boxes[:, 2:]) / 2, axis=0))  # where tiles lie
        else:
            length, centre = UNSEEN_TILE * min(frames[0].shape[:2]), None
        sure = self.classifier.unsure_below
        for smear in smears_of(frames[0], length, focus, centre):
            again = self._read_level([steadied(frame, smear) for frame in frames])
            if likelier_steadied(_face_confidences(best), _face_confidences(again), sure=sure):
                best = replace(again, steadied=smear.fault)
        return best

    def _read_level(self, frames: list[np.ndarray]) -> Reading:
        """The frames read, made level first where a low camera took them."""
        tiles = self.named_over(frames)
        camera = low_camera(tiles, frames[0])
        if camera is None:
            return self._read(frames, tiles)
        levels = [camera.picture(f) for f in frames]
        reader = self.level or self
        return camera.reading_back(reader._read(levels, reader.named_over(levels)))

    def _read(self, frames: list[np.ndarray], tiles: tuple[TileRead, ...]) -> Reading:
        """The tiles of `frames` grouped, looked at closer where a hand needs it, and their
        flowers read as the table plays them."""
        return as_the_table_plays(self.seconded(frames, self.grouped_closer(frames, tiles)))

    def grouped_closer(self, frames: list[np.ndarray], tiles: tuple[TileRead, ...]) -> Reading:
        """The tiles of `frames` grouped into hands; a winner's hand read a tile or a set off
        complete, or seen small and incomplete however far off, is looked at again closer, and
        that look is kept where it makes the hand complete.

        Over a whole table the hand's tiles are small among many others, and the finder misses
        one in a dim corner, boxes one badly or finds one in a gap. The hand's own region, cut
        out with a margin, is read as a picture of its own: its light, its faces' whiteness and
        its rows judged on it alone, none of the table's clutter around. Its tiles near the hand
        replace those of the first look there. The rules decide: a closer look is taken only
        where the hand then is a complete winner's hand. Where it is not, the region is read
        again with the finder seeing its tiles at another size (CLOSER_TILES: as the finder
        judges, then 40 and 56 network pixels long); each size found some hands the others
        missed. On development tables (seeds 99, 98, 97 and 96; 800 tables) the hands read
        exactly went from 617 to 650 with one look, and to 657 with three, none lost (the two
        sizes were chosen on seeds 98 and 97, where each alone gained about as many hands as
        the finder's own size; the second and third looks added 2, 3, 1 and 1 hands on seeds
        99, 98, 97 and 96). A hand shown before the end is seldom that near a winning one: of
        the 296 valid photos, 4 were looked at again, and no reading changed.

        A hand seen small (SEEN_SMALL: a camera over the whole table) is looked at closer
        however far off complete it is: most hands missed there lack a whole set, or several
        tiles, that the finder missed at the table's size; its region is grown by a tile's width
        for each tile it lacks (TILE_WIDTH), and it is looked at once, at the finder's own size.
        On development tables (seeds 99, 98 and 97; 500) the hands read exactly went from 432
        to 438, none lost (440 with the three sizes, at a third more time). A photo of a hand
        shows its tiles far larger, and is looked at closer only as before: looking closer at
        every incomplete row of the valid photos read them in 44 ms instead of 20, and read no
        more of their hands exactly.

        Where the finder leaves the hand incomplete at every size, the closer finder
        (`closer-finder.onnx`: the same network fine-tuned on whole tables and sets on black
        faces in every tile style) looks again at a hand a tile or a set off complete: one seen
        small at each size the finder looked, a photo's hand once, at its own size. It boxes
        dark sets and blank faces the finder misses, but reads the photos' heaps as tiles too,
        so it is asked only here, where the rules keep its look only for a whole hand. On
        development tables (seeds 99, 98, 97, 89, 88; 900) the hands read exactly went from 791
        to 794, none lost. Asked about a hand seen small further off complete too, it read 798
        (and 167 of 200 held out, not 166), but every frame of a table mid-hand then took
        10 ms more (photos set in a 1280 table: 58 -> 68 ms), so it is not. A photo's hand
        looked at each size lost 2 of the 225 held-out train photos' hands; looked at once,
        they and the valid photos read as before.

        Where no look makes the hand whole, the first look and then each closer one are grouped
        again with the concealed kongs' backs read doubtfully (`kong_backs_looked_for`) and the
        blank faces beside the hand taken for backs (`blank_faces`, `blanks_beside`; in a
        doubtful reading's place, `doubted_in_place`), and kept where the hand is then whole
        (development tables 836 -> 838 of 900, none lost: a pung and a concealed kong of White
        Dragons). Last, a hand seen small a tile or a set off complete
        is read by the closer finder its own way, the whole picture (its first look and its own
        closer looks), kept where its hand is whole: development tables 821 -> 825 of 900, none
        lost, and a table mid-hand or a hand seen small further off takes no longer. A photo's
        hand is not: there it lost one of the 225 held-out train photos' hands."""
        height, width = frames[0].shape[:2]
        specks = specks_likely(frames[0], tiles)
        reading = self.group(width, height, tiles, specks)
        if whole_hand_first(reading):
            return reading
        region = closer_region(reading)
        looked = [(tiles, reading)]
        for closer in self.closer_looks(frames, tiles, region):
            again = self.group(width, height, closer, specks)
            if whole_hand_first(again):
                return again
            looked.append((closer, again))
        for seen, grouped in looked:  # last, with the backs of a concealed kong read doubtfully
            seen = blanks_beside(seen, grouped)
            with_blanks = blanks_in_line(frames[0], seen, grouped)
            if with_blanks != seen:  # a concealed kong of them: its backs looked for again
                seen = self.kong_backs_looked_for(frames[0], with_blanks)
            if any(t.doubtful for t in seen):
                again = self.group(width, height, seen, specks, doubtful=True)
                if whole_hand_first(again):
                    return again
        # last, the closer finder's own reading; not a photo's hand, whose heaps it reads as
        # tiles that make wrong hands whole
        if (
            self.closer is not None
            and region is not None
            and region.near
            and seen_small(region.length, width, height)
        ):
            other = self.closer.grouped_closer(frames, self.closer.named_over(frames))
            if whole_hand_first(other):
                return other
        return reading

    def closer_looks(
        self, frames: list[np.ndarray], tiles: tuple[TileRead, ...], region: CloserRegion | None
    ) -> Iterator[tuple[TileRead, ...]]:
        """The tiles of `frames` with those near the first hand taken from a closer look at its
        `region` (`closer_region`), one look after another (`grouped_closer`); none where the
        hand needs none (no region)."""
        height, width = frames[0].shape[:2]
        if region is None:
            return
        x0, y0, x1, y1 = region.box
        if (x1 - x0) * (y1 - y0) > CLOSER_SHARE * width * height:
            return  # the hand fills the picture: a closer look sees no more
        outside = tuple(t for t in tiles if not _centred_in(t.box, region.keep))
        tries = [(self, tile) for tile in region.sizes]
        small = seen_small(region.length, width, height)
        if self.closer is not None and region.near:  # each size over a table; once in a photo
            tries += [(self.closer, tile) for tile in (region.sizes if small else (None,))]
        for reader, tile in tries:
            zoom = None if tile is None else Look(tile / region.length)
            looked = reader.looked_at(frames, region.box, region.keep, zoom, over_table=small)
            yield outside + tuple(looked)

    def looked_at(
        self,
        frames: list[np.ndarray],
        box,
        keep,
        zoom: Look | None = None,
        over_table: bool | None = None,
    ) -> list:
        """The tiles this reader reads in the region `box` of `frames` (voted over the frames),
        in the picture's pixels: those centred in `keep` (farther out, the region's edges cut
        tiles in two). `over_table`: whether the whole picture is a table seen from above
        (`named_tiles`), which a region cut out of it cannot tell."""
        x0, y0, x1, y1 = box
        cuts = [np.ascontiguousarray(f[y0:y1, x0:x1]) for f in frames]
        named = self.named_over(cuts, zoom, over_table)
        return [t for t in _shifted(named, x0, y0) if _centred_in(t.box, keep)]

    def named_over(
        self, pictures: list[np.ndarray], zoom: Look | None = None, over_table: bool | None = None
    ) -> tuple:
        """The tiles of one still scene seen in `pictures` (its frames, or the same region cut
        out of each): one picture's as named, several voted (`vote_tiles`)."""
        looks = [self.named_tiles(picture, zoom, over_table) for picture in pictures]
        return looks[0] if len(looks) == 1 else vote_tiles(looks)

    def seconded(self, frames: list[np.ndarray], reading: Reading) -> Reading:
        """The reading, or, for a whole hand seen small (a camera over the whole table), the
        closer finder's reading of it where that is likelier (`likelier`).

        A hand read whole may still be wrong: a kong read as a pung, its fourth tile not found;
        a flower not found; a tile misread. The two finders miss different tiles (of 900
        development tables each reads 789-791 exactly, one or the other 847), so the closer
        finder looks once, at its own size, at the region a closer look takes around the hand,
        and where it too reads a whole hand that differs, the two are weighed. Development
        tables 791 -> 821 of 900 (33 won, 3 lost; the weighing chosen on seeds 99, 98, 97, 89
        and 88, seed 96 held out: 125 -> 132). A hand read incomplete is left to
        `grouped_closer`, so a table mid-hand, none of its hands whole, takes no longer; a
        table whose hand is whole takes about a fifth longer. docs/reading.md has the figures."""
        if self.closer is None or not whole_hand_first(reading):
            return reading
        hand = reading.hands[0]
        boxes = np.array([reading.tiles[i].box for i in hand.indices()], float)
        length = tile_length(boxes)
        if not seen_small(length, reading.width, reading.height):
            return reading
        box, keep = around_hand(boxes, length, reading.width, reading.height)
        outside = tuple(t for t in reading.tiles if not _centred_in(t.box, keep))
        near = self.closer.looked_at(frames, box, keep, over_table=True)  # seen small
        specks = specks_likely(frames[0], reading.tiles)
        other = self.group(reading.width, reading.height, outside + tuple(near), specks)
        return likelier(reading, other)

    def named_tiles(
        self, bgr: np.ndarray, zoom: Look | None = None, over_table: bool | None = None
    ) -> tuple[TileRead, ...]:
        """The tiles of one picture, found and named, before grouping.

        Faces go to the classifier, and so do the tiles found face down that lie in line with
        faces: the finder takes blank faces for backs (see FACE_UP). A face-down tile stays
        `back` unless it proves to be a face; walls, away from the rows, are not named at all.
        Over a whole table, a tile read as a back in its neighbour faces' colour also comes back
        as a doubtful White Dragon (`blank_faces`; for a set on black faces, judged in the
        picture's negative, where the faces are white). In a close photo it does not: there the
        doubtful blanks lay in trays of tiles, none completed a hand (the 296 valid photos and
        225 held-out train photos of a hand read as before), and grouping again with them took
        a photo about 1.4 ms longer (median).
        `zoom`: how large the finder is to see the picture; by default it judges that itself.
        `over_table`: whether the picture is a whole table seen from above, whose flowers the
        small flower reader reads too; by default judged from the faces found (`seen_small`)."""

        height, width = bgr.shape[:2]
        as_given = bgr  # the picture the tiles' boxes are given back in
        found, look = self.finder.find_looked(bgr, zoom)
        # the pool's upright boxes around tiles lying every way hold felt: no light to judge by
        judged, blown = faces_light(bgr, face_boxes([f for f in found if not f.pool]))
        found, find_turned = self.found_in_negative(bgr, found, judged, look, zoom)
        in_negative = find_turned is not None
        if not in_negative:  # the faces are white: judge the light from them
            gains = gains_for(judged)
            seen = len(face_boxes(found))  # the faces the first look found
            if overexposed(blown):  # burnt white: darken it and look again
                bgr = darkened(bgr)
                found, look = self.looked_again(bgr, zoom, look, seen)
            elif light_is_off(gains):  # a lamp's cast or a dim room: correct it and look again
                bgr = corrected(bgr, gains)
                found, look = self.looked_again(bgr, zoom, look, seen)
            # a turned copy is looked at as the picture was (`TileFinder.find_looked`)
            find_turned = partial(_found_as_looked, self.finder, look=look)
        faces = face_boxes(found)
        if over_table is None:
            over_table = len(faces) > 0 and seen_small(tile_length(faces), width, height)
        turned = None
        askew = rows_turn(faces)
        if abs(askew) > ASKEW:  # rows at an angle: turn them square, find and name there
            turned = Turn.of(width, height, -askew)
            bgr = turned.picture(bgr)
            found = find_turned(bgr, around=_turned_tiles(found, turned, over_table))
            faces = face_boxes(found)
        named = None
        if turned is None and abs(guess := neighbours_turn(faces)) > ASKEW:
            # turned, but no rows to say how far: named both ways, the surer way kept
            turn = Turn.of(width, height, -guess)
            picture = turn.picture(bgr)
            again = find_turned(picture, around=_turned_tiles(found, turn, over_table))
            faces_again = face_boxes(again)
            found, named = self.named_in(bgr, found, faces, in_negative, over_table)
            found_again, named_again = self.named_in(
                picture, again, faces_again, in_negative, over_table
            )
            if surety(named_again) > surety(named):
                turned, bgr, faces = turn, picture, faces_again
                found, named = found_again, named_again
        if named is None:
            found, named = self.named_in(bgr, found, faces, in_negative, over_table)
        tiles: list[TileRead] = []
        in_line: set[int] = set()
        plain: list[tuple] = []  # (box, how sure it is plain) of each tile read as a back
        blank_maybe = over_table  # a table's blank faces (`blank_faces`)
        boxes = [f.box for f in found]
        if turned:  # every box back in the picture as given, at once
            boxes = turned.boxes_back(boxes).tolist()
        for i, f in enumerate(found):
            box = _pixel_box(boxes[i], width, height)
            n = named.get(i)
            # a back fainter than the finder's own threshold for faces stays a back
            faint_back = f.score < getattr(self.finder, "threshold", 0.0)
            if blank_maybe and (f.kind == "back" or n.code == "back"):
                chances = dict(n.top) if n is not None else {}
                plain.append((box, chances.get(BLANK, 0.0) + chances.get("back", f.score)))
            if f.kind == "back" and (
                n is None or n.code == "back" or n.confidence < FACE_UP or faint_back
            ):
                if f.score >= SURE_BACK or (i in named and clear_of(f.box, faces)):
                    if i in named:  # in line with faces: it must end a concealed kong
                        in_line.add(len(tiles))
                    tiles.append(face_down(box, float(f.score), f.box))
                continue
            faint = f.kind == "face" and f.score < UNSURE_FINDING
            if faint and n.confidence < NAMELESS:
                continue
            rotation = int(getattr(n, "rotation", 0)) % 360
            unsure = bool(n.unsure) or faint
            flower = getattr(n, "flower", None)
            tiles.append(
                TileRead(n.code, box, float(n.confidence), rotation, tuple(n.top), unsure, flower)
            )
        tiles = blank_kong_backs(as_given, kong_backs_only(tuple(tiles), in_line))
        if blank_maybe:
            picture, lit = _faces_white_in(as_given, judged, in_negative, tiles)
            tiles += blank_faces(picture, lit, plain, tiles)
        return self.kong_backs_looked_for(as_given, tiles)

    def kong_backs_looked_for(
        self, bgr: np.ndarray, tiles: tuple[TileRead, ...]
    ) -> tuple[TileRead, ...]:
        """The tiles, with the backs of a concealed kong that the finder missed.

        A concealed kong lies back, X, X, back, and dark backs on dark felt are what the finder
        misses most often among a winner's sets. Where two like faces lie side by side with
        nothing found one step beyond them, or only a back (`kong_ends`), the classifier is
        asked what lies at those places; where it reads a back at each of them, surely at one
        at least, they are taken as backs. On development tables (seeds 99 and 98, 300 in all
        styles) the hands read exactly went from 257 to 259, none lost; on the 462 held-out
        train photos the places were looked at in 37 and no back was taken, every figure the
        same.

        Where it reads a back at each place but surely at none (dark blue backs on blue felt in a
        dim room), the backs are kept as doubtful (`TileRead.doubtful`): grouping leaves them
        out, and `grouped_closer` takes them last, only where they make the hand whole (on 900
        development tables, seeds 99, 98, 97, 89, 88 and 96, 150 each, all 18 styles: 2 more
        read exactly, none fewer). Taken before the closer looks, wherever the hand was not
        whole without them, they read 2 more and 2 fewer (in the 7 styles drawn without the
        system's fonts): a closer look would have read the hand right, and a pair with a
        doubtful back at each end was read as a concealed kong of a hand still whole."""
        height, width = bgr.shape[:2]
        probes = kong_ends(tiles, width, height)
        if not probes:
            return tiles
        readings = self.name_boxes(bgr, [box for ends in probes for box in ends])
        kongs = []
        for ends in probes:
            read, readings = readings[: len(ends)], readings[len(ends) :]
            if all(r.code == "back" for r in read):
                kongs.append((all(r.unsure for r in read), ends, read))
        added: list[TileRead] = []
        for doubtful, ends, read in sorted(kongs, key=lambda kong: kong[0]):  # sure ones first
            for box, r in zip(ends, read, strict=True):
                box = _pixel_box(box, width, height)
                if any(_cover(box, other.box) > 0.5 for other in added):
                    continue  # the end of a kong beside this one, looked for twice
                added.append(face_down(box, r.confidence, box, doubtful))
        return tiles + tuple(added)

    def named_in(
        self,
        bgr: np.ndarray,
        found: list,
        faces: np.ndarray,
        in_negative: bool,
        over_table: bool = False,
    ):
        """The tiles found (a sideways tile's two halves made one) and the classifier's reading
        of each face and of each back in line with faces, by index (`over_table`: see
        `name_boxes`)."""
        found = self.sideways_tiles(bgr, found)
        in_line = in_line_with_faces([f.box for f in found], faces)
        to_name = [i for i, f in enumerate(found) if f.kind == "face" or in_line[i]]
        readings = self.names(bgr, found, to_name, in_negative, over_table)
        named = dict(zip(to_name, readings, strict=True))
        if not in_negative:
            found, named = self.whole_parts(bgr, found, named)
        return found, self.blank_runs_named(bgr, found, named, in_negative)

    def names(
        self,
        bgr: np.ndarray,
        found: list,
        indices: list,
        in_negative: bool,
        over_table: bool = False,
    ) -> list:
        """The classifier's readings of the tiles found at `indices`; black faces (a picture
        looked at in its negative) are named in the picture and in its negative."""
        boxes = [found[i].box for i in indices]
        readings = self.name_boxes(bgr, boxes, over_table)
        if in_negative and boxes:
            import cv2

            negative = cv2.bitwise_not(bgr)
            readings = both_ways(readings, self.name_boxes(negative, boxes, over_table))
        return readings

    def blank_runs_named(
        self, bgr: np.ndarray, found: list, named: dict, in_negative: bool
    ) -> dict:
        """`named`, with the tiles found face down that lie beside one that proved a face, step
        by step along a run (BLANK_RUN steps at most).

        A pung or kong of blank faces (White Dragons) that the finder takes for backs lies in a
        run whose first tile alone is beside a face; that one is named and proves a face, but
        the next lies two tiles from any face and was never named. Naming the backs beside a
        proven face, then beside those, reads the whole set."""
        for _ in range(BLANK_RUN):
            risen = [
                found[i].box
                for i, n in named.items()
                if found[i].kind == "back" and n.code != "back" and n.confidence >= FACE_UP
            ]
            if not risen:
                break
            waiting = [i for i, f in enumerate(found) if f.kind == "back" and i not in named]
            in_line = in_line_with_faces([found[i].box for i in waiting], np.array(risen, float))
            more = [i for i, beside in zip(waiting, in_line, strict=True) if beside]
            if not more:
                break
            named.update(zip(more, self.names(bgr, found, more, in_negative), strict=True))
        return named

    def whole_parts(self, bgr: np.ndarray, found: list, named: dict) -> tuple[list, dict]:
        """The tiles found, with a face boxed by a part of its tile (PART) boxed whole where
        the classifier surely reads a whole tile's box grown from it as another tile (GROWN);
        the tile's other part, found on its own, is then dropped.

        The finder boxes some tiles by a half or two thirds: the top two dots of a 4 of dots,
        one half of a tile lying sideways. The classifier names the part surely as the smaller
        tile it looks like (a 2 of dots), and the hand is a tile off. A box grown from the part
        to a usual face's size, up, down, left or right, shows the whole tile. On development
        tables (seeds 99, 98, 97, 96) the hands read exactly went from 657 to 671 of 800 (one
        lost), the learnt styles' faces named right +0.4 to +0.5 points and precision +0.3;
        on the valid photos tiles named right 98.14 -> 98.17 % (centre-matched), hands as
        before. Only a sure name is used, so the grown boxes get no second look: that halved
        the rule's cost on photos (+1.0 -> +0.4 ms median), every hand the same.

        A part whose grown box lands on a whole face it lies partly inside (PART_INSIDE) is a
        piece of that tile found beside it (the top of a 4 of dots among the discards, named a
        2 of dots): it is dropped. On development tables (seeds 97, 98, 99; as drawn, dim,
        turned 15 degrees) false finds went from 160 to 143, no face found lost, 4 more named
        right; every hand and every reading of the valid photos the same."""
        from vision.crops import crop_box
        from vision.detector import FoundTile

        faces = [i for i, n in named.items() if found[i].kind == "face" and n.code != "back"]
        if len(faces) < USUAL_FACES:
            return found, named
        boxes = np.array([found[i].box for i in faces], float)
        sides = np.sort(boxes[:, 2:] - boxes[:, :2], axis=1)
        short, long = (float(v) for v in np.median(sides, axis=0))
        areas = sides.prod(axis=1)
        parts = [i for i, size in zip(faces, areas, strict=True) if size < PART * short * long]
        if not parts:
            return found, named
        height, width = bgr.shape[:2]
        candidates = []
        for i in parts:
            x0, y0, x1, y1 = found[i].box
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            for box, upright in (
                ((cx - short / 2, y0, cx + short / 2, y0 + long), True),
                ((cx - short / 2, y1 - long, cx + short / 2, y1), True),
                ((x0, cy - short / 2, x0 + long, cy + short / 2), False),
                ((x1 - long, cy - short / 2, x1, cy + short / 2), False),
            ):
                inside = (
                    max(0.0, box[0]),
                    max(0.0, box[1]),
                    min(width, box[2]),
                    min(height, box[3]),
                )
                candidates.append((i, inside, upright))
        crops = [crop_box(bgr, box, CROP_MARGIN) for _, box, _ in candidates]
        readings = self.classifier.classify(crops, look_again=False)  # only a sure name is used
        best: dict[int, tuple] = {}
        for (i, box, upright), read in zip(candidates, readings, strict=True):
            part = named[i]
            if read.code in ("back", part.code) or read.unsure or read.confidence < GROWN:
                continue
            if read.confidence <= part.confidence or (int(read.rotation) % 180 == 0) != upright:
                continue
            if i not in best or read.confidence > best[i][1].confidence:
                best[i] = (box, read)
        whole = [found[i].box for i in faces if i not in parts]
        grown: dict[int, tuple] = {}
        dropped: set[int] = set()
        for i in sorted(best, key=lambda k: -best[k][1].confidence):
            box, read = best[i]
            under = [w for w in whole if _cover(w, box) > 0.5 or _cover(box, w) > 0.5]
            if under:  # a whole tile lies there: the box grew over a neighbour, or its own tile
                if any(_cover(found[i].box, w) > PART_INSIDE for w in under):
                    dropped.add(i)
                continue
            if any(_cover(box, other) > 0.5 for other, _ in grown.values()):
                dropped.add(i)  # the other part of a tile boxed whole already
                continue
            grown[i] = (box, read)
        for j in parts:
            if j not in grown and any(_cover(found[j].box, box) > 0.7 for box, _ in grown.values()):
                dropped.add(j)
        if not grown and not dropped:
            return found, named
        kept, renamed = [], {}
        for i, f in enumerate(found):
            if i in dropped:
                continue
            if i in grown:
                f = FoundTile(grown[i][0], f.score, "face")
            if i in named:
                renamed[len(kept)] = grown[i][1] if i in grown else named[i]
            kept.append(f)
        return kept, renamed

    def found_in_negative(
        self,
        bgr: np.ndarray,
        found: list,
        judged: FacesWhite | None,
        look: Look | None,
        zoom: Look | None = None,
    ):
        """For a set on black faces: its tiles found in the picture's negative, and the way to
        find them again in a turned copy (looked at as the picture and its negative were; `look`
        is how the picture was; `zoom`, how the negative is to be looked at, as `named_tiles`
        says). Otherwise `found` and None.

        The finder learnt from white and ivory faces. On black faces it boxes the bright ink
        alone (a box a third too small, or two for one character) and misses face-down tiles
        on a felt of their colour; in the negative the faces are white with dark ink, and it
        boxes them whole. The tiles are then named in the picture as it is and in its negative
        (`both_ways`). Faces found looking dark (LOOK_NEGATIVE) are looked for in the negative, and
        that look is taken where its faces are plainly white (WHITE_NEGATIVE). `judged`: the
        faces' white in the picture (`vision.light.faces_white`). The negative is looked at as
        `looked_again` says: on black felt, white in the negative, its own first look would box
        a whole table's heaps as tiles (on 900 development tables, 147 faces more named right,
        all on black felt; no hand changed)."""
        import cv2

        if judged is None or judged.whiteness >= LOOK_NEGATIVE:
            return found, None
        negative = cv2.bitwise_not(bgr)
        in_negative, negative_look = self.looked_again(negative, zoom, look)
        if (face_whiteness(negative, face_boxes(in_negative)) or 0.0) < WHITE_NEGATIVE:
            return found, None
        either = white_either_way(bgr, negative, found, in_negative)
        return either, partial(self.found_both_ways, look=look, negative_look=negative_look)

    def looked_again(
        self, picture: np.ndarray, zoom: Look | None, look: Look | None, seen: int | None = None
    ):
        """`finder.find_looked` of a picture made from one the finder looked at as `look` (its
        negative, its light corrected), judged afresh; but where the table finder took the first
        picture's look (a whole table: its first look saw specks) and the new judgement stopped
        at the first size, looked at as the first picture was. A whole table's heaps come out of
        a first look as blots, and made brighter (a dim room corrected, black felt white in the
        negative) they pass for tiles, so the finder looks no larger and the hand's tiles, specks
        at that size, are lost.

        `seen`: how many faces the first picture's look found, where this picture is the same
        scene in another light. Judged afresh, a corrected whole table may be looked at larger
        by the photo finder instead of the table finder, and the photo finder, taught by photos
        that label the hand alone, passes over a pool of discards tossed every way: where it
        finds fewer faces than the first look did, the table finder looks too, as at first, and
        the look finding more faces is kept. On 40 development tables with the pool tossed
        (seed 99) the faces found went from 1750 to 1849 of 2640, the hands read exactly the
        same (34); 160 development tables with the pool in rows, in eight lights and cameras,
        and the valid photos as they are, dim and set in a whole table, read as before."""
        found, again = self.finder.find_looked(picture, zoom)
        if zoom is None and look and look.table:
            if at_first_size(again, picture, self.finder.pixels):
                return self.finder.find_looked(picture, look)
            faces = len(face_boxes(found))
            if seen is not None and not (again and again.table) and faces < seen:
                other, as_first = self.finder.find_looked(picture, look)
                if len(face_boxes(other)) > faces:
                    return other, as_first
        return found, again

    def found_both_ways(self, bgr: np.ndarray, look, negative_look, around=None) -> list:
        """The tiles of a set on black faces in a turned copy of a picture: found in it and in
        its negative, each looked at as the picture (`look`) and its negative were, around the
        tiles found before the turn (`around`, moved onto the copy)."""
        import cv2

        negative = cv2.bitwise_not(bgr)
        found = _found_as_looked(self.finder, bgr, look, around)
        in_negative = _found_as_looked(self.finder, negative, negative_look, around)
        return white_either_way(bgr, negative, found, in_negative)

    def sideways_tiles(self, bgr: np.ndarray, found: list) -> list:
        """The tiles found, with the two halves of a tile lying sideways made one tile where
        the classifier reads the box around both as one face, surely, turned along the box's
        long side (two small upright tiles side by side read as neither)."""
        from vision.crops import crop_box
        from vision.detector import FoundTile, sideways_halves

        pairs = sideways_halves(found) if self.rotation_known else []
        if not pairs:
            return found
        crops = [crop_box(bgr, box, CROP_MARGIN) for _, _, box in pairs]
        joined: dict[int, FoundTile | None] = {}
        for (a, b, box), read in zip(pairs, self.classifier.classify(crops), strict=True):
            across = box[2] - box[0] > box[3] - box[1]
            if read.code == "back" or read.unsure or (int(read.rotation) % 180 == 90) != across:
                continue
            joined[a] = FoundTile(box, max(found[a].score, found[b].score), "face")
            joined[b] = None
        return [joined.get(i, f) for i, f in enumerate(found) if joined.get(i, f) is not None]

    def name_boxes(self, bgr: np.ndarray, boxes: list, over_table: bool = False) -> list:
        """The classifier's reading of the tile in each box. A tile it hesitates over is cut
        again a little tighter and a little looser (`OTHER_CUTS`: the finder's boxes are a tenth
        off either way, see CROP_MARGIN) and the three cuts vote. `over_table`: the picture is a
        whole table seen from above, whose flowers the small flower reader reads too (a close
        photo's tiles as small are a real set's, whose pictures the classifier knows better),
        and whose faces the table classifier names where there is one."""
        from vision.crops import crop_box

        if not boxes:
            return []
        classifier = (over_table and self.table_classifier) or self.classifier
        crops = [crop_box(bgr, box, CROP_MARGIN) for box in boxes]
        results = classifier.classify(crops, over_table=over_table)
        doubtful = [k for k, result in enumerate(results) if result.unsure]
        if not doubtful:
            return results
        crops = [crop_box(bgr, boxes[k], margin) for margin in OTHER_CUTS for k in doubtful]
        again = classifier.classify(crops, over_table=over_table)
        for j, k in enumerate(doubtful):
            results[k] = voted([results[k], *again[j :: len(doubtful)]])
        return results

    def group(
        self,
        width: int,
        height: int,
        tiles: tuple[TileRead, ...],
        specks: bool = False,
        doubtful: bool = False,
    ) -> Reading:
        """The tiles grouped into hands. A winner's hand read one tile wrong is completed by
        the rules (`vision.completion`), and grouped again with the tile put right: the sets are
        told by their codes (a set's claimed tile misread leaves two of its code and a lone
        tile, taken for standing tiles). The second grouping is kept where it leaves the
        hand offered first complete. `specks`: small unsure faces outside every hand are no
        tiles (`specks_likely`). The backs of a concealed kong read doubtfully (`TileRead.doubtful`)
        are left out unless `doubtful`."""
        if not doubtful:
            tiles = tuple(t for t in tiles if not t.doubtful)
        else:
            tiles = doubted_in_place(tiles)
        reading = self._grouped(width, height, plain_rows_as_backs(within_the_set(tiles)), specks)
        fixed = completed(reading)
        if fixed is not reading:
            again = self._grouped(width, height, fixed.tiles, specks)
            reading = again if whole_hand_first(again) else fixed
        return keep_trusted(reading)

    def _grouped(
        self, width: int, height: int, tiles: tuple[TileRead, ...], specks: bool
    ) -> Reading:
        hands = group_hands(tiles, width, height, self.rotation_known, self.zones)
        tiles = blanks_beyond_the_set(
            white_backs_as_backs(flowers_as_laid(tiles, hands), hands), hands
        )
        if specks:
            tiles = specks_as_backs(tiles, hands)
        return Reading(width, height, tiles, hands, loose_faces(tiles, hands))


def doubted_in_place(tiles: tuple[TileRead, ...]) -> tuple[TileRead, ...]:
    """The tiles without those that a doubtful reading of the same place replaces."""
    doubted = [t.box for t in tiles if t.doubtful]
    return tuple(
        t for t in tiles if t.doubtful or not any(_cover(t.box, box) > 0.5 for box in doubted)
    )


def whole_hand_first(reading: Reading) -> bool:
    """Whether the hand the reading offers first is a complete winner's hand."""
    return bool(reading.hands) and is_whole(reading.hands[0], reading.tiles)


def blanks_beside(tiles: tuple[TileRead, ...], reading: Reading) -> tuple[TileRead, ...]:
    """The tiles without the doubtful blank faces (`blank_faces`) that lie away from the hand
    `reading` offers first (further than NEIGHBOURHOOD of its tile lengths from its tiles): they
    may complete that hand (a set of them beside it), and no other (a tray of tiles shows blanks
    read as backs too, and every one would have the hand grouped again)."""
    blanks = [k for k, t in enumerate(tiles) if t.doubtful and t.code == BLANK]
    if not blanks:
        return tiles
    hand = np.array(
        [reading.tiles[i].box for i in reading.hands[0].indices()] if reading.hands else [],
        float,
    ).reshape(-1, 4)
    if not len(hand):
        return tuple(t for k, t in enumerate(tiles) if k not in blanks)
    centres = (hand[:, :2] + hand[:, 2:]) / 2
    reach = NEIGHBOURHOOD * tile_length(hand)
    beside = {
        k
        for k in blanks
        if np.hypot(*(centres - np.add(tiles[k].box[:2], tiles[k].box[2:]) / 2).T).min() <= reach
    }
    return tuple(t for k, t in enumerate(tiles) if k not in blanks or k in beside)


def as_the_table_plays(reading: Reading) -> Reading:
    """The reading with its hands' unsure flowers of the kind the table does not play, as its
    flower tiles show (`Reading.flower_tiles_seen`), read as the kind it plays. The panel then
    applies the session's own `flower_tiles` option the same way."""
    return reading.for_table(reading.flower_tiles_seen())


class CloserRegion(NamedTuple):
    """Where and how a hand is looked at again closer (`closer_region`)."""

    box: tuple[int, int, int, int]  # the region to read (whole pixels, inside the picture)
    keep: tuple[float, float, float, float]  # the closer look's tiles centred here are kept
    length: float  # the hand's tile length in the picture
    near: bool  # the hand is a tile or a set off complete (`nearly_whole`)

    @property
    def sizes(self) -> tuple:
        """The tile lengths to look at it with (CLOSER_TILES; None: the finder's own): a hand
        further off complete is looked at once, at the finder's own size."""
        return CLOSER_TILES if self.near else CLOSER_TILES[:1]


def specks_likely(bgr: np.ndarray, tiles: tuple[TileRead, ...]) -> bool:
    """Whether the picture is a whole table seen from above (its faces shorter than SEEN_SMALL
    of its long side) with white faces: there a small face outside every hand, named unsurely,
    is a speck, not a tile (`grouping.specks_as_backs`). On 30 development tables per light and
    angle (seed 99) precision rose from 98.0 to 99.4 % in a dim room and from 97.9 to 99.4 %
    under a cool dim lamp, the faces named right fell 0.0-0.2 points and no hand changed. A set
    on black faces (LOOK_NEGATIVE) is left alone: there the finder boxes the bright ink alone, a
    box as small, and on the riichi art never learnt, half of it black, dropping those took its
    faces named right from 93.6 / 91.3 / 94.8 % to 92.0 / 90.0 / 90.8 %."""
    faces = [t.box for t in tiles if t.code != "back"]
    if len(faces) < USUAL_FACES:
        return False
    height, width = bgr.shape[:2]
    if not seen_small(tile_length(np.array(faces, float)), width, height):
        return False
    return (face_whiteness(bgr, faces) or 0.0) >= LOOK_NEGATIVE


def seen_small(length: float, width: int, height: int) -> bool:
    """Whether tiles `length` pixels long are seen small in a picture of that size: shorter
    than SEEN_SMALL of its long side, as a camera over a whole table sees them."""
    return length < SEEN_SMALL * max(width, height)


def closer_region(reading: Reading) -> CloserRegion | None:
    """For the hand offered first, where it is incomplete but a tile or a set off complete, or
    incomplete and seen small (SEEN_SMALL): the region to look at again, with the sizes to look
    at it (a hand further off, the finder's own size alone). None where there is nothing to
    look at again."""
    if not reading.hands:
        return None
    hand = reading.hands[0]
    if is_whole(hand, reading.tiles):
        return None
    boxes = np.array([reading.tiles[i].box for i in hand.indices()], float)
    length = tile_length(boxes)
    if length < 1:
        return None  # boxes of no size: nothing to look at
    near = nearly_whole(hand, reading.tiles)
    if not near and not seen_small(length, reading.width, reading.height):
        return None
    # a hand further off: its tiles not found lie within as many tiles' widths of it
    missing = 0.0 if near else TILE_WIDTH * max(0, WHOLE_HAND - hand.size)
    box, keep = around_hand(boxes, length, reading.width, reading.height, missing)
    return CloserRegion(box, keep, length, near)


def around_hand(boxes: np.ndarray, length: float, width: int, height: int, more: float = 0.0):
    """Where to look at a hand whose tiles lie in `boxes` (n x 4), `length` pixels long: the
    region (whole pixels, inside the picture), CLOSER_CONTEXT tile lengths and `more` around
    them, and the part of it whose tiles are kept, CLOSER_KEEP and `more` around them."""
    context, kept = CLOSER_CONTEXT + more, CLOSER_KEEP + more
    low, high = boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)
    x0, y0 = np.maximum(low - context * length, 0).astype(int)
    x1, y1 = np.ceil(np.minimum(high + context * length, (width, height)))
    keep = (*(low - kept * length), *(high + kept * length))
    return (int(x0), int(y0), int(x1), int(y1)), tuple(float(v) for v in keep)


def likelier(first: Reading, other: Reading) -> Reading:
    """Of two readings of one table whose first hands are both whole (else `first`), the one
    whose hand holds more tiles (a tile not found is the commonest miss: a kong's fourth, a
    flower), then the one whose faces the classifier is surer of (the product of their
    probabilities); `first` where they offer the same hand or weigh the same."""
    if not whole_hand_first(other) or not whole_hand_first(first):
        return first
    mine, theirs = first.hands[0], other.hands[0]
    if mine.to_request(first.tiles) == theirs.to_request(other.tiles):
        return first
    return other if hand_weight(other) > hand_weight(first) else first


def hand_weight(reading: Reading) -> tuple[int, float]:
    """How much the first hand of a reading holds: its tiles, and the log-probability of its
    faces as the classifier named them."""
    tiles = [reading.tiles[i] for i in reading.hands[0].indices()]
    surety = sum(math.log(max(t.confidence, 1e-6)) for t in tiles if t.code != "back")
    return len(tiles), surety


def _shifted(tiles, dx: int, dy: int) -> list[TileRead]:
    """Tiles read in a region cut out at (dx, dy), with their boxes in the whole picture."""
    return [
        replace(t, box=(t.box[0] + dx, t.box[1] + dy, t.box[2] + dx, t.box[3] + dy)) for t in tiles
    ]


def _cover(box, other) -> float:
    """The share of `box` that lies under `other`. Plain floats: it is asked about one pair at
    a time, thousands of times over a whole table, where an array per pair cost more than the
    arithmetic."""
    size = (box[2] - box[0]) * (box[3] - box[1])
    if size <= 0:
        return 0.0
    across = max(min(other[2], box[2]) - max(other[0], box[0]), 0.0)
    down = max(min(other[3], box[3]) - max(other[1], box[1]), 0.0)
    return float(across * down) / size


def _centred_in(box, area) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


def _found_as_looked(finder, bgr: np.ndarray, look, around=None) -> list:
    """The tiles the finder finds in `bgr`, looked at as `look` says (`TileFinder.find_looked`),
    around the tiles `around` where given."""
    return finder.find_looked(bgr, look, around)[0]


def _turned_tiles(found: list, turn: Turn, over_table: bool) -> list | None:
    """The tiles found in a picture of a whole table, their boxes moved onto its turned copy
    (`turn`), for the finder to look at the copy around them only; None (the whole copy) for a
    close photo, whose first look, turned 45 degrees, may find too few tiles to say where the rest
    lie (the valid photos so turned, as shot, named 97.1 % of their tiles right instead of 97.3)."""
    if not over_table:
        return None
    moved = turn.boxes(np.array([f.box for f in found], float))
    return [replace(f, box=tuple(map(float, box))) for f, box in zip(found, moved, strict=True)]


def surety(named: dict) -> float:
    """How surely a look's faces are named: the classifier's mean confidence in them."""
    sure = [n.confidence for n in named.values() if n.code != "back"]
    return float(np.mean(sure)) if sure else 0.0


def _face_confidences(reading: Reading) -> list[float]:
    """The classifier's confidence in each face of a reading."""
    return [t.confidence for t in reading.tiles if t.code != "back"]


def low_camera(tiles: tuple[TileRead, ...], bgr: np.ndarray) -> LowCamera | None:
    """The low camera that took the picture, judged from the faces read in it (None: a camera
    over the table, or a photo of a hand, whose faces are about one size)."""
    faces = np.array([t.box for t in tiles if t.code != "back"], float).reshape(-1, 4)
    return LowCamera.of(faces, bgr.shape[1], bgr.shape[0])


def face_boxes(found) -> np.ndarray:
    """The boxes (n x 4) of the faces among tiles found."""
    return np.array([f.box for f in found if f.kind == "face"], float).reshape(-1, 4)


def both_ways(as_it_is: list, negative: list) -> list:
    """The readings of black faces cut from the picture as it is and from its negative, voted.

    The classifier learnt black faces of the training styles, and white faces of many more;
    a set it never saw is named better by the two together. On development tables (800, four
    seeds) the riichi artwork's faces, half of its sets black, were named right 3 to 7 points
    more often than from the picture alone, the winners' hands +5, and the learnt styles'
    faces as before. A tile the two cuts name differently stays unsure."""
    return [
        replace(voted([a, b]), unsure=a.unsure or b.unsure or a.code != b.code)
        for a, b in zip(as_it_is, negative, strict=True)
    ]


def voted(looks: list):
    """One reading from several readings of the same tile: each code's probabilities (among each
    reading's best few) summed, the largest winning; the turn from the surest reading of it. It
    stays unsure: a person should still confirm a tile the classifier hesitated over."""
    votes: dict[str, float] = {}
    flowers: dict[str, float] = {}
    for look in looks:
        for code, probability in look.top:
            votes[code] = votes.get(code, 0.0) + probability
        if getattr(look, "flower", None) is not None:
            flowers[look.flower[0]] = flowers.get(look.flower[0], 0.0) + look.flower[1]
    ranked = sorted(votes, key=votes.get, reverse=True)[: len(looks[0].top)]
    best = ranked[0]
    surest = max(
        (look for look in looks if look.code == best),
        default=looks[0],
        key=lambda look: look.confidence,
    )
    return replace(
        looks[0],
        code=best,
        confidence=votes[best] / len(looks),
        top=tuple((code, votes[code] / len(looks)) for code in ranked),
        rotation=surest.rotation,
        flower=max(
            ((c, p / len(looks)) for c, p in flowers.items()), default=None, key=lambda f: f[1]
        ),
    )


def kong_backs_only(tiles: tuple[TileRead, ...], in_line: set[int]) -> tuple[TileRead, ...]:
    """The tiles without the backs lying in line with faces (indices `in_line`) that end no
    concealed kong.

    Among a hand's faces a back is believed where the layout explains it: at one end of back,
    X, X, back in a line, X one face twice (the other back may read as a blank face, `5z`).
    Elsewhere it is most often the felt in a gap between two groups (green felt and green
    backs look alike), which would join the two groups."""
    centres = np.array([((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2) for t in tiles])
    sizes = np.array([min(t.box[2] - t.box[0], t.box[3] - t.box[1]) for t in tiles], float)

    def next_along(k: int, step: np.ndarray) -> int | None:
        """The tile about one `step` on from tile k (within a third of a step), if any."""
        if len(centres) == 0:
            return None
        miss = np.linalg.norm(centres - (centres[k] + step), axis=1)
        j = int(np.argmin(miss))
        return j if miss[j] <= 0.35 * np.linalg.norm(step) else None

    def ends_a_kong(k: int) -> bool:
        near = np.linalg.norm(centres - centres[k], axis=1) <= 1.6 * sizes[k]
        for j in np.flatnonzero(near):
            step = centres[j] - centres[k]
            if j == k or tiles[j].code == "back":
                continue
            second = next_along(j, step)
            if second is None or tiles[second].code != tiles[j].code:
                continue
            last = next_along(second, step)
            if last is not None and last != k and tiles[last].code in FACE_DOWN:
                return True
        return False

    return tuple(t for k, t in enumerate(tiles) if k not in in_line or ends_a_kong(k))


# A concealed kong of White Dragons whose backs read as blanks: four blanks in a line whose two
# pairs (the ends, the middle two) differ in colour by at least this many times the larger
# difference within a pair, and by at least BACK_COLOUR (OpenCV's 8-bit Lab units), are two
# faces and two backs.
PAIRS_APART = 2.0
BACK_COLOUR = 10.0
BLANK_FACE = 15.0  # Lab units: a tile read as a back this near its faces' ground is a blank face
NEIGHBOURS = 4  # the faces nearest a tile read as a back whose ground it is measured against
NEIGHBOURHOOD = 5.0  # tile lengths: no further off
GROUND_SAMPLES = 200  # pixels of a face that tell its ground
INNER = 0.35  # the share of a tile's box, across and along, whose colour is its own: the
# middle of a face, inside a White Dragon's frame


def blank_kong_backs(bgr: np.ndarray, tiles: tuple[TileRead, ...]) -> tuple[TileRead, ...]:
    """The tiles with the backs of a concealed kong of White Dragons read as backs where the
    classifier read them as blanks.

    A concealed kong lies back, X, X, back (or X, back, back, X). Of White Dragons, four tiles
    in a line then read as blanks: the classifier takes a back in a colour it seldom saw for a
    plain face (dark blue or pink backs at 0.5-0.7, a White Dragon second), and the grouping
    reads a kong laid face up. What tells them apart is colour: a set's backs are one colour,
    its faces another. Where the two pairs differ in colour far more than the tiles within each
    (PAIRS_APART, BACK_COLOUR), the pair further from the faces' white (`faces_white`) are the
    backs.
    The thresholds were set on 80 tables drawn with the winner's kong of White Dragons (seed 70;
    40 concealed, 40 face up, every style): the two concealed kongs read as four blanks lie
    23-104 apart, at least 3.8 times the difference within a pair; of the kongs laid face up
    one lies more than 6 apart (21), its ends 40 apart. A kong with a tile lying sideways is
    claimed, never concealed, and is left as read. On 900 development tables: 2 more read
    exactly (seed 96, tables 53 and 89), none fewer."""
    blanks = [i for i, t in enumerate(tiles) if t.code == BLANK]
    if len(blanks) < 4:
        return tiles
    runs = _blank_runs(tiles, blanks)
    if not runs:
        return tiles
    members = [i for run in runs for i in run]
    colour = dict(zip(members, _inner_colours(bgr, [tiles[i].box for i in members]), strict=True))
    faces = faces_white(bgr, [t.box for t in tiles if t.code not in FACE_DOWN], step=2)
    if faces is None:
        return tiles
    body = _lab(faces.white.reshape(1, 1, 3).astype(np.uint8))[0]  # the faces' own colour
    out = list(tiles)
    for run in runs:
        wide = {_lies_wide(tiles[i].box) for i in run}
        if len(wide) > 1:
            continue  # a tile of it lies sideways: a claimed kong, laid face up
        c = [colour[i] for i in run]
        ends, middle = (c[0] + c[3]) / 2, (c[1] + c[2]) / 2
        within = max(np.linalg.norm(c[0] - c[3]), np.linalg.norm(c[1] - c[2]))
        apart = float(np.linalg.norm(ends - middle))
        if apart < max(PAIRS_APART * within, BACK_COLOUR):
            continue
        outer = np.linalg.norm(ends - body) > np.linalg.norm(middle - body)
        for i in (run[0], run[3]) if outer else (run[1], run[2]):
            out[i] = as_back(out[i])
    return tuple(out)


def _blank_runs(tiles: tuple[TileRead, ...], blanks: list[int]) -> list[tuple[int, ...]]:
    """Runs of exactly four blanks side by side in a line, in order along it."""
    boxes = np.array([tiles[i].box for i in blanks], float)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    sizes = (boxes[:, 2:] - boxes[:, :2]).min(axis=1)
    runs = []
    for a in range(len(blanks)):
        for b in range(len(blanks)):
            step = centres[b] - centres[a]
            if a == b or not 0.7 * sizes[a] <= np.linalg.norm(step) <= 1.6 * sizes[a]:
                continue
            near = 0.5 * np.linalg.norm(step)  # a blank this close to the next place lies there
            run = [a, b]
            while len(run) < 5:  # the blanks ahead, one step at a time, up to a fifth
                distance = np.linalg.norm(centres - (centres[run[-1]] + step), axis=1)
                nearest = int(np.argmin(distance))
                if distance[nearest] > near:
                    break
                run.append(nearest)
            behind = np.linalg.norm(centres - (centres[a] - step), axis=1).min()
            if len(run) != 4 or behind <= near:  # exactly four, none before or beyond
                continue
            found = tuple(blanks[k] for k in run)
            if tuple(reversed(found)) not in runs:
                runs.append(found)
    return runs


def blank_faces(
    bgr: np.ndarray, judged: FacesWhite | None, plain: list[tuple], tiles: tuple[TileRead, ...]
) -> tuple[TileRead, ...]:
    """Doubtful White Dragons (`TileRead.doubtful`) where tiles read as backs have the colour
    of the faces around them: the middle of the tile within BLANK_FACE of the ground of its
    NEIGHBOURS nearest faces (the nearest within NEIGHBOURHOOD tile lengths), its box a face's
    size (`BLANK_SIZES` of the usual face among `tiles`) and clear of the faces.
    `plain`: (box, how sure the finder or the classifier is that it is plain) of each tile
    found or named a back; `judged`: the picture's faces (`faces_white`), none where black.

    The White Dragon of every set has a blank middle, which the finder boxes as a back where it
    sees it at all, and the classifier names a back too (an ivory blank at 0.7-0.9): a pung or
    a kong of them beside a hand is then lost, and the hand is incomplete. A set's backs are
    its own colour (green, blue, yellow...), its faces ivory or white. On 150 development
    tables (seed 99, every style and light, each tile where it was drawn), the middle of a White
    Dragon lay 3.5 Lab units from its nearest faces' ground (median; 85 % within BLANK_FACE),
    and 3 of 7,228 backs near faces (walls, concealed kongs) did. The ground is each face's
    brightest quarter (`_grounds`), near the tile: a lamp lights a table unevenly, and a warm
    bright one blows out the faces' white in red, which the whole picture's white
    (`faces_white`) leaves out (a set of blanks lay 40 units from it). As doubtful tiles,
    grouping takes them only where they make a winner's hand whole
    (`TileReader.grouped_closer`)."""
    if not plain or judged is None or judged.whiteness < WHITE_FACE:
        return ()  # black faces: a back is no darker than they are (judged in the negative)
    faces = np.array([t.box for t in tiles if t.code not in FACE_DOWN], float).reshape(-1, 4)
    if not len(faces):
        return ()
    usual = median((faces[:, 2:] - faces[:, :2]).prod(axis=1))
    boxes = np.array([box for box, _ in plain], float)
    area = (boxes[:, 2:] - boxes[:, :2]).prod(axis=1)
    centres = (faces[:, :2] + faces[:, 2:]) / 2
    apart = np.linalg.norm((boxes[:, None, :2] + boxes[:, None, 2:]) / 2 - centres[None], axis=2)
    # a face's size (not a standing tile's top, a sleeve or a sliver at the edge), near the
    # faces (not a wall's tile) and clear of them (not the side of one found beside it)
    sized = (area >= BLANK_SIZES[0] * usual) & (area <= BLANK_SIZES[1] * usual)
    near = apart.min(axis=1) <= NEIGHBOURHOOD * tile_length(faces)
    chosen = np.array([c for c in np.flatnonzero(sized & near) if clear_of(boxes[c], faces)], int)
    if not len(chosen):
        return ()
    count = min(NEIGHBOURS, len(faces))
    nearest = np.argpartition(apart[chosen], count - 1, axis=1)[:, :count]
    needed = np.unique(nearest)
    grounds = np.zeros((len(faces), 3))
    grounds[needed] = _grounds(bgr, faces[needed])
    apart_from_ground = np.linalg.norm(
        _inner_colours(bgr, boxes[chosen]) - np.median(grounds[nearest], axis=1), axis=1
    )
    out = []
    for c in chosen[apart_from_ground <= BLANK_FACE]:
        out.append(doubtful_blank(*plain[c]))
    return tuple(out)


def doubtful_blank(box, sure: float) -> TileRead:
    """A doubtful, unsure White Dragon at `box`, turned as the box lies (`TileRead.doubtful`)."""
    return TileRead(
        BLANK, box, sure, 90 if _lies_wide(box) else 0, ((BLANK, sure),), True, doubtful=True
    )


def _faces_white_in(bgr: np.ndarray, judged, in_negative: bool, tiles: tuple[TileRead, ...]):
    """(picture, its faces' white) where a table's blank faces are looked for: the picture, or
    for a set on black faces its negative, where the faces are white (`found_in_negative`)."""
    if not in_negative:
        return bgr, judged
    import cv2

    negative = cv2.bitwise_not(bgr)
    return negative, faces_white(negative, [t.box for t in tiles if t.code not in FACE_DOWN])


BLANK_RUN = 4  # blank faces in a row at most: a kong
RUN_GAP = 1.0  # tile widths: the most felt between a hand's tile and the blank set beside it
BLANK_SHARE = 0.7  # of a line across the row's middle within BLANK_FACE of the faces' ground: blank
KONG_BACK = 1.2  # tile widths: a face-down tile beside the gap, a concealed kong's end
SPECK = 0.6  # tile widths: a run of blank lines shorter than this is no face
EDGE = 0.35  # tile widths: the most not blank between two blank faces of a set (their edges)
FELT_APART = 18.0  # Lab units: the felt at least this far from the faces' ground


def blanks_in_line(
    bgr: np.ndarray, tiles: tuple[TileRead, ...], reading: Reading
) -> tuple[TileRead, ...]:
    """The tiles, with doubtful White Dragons where no face was found in line with the hand
    `reading` offers first: up to BLANK_RUN places in a row beyond one of its tiles, after at
    most RUN_GAP of a tile's width of felt (and a concealed kong's back, which
    `kong_backs_looked_for` looks for after), a tile's width each, clear of every face found,
    the lines across their middle in the hand's faces' ground (BLANK_SHARE within BLANK_FACE;
    on black faces, in the picture's negative) where the felt around the hand is not
    (FELT_APART). A back or a doubtful blank read there is read again as the run's; a White
    Dragon found and named ends it, as any face does.

    The finder boxes a set of blank White Dragons as backs, or sees nothing at all on it (on
    black faces most often, and on the riichi artwork it never learnt, drawn half on black
    faces): the hand is then a set short. Grouping takes these only where they make the hand
    whole (`grouped_closer`). Only over a whole table (the hand's tiles `seen_small`): in a close
    photo no hand was won by it, and the photos' reads took 4 ms longer (median)."""
    import cv2

    if not reading.hands or reading.hands[0].size >= WINNING_TILES:  # no tile short
        return tiles
    hand = [reading.tiles[i] for i in reading.hands[0].indices()]
    faces = np.array([t.box for t in hand if t.code not in FACE_DOWN], float).reshape(-1, 4)
    if len(faces) < 3:
        return tiles
    height, width = bgr.shape[:2]
    boxes = np.array([t.box for t in hand], float)
    length = tile_length(boxes)
    if not seen_small(length, width, height):
        return tiles  # a close photo: its blank runs are trays of tiles, and it costs a photo
    picture = bgr if bgr.dtype == np.uint8 else np.clip(bgr, 0, 255).astype(np.uint8)
    if (face_whiteness(picture, faces) or 0.0) < LOOK_NEGATIVE:  # black faces: white negative
        picture = cv2.bitwise_not(picture)
    ground = np.median(_grounds(picture, faces), axis=0)
    # a face found ends a run (a White Dragon named so too); a back or a doubtful blank read
    # there is read again as the run's
    found = np.array([t.box for t in tiles if t.code != "back" and not t.doubtful], float).reshape(
        -1, 4
    )
    spread = boxes[:, 2:].max(axis=0) - boxes[:, :2].min(axis=0)
    axis = 0 if spread[0] >= spread[1] else 1  # the hand's row runs across or down
    sides = np.sort(boxes[:, 2:] - boxes[:, :2], axis=1)
    extent, across = (float(v) for v in np.median(sides, axis=0))  # a tile's width and length
    # the step from one tile to the next along the row (a box may be drawn tighter than the
    # tile): the usual distance between neighbours' middles
    steps = np.diff(np.sort((boxes[:, axis] + boxes[:, axis + 2]) / 2))
    steps = steps[(steps > 0.5 * extent) & (steps < 1.5 * extent)]
    extent = median(steps) if len(steps) else extent
    # the felt: the picture a tile's length around the hand, less every tile found
    x0, y0 = (boxes[:, :2].min(axis=0) - length).astype(int).clip(0)
    x1, y1 = np.minimum((boxes[:, 2:].max(axis=0) + length).astype(int), (width, height))
    bare = np.ones((max(y1 - y0, 0), max(x1 - x0, 0)), bool)
    every = np.array([t.box for t in tiles], float).reshape(-1, 4).astype(int)
    inside = (every[:, 2] > x0) & (every[:, 0] < x1) & (every[:, 3] > y0) & (every[:, 1] < y1)
    for b in every[inside]:
        bare[max(b[1] - y0, 0) : max(b[3] - y0, 0), max(b[0] - x0, 0) : max(b[2] - x0, 0)] = False
    felt = picture[y0:y1:2, x0:x1:2][bare[::2, ::2]]  # every other pixel each way tells it
    if not len(felt) or np.linalg.norm(_lab_of([np.median(felt, axis=0)])[0] - ground) < FELT_APART:
        return tiles

    def run_beyond(b: np.ndarray, step: int) -> list[np.ndarray]:
        """The places of the blank run beyond tile `b` (its row's way `step`), none if none."""
        cross = 1 - axis
        inset = (b[cross + 2] - b[cross]) * 0.2
        low, high = int(b[cross] + inset), int(b[cross + 2] - inset)
        reach = int(extent * (RUN_GAP + BLANK_RUN + 0.5))
        limit = (width, height)[axis]
        edge = int(b[axis + 2]) if step > 0 else int(b[axis])
        span = (edge, min(limit, edge + reach)) if step > 0 else (max(0, edge - reach), edge)
        if span[1] - span[0] < extent or high <= low:
            return []
        lines = np.arange(span[0], span[1])
        blocked = np.zeros(len(lines), bool)
        overlap = np.minimum(found[:, cross + 2], high) - np.maximum(found[:, cross], low)
        along = (found[:, axis + 2] > span[0]) & (found[:, axis] < span[1])
        for f in found[(overlap > 0.3 * (high - low)) & along]:  # a face found ends the run
            blocked |= (lines >= f[axis] + 2) & (lines < f[axis + 2] - 2)
        if step < 0:
            blocked, lines = blocked[::-1], lines[::-1]
        stop = np.flatnonzero(blocked)
        open_lines = stop[0] if len(stop) else len(lines)
        if open_lines < SPECK * extent:  # a tile found beside it: no room for a blank
            return []
        first, last = sorted((int(lines[0]), int(lines[open_lines - 1])))
        if axis == 0:
            strip = picture[low:high, first : last + 1]
        else:
            strip = picture[first : last + 1, low:high].transpose(1, 0, 2)
        near = np.linalg.norm(_lab(strip.reshape(-1, 1, 3)) - ground, axis=1) <= BLANK_FACE
        share = near.reshape(strip.shape[:2]).mean(axis=0)  # each line across the row
        if step < 0:
            share = share[::-1]
        lines = lines[:open_lines]
        plain = share >= BLANK_SHARE
        for begin, end in _runs(plain, int(EDGE * extent)):
            if begin > (RUN_GAP + KONG_BACK) * extent:  # felt, and maybe a concealed kong's back
                return []
            if end - begin >= SPECK * extent:
                break
        else:
            return []
        count = min(BLANK_RUN, int(round((end - begin) / extent)))
        if count < 1:
            return []
        end -= 1
        a, z = sorted((float(lines[begin]), float(lines[end]) + step))
        places = []
        middle = (b[cross] + b[cross + 2]) / 2
        for k in range(count):
            box = np.zeros(4)
            box[axis], box[axis + 2] = a + (z - a) * k / count, a + (z - a) * (k + 1) / count
            box[cross], box[cross + 2] = middle - across / 2, middle + across / 2
            places.append(box)
        return places

    out: list[np.ndarray] = []
    for b in boxes:
        for step in (-1, 1):
            out += run_beyond(b, step)
    kept: list[TileRead] = []
    for box in out:
        if any(_cover(box, t.box) > 0.5 for t in kept):
            continue
        kept.append(doubtful_blank(tuple(int(round(v)) for v in box), 0.5))
    if not kept:
        return tiles
    others = tuple(
        t
        for t in tiles
        if not (t.doubtful and t.code == BLANK and any(_cover(t.box, k.box) > 0.5 for k in kept))
    )
    return others + tuple(kept)


def _runs(flags: np.ndarray, dip: int) -> list[tuple[int, int]]:
    """(start, end) of each run of True in `flags`, runs apart by no more than `dip` joined."""
    runs: list[tuple[int, int]] = []
    for i in np.flatnonzero(flags):
        if runs and i - runs[-1][1] <= dip:
            runs[-1] = (runs[-1][0], int(i) + 1)
        else:
            runs.append((int(i), int(i) + 1))
    return runs


def _lies_wide(box) -> bool:
    return box[2] - box[0] > box[3] - box[1]


def _inner_colours(bgr: np.ndarray, boxes) -> np.ndarray:
    """Each tile's own colour (n x 3, Lab): the median of the middle of its box (ink on a face
    is a small share of it)."""
    medians = []
    for x0, y0, x1, y1 in boxes:
        margin_x, margin_y = (1 - INNER) / 2 * (x1 - x0), (1 - INNER) / 2 * (y1 - y0)
        inner = bgr[
            int(y0 + margin_y) : max(int(y1 - margin_y), int(y0 + margin_y) + 1),
            int(x0 + margin_x) : max(int(x1 - margin_x), int(x0 + margin_x) + 1),
        ]
        medians.append(np.median(inner.reshape(-1, 3), axis=0))
    return _lab_of(medians)


def _grounds(bgr: np.ndarray, boxes) -> np.ndarray:
    """Each face's ground (n x 3, Lab): the mean of its brightest quarter (its ink is darker),
    from about GROUND_SAMPLES of its pixels, evenly spread."""
    means = []
    for x0, y0, x1, y1 in (tuple(int(v) for v in box) for box in boxes):
        step = max(1, round(((x1 - x0) * (y1 - y0) / GROUND_SAMPLES) ** 0.5))
        pixels = bgr[max(y0, 0) : max(y1, y0 + 1) : step, max(x0, 0) : max(x1, x0 + 1) : step]
        pixels = pixels.reshape(-1, 3)
        level = pixels.sum(axis=1, dtype=np.int32)
        quarter = len(level) * 3 // 4
        means.append(pixels[level >= np.partition(level, quarter)[quarter]].mean(axis=0))
    return _lab_of(means)


def _lab_of(colours) -> np.ndarray:
    """BGR colours (n x 3, floats) in OpenCV's 8-bit Lab, in one conversion."""
    if not len(colours):
        return np.zeros((0, 3))
    return _lab(np.round(np.array(colours, float)).astype(np.uint8).reshape(-1, 1, 3))


def _lab(bgr: np.ndarray) -> np.ndarray:
    """A picture's pixels (n x 3) in OpenCV's 8-bit Lab, as floats."""
    import cv2

    return cv2.cvtColor(np.ascontiguousarray(bgr), cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(float)


def kong_ends(tiles: tuple[TileRead, ...], width: int, height: int) -> list[list[tuple]]:
    """For each two like faces side by side whose places one step beyond, on both sides, hold
    nothing found or a face-down tile: the boxes (picture pixels, each the pair's size) of the
    empty places, where a concealed kong's backs would lie. Places beyond the picture's edge
    are not looked at. Two White Dragons count as two faces: a blank may be a back read so
    (`FACE_DOWN`), but a kong of White Dragons shows two of them between its backs (900
    development tables: one more read exactly, a dim blue set, none fewer)."""
    if len(tiles) < 2:
        return []
    boxes = np.array([t.box for t in tiles], float)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    sizes = (boxes[:, 2:] - boxes[:, :2]).min(axis=1)
    codes = np.array([t.code for t in tiles])
    face = ~np.isin(codes, list(FACE_DOWN))
    apart = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    pairs = (
        np.triu(codes[:, None] == codes[None], 1)
        & (codes != "back")[:, None]  # two White Dragons may be the faces of their kong
        & (apart >= 0.7 * sizes[:, None])
        & (apart <= 1.6 * sizes[:, None])
    )
    probes = []
    for j, k in zip(*np.nonzero(pairs), strict=True):
        step, length = centres[k] - centres[j], apart[j, k]
        size = (boxes[j, 2:] - boxes[j, :2] + boxes[k, 2:] - boxes[k, :2]) / 2
        empty = []
        for end in (centres[j] - step, centres[k] + step):
            distance = np.linalg.norm(centres - end, axis=1)
            nearest = int(np.argmin(distance))
            if distance[nearest] > 0.5 * length:
                empty.append((*(end - size / 2), *(end + size / 2)))
            elif face[nearest] or codes[nearest] == codes[j]:
                break  # a face beyond the pair: three of a kind, or a row
        else:  # each end empty, or a back found there already
            inside = all(min(b) >= 0 and b[2] <= width and b[3] <= height for b in empty)
            if empty and inside:
                probes.append([tuple(float(v) for v in b) for b in empty])
    return probes


def white_either_way(bgr: np.ndarray, negative: np.ndarray, found: list, in_negative: list) -> list:
    """The tiles found in a picture (`found`) and in its negative (`in_negative`), each where
    its face shows white: the faces whiter in the picture as it is than in its negative, and
    the negative's tiles clear of them. A set on black faces may keep light tiles (the flowers
    of some sets): in the negative those are dark, and the finder boxes two of them as one."""
    white = [
        f
        for f in found
        if f.kind == "face"
        and (face_whiteness(bgr, [f.box], 1) or 0.0) > (face_whiteness(negative, [f.box], 1) or 0.0)
    ]
    boxes = face_boxes(white)
    either = white + [f for f in in_negative if clear_of(f.box, boxes)]
    return sorted(either, key=lambda f: -f.score)


def clear_of(box, faces: np.ndarray, most: float = CLEAR) -> bool:
    """Whether no more than `most` of the box lies under the faces' boxes: a tile of its own, not
    the felt in a gap between two tiles (which the faces beside it overlap)."""
    if len(faces) == 0:
        return True
    x0, y0, x1, y1 = box
    return float(_shared(box, faces).sum()) <= most * (x1 - x0) * (y1 - y0)


def _shared(box, boxes: np.ndarray) -> np.ndarray:
    """The area `box` shares with each of `boxes` (n x 4)."""
    x0, y0, x1, y1 = box
    across = np.maximum(np.minimum(boxes[:, 2], x1) - np.maximum(boxes[:, 0], x0), 0.0)
    down = np.maximum(np.minimum(boxes[:, 3], y1) - np.maximum(boxes[:, 1], y0), 0.0)
    return across * down


def in_line_with_faces(boxes, faces: np.ndarray, reach: float = 1.6, alike: float = 1.4):
    """For each of `boxes` (n x 4), whether it lies beside one of `faces` (m x 4) in a row or a
    column: a face of about its size (each side within `alike` times) whose centre is within
    `reach` tile lengths along the row and a third of a tile across it. All boxes at once: a
    table's walls are a hundred backs or more, and asked one at a time they took 4 ms of its
    read."""
    boxes = np.asarray(boxes, float).reshape(-1, 4)
    if len(faces) == 0 or len(boxes) == 0:
        return np.zeros(len(boxes), bool)
    w, h = (boxes[:, 2] - boxes[:, 0])[:, None], (boxes[:, 3] - boxes[:, 1])[:, None]
    cx, cy = ((boxes[:, 0] + boxes[:, 2]) / 2)[:, None], ((boxes[:, 1] + boxes[:, 3]) / 2)[:, None]
    fw, fh = faces[:, 2] - faces[:, 0], faces[:, 3] - faces[:, 1]
    fcx, fcy = (faces[:, 0] + faces[:, 2]) / 2, (faces[:, 1] + faces[:, 3]) / 2
    same_size = (np.maximum(fw / w, w / fw) < alike) & (np.maximum(fh / h, h / fh) < alike)
    in_row = (abs(fcy - cy) < 0.35 * h) & (abs(fcx - cx) < reach * w)
    in_column = (abs(fcx - cx) < 0.35 * w) & (abs(fcy - cy) < reach * h)
    return (same_size & (in_row | in_column)).any(axis=1)


def vote_tiles(frames: list[tuple[TileRead, ...]], overlap: float = 0.5) -> tuple[TileRead, ...]:
    """Tiles agreed over several readings of the same still scene.

    A tile of one frame joins the tile of earlier frames whose box it overlaps (IoU >= `overlap`);
    each joined tile takes the code most frames gave it (the surest on a tie), the box and turn
    from that code's surest sighting, and is flagged unsure unless two thirds of frames agree.
    """
    from vision.detector import box_iou

    sightings: list[list[TileRead]] = []
    for tiles in frames:
        boxes = np.array([s[-1].box for s in sightings], float).reshape(-1, 4)
        for tile in tiles:
            overlaps = box_iou(np.array([tile.box], float), boxes)[0] if len(boxes) else []
            best = int(np.argmax(overlaps)) if len(overlaps) else -1
            if best >= 0 and overlaps[best] >= overlap and len(sightings[best]) < len(frames):
                sightings[best].append(tile)
            else:
                sightings.append([tile])
    voted = []
    for seen in sightings:
        if 2 * len(seen) <= len(frames) and len(frames) > 1:
            continue
        votes = Counter(t.code for t in seen)
        code = max(votes, key=lambda c: (votes[c], sum(t.confidence for t in seen if t.code == c)))
        surest = max((t for t in seen if t.code == code), key=lambda t: t.confidence)
        agreed = votes[code] * 3 >= 2 * len(frames)
        voted.append(replace(surest, unsure=surest.unsure or not agreed))
    return tuple(voted)


def face_down(box, confidence: float, seen, doubtful: bool = False) -> TileRead:
    """A tile read face down at `box`: its turn is how its box was seen (`seen`, in the picture
    it was found in), taller than wide for a tile lying upright. `doubtful`: a concealed kong's
    back that the classifier read unsurely (`TileReader.grouped_closer` uses it only where it
    makes the hand whole)."""
    x0, y0, x1, y1 = seen
    turn = 0 if y1 - y0 >= x1 - x0 else 90
    top = (("back", confidence),)
    return TileRead("back", box, confidence, turn, top, unsure=doubtful, doubtful=doubtful)


def _pixel_box(box, width: int, height: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return (
        int(max(0, round(x0))),
        int(max(0, round(y0))),
        int(min(width, round(x1))),
        int(min(height, round(y1))),
    )


def keep_trusted(reading: Reading) -> Reading:
    """The reading without face-down tiles that no hand uses (walls, strays), in reading order:
    faces first by position (top to bottom, left to right), indices in hands renumbered."""
    used = {i for hand in reading.hands for meld in hand.melds for i in meld.tiles}
    keep = [i for i, tile in enumerate(reading.tiles) if tile.code != "back" or i in used]
    keep.sort(key=lambda i: (reading.tiles[i].box[1], reading.tiles[i].box[0]))
    return only_tiles(reading, keep)


def without_nameless(reading: Reading) -> Reading:
    """The reading without the discards (the faces no hand uses) that the classifier names less
    surely than STRAY and whose box lies ON_OTHERS or more on other faces' boxes: a box
    straddling two tiles of a heap. Hands are untouched, and so is every face-down tile."""
    nameless = [i for i in reading.discards if reading.tiles[i].confidence < STRAY]
    if not nameless:
        return reading
    faces = np.array([i for i, tile in enumerate(reading.tiles) if tile.code != "back"])
    boxes = np.array([reading.tiles[i].box for i in faces], float)
    straddling = set()
    for i in nameless:
        x0, y0, x1, y1 = box = reading.tiles[i].box
        shared = _shared(box, boxes[faces != i]).sum()
        if shared >= ON_OTHERS * max((x1 - x0) * (y1 - y0), 1):
            straddling.add(i)
    if not straddling:
        return reading
    return only_tiles(reading, [i for i in range(len(reading.tiles)) if i not in straddling])


def only_tiles(reading: Reading, keep: list[int]) -> Reading:
    """The reading with only the tiles at `keep`, in that order, indices in hands and discards
    renumbered; every tile a hand uses must be kept."""
    new_index = {old: new for new, old in enumerate(keep)}

    def renumber(indices):
        return tuple(new_index[i] for i in indices)

    hands = tuple(
        HandRead(
            position=hand.position,
            concealed=renumber(hand.concealed),
            melds=tuple(
                MeldRead(
                    m.kind,
                    renumber(m.tiles),
                    None if m.claimed is None else new_index[m.claimed],
                    m.claimed_from,
                )
                for m in hand.melds
            ),
            flowers=renumber(hand.flowers),
            win_tile=None if hand.win_tile is None else new_index[hand.win_tile],
            foreign=renumber(hand.foreign),
        )
        for hand in reading.hands
    )
    tiles = tuple(reading.tiles[i] for i in keep)
    discards = tuple(new_index[i] for i in reading.discards if i in new_index)
    return replace(reading, tiles=tiles, hands=hands, discards=discards)
