"""Mahjong AI: sampled worlds keep the seat's view and every tile; tile efficiency (ukeire, the shanten
of open hands along their yaku); the danger model on a riichi; written positions where the levels must
fold, push, call a yakuhai pon, refuse a call that leaves no yaku, and win; hints; the time a move takes."""

from __future__ import annotations

import time

import numpy as np
import pytest

from tui_games import catalog
from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS, TERMINAL
from tui_games.engine.rng import make_rng
from tui_games.games.mahjong import danger as D
from tui_games.games.mahjong import efficiency as E
from tui_games.games.mahjong import policy as P
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong import worlds as W
from tui_games.games.mahjong.ai import EFFICIENT, EXPERT, GENTLE, MahjongAI, make_ai
from tui_games.games.mahjong.constants import (CHI, MAX_ACTIONS, PASS, PON, RED_TYPE, RIICHI, RON, TSUMO, TYPES,
                                               action_name, parse_action, read_type)
from tui_games.games.mahjong.shanten import load_table, shanten
from tui_games.games.mahjong.tiles import RED_FIVES, parse, parse_counts
from tui_games.games.mahjong.winning import waits

BUF = np.empty(MAX_ACTIONS, dtype=np.int64)
PROBS = np.empty(MAX_ACTIONS, dtype=np.float64)
TABLE = load_table()
SCORES = np.full(4, 25000, dtype=np.int64)


