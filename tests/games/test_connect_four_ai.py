"""Connect Four AI: every level plays legal moves, the perfect level keeps the game value, hints
and the stop flag work, and a prepared player's first moves load nothing."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.games.connect_four import rules, solver
from tui_games.games.connect_four.ai import PerfectPlayer, describe_score, make_ai
from warm_start import first_moves


@pytest.fixture(scope="module")
def spec():
    """The catalogue entry of Connect Four."""
    return catalog.get("connect-four")


@pytest.fixture(scope="module")
def perfect(spec):
    """One perfect player (its table is large; share it across the tests)."""
    return spec.ai(spec.max_level, seed=0)


def play(spec, moves_1_based: str):
    """A state after 1-based column digits."""
    state = spec.new()
    for ch in moves_1_based:
        state.apply(int(ch) - 1)
    return state


def exact_column_scores(player: PerfectPlayer, state) -> np.ndarray:
    """Every column's exact score (full columns: solver.UNKNOWN), computed with the player's table."""
    out = np.zeros(rules.WIDTH, dtype=np.int64)
    solver.column_scores(state.array[rules.POSITION], state.array[rules.MASK], state.ply,
                         -rules.CELLS, rules.CELLS, out, player.table, solver.new_control())
    return out


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_levels_play_legal_moves_to_the_end(spec, level):
    rng = np.random.default_rng(level)
    ai = spec.ai(level, seed=level)
    assert ai.level == level
    for _ in range(3):
        state = spec.new()
        while not state.is_terminal:
            if state.current_player == 0:
                action = ai.choose(state)
                assert action in state.legal_actions()
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply(action)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_takes_a_win_in_one(spec, level):
    state = play(spec, "121212")  # X wins at once in column 1
    assert spec.ai(level, seed=3).choose(state) == 0


@pytest.mark.parametrize("level", [2, 3, 4])
def test_search_levels_block_a_win_in_one(spec, level):
    state = play(spec, "12131")  # X has three stacked in column 1; O to move must block there
    assert spec.ai(level, seed=1).choose(state) == 0


@pytest.mark.parametrize("name", ["Test_L2_R2", "Test_L1_R1", "Test_L1_R2"])
def test_perfect_plays_a_best_score_move_on_sampled_positions(refdata, spec, perfect, name):
    lines = [x for x in (refdata / "connect4" / name).read_text().split("\n") if x.strip()]
    rng = np.random.default_rng(11)
    for index in rng.choice(len(lines), size=8, replace=False):
        moves, expected = lines[index].split()
        state = play(spec, moves)
        column = perfect.choose(state)
        scores = exact_column_scores(perfect, state)
        assert scores[column] == scores.max() == int(expected), moves


def test_perfect_prefers_the_fastest_win(spec, perfect):
    # O to move can win at once in column 2 (and must not bother blocking X's column 1)
    state = play(spec, "1212125")
    assert state.current_player == 1
    assert perfect.choose(state) == 1
    assert perfect.solve(state) == (1, 18)


# Written positions (1-based columns, as Pons writes them) from the Pons middle-game sets, with
# every column's exact score for the side to move (None: full). In each the centre-first choice
# among the moves that keep the outcome is not the best score, nor is the leftmost column.
SEVERAL_WINS = {"175475114216753": [2, 2, 2, 9, 10, 9, 3], "631572522675564": [-1, 0, 10, 11, -1, 13, 10]}
SEVERAL_LOSSES = {"512757754423454": [-9, -4, -10, -4, -2, -8, -9],
                  "651173365733134": [-6, -11, -9, -4, -3, -8, -8]}


@pytest.mark.parametrize("moves, scores", [*SEVERAL_WINS.items(), *SEVERAL_LOSSES.items()])
def test_written_positions_have_the_scores_the_tests_rely_on(spec, perfect, moves, scores):
    assert exact_column_scores(perfect, play(spec, moves)).tolist() == scores


@pytest.mark.parametrize("moves, scores", SEVERAL_WINS.items())
def test_perfect_takes_the_fastest_of_several_wins(spec, perfect, moves, scores):
    assert perfect.choose(play(spec, moves)) == scores.index(max(scores))


@pytest.mark.parametrize("moves, scores", SEVERAL_LOSSES.items())
def test_perfect_plays_the_slowest_loss_when_lost(spec, moves, scores):
    ai = PerfectPlayer(spec.max_level, 0)
    assert ai.choose(play(spec, moves)) == scores.index(max(scores))


@pytest.mark.parametrize("moves, scores", SEVERAL_LOSSES.items())
def test_hint_in_a_lost_position_names_the_slowest_loss(spec, moves, scores):
    # seconds=0: no time for the other columns, the suggestion itself must still be exact
    for seconds in (0.0, 60.0):
        hint = PerfectPlayer(spec.max_level, 0).hint(play(spec, moves), seconds=seconds)
        slowest = scores.index(max(scores))
        assert hint.best == slowest
        assert hint.scores[slowest] == max(scores)
        assert hint.values[slowest] == describe_score(max(scores), len(moves))
    assert hint.exact and [hint.scores[c] for c in range(rules.WIDTH)] == scores


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("make", ["catalogue", "module"])
def test_negative_seeds_make_working_players(spec, level, make):
    def player():
        return spec.ai(level, seed=-3) if make == "catalogue" else make_ai(spec, level, -3)

    state = play(spec, "4455")
    ai = player()
    assert ai.choose(state) in state.legal_actions()
    assert ai.hint(state).best in state.legal_actions()
    first, second = player(), player()  # the same seed, the same play
    assert [first.choose(state) for _ in range(5)] == [second.choose(state) for _ in range(5)]


def test_stop_returns_a_legal_move_quickly(spec):
    ai = PerfectPlayer(spec.max_level, 0, use_book=False)
    state = play(spec, "4")  # far too deep to solve without a book in this test
    timer = threading.Timer(0.3, ai.stop)
    timer.start()
    column = ai.choose(state)
    timer.cancel()
    assert column in state.legal_actions()


def test_describe_score_words():
    assert describe_score(0, 10) == "draw"
    assert describe_score(18, 6) == "win in 1"
    assert describe_score(-17, 7) == "loss in 1"
    assert describe_score(1, 0) == "win in 21"


def test_terminal_state_has_no_choice(spec, perfect):
    state = play(spec, "1212121")
    with pytest.raises(Exception, match="over"):
        perfect.choose(state)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_hints_label_every_playable_column(spec, level):
    state = play(spec, "4444443")  # column 4 is full
    hint = spec.ai(level, seed=2).hint(state)
    assert hint.best in state.legal_actions()
    assert sorted(hint.values) == state.legal_actions() == sorted(hint.scores)
    assert all(isinstance(label, str) and label for label in hint.values.values())


def test_perfect_opens_in_the_centre_from_the_book(spec, perfect):
    state = spec.new()
    entry = perfect.book.lookup(0, 0)
    if entry is None:
        pytest.skip("no opening book shipped")
    assert perfect.choose(state) == 3
    assert perfect.best_move(state) == (3, 1)  # the first player wins with their last stone


def test_time_limit_falls_back_to_a_legal_move(spec):
    ai = PerfectPlayer(spec.max_level, 0, use_book=False, time_limit=0.2)
    state = play(spec, "44")
    assert ai.choose(state) in state.legal_actions()
    assert ai.control[solver.ABORTED] == 1  # the solver gave up ...
    assert ai.fallback.control[solver.ABORTED] == 0  # ... and the 9-ply search ran to completion


def test_the_bundled_puzzle_has_exactly_one_winning_column(spec, perfect):
    from tui_games.match import Match
    from tui_games.store import saves

    (entry,) = [e for e in saves.bundled_examples() if e.record and e.record.game == "connect-four"]
    state = Match.from_example(entry.path).state
    hint = perfect.hint(state, seconds=60)
    assert hint.exact
    assert [c for c, label in hint.values.items() if label.startswith("win")] == [hint.best] == [5]
    assert hint.values[5] == "win in 4"


def test_perfect_hint_takes_the_replies_it_can_from_the_book(spec, perfect):
    state = play(spec, "4")  # every reply leads to a position of the shipped book (the AI moves first)
    hint = perfect.hint(state, seconds=0.05)  # far too short to solve any of them
    assert hint.exact and hint.summary == "exact solver"
    for column in range(rules.WIDTH):
        child = state.clone()
        child.apply(column)
        entry = perfect.book.lookup(int(child.array[rules.POSITION]), int(child.array[rules.MASK]))
        assert entry is not None and entry.exact
        assert hint.scores[column] == -entry.score
        assert hint.values[column] == describe_score(-entry.score, state.ply)
    assert hint.scores[hint.best] == max(hint.scores.values())


def test_a_prepared_perfect_player_loads_no_kernel_in_its_first_moves_and_hint():
    """Its warm-up (prepare) does all the loading, so the first move asked pays none of it."""
    setups = [({}, [f"column {c}" for c in "11645551423741"]), ({}, [f"column {c}" for c in "61362544766477"])]
    assert first_moves("connect-four", 5, setups)["loaded"] == []


@pytest.mark.parametrize("level", [1, 2, 5])
def test_preparing_leaves_the_players_choices_unchanged(spec, level):
    state = play(spec, "11645551423741")
    prepared, fresh = make_ai(spec, level, seed=3), make_ai(spec, level, seed=3)
    prepared.prepare()
    assert [prepared.choose(state) for _ in range(3)] == [fresh.choose(state) for _ in range(3)]
