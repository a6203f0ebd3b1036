"""Players across sessions are matched by name; a rename gives a player a new name everywhere.

Each session keeps the names typed that evening (its record is never edited). A rename is a
row of its own (`player_rename`), and `Names` folds the renames, oldest first, into the name
each typed name goes by now: renaming "Jun" to "Junho" renames him in every session he played,
and a later evening where someone types "Jun" again counts for Junho too. Renaming a player to
another player's name makes the two one player (a merge), unless they sat at one table together.
Names match whatever their case, as Setup refuses two players whose names differ only by case.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from webui.refusal import Refusal
from webui.validate import check_text, player_name


def key(name: str) -> str:
    return name.casefold()


class Names:
    """The name each typed name goes by now, after every rename so far."""

    def __init__(self, renames: list[tuple[str, str]]):
        self.now: dict[str, str] = {}  # key of a typed (or earlier) name -> the name now
        for old, new in renames:
            self.rename(old, new)

    def rename(self, old: str, new: str) -> None:
        for typed, name in self.now.items():
            if key(name) == key(old):
                self.now[typed] = new
        self.now.setdefault(key(old), new)

    def of(self, typed: str) -> str:
        return self.now.get(key(typed), typed)


@dataclass
class Player:
    """One player across sessions: the name now, the names typed, and where they sat."""

    name: str
    typed: set[str] = field(default_factory=set)
    seats: list[tuple[int, int]] = field(default_factory=list)  # (session id, player index)

    @property
    def key(self) -> str:
        return key(self.name)

    @property
    def earlier(self) -> list[str]:
        """The names typed for this player that are not the name now."""
        return sorted(name for name in self.typed if name != self.name)


def players(names: Names, seatings: list[tuple[int, list[str]]]) -> dict[str, Player]:
    """Every player of the sessions (oldest first), by the key of their name now. A player never
    renamed goes by the name as typed in the newest session."""
    found: dict[str, Player] = {}
    for session_id, typed_names in seatings:
        for index, typed in enumerate(typed_names):
            now = names.of(typed)
            player = found.setdefault(key(now), Player(now))
            if key(typed) not in names.now:
                player.name = typed  # the newest spelling of a name never renamed
            player.typed.add(typed)
            player.seats.append((session_id, index))
    return found


def check_rename(renames, seatings, old: str, new) -> tuple[str, str]:
    """Whether the player `old` may be renamed `new`: (name now, new name cleaned up), or the
    refusal as a sentence's key naming the field at fault (`name`)."""
    check_text({"name": new})
    clean = player_name(new)
    if clean is None:
        raise Refusal("rename_name", field="name")
    names = Names(renames)
    everyone = players(names, seatings)
    player = everyone.get(key(names.of(old)))
    if player is None:
        raise Refusal("player_unknown", status=404, name=old)
    if clean == player.name:
        raise Refusal("rename_same", field="name", name=clean)
    goes_by = names.of(clean)
    if key(goes_by) != key(clean) and key(goes_by) != player.key:
        raise Refusal("rename_earlier_name", field="name", name=clean, player=goes_by)
    other = everyone.get(key(clean))
    if other is not None and other.key != player.key:
        shared = {session for session, _ in player.seats} & {s for s, _ in other.seats}
        if shared:
            number = [session for session, _ in seatings].index(min(shared)) + 1
            raise Refusal("players_met", field="name", name=player.name, other=other.name, n=number)
    return player.name, clean
