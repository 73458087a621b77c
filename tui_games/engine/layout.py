"""Declared state layouts: a game's flat int64 state array as named fields with computed offsets.

A game's rules module declares its fields once, after the common header::

    LAYOUT = StateLayout("Tic Tac Toe", Field("cells", 9, "0 empty, 1 X, 2 O; row-major from a1"))
    CELLS = LAYOUT.offset("cells")
    STATE_SIZE = LAYOUT.size

The offsets are plain module-level ints, so jitted kernels read them as compile-time constants.
Repeated blocks (a seat, a hand) are a :class:`StateLayout` of their own used as a field's ``record``
with a ``count``; :meth:`StateLayout.diagram` draws the index map that the rules' docstring used to
spell out by hand, and :meth:`StateLayout.read` names the values of a live array (tests, debugging).
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.engine import header


@dataclass(frozen=True)
class Field:
    """One named run of ``size`` slots (or ``count`` copies of a ``record`` block) in a state array."""

    name: str
    size: int = 1
    doc: str = ""
    record: "StateLayout | None" = None
    count: int = 1

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"field name {self.name!r} is not an identifier")
        if self.record is not None:
            object.__setattr__(self, "size", self.record.size * self.count)
        if self.size < 0 or self.count < 1:
            raise ValueError(f"field {self.name!r} has a negative size or no copies")


HEADER_FIELDS = (
    Field("player", 1, "player to move, or CHANCE -1 / SIMULTANEOUS -2 / TERMINAL -4"),
    Field("ply", 1, "actions applied so far, chance outcomes included"),
    Field("winner", 1, "winning seat once decided, else NO_WINNER -1"),
    Field("num_players", 1, "number of seats"),
)
"""The common header every game state starts with (see :mod:`tui_games.engine.header`)."""


class StateLayout:
    """Named fields laid end to end; with ``with_header`` the common header comes first."""

    def __init__(self, title: str, *fields: Field, with_header: bool = True) -> None:
        self.title = title
        """What the layout describes ('Connect Four state', 'one hand')."""
        self.fields: tuple[Field, ...] = (HEADER_FIELDS if with_header else ()) + tuple(fields)
        """Every field in array order, the header's included."""
        self._offsets: dict[str, int] = {}
        position = 0
        for field in self.fields:
            if field.name in self._offsets:
                raise ValueError(f"{title}: field {field.name!r} declared twice")
            self._offsets[field.name] = position
            position += field.size
        self.size = position
        """Slots in the whole array (or in one record)."""
        if with_header:
            assert self._offsets["num_players"] + 1 == header.HEADER_SIZE, "header out of step"

    def offset(self, name: str) -> int:
        """Index of the first slot of field ``name``."""
        try:
            return self._offsets[name]
        except KeyError:
            raise KeyError(f"{self.title} has no field {name!r} (fields: {', '.join(self._offsets)})") from None

    def field(self, name: str) -> Field:
        """The declaration of field ``name``."""
        self.offset(name)
        return next(field for field in self.fields if field.name == name)

    def __contains__(self, name: str) -> bool:
        return name in self._offsets

    def diagram(self) -> str:
        """The index map, one line per field: ``[  4.. 12] cells (9)  0 empty, 1 X, 2 O``."""
        width = len(str(max(self.size - 1, 0)))
        lines = [f"{self.title}: {self.size} slots"]
        for field in self.fields:
            start = self._offsets[field.name]
            end = start + field.size - 1
            span = f"[{start:>{width}}]" if field.size == 1 else f"[{start:>{width}}..{end:>{width}}]"
            shape = f" ({field.count} x {field.record.size})" if field.record else (
                f" ({field.size})" if field.size != 1 else "")
            lines.append(f"{span} {field.name}{shape}  {field.doc}".rstrip())
            if field.record is not None:
                lines.extend("    " + line for line in field.record.diagram().splitlines()[1:])
        return "\n".join(lines)

    def read(self, array, base: int = 0) -> dict:
        """The values of ``array`` by field name (ints, lists, or lists of nested dicts for records)."""
        values: dict = {}
        for field in self.fields:
            start = base + self._offsets[field.name]
            if field.record is not None:
                values[field.name] = [field.record.read(array, start + i * field.record.size)
                                      for i in range(field.count)]
            elif field.size == 1:
                values[field.name] = int(array[start])
            else:
                values[field.name] = [int(x) for x in array[start:start + field.size]]
        return values


__all__ = ["Field", "HEADER_FIELDS", "StateLayout"]
