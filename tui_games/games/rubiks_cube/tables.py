"""The solvers' tables: built from the move kernels on first use, kept in the user cache folder.

:func:`two_phase_tables` (3x3) and :func:`pocket_tables` (2x2) build their move and distance tables
with the kernels of :mod:`~tui_games.games.rubiks_cube.coords` (a few seconds the first time, with
progress reported), save them as one ``.npz`` in the cache folder, named by a hash of the sources
that make them, and load that file afterwards; within one process they are built or loaded once.
``scripts/cube_tables.py`` builds them ahead of time and prints their sizes and distance counts.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import zipfile
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable

import numpy as np

from tui_games.core.locations import cache_dir
from tui_games.games.rubiks_cube import coords

Progress = Callable[[str, int, int], None]
"""A progress callback: (message, step, steps)."""

PHASE2_MOVES = np.array([0, 1, 2, 9, 10, 11, 4, 7, 13, 16], dtype=np.int64)
"""The moves of phase 2 (those that keep every piece's orientation and the middle edges in their
layer): U U2 U' D D2 D' R2 F2 L2 B2, as action ids."""
ALL_MOVES = np.arange(18, dtype=np.int64)
POCKET_MOVES = np.arange(9, dtype=np.int64)
"""The 2x2's moves with corner DBL held still: U, R and F turns (actions 0-8)."""
POCKET_QUARTER_MOVES = np.array([0, 2, 3, 5, 6, 8], dtype=np.int64)
"""U U' R R' F F': the quarter turns of the same three faces."""
POCKET_PHASE2_MOVES = np.array([0, 1, 2, 4, 7], dtype=np.int64)
"""U U2 U' R2 F2: the 2x2's second phase (every corner's twist kept)."""

_SOURCES = ("geometry.py", "rules.py", "coords.py", "tables.py")


def _no_progress(message: str, step: int, steps: int) -> None:
    pass


@dataclass(frozen=True)
class TwoPhaseTables:
    """Move tables (value x move) and distance tables of Kociemba's two phases.

    Phase 1 moves TWIST, FLIP and the slice coordinate by all 18 moves; its distances are to twist 0
    and slice 0 together, and to flip 0 and slice 0 together. Phase 2 moves CORNERS, UD_EDGES and the
    slice order by the 10 :data:`PHASE2_MOVES`; its distances are of corners with the slice order,
    and of the U/D edges with the slice order.
    """

    twist_move: np.ndarray
    flip_move: np.ndarray
    slice_move: np.ndarray
    corners_move: np.ndarray
    edges_move: np.ndarray
    slice_order_move: np.ndarray
    twist_slice_distance: np.ndarray
    flip_slice_distance: np.ndarray
    twist_flip_distance: np.ndarray
    corners_slice_distance: np.ndarray
    edges_slice_distance: np.ndarray


@dataclass(frozen=True)
class PocketTables:
    """The 2x2 with corner DBL held: the move tables of its permutation (5040) and twist (729)
    coordinates by U R F turns, the distance of every position (index ``perm * 729 + twist``) in face
    turns, and the tables of its two-phase solver: twist distances by all nine moves, permutation
    distances by :data:`POCKET_PHASE2_MOVES`."""

    perm_move: np.ndarray
    twist_move: np.ndarray
    distance: np.ndarray
    twist_distance: np.ndarray
    perm2_move: np.ndarray
    perm2_distance: np.ndarray


def sources_hash() -> str:
    """A short hash of the sources the tables come from (their cache file is named by it)."""
    digest = hashlib.sha256()
    folder = Path(__file__).resolve().parent
    for name in _SOURCES:
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()[:12]


def cache_file(kind: str) -> Path:
    """Where the tables of ``kind`` ('two-phase' or 'pocket') are kept."""
    return cache_dir() / f"rubiks-cube-{kind}-{sources_hash()}.npz"


