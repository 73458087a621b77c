"""The one control array every searcher polls: stop requests, node budgets and what happened.

Layout of ``control`` (a contiguous int64 array of :data:`CONTROL_SIZE` slots; the first slot alone
is also accepted by the searchers that only stop):

==============  =================================================================================
``STOP`` (0)    set non-zero by any thread to ask the running search to return at once
``ABORTED`` (1) set to 1 by the searcher when it returned early (stop asked or budget spent)
``NODES`` (2)   nodes (or iterations) the searcher counted since the caller last cleared it
``BUDGET`` (3)  the most nodes the search may visit; 0 means no limit
==============  =================================================================================

Kernels call :func:`should_stop` every ``POLL_NODES`` nodes; the Python side wraps the array in a
:class:`StopFlag`, whose :meth:`StopFlag.deadline` turns a time budget into a stop request.
"""

from __future__ import annotations

import contextlib
import threading

from tui_games.engine.jit import kernel, np, types

STOP = 0
ABORTED = 1
NODES = 2
BUDGET = 3
CONTROL_SIZE = 4

POLL_NODES = 1024
"""How many nodes a recursive searcher visits between two looks at the control array."""


@kernel(types.boolean(types.int64[::1], types.int64))
def should_stop(control, nodes):
    """True when a stop was asked or the node budget is spent; records the abort in the array."""
    if control[STOP] != 0:
        if control.shape[0] > ABORTED:
            control[ABORTED] = 1
        return True
    if control.shape[0] > BUDGET and control[BUDGET] > 0 and nodes >= control[BUDGET]:
        control[ABORTED] = 1
        return True
    return False


@kernel(types.boolean(types.int64[::1]))
def stop_requested(control):
    """True once the search has been told to stop or has aborted; a stop marks the abort too."""
    if control.shape[0] <= ABORTED:
        return control[STOP] != 0
    if control[STOP] != 0:
        control[ABORTED] = 1
    return control[ABORTED] != 0


class StopFlag:
    """A control array (layout above) that kernels poll; set it from any thread to abort a search."""

    def __init__(self, budget: int = 0) -> None:
        self.array = np.zeros(CONTROL_SIZE, dtype=np.int64)
        self.array[BUDGET] = budget

    def set(self) -> None:
        """Ask the running search to stop."""
        self.array[STOP] = 1

    def clear(self) -> None:
        """Reset the stop request, the abort mark and the node count before a new search."""
        self.array[STOP] = 0
        self.array[ABORTED] = 0
        self.array[NODES] = 0

    @property
    def is_set(self) -> bool:
        """True once a stop was asked for."""
        return bool(self.array[STOP])

    @property
    def aborted(self) -> bool:
        """True when the last search returned early (stopped or out of node budget)."""
        return bool(self.array[ABORTED]) or self.is_set

    @property
    def nodes(self) -> int:
        """Nodes (or iterations) counted by the searches since the last :meth:`clear`."""
        return int(self.array[NODES])

    @property
    def budget(self) -> int:
        """The node budget (0: none)."""
        return int(self.array[BUDGET])

    @budget.setter
    def budget(self, nodes: int) -> None:
        self.array[BUDGET] = max(int(nodes), 0)

    @contextlib.contextmanager
    def deadline(self, seconds: float | None):
        """Within the block, the flag is set once ``seconds`` have passed (None: never)."""
        if seconds is None:
            yield self
            return
        timer = threading.Timer(seconds, self.set)
        timer.daemon = True
        timer.start()
        try:
            yield self
        finally:
            timer.cancel()
