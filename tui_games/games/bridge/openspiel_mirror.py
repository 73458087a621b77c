"""OpenSpiel's own ``bridge`` (use_double_dummy_result false) played in lockstep with ours: the tests
replay seeded deals call by call and card by card, and ``benchmarks/bridge_conformance.py`` runs the
issue's 1,000. Imports pyspiel when used (a test extra).

Both engines take the same chance outcomes (the card dealt) and the same actions (OpenSpiel's ids). At
every step the player to move, the legal actions (at a chance node the outcomes and their odds) and
the action's name agree (OpenSpiel's "♠10", "Dbl" read by our parse_action); at the end the final
contract (OpenSpiel's contract index) and the returns.
"""

from __future__ import annotations

import random

from tui_games.games.bridge.constants import (BID_BASE, DOUBLE, NUM_STRAINS, PASS, REDOUBLE, VULNERABILITIES,
                                              VULNERABLE)

PASS_ODDS = 0.6
"""How often the lockstep's bidder passes (auctions of every length, passed out about one deal in eight)."""
DOUBLE_ODDS = 0.25
"""How often it doubles or redoubles where it may (when it does not pass)."""


class Mismatch(AssertionError):
    """Ours and OpenSpiel's differ (the message says where and how)."""


def openspiel_params(dealer: int, vulnerability: str) -> dict:
    """OpenSpiel's bridge parameters for our ``dealer`` and ``vulnerability`` (it names the vulnerable
    sides as the dealer's and the other's)."""
    flags = VULNERABLE[vulnerability]
    return {"use_double_dummy_result": False, "dealer": dealer, "dealer_vul": bool(flags[dealer % 2]),
            "non_dealer_vul": bool(flags[1 - dealer % 2])}


def deal_conditions(seed: int) -> tuple[int, str]:
    """The dealer and vulnerability of lockstep deal ``seed``: every combination in turn."""
    return seed % 4, VULNERABILITIES[(seed // 4) % 4]


def choose(legal: list[int], rng: random.Random, bidding: bool) -> int:
    """A card at random; a call that passes often, doubles sometimes and otherwise bids a little above
    the last bid (a random auction of 36 calls would leap to 7NT at once)."""
    if not bidding:
        return rng.choice(legal)
    if rng.random() < PASS_ODDS:
        return PASS
    doubles = [call for call in legal if call in (DOUBLE, REDOUBLE)]
    if doubles and rng.random() < DOUBLE_ODDS:
        return doubles[0]
    bids = [call for call in legal if call >= BID_BASE]
    if not bids:
        return PASS
    step = 0
    while step < len(bids) - 1 and rng.random() < 0.6:
        step += 1
    return bids[step]


def their_name(theirs, action: int) -> str:
    """OpenSpiel's name of ``action`` ("♠10", "1NT", "Pass", "Dbl", "RDbl")."""
    return theirs.action_to_string(theirs.current_player(), action)


def contract_index(state) -> int:
    """OpenSpiel's index of our deal's final contract (0 passed out)."""
    if state.passed_out:
        return 0
    level, strain, doubled = state.field("level"), state.field("strain"), state.field("doubled")
    return (((level - 1) * NUM_STRAINS + strain) * 4 + state.declarer) * 3 + doubled + 1


def _check(same: bool, where: str, ours, theirs) -> None:
    if not same:
        raise Mismatch(f"{where}: ours {ours!r}, OpenSpiel's {theirs!r}")


def lockstep_deal(spec, seed: int) -> int:
    """Play one deal of ``spec`` (ours, duplicate scoring) and OpenSpiel's bridge side by side from
    ``seed``, comparing at every step; returns the steps compared, or raises :class:`Mismatch`."""
    import pyspiel

    dealer, vulnerability = deal_conditions(seed)
    rng = random.Random(seed)
    theirs = pyspiel.load_game("bridge", openspiel_params(dealer, vulnerability)).new_initial_state()
    state = spec.new(seed=seed, scoring="duplicate", dealer=dealer, vulnerability=vulnerability)
    steps = 0
    while not theirs.is_terminal():
        where = f"deal {seed}, step {steps}"
        _check(state.current_player == theirs.current_player(), f"{where}, player", state.current_player,
               theirs.current_player())
        if theirs.is_chance_node():
            outcomes = theirs.chance_outcomes()
            _check(state.chance_outcomes() == outcomes, f"{where}, chance outcomes", state.chance_outcomes(), outcomes)
            action = rng.choice(outcomes)[0]
        else:
            legal = theirs.legal_actions()
            _check(state.legal_actions() == legal, f"{where}, legal actions", state.legal_actions(), legal)
            action = choose(legal, rng, theirs.current_phase() == 1)
        name = their_name(theirs, action)
        _check(state.parse_action(name) == action, f"{where}, {name} read", state.parse_action(name), action)
        theirs.apply_action(action)
        state.apply(action)
        steps += 1
    _check(state.is_terminal, f"deal {seed} at the end, terminal", state.is_terminal, True)
    _check(contract_index(state) == theirs.contract_index(), f"deal {seed}, contract", state.contract,
           theirs.contract_index())
    _check(state.returns() == theirs.returns(), f"deal {seed}, returns", state.returns(), theirs.returns())
    return steps


def lockstep(spec, deals: int, first_seed: int = 0) -> dict:
    """{"deals", "identical", "steps"}: ``deals`` seeded deals played in lockstep, how many agreed at
    every step, and the steps compared."""
    identical = steps = 0
    for seed in range(first_seed, first_seed + deals):
        try:
            steps += lockstep_deal(spec, seed)
            identical += 1
        except Mismatch:
            pass
    return {"deals": deals, "identical": identical, "steps": steps}


__all__ = ["Mismatch", "choose", "contract_index", "deal_conditions", "lockstep", "lockstep_deal", "openspiel_params",
           "their_name"]
