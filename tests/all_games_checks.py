"""What every game of a catalogue must pass, as plain functions of its spec: the all-games test
(``test_all_games.py``) runs them over the shipped games, the new-game script's test over the game the
script writes, and ``test_all_games_catches.py`` over games with planted bugs (each must fail).

Every check raises AssertionError saying what is wrong with which game. The budgets are small (short
random games, AI moves cut short through the AI's ``stop``) so that the whole catalogue takes a few
minutes on two cores.
"""

from __future__ import annotations

import math
import random
import sys
import threading
from dataclasses import dataclass

from tui_games.core import registry
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE, SIMULTANEOUS
from tui_games.core.spec import GameSpec
from tui_games.engine.layout import StateLayout
from tui_games.engine.observer import PUBLIC_VIEW, audience_of, sees

RANDOM_PLIES = 40
"""Actions of the short random game played at each parameter edge."""
TURN_PLIES = 400
"""Actions at most of the random games that look for every seat's turn."""
TURN_GAMES = 4
"""Random games played, at each number of seats, until every seat has had a turn."""
AI_SECONDS = 0.5
"""How long an AI thinks about the mid-game position before it is asked to stop."""
AI_GRACE_SECONDS = 120.0
"""How long a stopped AI (or one that cannot stop) may still take to answer (a cold start compiles)."""
MID_GAME_DECISIONS = 6
"""Decisions played at random before the AI and the view are asked about the position."""


@dataclass(frozen=True)
class Setup:
    """One way to build a game: a label for messages, the parameters and the seats they give."""

    label: str
    params: dict
    seats: int


# ----- the spec ------------------------------------------------------------------------------------
def check_folders_register(package: str = registry.GAMES_PACKAGE) -> None:
    """Every folder of the games package with Python files in it is a game of the catalogue (a folder
    without ``__init__.py`` or ``spec.py`` would be silently missing from the menu)."""
    stray = registry.stray_folders(package)
    assert not stray, (f"{package}: {', '.join(stray)} hold Python files but no game registers from them "
                       "(a game folder needs __init__.py and a spec.py with SPEC; see docs/adding-a-game.md)")


def check_spec(spec: GameSpec) -> None:
    """The catalogue entry holds together: seats, the seats parameter, AI levels, the largest setup and
    the help page."""
    assert 1 <= spec.min_players <= spec.max_players, f"{spec.id}: players {spec.players}"
    assert spec.max_level >= 1 and len(spec.level_names) == spec.max_level, (
        f"{spec.id}: {spec.max_level} AI levels but {len(spec.level_names)} level names")
    if spec.min_players != spec.max_players:
        assert spec.seats_param, (
            f"{spec.id} takes {spec.min_players}-{spec.max_players} players but declares no seats_param: "
            "the match cannot tell the rules how many seats there are")
    if spec.seats_param:
        param = spec.param(spec.seats_param)
        assert (param.minimum, param.maximum) == spec.players, (
            f"{spec.id}: seats_param {param.name!r} ranges {param.minimum}..{param.maximum}, "
            f"the game takes {spec.min_players}..{spec.max_players} players")
    for param in spec.params:
        if param.name in ("players", "seats"):
            assert spec.seats_param == param.name, (
                f"{spec.id}: parameter {param.name!r} sets the seats but is not the spec's seats_param")
    params, seats = spec.largest_setup()
    assert spec.min_players <= seats <= spec.max_players, f"{spec.id}: largest_params give {seats} seats"
    assert spec.help_text().startswith("# "), f"{spec.id}: help.md must start with a '# Title' line"


def setups(spec: GameSpec) -> list[Setup]:
    """Every number of seats with the other parameters at their defaults, then every parameter the
    player sets at each of its edges (smallest and largest value, every choice) with the others at
    their defaults (see :func:`edge_setup` for an edge the defaults refuse)."""
    found = []
    for seats in range(spec.min_players, spec.max_players + 1):
        params = {spec.seats_param: seats} if spec.seats_param else {}
        found.append(Setup(f"{seats} seats", params, seats))
    for param in spec.params:
        if param.name == spec.seats_param or param.internal:
            continue
        edges = param.choices or tuple(dict.fromkeys(v for v in (param.minimum, param.maximum) if v is not None))
        found.extend(edge_setup(spec, param.name, value) for value in edges)
    return found


