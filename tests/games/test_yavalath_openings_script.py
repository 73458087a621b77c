"""scripts/yavalath_openings.py on a tiny scale: the nine classes of cells alike under the hexagon's
symmetries, a table written with one value per class that reads back, and the shipped table agrees."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from types import SimpleNamespace

from tui_games.games.yavalath import rules
from tui_games.games.yavalath.ai import opening_values

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "yavalath_openings.py"


def load_script() -> SimpleNamespace:
    """The script's functions (it is not part of the package)."""
    return SimpleNamespace(**runpy.run_path(str(SCRIPT)))


def test_the_cells_fall_into_nine_classes_alike_under_rotation_and_reflection():
    classes = load_script().symmetry_classes()
    assert [len(cells) for cells in classes] == [1, 6, 6, 6, 6, 12, 6, 12, 6]
    assert sorted(cell for cells in classes for cell in cells) == list(range(rules.N_CELLS))
    centre = rules.GRID.index(0, 0)
    for cells in classes:  # cells alike lie as far from the centre and have as many neighbours
        assert len({rules.GRID.distance(cell, centre) for cell in cells}) == 1
        assert len({len(rules.GRID.neighbours_of(cell)) for cell in cells}) == 1


def test_the_script_writes_a_table_of_one_value_per_class(tmp_path, monkeypatch):
    script = load_script()
    out = tmp_path / "openings.json"
    monkeypatch.setattr(sys, "argv", ["yavalath_openings.py", "--games", "1", "--playouts", "30", "--out", str(out)])
    script.main()
    document = json.loads(out.read_text())
    assert len(document["values"]) == rules.N_CELLS and len(document["classes"]) == 9
    for entry, cells in zip(document["classes"], script.symmetry_classes()):
        assert entry["score"] in (0.0, 0.5, 1.0)  # one game a class
        assert {document["values"][cell] for cell in cells} == {entry["score"]}


def test_the_shipped_table_is_symmetric():
    values = opening_values()
    for cells in load_script().symmetry_classes():
        assert len({values[cell] for cell in cells}) == 1
