"""Fold the append-only events of a session into the table's record (STYLE 5).

Events, oldest first, each a row of the `event` table:
- `session_setup`: players, rule profile, house options, money per point, Horse Race on or off
  (a later one corrects an earlier one);
- `hand_added`: one hand of CONTRACT 5 (`hand`), and the picture it was read from, if any;
- `hand_edited`: the new content of the hand `hand_id`;
- `hand_deleted`: the hand `hand_id` is gone;
- `undo`: cancels the change event `body.cancels`: an add, edit or delete of a hand, a corrected
  setup, or the session's first setup, which undoes starting the session (the table goes back to
  the session before; this one stays in the database).

`fold` gives a `Table`; `Table.record()` is the CONTRACT 5 record that `engine.replay` answers, and
history, settlement and export all read that one fold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    id: int
    kind: str
    hand_id: int | None
    body: dict
    created_at: str

    @classmethod
    def from_row(cls, row) -> Event:
        return cls(
            row["id"], row["kind"], row["hand_id"], json.loads(row["body"]), row["created_at"]
        )


@dataclass
class HandEntry:
    """One hand as the table knows it now: its stable id (the event that added it) and content."""

    id: int
    hand: dict
    picture: str | None
    added_at: str
    edited_at: str | None = None


@dataclass
class Table:
    session_id: int
    setup: dict
    hands: list[HandEntry] = field(default_factory=list)
    version: int = 0  # id of the newest event folded
    undoable: Event | None = None  # the change an undo would cancel now
    undoable_number: int | None = None  # its hand's number (a deleted hand's, where it stood)
    started_by: int | None = None  # id of the event that started the session

    @property
    def undo_ends_session(self) -> bool:
        """Whether undoing now would undo starting this session."""
        return self.undoable is not None and self.undoable.id == self.started_by

    def record(self, extra_hand: dict | None = None, replace: dict | None = None) -> dict:
        """The CONTRACT 5 record, `extra_hand` appended or `replace` ({id: hand}) swapped in."""
        replace = replace or {}
        hands = [replace.get(entry.id, entry.hand) for entry in self.hands]
        if extra_hand is not None:
            hands.append(extra_hand)
        return {
            "rules": self.setup["rules"],
            "options": dict(self.setup.get("options", {})),
            "horse_race": bool(self.setup.get("horse_race", True)),
            "players": list(self.setup["players"]),
            "hands": hands,
        }

    def index_of(self, hand_id: int) -> int | None:
        for index, entry in enumerate(self.hands):
            if entry.id == hand_id:
                return index
        return None


def fold(session_id: int, events: list[Event]) -> Table:
    """Replay the events of one session, oldest first, into its current table."""
    cancelled = {e.body["cancels"] for e in events if e.kind == "undo"}
    table = Table(session_id=session_id, setup={})
    table.started_by = events[0].id if events else None
    for event in events:
        table.version = max(table.version, event.id)
        if event.id in cancelled or event.kind == "undo":
            continue
        if event.kind == "session_setup":
            table.setup = event.body["setup"]
            table.undoable, table.undoable_number = event, None
            continue
        number = None
        if event.kind == "hand_added":
            table.hands.append(
                HandEntry(event.id, event.body["hand"], event.body.get("picture"), event.created_at)
            )
            number = len(table.hands)
        elif event.kind == "hand_edited":
            index = table.index_of(event.hand_id)
            if index is not None:
                entry = table.hands[index]
                entry.hand = event.body["hand"]
                entry.picture = event.body.get("picture", entry.picture)
                entry.edited_at = event.created_at
                number = index + 1
        elif event.kind == "hand_deleted":
            index = table.index_of(event.hand_id)
            if index is not None:
                del table.hands[index]
                number = index + 1
        table.undoable, table.undoable_number = event, number
    return table