def edge_setup(spec: GameSpec, name: str, value) -> Setup:
    """The setup of parameter ``name`` at ``value``: with the other parameters at their defaults, or
    where the game refuses that combination (a big blind larger than the chips on the table allow), at
    every number of seats with the other ranged parameters at their smallest, in turn. An edge no setup
    reaches fails the test: its range promises what the game cannot build."""
    smallest = {p.name: p.minimum for p in spec.params
                if p.minimum is not None and p.name not in (name, spec.seats_param) and not p.internal}
    default_seats = spec.defaults()[spec.seats_param] if spec.seats_param else spec.min_players
    tries = [({}, default_seats)]
    for seats in range(spec.min_players, spec.max_players + 1):
        seats_param = {spec.seats_param: seats} if spec.seats_param else {}
        tries += [(seats_param, seats), ({**smallest, **seats_param}, seats)]
    reasons = []
    for others, seats in tries:
        params = {**others, name: value}
        try:
            spec.new(seed=0, **params)
        except InvalidParameterError as error:
            reasons.append(str(error))
            continue
        return Setup(f"{name}={value}" + (f" with {others}" if others else ""), params, seats)
    raise AssertionError(f"{spec.id}: {name}={value} is in its range, but no setup builds with it: "
                         f"{reasons[0]}")


# ----- random play against the protocol and the header's invariants ------------------------------
def _one_per_seat(state, seats: int, where: str) -> None:
    """One return, observation and information state per seat; no seat beyond the last."""
    returns = state.returns()
    assert len(returns) == seats, f"{where}: {len(returns)} returns for {seats} seats"
    assert all(math.isfinite(r) for r in returns), f"{where}: returns {returns}"
    for seat in [PUBLIC_VIEW, *range(seats)]:
        assert isinstance(str(state.observation(seat)), str)
        assert state.information_state(seat)
    try:
        state.observation(seats)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{where}: an observation for seat {seats} of a {seats}-seat game")


def _step(state, spec: GameSpec, seats: int, rng: random.Random, where: str) -> int | None:
    """Check the position, then play one random entry; returns the seat that decided (None for
    chance, SIMULTANEOUS for a joint move)."""
    player = state.current_player
    assert player in (CHANCE, SIMULTANEOUS) or 0 <= player < seats, f"{where}: player {player}"
    assert state.num_players == seats, f"{where}: the header says {state.num_players} seats, not {seats}"
    assert state.ply == len(state.history), f"{where}: ply {state.ply} after {len(state.history)} actions"
    assert len(state.returns()) == seats, f"{where}: {len(state.returns())} returns for {seats} seats"
    if player == CHANCE:
        assert not spec.deterministic, f"{where}: a chance node in a game declared deterministic"
        outcomes = state.chance_outcomes()
        assert outcomes and all(p > 0 for _, p in outcomes), f"{where}: chance outcomes {outcomes}"
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"{where}: chance odds sum to {sum(p for _, p in outcomes)}"
        assert len({a for a, _ in outcomes}) == len(outcomes), f"{where}: a chance outcome listed twice"
        state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        return None
    if player == SIMULTANEOUS:
        assert spec.simultaneous, f"{where}: a simultaneous node in a game not declared simultaneous"
        joint = []
        for seat in range(seats):
            legal = state.legal_actions(seat)
            assert legal and len(set(legal)) == len(legal), f"{where}: seat {seat}'s actions {legal}"
            joint.append(rng.choice(legal))
        state.apply_joint(joint)
        return SIMULTANEOUS
    legal = state.legal_actions()
    assert legal, f"{where}: seat {player} is to move but has no legal action"
    assert len(set(legal)) == len(legal), f"{where}: an action listed twice in {legal}"
    state.apply(rng.choice(legal))
    return player


