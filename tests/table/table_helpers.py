"""Shared pieces of the table tests: a post queue the test drains, a listener that records events
(and can stand in for the person at the screen), and a table built from them."""

from __future__ import annotations

from tui_games.table import InlineRunner, Table
from tui_games.table import events


class Posted(list):
    """A table's ``post``: callbacks queued here run when the test drains them (the owner's loop)."""

    def __call__(self, callback) -> None:
        self.append(callback)

    def drain(self, limit: int = 100_000) -> int:
        """Run queued callbacks (and those they queue) until none is left; returns how many ran."""
        ran = 0
        while self:
            self.pop(0)()
            ran += 1
            assert ran < limit, "the table never settles"
        return ran


class Recorder:
    """A listener keeping every event; with ``confirm_handovers`` it plays the person who takes the
    device whenever a hand-over is asked for."""

    def __init__(self, table: Table, confirm_handovers: bool = False) -> None:
        self.table = table
        self.events: list = []
        self.confirm_handovers = confirm_handovers
        table.listen(self)

    def __call__(self, event) -> None:
        self.events.append(event)
        if self.confirm_handovers and isinstance(event, events.HandoverNeeded):
            self.table.post(lambda: self.table.handed_to(event.seat))

    def of(self, kind) -> list:
        """The events of type ``kind``, in order."""
        return [event for event in self.events if isinstance(event, kind)]

    def take(self) -> list:
        """The events since the last take."""
        taken, self.events = self.events, []
        return taken


def make_table(match, controllers=None, runner=None, confirm_handovers: bool = False):
    """A table of ``match`` on an inline runner and a drained post queue: (table, posted, recorder)."""
    posted = Posted()
    table = Table(match, controllers, runner or InlineRunner(), posted)
    return table, posted, Recorder(table, confirm_handovers)
