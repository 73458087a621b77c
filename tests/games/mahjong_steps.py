"""Steps of a scripted Mahjong hand for the rules tests (riichi and simple alike): a tile from the wall,
the legal actions and their names, the answers to a discard, a list of steps played by name."""

from __future__ import annotations

import numpy as np

from tui_games.engine.header import CHANCE, PLAYER, SIMULTANEOUS
from tui_games.games.mahjong import rules as R
from tui_games.games.mahjong.constants import MAX_ACTIONS, PASS, action_name, parse_action, read_type

BUF = np.empty(MAX_ACTIONS, dtype=np.int64)
PROBS = np.empty(MAX_ACTIONS, dtype=np.float64)


def chance(s, t):
    """Draw tile type ``t`` from the wall (it must be there)."""
    assert s[PLAYER] == CHANCE
    n = R.chance_outcomes(s, BUF, PROBS)
    assert t in BUF[:n], f"{t} not in the wall"
    R.apply_action(s, t)


def legal(s):
    """The mover's legal action ids."""
    n = R.legal_actions(s, BUF)
    return [int(a) for a in BUF[:n]]


def names(s):
    """The mover's legal actions by name."""
    return [action_name(a) for a in legal(s)]


def options(s, seat):
    """``seat``'s legal answers (by name) to the discard on the table."""
    n = R.legal_for(s, seat, BUF)
    return [action_name(int(a)) for a in BUF[:n]]


def answer(s, **by_seat):
    """The answers to a discard: ``s1="pon"`` ..., the others pass."""
    assert s[PLAYER] == SIMULTANEOUS
    joint = np.full(4, PASS, dtype=np.int64)
    for key, text in by_seat.items():
        seat = int(key[1:])
        assert text in options(s, seat), (text, options(s, seat))
        joint[seat] = parse_action(text)
    R.apply_joint(s, joint)


def play(s, *steps):
    """Plays the steps: ``"draw 5m"`` a tile from the wall, else the mover's action by name; an open
    call window before a step is passed by all."""
    for step in steps:
        if s[PLAYER] == SIMULTANEOUS:
            answer(s)
        if step.startswith("draw ") and step != "draw nine terminals":
            chance(s, read_type(step[5:]))
            continue
        action = parse_action(step)
        assert action in legal(s), (step, names(s))
        R.apply_action(s, action)


def deltas(s):
    """Each seat's returns, as whole numbers."""
    out = np.empty(4, dtype=np.float64)
    R.returns(s, out)
    return [int(x) for x in out]
