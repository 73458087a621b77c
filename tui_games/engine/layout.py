"""Declared state layouts: a game's flat int64 state array as named fields with computed offsets.

A game's rules module declares its fields once, after the common header, and exports their offsets::

    LAYOUT = StateLayout("Tic Tac Toe", Field("cells", 9, "0 empty, 1 X, 2 O; row-major from a1"))
    LAYOUT.export(globals())        # defines CELLS (the offset of "cells") and STATE_SIZE

The offsets are plain module-level ints, so jitted kernels read them as compile-time constants.
Repeated blocks (a seat, a hand) are a :class:`StateLayout` of their own used as a field's ``record``
with a ``count``, exported with a prefix (``HAND.export(globals(), prefix="H_")`` gives ``H_CARDS``
and ``H_SIZE``); :meth:`StateLayout.diagram` draws the index map that the rules' docstring used to
spell out by hand, and :meth:`StateLayout.read` and :meth:`StateLayout.value` name the values of a
live array (the state's ``field(name)``, tests, debugging).
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
        self.with_header = with_header
        """True when the common header comes first (a whole state, not a record inside one)."""
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

    def export(self, namespace: dict, prefix: str = "", size_name: str | None = None) -> tuple[str, ...]:
        """Define in ``namespace`` (a rules module's ``globals()``) one constant per field, its name
        upper-cased after ``prefix`` and its value the field's offset, and the layout's size as
        ``size_name`` (default ``STATE_SIZE`` for a layout with the header, else ``prefix + "SIZE"``).
        The header's own fields are left to :mod:`tui_games.engine.header`. A name the namespace
        already holds with another value raises ValueError rather than being overwritten.
        Returns the names defined."""
        header_names = {field.name for field in HEADER_FIELDS}
        constants = {prefix + field.name.upper(): self._offsets[field.name] for field in self.fields
                     if not (self.with_header and field.name in header_names)}
        if size_name is None:
            size_name = "STATE_SIZE" if self.with_header else prefix + "SIZE"
        constants[size_name] = self.size
        for name, value in constants.items():
            if name in namespace and namespace[name] != value:
                raise ValueError(f"{self.title}: {name} is already {namespace[name]!r}, not the offset {value}")
        namespace.update(constants)
        return tuple(constants)

    def value(self, array, name: str, base: int = 0):
        """Field ``name`` of a live array: an int for a one-slot field, a list of ints for a run, a list
        of dicts for a record field (``base``: where this layout starts in ``array``)."""
        field = self.field(name)
        start = base + self._offsets[name]
        if field.record is not None:
            return [field.record.read(array, start + i * field.record.size) for i in range(field.count)]
        if field.size == 1:
            return int(array[start])
        return [int(x) for x in array[start:start + field.size]]

    def read(self, array, base: int = 0) -> dict:
        """The values of ``array`` by field name (ints, lists, or lists of nested dicts for records)."""
        return {field.name: self.value(array, field.name, base) for field in self.fields}


__all__ = ["Field", "HEADER_FIELDS", "StateLayout"]
