"""The library's edges, for every game in the catalogue: junk input raises IllegalActionError or
InvalidParameterError with a message (never a raw TypeError, OverflowError, AssertionError ...), and
nothing is silently converted (4.9, "4" or True are not action 4; 2.7 is not level 2). At a
simultaneous node (RoPaSci 360) the junk is seat 0's part of a joint move and seat 0's AI answers."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import SIMULTANEOUS

GAMES = catalog.ids()


def _start(game_id: str):
    state = catalog.get(game_id).new(seed=11)
    state.resolve_chance()
    return state


def _finished(game_id: str, random_plies: int = 400):
    """A finished game: random play, and where that has not ended it (a puzzle such as the cube is
    never solved at random) the game's own solver-backed AI finishes it."""
    spec = catalog.get(game_id)
    state = spec.new(seed=3)
    chooser = random.Random(3)
    finisher = None
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance())
        elif state.current_player == SIMULTANEOUS:
            state.apply_joint([chooser.choice(state.legal_actions(seat)) for seat in range(state.num_players)])
        elif len(state.history) < random_plies:
            state.apply(chooser.choice(state.legal_actions()))
        else:
            finisher = finisher or spec.ai(min(2, spec.max_level), seed=3)
            state.apply(finisher.choose(state.clone()))
    return state


def _seat(state) -> int | None:
    """The seat a test plays and asks the AI for: seat 0 at a simultaneous node, else the one to move."""
    return 0 if state.current_player == SIMULTANEOUS else None


def _legal(state) -> list[int]:
    """The actions of :func:`_seat`'s seat."""
    return state.legal_actions(_seat(state))


def _play(state, action) -> None:
    """Play ``action`` for :func:`_seat`'s seat (beside the other seats' first actions when they move
    at the same time)."""
    if state.current_player == SIMULTANEOUS:
        others = [state.legal_actions(seat)[0] for seat in range(1, state.num_players)]
        state.apply_joint([action, *others])
    else:
        state.apply(action)


def _choose(ai, state) -> int:
    """``ai``'s action for :func:`_seat`'s seat (a finished simultaneous game asks seat 0's)."""
    if state.spec.simultaneous:
        return ai.choose(state.clone(), player=0)
    return ai.choose(state.clone())


def _last(state) -> int:
    """The action :func:`_play` put last in the history."""
    entry = state.history[-1]
    return entry[0] if isinstance(entry, list) else entry


def _snapshot(state):
    return state.array.copy(), list(state.history)


def _unchanged(state, snapshot) -> bool:
    return np.array_equal(state.array, snapshot[0]) and state.history == snapshot[1]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("text", ["²", "٣٣", "9" * 5000, "", "   ", "\x00", "-1", "1e999", "a" * 300])
def test_parse_action_refuses_text_that_names_no_action(game_id, text):
    state = _start(game_id)
    try:
        action = state.parse_action(text)
    except IllegalActionError as error:
        assert str(error)
    else:
        assert isinstance(action, int)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("junk", [None, 4.0, b"1", [1], object()])
def test_parse_action_refuses_what_is_not_text(game_id, junk):
    with pytest.raises(IllegalActionError, match="is not text naming an action"):
        _start(game_id).parse_action(junk)


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_refuses_numbers_that_are_not_whole_actions(game_id):
    state = _start(game_id)
    legal = _legal(state)[0]
    before = _snapshot(state)
    for junk in (float("inf"), float("-inf"), float("nan"), legal + 0.9, float(legal), str(legal),
                 True, False, None, Decimal(legal), Fraction(legal), complex(legal), [legal]):
        with pytest.raises(IllegalActionError, match="is not an action: actions are whole numbers"):
            _play(state, junk)
        assert _unchanged(state, before)
    for huge in (2**63, -(2**63) - 1, 2**70, 10**5000):
        with pytest.raises(IllegalActionError):
            _play(state, huge)
        assert _unchanged(state, before)
    _play(state, np.int64(legal))  # numpy integers (as kernels return them) are whole numbers
    assert _last(state) == legal and type(_last(state)) is int


@pytest.mark.parametrize("game_id", GAMES)
def test_seeds_and_levels_are_checked_not_converted(game_id):
    spec = catalog.get(game_id)
    for seed in (None, 1.5, "x", float("inf"), True, 2**64):
        with pytest.raises(InvalidParameterError, match="seed must be a whole number"):
            spec.new(seed=seed)
    for level in (None, 2.7, "x", 0, spec.max_level + 1, True, float("nan")):
        with pytest.raises(InvalidParameterError, match=rf"AI levels are 1..{spec.max_level}"):
            spec.ai(level)
    for seed in (None, 0.5):
        with pytest.raises(InvalidParameterError, match="seed must be a whole number"):
            spec.ai(1, seed=seed)
    assert spec.new(seed=-3).ply == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ai_level_accepts_a_negative_seed(game_id):
    spec = catalog.get(game_id)
    state = _start(game_id)
    for level in range(1, spec.max_level + 1):
        for seed in (-3, -(2**63)):
            assert _choose(spec.ai(level, seed=seed), state) in _legal(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ai_level_refuses_a_finished_game_clearly(game_id):
    spec = catalog.get(game_id)
    finished = _finished(game_id)
    for level in range(1, spec.max_level + 1):
        with pytest.raises(IllegalActionError, match="over|no seat is to move"):
            _choose(spec.ai(level), finished)


def test_parameters_are_refused_rather_than_rounded():
    nim = catalog.get("nim")
    for heaps in (Decimal("2.5"), 2.5, Fraction(5, 2), True, "2.5", "two", None, float("inf"), "²"):
        with pytest.raises(InvalidParameterError, match="heaps must be a whole number"):
            nim.new(heaps=heaps)
    assert nim.new(heaps=Decimal("2")).heaps == [5, 5]
    assert nim.new(heaps="4").heaps == [5, 5, 5, 5]  # text, as a command line gives it
    blackjack = catalog.get("blackjack")
    with pytest.raises(InvalidParameterError, match="rules must be one of"):
        blackjack.new(rules=1)


JUNK = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.integers(min_value=-(2**80), max_value=2**80), st.decimals(allow_nan=False), st.binary(max_size=8),
    st.lists(st.integers(0, 9), max_size=2),
)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=JUNK, text=st.text(max_size=40))
def test_junk_never_escapes_as_a_raw_error(game_id, junk, text):
    """apply(junk) plays a legal whole number or is refused leaving the state as it was;
    parse_action(text) names an action or is refused; new/ai refuse junk seeds and levels."""
    spec = catalog.get(game_id)
    state = _start(game_id)
    before = _snapshot(state)
    is_whole = isinstance(junk, int) and not isinstance(junk, bool)
    if is_whole and junk in _legal(state):
        _play(state, junk)
        assert len(state.history) == len(before[1]) + 1 and _last(state) == junk
    else:
        with pytest.raises(IllegalActionError):
            _play(state, junk)
        assert _unchanged(state, before)
    try:
        assert isinstance(state.parse_action(text), int)
    except IllegalActionError:
        pass
    try:
        spec.new(seed=junk)
    except InvalidParameterError:
        assert not is_whole or abs(junk) >= 2**63 - 1
    try:
        spec.ai(junk)
    except InvalidParameterError:
        pass
