"""Leduc Hold'em AI: the shipped CFR+ equilibria (OpenSpiel's exploitability and the known game value
for the ante variant, the engine's for the blinds), CFR+ iteration for iteration against OpenSpiel's,
the levels' order measured exactly, and players that read only their own seat's view."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tui_games import catalog
from tui_games.games.leduc_holdem import ai, rules, strategy

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy as openspiel_policy  # noqa: E402
from open_spiel.python.algorithms import exploitability as openspiel_exploitability  # noqa: E402

SPEC = catalog.get("leduc-holdem")
FOLD, CALL, RAISE = 0, 1, 2
JS, JH, QS, QH, KS, KH = range(6)


def openspiel_policy_of(choose) -> openspiel_policy.TabularPolicy:
    """``choose(state) -> {action: probability}`` of our ante hands as an OpenSpiel TabularPolicy:
    both trees walked side by side (the ante variant shares OpenSpiel's action and chance ids)."""
    game = pyspiel.load_game("leduc_poker")
    table = openspiel_policy.TabularPolicy(game)

    def walk(ours, theirs) -> None:
        if theirs.is_terminal():
            return
        if not theirs.is_chance_node():
            row = table.policy_for_key(theirs.information_state_string())
            row[:] = 0.0
            for action, prob in choose(ours).items():
                row[action] = prob
        for action in ours.legal_actions():
            child = ours.clone()
            child.apply(action)
            walk(child, theirs.child(action))

    walk(SPEC.new(betting="ante"), game.new_initial_state())
    return table


def test_openspiel_measures_the_ante_equilibrium_below_a_thousandth():
    player = SPEC.ai(3)
    table = openspiel_policy_of(player.policy)
    measured = openspiel_exploitability.exploitability(pyspiel.load_game("leduc_poker"), table)
    assert measured < 1e-3
    assert measured == pytest.approx(strategy.equilibrium_details("ante")["exploitability"], abs=1e-9)
    assert measured < 1e-4  # the goal: what scripts/leduc_strategy.py computes by default


def known_game_value(refdata) -> float:
    """OpenSpiel leduc_poker's value for player 0, from the reference data (about -0.0856)."""
    for line in (refdata / "poker" / "leduc_reference.txt").read_text().splitlines():
        if line.startswith("game_value_p0"):
            return float(line.split()[1])
    raise AssertionError("no game_value_p0 in leduc_reference.txt")


def test_the_ante_equilibrium_has_the_known_game_value(refdata):
    table = strategy.equilibrium("ante")
    value, other = strategy.expected_returns("ante", (table, table))
    assert known_game_value(refdata) == pytest.approx(-0.0856, abs=1e-4)
    assert value == pytest.approx(known_game_value(refdata), abs=1e-3)
    assert other == -value


def test_the_blinds_equilibrium_is_nearly_unexploitable_and_fair():
    table = strategy.equilibrium("blinds")
    assert strategy.exploitability("blinds", table) < 1e-3
    value, _ = strategy.expected_returns("blinds", (table, table))
    assert abs(value) < 1e-3  # chance picks the small blind: the seats are alike


def test_cfr_plus_matches_openspiels_iteration_for_iteration():
    solver = strategy.solver_for("ante")
    theirs = pyspiel.CFRPlusSolver(pyspiel.load_game("leduc_poker"))
    for _ in range(12):
        solver.run(1)
        theirs.evaluate_and_update_policy()
    expected = pyspiel.exploitability(pyspiel.load_game("leduc_poker"), theirs.average_policy())
    assert solver.exploitability() == pytest.approx(expected, abs=1e-9)


def test_each_level_is_stronger_than_the_one_below():
    for betting in ("ante", "blinds"):
        tables = {level: strategy.tabulate(betting, ai.STYLES[level][1]) for level in (ai.MANIAC, ai.LOOSE_PASSIVE)}
        tables[ai.EQUILIBRIUM] = strategy.equilibrium(betting)
        assert strategy.match_value(betting, tables[2], tables[1]) > 1.0
        assert strategy.match_value(betting, tables[3], tables[2]) > 0.1
        assert strategy.match_value(betting, tables[3], tables[1]) > 0.3
        exploitability = [strategy.exploitability(betting, tables[level]) for level in (1, 2, 3)]
        assert exploitability[0] > exploitability[1] > 0.5 > 1e-3 > exploitability[2]


def test_the_styles_play_as_named():
    maniac, passive = SPEC.ai(1), SPEC.ai(2)
    state = SPEC.new(betting="ante")
    for card in (JS, KH):
        state.apply(card)
    assert maniac.policy(state) == {CALL: 0.0, RAISE: 1.0}
    assert passive.policy(state) == {CALL: 1.0, RAISE: 0.0}
    state.apply(RAISE)
    state.apply(RAISE)
    assert maniac.policy(state) == {FOLD: 0.0, CALL: 1.0}
    state.apply(CALL)
    state.apply(QS)  # Player 1's Jack does not pair the Queen: the loose-passive player folds it to a bet
    state.apply(CALL)
    state.apply(RAISE)
    assert passive.policy(state) == {FOLD: 1.0, CALL: 0.0, RAISE: 0.0}


def test_a_player_reads_only_its_own_view():
    top = SPEC.ai(3)
    for level in (1, 2, 3):
        player = SPEC.ai(level)
        a = SPEC.new(betting="blinds")
        b = SPEC.new(betting="blinds")
        for state, other in ((a, KS), (b, JH)):
            for action in (1, other, QS):  # Player 2 posts the small blind, holds the Queen, acts
                state.apply(action)
        assert player.policy(a) == player.policy(b)
    mix = top.policy(a)
    assert set(mix) == set(a.legal_actions()) and sum(mix.values()) == pytest.approx(1.0)


def test_choices_follow_the_policy_and_the_seed():
    state = SPEC.new(betting="ante")
    state.apply(QS)
    state.apply(KH)
    mix = SPEC.ai(3).policy(state)
    draws = [SPEC.ai(3, seed=seed).choose(state) for seed in range(400)]
    assert draws == [SPEC.ai(3, seed=seed).choose(state) for seed in range(400)]
    for action, prob in mix.items():
        assert draws.count(action) / len(draws) == pytest.approx(prob, abs=0.08)
    hint = SPEC.ai(3).hint(state)
    assert hint.best == max(mix, key=mix.get) and "equilibrium mix" in hint.summary


def test_short_stacks_keep_the_mix_on_the_legal_actions():
    state = SPEC.new(betting="blinds", stack_1=3)
    for action in (0, KS, QH, RAISE):  # Player 1 posts the small blind and raises all in
        state.apply(action)
    assert state.all_in(0) and state.legal_actions() == [FOLD, CALL]
    mix = SPEC.ai(3).policy(state)
    assert set(mix) == {FOLD, CALL} and sum(mix.values()) == pytest.approx(1.0)


def test_the_strategy_script_writes_a_loadable_file(tmp_path):
    out = tmp_path / "leduc.npz"
    script = Path(__file__).resolve().parents[2] / "scripts" / "leduc_strategy.py"
    done = subprocess.run([sys.executable, str(script), "--betting", "ante", "--iterations", "30",
                           "--check-every", "15", "--out", str(out), "--json"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["variants"]["ante"]["iterations"] == 30
    with np.load(out) as data:
        keys, probs = data["ante_keys"], data["ante_probs"]
    assert len(keys) == 936 and np.allclose(probs.sum(axis=1), 1.0)
    loaded = strategy.Strategy(keys, probs)
    assert strategy.exploitability("ante", loaded) == pytest.approx(report["variants"]["ante"]["exploitability"])
    # and the shipped table covers every information state of both variants
    for betting in ("ante", "blinds"):
        shipped = strategy.equilibrium(betting)
        assert {int(rules.infostate_key(array, seat)) for array, seat, _ in strategy.decision_points(betting)} \
            == set(shipped.table)