def _finished(state, seats: int, where: str) -> None:
    assert state.legal_actions() == [], f"{where}: legal actions after the end"
    outcome = state.outcome()
    assert outcome is not None and len(outcome.places) == seats, f"{where}: outcome {outcome}"
    winner = state.winner
    assert winner is None or 0 <= winner < seats, f"{where}: winner {winner}"


def play_randomly(spec: GameSpec, setup: Setup, seed: int, plies: int) -> tuple[object, set[int]]:
    """A random game of ``setup`` (up to ``plies`` actions), checked at every step; returns the state
    and the seats that made a decision."""
    where = f"{spec.id} ({setup.label}, seed {seed})"
    state = spec.new(seed=seed, **setup.params)
    assert state.num_players == setup.seats, f"{where}: {state.num_players} seats, not {setup.seats}"
    _one_per_seat(state, setup.seats, f"{where} at the start")
    rng = random.Random(seed)
    movers: set[int] = set()
    while not state.is_terminal and len(state.history) < plies:
        mover = _step(state, spec, setup.seats, rng, f"{where} after {len(state.history)} actions")
        if mover == SIMULTANEOUS:
            movers.update(range(setup.seats))
        elif mover is not None:
            movers.add(mover)
        assert len(state.history) <= spec.max_plies, f"{where}: more than max_plies {spec.max_plies} actions"
    _one_per_seat(state, setup.seats, f"{where} after {len(state.history)} actions")
    if state.is_terminal:
        _finished(state, setup.seats, where)
    return state, movers


def check_every_setup(spec: GameSpec) -> None:
    """The game builds and plays at every number of seats and at every parameter edge."""
    for setup in setups(spec):
        play_randomly(spec, setup, seed=5, plies=RANDOM_PLIES)


def check_state_layout(spec: GameSpec) -> None:
    """The state array is exactly its declared layout (the rules' ``LAYOUT``, which ``GameKernels``
    carries): its size is the array's length at every number of seats, its header fields read the
    state's own player to move and seats, and the rules module still holds every offset the layout's
    export defined there (an assignment after the export would rebind one unnoticed)."""
    for setup in setups(spec)[:spec.max_players - spec.min_players + 1]:
        state = spec.new(seed=0, **setup.params)
        where = f"{spec.id} ({setup.label})"
        layout = state.kernels.layout
        assert isinstance(layout, StateLayout) and layout.with_header, (
            f"{where}: no state layout declared (the rules' LAYOUT, found by GameKernels.from_rules)")
        assert layout.size == len(state.array), (
            f"{where}: the layout declares {layout.size} slots, the initial state has {len(state.array)}")
        fields = layout.read(state.array)
        assert (fields["player"], fields["num_players"]) == (state.current_player, setup.seats), (
            f"{where}: the layout's header reads {fields['player']}, {fields['num_players']}")
    rules = sys.modules[state.kernels.legal.py_func.__module__]
    exported: dict = {}
    layout.export(exported)
    changed = {name: getattr(rules, name, None) for name, offset in exported.items()
               if getattr(rules, name, None) != offset}
    assert not changed, (f"{spec.id}: {rules.__name__} rebinds names its LAYOUT.export defined "
                         f"(the kernels read these, not the offsets): {changed}")


def check_every_seat_gets_a_turn(spec: GameSpec) -> None:
    """At every number of seats, random games give each seat a decision (the rules pass the turn)."""
    for setup in setups(spec)[:spec.max_players - spec.min_players + 1]:
        waiting = set(range(setup.seats))
        for seed in range(TURN_GAMES):
            waiting -= play_randomly(spec, setup, seed=seed, plies=TURN_PLIES)[1]
            if not waiting:
                break
        assert not waiting, (f"{spec.id} ({setup.label}): seats {sorted(waiting)} never moved in "
                             f"{TURN_GAMES} random games: the turn does not pass")