def build_two_phase(progress: Progress = _no_progress) -> TwoPhaseTables:
    """Build the 3x3 tables from the move kernels (a few seconds)."""
    steps = 7
    progress("Cube tables: corner twists and edge flips", 0, steps)
    twist_move = coords.move_table(coords.TWIST, 2187, ALL_MOVES)
    flip_move = coords.move_table(coords.FLIP, 2048, ALL_MOVES)
    progress("Cube tables: middle-layer edges", 1, steps)
    sorted_move = coords.move_table(coords.SLICE_SORTED, 11880, ALL_MOVES)
    slice_move = (sorted_move[::24] // 24).astype(np.int32)
    slice_order_move = np.ascontiguousarray(sorted_move[:24][:, PHASE2_MOVES])
    progress("Cube tables: corner and edge permutations", 2, steps)
    corners_move = coords.move_table(coords.CORNERS, 40320, PHASE2_MOVES)
    edges_move = coords.move_table(coords.UD_EDGES, 40320, PHASE2_MOVES)
    progress("Cube tables: phase 1 distances (twist)", 3, steps)
    twist_slice = coords.pair_distances(twist_move, slice_move)
    progress("Cube tables: phase 1 distances (flip)", 4, steps)
    flip_slice = coords.pair_distances(flip_move, slice_move)
    twist_flip = coords.pair_distances(twist_move, flip_move)
    progress("Cube tables: phase 2 distances", 5, steps)
    corners_slice = coords.pair_distances(corners_move, slice_order_move)
    edges_slice = coords.pair_distances(edges_move, slice_order_move)
    progress("Cube tables: done", 6, steps)
    return TwoPhaseTables(twist_move, flip_move, slice_move, corners_move, edges_move, slice_order_move,
                          twist_slice, flip_slice, twist_flip, corners_slice, edges_slice)


def build_pocket(progress: Progress = _no_progress) -> PocketTables:
    """Build the 2x2 tables, its full distance table included (about a second)."""
    progress("2x2 tables: moves", 0, 3)
    perm_move = coords.move_table(coords.POCKET_PERM, 5040, POCKET_MOVES)
    twist_move = coords.move_table(coords.POCKET_TWIST, 729, POCKET_MOVES)
    progress("2x2 tables: every position's distance", 1, 3)
    distance = coords.pair_distances(perm_move, twist_move)
    twist_distance = coords.pair_distances(twist_move, np.zeros((1, 9), np.int32))
    perm2_move = np.ascontiguousarray(perm_move[:, POCKET_PHASE2_MOVES])
    perm2_distance = coords.pair_distances(perm2_move, np.zeros((1, 5), np.int32))
    progress("2x2 tables: done", 2, 3)
    return PocketTables(perm_move, twist_move, distance, twist_distance, perm2_move, perm2_distance)


def build_cross(progress: Progress = _no_progress) -> "CrossTable":
    """The distances of every white cross (the beginner's first step)."""
    progress("Beginner's tables: the cross", 0, 1)
    moves = coords.move_table(coords.CROSS, coords.COORDINATE_SIZES[coords.CROSS], ALL_MOVES)
    return CrossTable(coords.pair_distances(moves, np.zeros((1, len(ALL_MOVES)), np.int32)))


@dataclass(frozen=True)
class CrossTable:
    """The fewest moves that bring the four D-layer edges home, by CROSS coordinate (UNSEEN where no
    position has that value)."""

    distance: np.ndarray


_BUILDERS = {"cross": (build_cross, CrossTable), "two-phase": (build_two_phase, TwoPhaseTables), "pocket": (build_pocket, PocketTables)}
_loaded: dict[str, object] = {}
_lock = threading.Lock()


def _read(path: Path, kind_class):
    with np.load(path) as archive:
        return kind_class(**{f.name: archive[f.name] for f in fields(kind_class)})


def _write(path: Path, tables) -> None:
    """Save atomically (a temporary file renamed); a cache that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            np.savez_compressed(out, **{f.name: getattr(tables, f.name) for f in fields(tables)})
        os.replace(temporary, path)
    except OSError:
        pass


def load(kind: str, progress: Progress = _no_progress):
    """The tables of ``kind``: from this process, else the cache file, else built (and cached)."""
    builder, kind_class = _BUILDERS[kind]
    with _lock:
        if kind in _loaded:
            return _loaded[kind]
        path = cache_file(kind)
        tables = None
        if path.is_file():
            progress(f"Loading the {kind} tables", 0, 1)
            try:
                tables = _read(path, kind_class)
            except (OSError, ValueError, KeyError, zipfile.BadZipFile):
                tables = None  # damaged: build afresh below
        if tables is None:
            tables = builder(progress)
            _write(path, tables)
        _loaded[kind] = tables
        return tables


def two_phase_tables(progress: Progress = _no_progress) -> TwoPhaseTables:
    """The 3x3 two-phase tables (see :func:`load`)."""
    return load("two-phase", progress)


def cross_table(progress: Progress = _no_progress) -> CrossTable:
    """The beginner's cross distances (see :func:`load`)."""
    return load("cross", progress)


def pocket_tables(progress: Progress = _no_progress) -> PocketTables:
    """The 2x2 tables (see :func:`load`)."""
    return load("pocket", progress)
