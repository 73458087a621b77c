"""Numbers that are no action, and values that are no seat, for every game in the catalogue: every
Match entry point (play, choose_for, redo, the replay of a save) checks an action before it names it,
so such a number is refused at once with IllegalActionError (Sim once named edges in a loop that never
ended for a large number); a save holding one is moved aside like any damaged save; naming such a
number raises IllegalActionError, never a raw error; observation and information_state take only a
seat (or the spectator's PUBLIC_VIEW)."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError, SaveFileError
from tui_games.core.players import CHANCE, SIMULTANEOUS
from tui_games.engine.observer import PUBLIC_VIEW
from tui_games.match import Match, Seat

GAMES = catalog.ids()
BAD_NUMBERS = (2**63 - 1, -1, 15, 99999, -(2**63))
"""Whole numbers a save or a caller may hold: 15 is one past Sim's last edge, 2**63 - 1 made Sim's
edge naming loop for ever."""
NOT_SEATS = (1.5, "0", True, False, None, 2**64, -2, np.float64(0.0), [0])


def _within(seconds: float, call):
    """``call()``'s result, failing the test when it has not returned within ``seconds`` (a jitted loop
    cannot be interrupted: it is left spinning in a daemon thread)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = call()
        except BaseException as error:  # noqa: BLE001  (handed to the test's thread)
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"no answer within {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _humans(spec) -> list[Seat]:
    return [Seat() for _ in range(spec.min_players)]


def _unknown(state, number: int) -> bool:
    """True when ``number`` is not legal now (for any seat at a simultaneous node)."""
    if state.current_player == SIMULTANEOUS:
        return all(number not in state.legal_actions(seat) for seat in range(state.num_players))
    return number not in state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_naming_a_number_that_is_no_action_is_refused_or_reads_back(game_id):
    """A name is given only to an action of the game (it reads back to the number); any other number
    raises IllegalActionError, at once, at a player's node and at a chance node alike."""
    spec = catalog.get(game_id)
    state = spec.new(seed=5)
    states = [state.clone()]
    while not state.is_terminal and len(states) < 4:  # the first positions: chance nodes among them
        if state.current_player == SIMULTANEOUS:
            state.apply_joint([state.legal_actions(seat)[0] for seat in range(state.num_players)])
        else:
            state.apply(state.legal_actions()[0])
        states.append(state.clone())
    for position in states:
        for number in BAD_NUMBERS:
            for observer in (None, 0, PUBLIC_VIEW):
                try:
                    name = _within(5, lambda: position.action_to_string(number, observer=observer))
                except IllegalActionError as error:
                    assert str(error)
                    continue
                if name == position.kernels.hidden_name:
                    continue
                try:
                    assert position.parse_action(name) == number, name
                except IllegalActionError:  # names an action the rules refuse now ('raise to 99999')
                    assert _unknown(position, number)


@pytest.mark.parametrize("game_id", GAMES)
def test_match_play_refuses_a_number_that_is_no_action_before_naming_it(home, game_id):
    spec = catalog.get(game_id)
    match = Match.new(spec, {}, _humans(spec), seed=3)
    history, log = list(match.state.history), list(match.log_entries)
    for number in BAD_NUMBERS:
        if not _unknown(match.state, number):
            continue
        with pytest.raises(IllegalActionError) as raised:
            _within(5, lambda: match.play(number))
        assert str(raised.value)
        if match.at_simultaneous_node:
            with pytest.raises(IllegalActionError, match="cannot choose"):
                _within(5, lambda: match.choose_for(0, number))
        assert match.state.history == history and match.log_entries == log
    for junk in (True, 1.5, "0", 2**64, None):
        with pytest.raises(IllegalActionError, match="not an action"):
            match.play(junk)
    if match.at_simultaneous_node:
        for seat in (True, 1.5, "0", len(match.seats), PUBLIC_VIEW):
            with pytest.raises(IllegalActionError, match="no seat"):
                match.choose_for(seat, match.state.legal_actions(0)[0])
        match.play_joint([match.state.legal_actions(seat)[0] for seat in range(len(match.seats))])
    else:
        match.play(match.state.legal_actions()[0])
    assert len(match.state.history) > len(history)


@pytest.mark.parametrize("game_id", ["sim", "yavalath"])
def test_redo_refuses_a_number_that_is_no_action(home, game_id):
    spec = catalog.get(game_id)
    match = Match.new(spec, {}, _humans(spec), seed=3)
    for number in [n for n in BAD_NUMBERS if _unknown(match.state, n)]:
        match.redo_stack = [number]
        with pytest.raises(IllegalActionError):
            _within(5, match.redo)
        assert match.state.history == []


def _bad_histories(spec, history: list) -> list[list]:
    """Histories a damaged save may hold: a number that is no action there instead of the first
    chance outcome, after the saved moves, and (at a simultaneous node) inside a joint move."""
    bad = []
    state = spec.new(seed=3)
    for index, entry in enumerate(history):
        if state.current_player == CHANCE:
            bad += [[*history[:index], n] for n in BAD_NUMBERS if _unknown(state, n)]
            break
        state.apply_entry(entry)
    state = state.replayed(history)
    bad += [[*history, n] for n in BAD_NUMBERS if _unknown(state, n)]
    if spec.simultaneous:
        bad += [[*history, [n, 0]] for n in BAD_NUMBERS]
    return bad


@pytest.mark.parametrize("game_id", GAMES)
def test_a_save_holding_a_number_that_is_no_action_is_moved_aside(home, game_id):
    spec = catalog.get(game_id)
    match = Match.new(spec, {}, _humans(spec), seed=3)
    match.close()
    path = match.save_path
    good = json.loads(path.read_text())
    for history in _bad_histories(spec, good["history"]):
        path.write_text(json.dumps({**good, "history": history}))
        with pytest.raises(SaveFileError, match="do not replay.*moved aside"):
            _within(10, lambda: Match.resume(path))
        assert not path.exists()
    path.write_text(json.dumps({**good, "redo": [2**63 - 1]}))
    with pytest.raises(SaveFileError, match="do not replay.*moved aside"):
        _within(10, lambda: Match.resume(path))


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_and_information_state_take_only_a_seat(game_id):
    spec = catalog.get(game_id)
    state = spec.new(seed=2)
    seats = state.num_players
    for junk in (*NOT_SEATS, seats):
        for ask in (state.observation, state.information_state):
            with pytest.raises(IllegalActionError, match="no seat"):
                ask(junk)
        if junk is not None:  # observer None is the referee, who sees everything
            with pytest.raises(IllegalActionError, match="no seat"):
                state.action_to_string(state.legal_actions(0 if state.current_player == SIMULTANEOUS else None)[0],
                                       observer=junk)
    for seat in (0, np.int64(seats - 1), PUBLIC_VIEW):
        assert state.observation(seat).player == int(seat)
        assert f"seat {int(seat)}:" in state.information_state(seat)
    assert state.observation(np.int32(0)) == state.observation(0)


def test_handing_a_seat_to_the_ai_takes_only_a_seat(home):
    match = Match.new(catalog.get("tic-tac-toe"), {}, [Seat(), Seat()], seed=1)
    for seat in NOT_SEATS:
        with pytest.raises(IllegalActionError, match="no seat"):
            match.hand_seat_to_ai(seat, 1)
    assert match.seats == [Seat(), Seat()]
    match.hand_seat_to_ai(np.int64(1), 1)
    assert match.seats == [Seat(), Seat("ai", 1)]