# ----- positions ----------------------------------------------------------------------------------------
def types_of(text):
    """The tile types of tiles in the notation."""
    return [RED_TYPE + RED_FIVES.index(t) if t in RED_FIVES else t // 4 for t in parse(text)]


def deal(hands, dora="6z", dealer=0):
    """A hand dealt with ``hands[seat]`` (13 tiles each) and the first dora indicator."""
    s = R.initial_state(dealer, 27, 0, 0, SCORES)
    for j in range(4):
        for t in types_of(hands[(dealer + j) % 4]):
            chance(s, t)
    chance(s, read_type(dora))
    return s


def chance(s, t):
    """The tile type ``t`` comes into sight."""
    assert s[PLAYER] == CHANCE
    n = R.chance_outcomes(s, BUF, PROBS)
    assert t in BUF[:n], f"{t} is not in the wall"
    R.apply_action(s, t)


def play(s, *steps):
    """``"draw 5m"`` draws from the wall, ``"s1 pon"`` answers a discard for seat 1 (the others pass),
    anything else is the mover's action; an answer window nobody names is passed by all."""
    for step in steps:
        if step.startswith("s") and step[1].isdigit():
            joint = np.full(4, PASS, dtype=np.int64)
            joint[int(step[1])] = parse_action(step[3:])
            R.apply_joint(s, joint)
            continue
        if s[PLAYER] == SIMULTANEOUS:
            R.apply_joint(s, np.full(4, PASS, dtype=np.int64))
        if step.startswith("draw "):
            chance(s, read_type(step[5:]))
            continue
        action = parse_action(step)
        n = R.legal_actions(s, BUF)
        assert action in BUF[:n], (step, [action_name(a) for a in BUF[:n]])
        R.apply_action(s, action)
    return s


@pytest.fixture(scope="module")
def spec():
    """The catalogue's Mahjong."""
    return catalog.get("mahjong")


def as_state(spec, s):
    """A game state holding the array ``s``."""
    state = spec.new(seed=0, length="hand")
    state.array[:] = s
    return state


def decide(level, s, seat=None):
    """The level's action for ``seat`` (the mover's by default) in ``s``."""
    ai = MahjongAI(level, seed=3)
    if s[PLAYER] == SIMULTANEOUS:
        n = R.legal_for(s, seat, BUF)
    else:
        seat = int(s[PLAYER])
        n = R.legal_actions(s, BUF)
    view = s.copy()
    R.redact(s, seat, view)
    return ai.decide(view, seat, [int(a) for a in BUF[:n]])


def random_positions(count, seed):
    """Positions from hands played by efficiency players that call now and then (about one position
    every ten moves), each with the seat whose view to take."""
    rng = np.random.default_rng(seed)
    krng = make_rng(seed)
    found = []
    while len(found) < count:
        s = R.initial_state(int(rng.integers(4)), 27, 0, 0, SCORES)
        while s[PLAYER] != TERMINAL and len(found) < count:
            player = s[PLAYER]
            if rng.random() < 0.1 and player != CHANCE:
                found.append((s.copy(), int(rng.integers(4))))
            if player == CHANCE:
                P.play_chance(s, krng, BUF, PROBS)
            elif player == SIMULTANEOUS:
                joint = np.empty(4, dtype=np.int64)
                for seat in range(4):
                    R.legal_for(s, seat, BUF)
                    joint[seat] = BUF[0] if rng.random() < 0.3 else PASS
                R.apply_joint(s, joint)
            else:
                R.apply_action(s, P.efficiency_turn(s, player, TABLE, krng, 0.05, False, BUF))
    return found


# ----- worlds -------------------------------------------------------------------------------------------
def tile_types(s):
    """Every tile of ``s`` by type: hands, melds, ponds (called tiles in their melds), indicators, pool."""
    counts = np.zeros(TYPES, dtype=np.int64)
    for seat in range(4):
        for k in range(34):
            counts[k] += R.plain_count(s, seat, k)
        for r in range(3):
            counts[RED_TYPE + r] += s[R.REDS + seat * 3 + r]
        for i in range(s[R.DISCARD_N + seat]):
            code = s[R.DISCARDS + seat * R.MAX_DISCARDS + i]
            if not code & R.D_CALLED:
                counts[code & 63] += 1
    taken = np.zeros(TYPES, dtype=np.int64)
    for seat in range(4):
        for m in range(s[R.MELD_N + seat]):
            W.take_meld_types(s, seat, m, taken)
    counts -= taken
    for j in range(s[R.DORA_N]):
        counts[s[R.DORA + j]] += 1
    for j in range(s[R.URA_N]):
        counts[s[R.URA + j]] += 1
    counts += s[R.POOL:R.POOL + TYPES]
    return counts


def test_sampled_worlds_keep_the_view_and_every_tile():
    full = np.empty(TYPES, dtype=np.int64)
    W.full_types(full)
    assert full.sum() == 136
    rng = make_rng(5)
    world = np.empty(R.STATE_SIZE, dtype=np.int64)
    for s, seat in random_positions(150, 1):
        view = s.copy()
        R.redact(s, seat, view)
        assert (tile_types(s) == full).all()
        for sampler in range(2):
            if sampler == 0:
                W.sample_world(view, seat, rng, world)
            else:
                W.sample_tenpai_world(view, seat, rng, world, 0b1111)
            seen = world.copy()
            R.redact(world, seat, seen)
            assert (seen == view).all()
            assert (tile_types(world) == full).all()
            for other in range(4):
                assert world[R.HANDS + other * 34:R.HANDS + other * 34 + 34].sum() == world[R.HAND_SIZE + other]
            turn = world[R.TURN]
            if world[R.PHASE] == R.P_TURN and world[R.AFTER_CALL] == 0:
                assert R.holds_type(world, turn, world[R.DRAWN])


def test_ready_worlds_wait_on_nothing_the_seat_discarded():
    rng = make_rng(9)
    world = np.empty(R.STATE_SIZE, dtype=np.int64)
    ready = 0
    for s, seat in random_positions(60, 2):
        view = s.copy()
        R.redact(s, seat, view)
        got = W.sample_tenpai_world(view, seat, rng, world, 0b1111)
        for other in range(4):
            if (got >> other) & 1 and world[R.HAND_SIZE + other] % 3 == 1:
                ready += 1
                found = np.empty(34, dtype=np.int64)
                n = waits(R.hand_counts(world, other), found)
                assert n > 0
                assert all(not (world[R.DISCARDED_KINDS + other] >> k) & 1 for k in found[:n])
    assert ready > 100


# ----- efficiency ---------------------------------------------------------------------------------------
def test_ukeire_counts_unseen_tiles_that_lower_shanten():
    c = parse_counts("123m456p789s1122z")  # shanpon on 1z / 2z
    unseen = np.full(34, 4, dtype=np.int64) - c
    assert E.ukeire(c, 0, unseen, TABLE) == 4
    c = parse_counts("23m456p789s11z")  # 10 tiles: two-sided 1m / 4m
    unseen = np.full(34, 4, dtype=np.int64) - c
    unseen[0] = 1
    assert E.ukeire(c, shanten(c, TABLE), unseen, TABLE) == 5


def test_open_hands_count_the_yaku_they_can_still_make():
    four_pin = np.int64(1) << 12
    # a pon of 4p: all simples, the 2z is junk to discard
    assert E.open_shanten(parse_counts("234m55p678s2z"), TABLE, 1, four_pin, False, 27, 27) == 1
    # a pon of 9m and a chi of 123p: no all-simples hand, two suits called, no yakuhai
    called = (np.int64(1) << 8) | (np.int64(7) << 9)
    assert E.open_shanten(parse_counts("234m55p67s"), TABLE, 2, called, False, 27, 27) == E.NO_YAKU_SHANTEN
    # a dragon triplet concealed is a yaku: the plain shanten
    c = parse_counts("23m55p555z")
    assert E.open_shanten(c, TABLE, 2, called, False, 27, 27) == shanten(c, TABLE) == 0
    # one suit with honours after calls in that suit
    c = parse_counts("1245m11z")
    assert E.open_shanten(c, TABLE, 2, np.int64(7) | (np.int64(7) << 5), False, 27, 27) == 1


# ----- danger -------------------------------------------------------------------------------------------
OTHER2 = "147m268p368s1234z"
OTHER3 = "258m147p147s5677z"
RIICHI_ONE = "123m406p789s1122z"
"""Seat 1's hand: ready on 1z and 2z."""


def folding_position():
    """Seat 1 declared riichi discarding 6m; seats 2 and 3 let 1p and 9p go; seat 0, two from ready,
    has drawn: 6m is safe (genbutsu), its efficient discard 8p is not."""
    s = deal(["234m67m358p5579s1s", RIICHI_ONE, OTHER2, OTHER3])
    return play(s, "draw 3z", "discard 3z", "draw 6m", "riichi 6m", "draw 1p", "discard 1p", "draw 9p",
                "discard 9p", "draw 4z")


def test_the_danger_model_reads_a_riichi():
    s = folding_position()
    view = s.copy()
    R.redact(s, 0, view)
    weights = np.zeros(4)
    D.threat_weights(view, 0, weights)
    assert list(weights) == [0.0, 1.0, 0.0, 0.0]
    hits = np.zeros((4, 34))
    points = np.zeros((4, 34))
    ready = np.zeros(4)
    D.danger_map(view, 0, make_rng(1), 300, weights, hits, points, ready)
    assert ready[1] == 300
    odds = np.zeros(34)
    loss = np.zeros(34)
    D.tile_danger(weights, hits, points, ready, odds, loss)
    safe = int(D.genbutsu(view, 1))
    for kind in (5, 9, 17):  # 6m discarded by the riichi seat, 1p and 9p let go after it
        assert (safe >> kind) & 1 and odds[kind] == 0 and loss[kind] == 0
    # a suji tile (3m: 6m discarded makes a 3-6m two-sided wait furiten) is safer than a middle tile
    assert odds[2] < odds[13]
    assert 0.02 < odds[13] < 0.3 and loss[13] > 1000 * odds[13]
    assert odds[29] > 0  # 3z: seat 0 discarded one, three unseen


# ----- positions ----------------------------------------------------------------------------------------
def kind_after(action):
    """The kind a discard (or riichi) action throws."""
    return R.kind_of_type(action % RIICHI)


def test_the_expert_and_the_efficient_player_fold_against_a_riichi():
    s = folding_position()
    safe = int(D.genbutsu(s, 1))
    efficient = P.efficiency_turn(s, 0, TABLE, make_rng(1), 0.0, True, BUF)
    assert not (safe >> kind_after(efficient)) & 1  # plain efficiency would throw a dangerous tile
    c = R.hand_counts(s, 0)
    assert shanten(c - np.eye(34, dtype=np.int64)[kind_after(efficient)], TABLE) == 2
    for level in (EFFICIENT, EXPERT):
        action = decide(level, s)
        assert action < CHI and (safe >> kind_after(action)) & 1, (level, action_name(action))


def pushing_position():
    """Seat 1 declared riichi discarding 9s; seat 0 (dealer, two dora 5p) is ready on 5p / 9s and has
    drawn 1s: 9s is safe but breaks the hand, 1s keeps it ready."""
    s = deal(["456m34555p678s99s", RIICHI_ONE, OTHER2, OTHER3], dora="4p")
    return play(s, "draw 1z", "discard 1z", "draw 9s", "riichi 9s", "draw 1p", "discard 1p", "draw 9p",
                "discard 9p", "draw 1s")


def test_the_expert_pushes_a_valuable_ready_hand():
    s = pushing_position()
    action = decide(EXPERT, s)
    assert kind_after(action) == read_type("1s") and action < CHI, action_name(action)


def yakuhai_position():
    """Seat 0 holds a pair of white dragons (and a pair of 9s for its head); seat 1 discards a white dragon."""
    s = deal(["55z234m67m358p99s1s", "123m456p789s1125z", OTHER2, OTHER3])
    return play(s, "draw 3z", "discard 3z", "draw 6z", "discard 5z")


def test_a_yakuhai_pair_is_called():
    s = yakuhai_position()
    assert s[PLAYER] == SIMULTANEOUS
    assert decide(EFFICIENT, s, 0) == PON
    assert decide(EXPERT, s, 0) == PON
    assert decide(GENTLE, s, 0) == PASS


def yakuless_position():
    """Seat 0 holds 99m 11p 234p 567s 45m 1z: a pon of 9m would make it ready with no yaku."""
    s = deal(["99m11p234p567s45m1z", "123m406p789s112z9m", OTHER2, OTHER3])
    return play(s, "draw 3z", "discard 3z", "draw 6z", "discard 9m")


def test_no_call_leaves_a_hand_without_yaku():
    s = yakuless_position()
    after = s.copy()
    from tui_games.games.mahjong.planner import after_call
    after_call(s, 0, PON, after)
    c = R.hand_counts(after, 0)
    c[27] -= 1  # throwing the east wind leaves it ready in shape, with no yaku
    assert shanten(c, TABLE) == 0
    assert E.hand_shanten(after, 0, c, TABLE) > 3  # only a one-suit hand of characters is left to it
    for level in (GENTLE, EFFICIENT, EXPERT):
        assert decide(level, s, 0) == PASS


def winning_position():
    """Seat 0 (dealer) is ready on 1z / 5z, both yakuhai."""
    return deal(["234m456p678s1155z", "123m406p789s2335z", "147m268p368s2344z", OTHER3])


def test_every_level_takes_ron_and_tsumo():
    s = play(winning_position(), "draw 9p", "discard 9p", "draw 6z", "discard 5z")
    for level in (GENTLE, EFFICIENT, EXPERT):
        assert decide(level, s, 0) == RON
    s = play(winning_position(), "draw 9p", "discard 9p", "draw 6z", "discard 6z", "draw 7z", "discard 7z",
             "draw 7z", "discard 7z", "draw 1z")
    for level in (GENTLE, EFFICIENT, EXPERT):
        assert decide(level, s) == TSUMO


# ----- the player ---------------------------------------------------------------------------------------
def test_hints_name_the_move_and_the_shanten(spec):
    state = as_state(spec, folding_position())
    ai = make_ai(spec, GENTLE, seed=1)
    hint = ai.hint(state)
    assert hint.best in state.legal_actions()
    kind = kind_after(hint.best)
    c = R.hand_counts(state.array, 0)
    c[kind] -= 1
    unseen = np.empty(34, dtype=np.int64)
    E.unseen_kinds(state.array, 0, unseen)
    sh = shanten(c, TABLE)
    words = f"{sh}-shanten, {E.ukeire(c, sh, unseen, TABLE)} tiles improve"
    assert hint.summary.startswith(f"{action_name(hint.best)}: {words}")
    assert "deal-in risk" in hint.summary
    assert set(hint.values) == {a for a in state.legal_actions() if a < CHI}
    call = ai.hint(as_state(spec, yakuhai_position()), player=0)
    assert call.best == PON and call.summary.startswith("pon: ")
    assert set(call.values) == {PON, PASS}


@pytest.mark.parametrize("level", [GENTLE, EFFICIENT, EXPERT])
def test_every_level_answers_in_time(spec, level):
    ai = spec.ai(level, seed=2)
    ai.prepare()
    for s, player in ((folding_position(), None), (yakuhai_position(), 0), (pushing_position(), None)):
        state = as_state(spec, s)
        started = time.perf_counter()
        action = ai.choose(state, player=player) if player is not None else ai.choose(state)
        assert time.perf_counter() - started < 1.0
        assert action in state.legal_actions(player)


def test_the_simple_rules_are_played_to_the_end():
    rng = make_rng(4)
    players = [MahjongAI(level, seed=level) for level in (GENTLE, EFFICIENT, EXPERT, EXPERT)]
    ends = set()
    for hand in range(6):
        s = R.new_hand(R.SIMPLE_RULES, hand % 4, 27, 0, 0, np.zeros(4, dtype=np.int64))
        while s[PLAYER] != TERMINAL:
            if s[PLAYER] == CHANCE:
                P.play_chance(s, rng, BUF, PROBS)
                continue
            seats = range(4) if s[PLAYER] == SIMULTANEOUS else [int(s[PLAYER])]
            joint = np.full(4, PASS, dtype=np.int64)
            for seat in seats:
                n = R.legal_for(s, seat, BUF) if s[PLAYER] == SIMULTANEOUS else R.legal_actions(s, BUF)
                legal = [int(a) for a in BUF[:n]]
                view = s.copy()
                R.redact(s, seat, view)
                joint[seat] = players[seat].decide(view, seat, legal)
                assert joint[seat] in legal
            if s[PLAYER] == SIMULTANEOUS:
                R.apply_joint(s, joint)
            else:
                R.apply_action(s, joint[seats[0]])
        ends.add(int(s[R.END]))
    assert ends & {1, 2}  # somebody won a hand


def test_the_simple_rules_hint_names_the_shanten(spec):
    state = spec.new(seed=1, rules="simple", length="hand")
    state.resolve_chance()
    hint = make_ai(spec, EXPERT, seed=1).hint(state)
    assert hint.best in state.legal_actions()
    assert hint.summary.startswith(f"{action_name(hint.best)}: ") and "-shanten after it" in hint.summary
