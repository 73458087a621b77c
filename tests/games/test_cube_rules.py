"""Rubik's Cube rules: the geometry, the move tables against the God's-algorithm distance tables
(../shared/refdata/rubik), the facelet string against the `kociemba` package, scrambles and actions."""

from __future__ import annotations

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.games.rubiks_cube import coords, geometry, rules, tables
from tui_games.games.rubiks_cube.game import parse_scramble, random_cube

SPEC = catalog.get("rubiks-cube")


def distributions(refdata) -> dict[str, list[int]]:
    """The columns of rubik/distance_distributions.txt: 2x2 HTM and QTM, 3x3 HTM (exact rows only)."""
    columns: dict[str, list[int]] = {"2x2_htm": [], "2x2_qtm": [], "3x3_htm": []}
    section = None
    for line in (refdata / "rubik" / "distance_distributions.txt").read_text().splitlines():
        if line.startswith("# distance"):
            section = line.split()[2:]
            continue
        if line.startswith("#") or not line.strip():
            continue
        values = line.split()
        if section == ["2x2_HTM", "2x2_QTM"]:
            columns["2x2_htm"].append(int(values[1]))
            columns["2x2_qtm"].append(int(values[2]))
        elif section == ["3x3_HTM"] and not values[1].startswith("~"):
            columns["3x3_htm"].append(int(values[1]))
    return columns


def play(cube: np.ndarray, moves: list[int]) -> np.ndarray:
    cube = cube.copy()
    for move in moves:
        rules.turn(cube, move)
    return cube


def test_every_piece_is_three_or_two_stickers_at_one_place():
    for stickers in (*geometry.CORNER_FACELETS, *geometry.EDGE_FACELETS):
        places = {tuple(geometry.FACELET_PLACES[f]) for f in stickers}
        normals = {tuple(geometry.FACELET_NORMALS[f]) for f in stickers}
        assert len(places) == 1 and len(normals) == len(stickers)


def test_each_turn_has_order_four_and_moves_only_its_layer():
    for face in range(6):
        perm = geometry.QUARTER_TURNS[face]
        moved = {i for i in range(54) if perm[i] != i}
        assert len(moved) == 20  # 8 stickers of the face (its centre stays) and 12 around it
        cube = rules.solved_cube()
        for _ in range(4):
            rules.turn(cube, 3 * face)
        assert np.array_equal(cube, rules.solved_cube())
        assert np.array_equal(play(rules.solved_cube(), [3 * face, 3 * face + 2]), rules.solved_cube())


