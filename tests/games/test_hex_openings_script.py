"""scripts/hex_openings.py on a tiny scale: solved sizes hold the solver's results and the
refutations of the losing openings, measured sizes are symmetric win chances that rank the centre
above the corner, and the file reads back."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from types import SimpleNamespace

from tui_games.games.hex.solver import LOSS, HexSolver

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "hex_openings.py"


def load_script() -> SimpleNamespace:
    """The script's functions (it is not part of the package)."""
    return SimpleNamespace(**runpy.run_path(str(SCRIPT)))


def test_the_script_writes_solved_and_measured_openings(tmp_path, monkeypatch):
    script = load_script()
    out = tmp_path / "openings.json"
    monkeypatch.setattr(sys, "argv", ["hex_openings.py", "--sizes", "2-5", "--solve-max", "4",
                                      "--playouts", "3000", "--out", str(out)])
    script.main()
    text = out.read_text()
    assert len(text.splitlines()) == 2 + 4 + 1  # the header, one line per size, the end
    sizes = json.loads(text)["sizes"]
    assert sorted(sizes) == ["2", "3", "4", "5"]
    for size in (2, 3, 4):
        entry = sizes[str(size)]
        solver = HexSolver(size)
        expected = [1.0 if solver.solve_position(1 << c, 0, 1) == LOSS else 0.0 for c in range(size * size)]
        refuted = {str(c): sum(solver.solve_position(1 << c, 1 << r, 0) == LOSS for r in range(size * size) if r != c)
                   for c in range(size * size) if expected[c] == 0.0}
        assert entry == {"method": "solved", "values": expected, "refutations": refuted}
    measured = sizes["5"]
    assert measured["method"] == "measured" and measured["playouts"] == 3000
    values = measured["values"]
    assert len(values) == 25 and all(values[c] == values[24 - c] for c in range(25))
    assert values[12] > 0.5 > values[0]  # the centre wins for black, the acute corner loses
    # a rerun for one size keeps the others
    monkeypatch.setattr(sys, "argv", ["hex_openings.py", "--sizes", "3", "--solve-max", "4", "--out", str(out)])
    script.main()
    assert sorted(json.loads(out.read_text())["sizes"]) == ["2", "3", "4", "5"]


def test_unsolved_openings_are_measured_and_listed():
    """With no time to solve, an opening is either settled at once (the solver's answer) or measured,
    and listed with its mirror image."""
    script = load_script()
    values, unsolved, refuted = script.solved_values(6, 0.0, 300, 1)
    assert unsolved and unsolved == sorted({35 - c for c in unsolved})
    assert len(values) == 36 and all(0.0 <= v <= 1.0 for v in values)
    assert all(values[c] in (0.0, 1.0) for c in range(36) if c not in unsolved)
    assert all(values[c] == values[35 - c] for c in range(36))
    assert all(values[c] == 0.0 and c not in unsolved for c in refuted)