def check_no_undo_over_hidden_chance(spec: GameSpec) -> None:
    """A game whose chance outcomes some seat may not see forbids undo: chance is drawn from the seed
    and the ply, so a move taken back and played again would deal the same cards, shown."""
    if not spec.allow_undo or spec.deterministic:
        return
    for seed in range(3):
        state = spec.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.history) < RANDOM_PLIES:
            if state.is_chance_node:
                outcome = state.sample_chance()
                audience = audience_of(state, outcome)
                blind = [seat for seat in range(state.num_players) if not sees(audience, seat)]
                assert not blind, (f"{spec.id}: seats {blind} may not see a chance outcome, yet the game "
                                   "allows undo (set allow_undo=False; see docs/adding-a-game.md)")
                state.apply(outcome)
            else:
                _step(state, spec, state.num_players, rng, spec.id)


# ----- the AI -------------------------------------------------------------------------------------
def mid_game_moves(spec: GameSpec, seed: int = 3) -> list:
    """A few random decisions (a joint move is one) into a default game, chance drawn as a match draws
    it (:meth:`sample_chance`), stopping short of the end: a seat still decides after them."""
    state = spec.new(seed=seed)
    state.resolve_chance()
    rng = random.Random(seed)
    moves: list = []
    while len(moves) < MID_GAME_DECISIONS:
        trial = state.clone()
        if trial.current_player == SIMULTANEOUS:
            move = [rng.choice(trial.legal_actions(s)) for s in range(trial.num_players)]
            trial.apply_joint(move)
        else:
            move = rng.choice(trial.legal_actions())
            trial.apply(move)
        trial.resolve_chance()
        if trial.is_terminal:
            break
        state = trial
        moves.append(move)
    return moves


def mid_game(spec: GameSpec, seed: int = 3):
    """The position after :func:`mid_game_moves` (a seat decides there; seat 0 at a simultaneous node)."""
    state = spec.new(seed=seed)
    state.resolve_chance()
    for move in mid_game_moves(spec, seed):
        state.apply_entry(move)
        state.resolve_chance()
    return state


def _bounded(call, stop, what: str):
    """``call()`` in a thread, asked to ``stop()`` after :data:`AI_SECONDS`; its answer, or
    AssertionError when it has none within the grace time."""
    answer: list = []
    failure: list = []

    def run() -> None:
        try:
            answer.append(call())
        except BaseException as error:  # handed to the test's thread below
            failure.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(AI_SECONDS)
    if worker.is_alive() and stop is not None:
        stop()
    worker.join(AI_GRACE_SECONDS)
    assert not worker.is_alive(), f"{what} gave no answer within {AI_GRACE_SECONDS:g} s of being stopped"
    if failure:
        raise failure[0]
    return answer[0]


def check_every_ai_level(spec: GameSpec) -> None:
    """Every AI level picks a legal move in a mid-game position; an AI with a hint gives one whose
    best move is legal."""
    state = mid_game(spec)
    seat = 0 if state.current_player == SIMULTANEOUS else state.current_player
    legal = state.legal_actions(seat)
    for level in range(1, spec.max_level + 1):
        ai = spec.ai(level, seed=1)
        what = f"{spec.id} AI level {level}"
        stop = getattr(ai, "stop", None)
        if state.current_player == SIMULTANEOUS:
            action = _bounded(lambda: ai.choose(state.clone(), player=seat), stop, what)
        else:
            action = _bounded(lambda: ai.choose(state.clone()), stop, what)
        assert action in legal, f"{what} chose {action!r}, not one of the legal {legal}"
        if hasattr(ai, "hint") and state.current_player != SIMULTANEOUS:
            hint = _bounded(lambda: ai.hint(state.clone()), stop, f"{what}'s hint")
            assert hint.best in legal, f"{what}'s hint suggests {hint.best!r}, not one of {legal}"


__all__ = ["Setup", "check_every_ai_level", "check_every_seat_gets_a_turn", "check_every_setup",
           "check_folders_register", "check_no_undo_over_hidden_chance", "check_spec", "edge_setup", "mid_game",
           "mid_game_moves", "play_randomly", "setups"]
