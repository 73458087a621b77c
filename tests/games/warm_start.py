"""Whether a prepared AI's first moves still load kernels: a check run in a fresh interpreter.

A numba kernel compiles (or loads from the cache) the first time it is called with new argument
types, which adds an overload to its dispatcher. In a fresh interpreter the script builds an AI,
calls ``prepare()``, notes every dispatcher's overloads in the package's modules, chooses a move in
each given position (and asks a hint in the last), and reports the dispatchers that gained one: work
the warm-up should have done.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import json, sys
from numba.core.dispatcher import Dispatcher
from tui_games import catalog

game, level, setups, hint = json.loads(sys.argv[1])
spec = catalog.get(game)
states = []
for params, moves in setups:
    state = spec.new(**params)
    for move in moves:
        state.apply(state.parse_action(move))
    states.append(state)
player = spec.ai(level, seed=0)
player.prepare(states[0].clone())


def overloads():
    return {f"{name}.{attr}": len(value.overloads) for name, module in list(sys.modules.items())
            if name.startswith("tui_games") for attr, value in list(vars(module).items())
            if isinstance(value, Dispatcher)}


before = overloads()
found = []
for state in states:
    player.choose(state.clone())
    found.append(getattr(getattr(player, "last", None), "exact", None))
    if hint and state is states[-1]:
        player.hint(state.clone())
after = overloads()
print(json.dumps({"loaded": sorted(k for k, n in after.items() if n != before.get(k, 0)), "exact": found}))
"""


def first_moves(game: str, level: int, setups: list[tuple[dict, list[str]]], hint: bool = True) -> dict:
    """Run the check: ``setups`` are (game parameters, move names) of the positions to choose in
    (``hint``: the last one is also hinted).
    Returns {"loaded": dispatchers that gained an overload during the moves, "exact": the player's
    ``last.exact`` after each move, where it keeps one}."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps([game, level, setups, hint])],
                          capture_output=True, text=True, env=dict(os.environ), timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