def test_piece_moves_and_sticker_moves_agree_on_random_positions():
    rng = np.random.default_rng(4)
    for _ in range(30):
        cube = random_cube(int(rng.integers(1 << 30)), 3)
        colours = geometry.facelets_of(cube[0:8], cube[8:16], cube[16:28], cube[28:40])
        cp, co, ep, eo = geometry.pieces_of(colours)
        assert np.array_equal(np.concatenate([cp, co, ep, eo]), cube)
        move = int(rng.integers(18))
        after = play(cube, [move])
        sticker_turned = colours
        for _ in range(move % 3 + 1):
            sticker_turned = geometry.moved_facelets(sticker_turned, geometry.QUARTER_TURNS[move // 3])
        assert np.array_equal(geometry.facelets_of(after[0:8], after[8:16], after[16:28], after[28:40]),
                              sticker_turned)


def test_the_2x2_move_tables_give_the_whole_distance_table(refdata):
    expected = distributions(refdata)
    pocket = tables.build_pocket()
    htm = np.bincount(pocket.distance)
    assert list(htm) == [n for n in expected["2x2_htm"] if n] and (pocket.distance >= 0).all()
    quarter = tables.POCKET_QUARTER_MOVES
    qtm = coords.pair_distances(np.ascontiguousarray(pocket.perm_move[:, quarter]),
                                np.ascontiguousarray(pocket.twist_move[:, quarter]))
    assert list(np.bincount(qtm)) == expected["2x2_qtm"]


def breadth_first_counts(depth: int) -> list[int]:
    """Positions of the 3x3 at each distance up to ``depth``, by a breadth-first walk over the
    project's move kernel, each position told apart exactly (coords.position_key)."""
    level = rules.solved_cube().astype(np.int8)[None, :]
    part, key = coords.position_key(rules.solved_cube())
    seen = [[np.array([key])] if p == part else [] for p in range(16)]
    counts = [1]
    for _ in range(depth):
        parts = np.empty(level.shape[0] * 18, np.int64)
        keys = np.empty(level.shape[0] * 18, np.int64)
        coords.expand_keys(level, parts, keys)
        fresh_rows = []
        for p in range(16):
            rows = np.flatnonzero(parts == p)
            unique, first = np.unique(keys[rows], return_index=True)
            old = np.concatenate(seen[p]) if seen[p] else np.empty(0, np.int64)
            new = ~np.isin(unique, old)
            seen[p].append(unique[new])
            fresh_rows.append(rows[first[new]])
        rows = np.sort(np.concatenate(fresh_rows))
        counts.append(len(rows))
        level = coords.blocks_of(level, rows)
    return counts


def test_the_3x3_breadth_first_counts_match_the_reference_to_depth_5(refdata):
    """Depth 6 (7,618,438 positions) is checked by benchmarks/cube_solvers.py (too heavy for CI)."""
    expected = distributions(refdata)["3x3_htm"]
    assert breadth_first_counts(5) == expected[:6]


def test_the_phase_tables_reach_every_value():
    t = tables.two_phase_tables()
    for name in ("twist_slice_distance", "flip_slice_distance", "twist_flip_distance",
                 "corners_slice_distance", "edges_slice_distance"):
        distance = getattr(t, name)
        assert (distance >= 0).all() and distance[0] == 0, name
    assert int(t.twist_slice_distance.max()) <= 12 and int(t.corners_slice_distance.max()) <= 18


def test_the_facelet_string_agrees_with_the_kociemba_package():
    kociemba = pytest.importorskip("kociemba")
    for seed in range(12):
        state = SPEC.new(seed=seed)
        facelets = state.facelets
        assert len(facelets) == 54 and all(facelets.count(face) == 9 for face in "URFDLB")
        assert facelets[4::9] == "URFDLB"
        for word in kociemba.solve(facelets).split():
            state.apply(state.parse_action(word))
        assert state.is_solved and state.is_terminal


def test_a_scramble_gives_the_known_facelets():
    state = SPEC.new(scramble="R")
    # R turns F's right column up onto U: U3 U6 U9 show F's colour, R's stickers all stay R.
    assert state.facelets == "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    two = SPEC.new(size=2, scramble="R")
    assert two.facelets == "UFUFRRRRFDFDDBDBLLLLUBUB" and len(two.facelets) == 24
    assert SPEC.new(scramble="R U R' U'").facelets == SPEC.new(scramble="r u r' u'").facelets


def test_bad_or_solving_scrambles_are_refused_with_the_reason():
    with pytest.raises(InvalidParameterError, match="'X' is not a move"):
        SPEC.new(scramble="R X")
    with pytest.raises(InvalidParameterError, match="leaves the cube solved"):
        SPEC.new(scramble="R R'")
    with pytest.raises(InvalidParameterError, match="leaves the cube solved"):
        SPEC.new(size=2, scramble="U D'")  # a 2x2 turned as a whole is still solved
    with pytest.raises(InvalidParameterError):
        SPEC.new(size=4)
    assert parse_scramble("R2 U' F i".replace(" i", "i")) == [4, 2, 8]


def test_actions_names_and_the_end():
    state = SPEC.new(scramble="R U")
    assert state.legal_actions() == list(range(18))
    assert [state.action_to_string(a) for a in (0, 1, 2, 3, 17)] == ["U", "U2", "U'", "R", "B'"]
    for action in range(18):
        assert state.parse_action(state.action_to_string(action)) == action
    with pytest.raises(InvalidMoveError):
        state.parse_action("X2")
    with pytest.raises(IllegalActionError, match="moves are 0-17"):
        state.apply(18)
    state.apply(state.parse_action("U'"))
    assert not state.is_terminal and state.returns() == [0.0]
    state.apply(state.parse_action("R'"))
    assert state.is_terminal and state.is_solved and state.returns() == [1.0]
    assert state.legal_actions() == []
    assert state.outcome().winners == (0,)


def test_a_random_position_is_any_position_and_never_solved():
    a, b = SPEC.new(seed=1), SPEC.new(seed=2)
    assert a.facelets != b.facelets and SPEC.new(seed=1).facelets == a.facelets
    for seed in range(50):
        cube = random_cube(seed, 2)
        assert not rules.is_solved(2, cube) and cube[8:16].sum() % 3 == 0
        full = random_cube(seed, 3)
        assert geometry.parity(full[0:8]) == geometry.parity(full[16:28]) and full[28:40].sum() % 2 == 0


def test_the_2x2_is_solved_in_any_orientation():
    cube = play(rules.solved_cube(), [0, 11])  # U and D': the whole cube turned
    assert rules.is_solved(2, cube) and not rules.is_solved(3, cube)
    assert len({tuple(cp) for cp in geometry.SOLVED_2X2_CP}) == 24
