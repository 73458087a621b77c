"""Duplicate bridge scoring (Law 77 of the Laws of Duplicate Bridge) as kernels, in its parts.

A contract is ``level`` (1-7), ``strain`` (0-4: C D H S NT) and ``doubled`` (0 undoubled, 1 doubled,
2 redoubled); ``vulnerable`` is 0 or 1 for the declaring side. The parts are the ones rubber and Chicago
bridge also use (:func:`trick_score` below the line, the rest above it); :func:`duplicate_score` adds
them up as duplicate does, with a game or part-score bonus on every deal.
"""

from tui_games.engine.jit import kernel
from tui_games.games.bridge.constants import NO_TRUMP

TRICKS_BOOK = 6
"""Tricks the declaring side must take before its first contracted trick counts (a level-1 contract
needs seven)."""


@kernel()
def trick_points(strain):
    """Points for each contracted trick or undoubled overtrick in ``strain``: 20 in a minor, 30 in a
    major or no trumps (whose first trick scores 10 more, see :func:`trick_score`)."""
    return 20 if strain < 2 else 30


@kernel()
def trick_score(level, strain, doubled):
    """The contract's trick score when made (below the line): 20 a trick in clubs or diamonds, 30 in
    hearts or spades, 40 for the first and 30 for each later trick in no trumps; twice that doubled,
    four times redoubled."""
    points = trick_points(strain) * level
    if strain == NO_TRUMP:
        points += 10
    return points << doubled


@kernel()
def overtrick_score(strain, overtricks, vulnerable, doubled):
    """Overtricks: at the trick value undoubled; 100 each doubled (200 vulnerable), twice that
    redoubled."""
    if doubled == 0:
        return overtricks * trick_points(strain)
    return overtricks * (200 if vulnerable else 100) * doubled


@kernel()
def undertrick_penalty(undertricks, vulnerable, doubled):
    """What the defenders score for ``undertricks`` (> 0): undoubled 50 each (100 vulnerable); doubled
    not vulnerable 100, 200, 200, then 300 each; doubled vulnerable 200, then 300 each; redoubled twice
    the doubled penalty."""
    if doubled == 0:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (undertricks - 1)
    elif undertricks == 1:
        penalty = 100
    elif undertricks == 2:
        penalty = 300
    else:
        penalty = 500 + 300 * (undertricks - 3)
    return penalty * doubled


@kernel()
def insult(doubled):
    """The bonus for making a doubled (50) or redoubled (100) contract."""
    return 50 * doubled


@kernel()
def slam_bonus(level, vulnerable):
    """A small slam (level 6) 500, 750 vulnerable; a grand slam (level 7) 1000, 1500 vulnerable."""
    if level == 7:
        return 1500 if vulnerable else 1000
    if level == 6:
        return 750 if vulnerable else 500
    return 0


@kernel()
def game_bonus(vulnerable):
    """The premium for a game made: 300 not vulnerable, 500 vulnerable."""
    return 500 if vulnerable else 300


@kernel()
def duplicate_score(level, strain, doubled, vulnerable, tricks):
    """The declaring side's duplicate score for taking ``tricks`` (0-13) in the contract (negative when
    it goes down; 0 for level 0, a deal passed out): trick score, overtricks, the insult, the slam
    bonus, and 300/500 for a game (trick score 100 or more) or 50 for a part-score."""
    if level == 0:
        return 0
    result = tricks - TRICKS_BOOK - level
    if result < 0:
        return -undertrick_penalty(-result, vulnerable, doubled)
    below = trick_score(level, strain, doubled)
    bonus = game_bonus(vulnerable) if below >= 100 else 50
    return (below + bonus + overtrick_score(strain, result, vulnerable, doubled) + insult(doubled)
            + slam_bonus(level, vulnerable))


@kernel()
def made(level, tricks):
    """1 when ``tricks`` make a contract of ``level``, else 0."""
    return 1 if tricks >= TRICKS_BOOK + level else 0


__all__ = ["TRICKS_BOOK", "duplicate_score", "game_bonus", "insult", "made", "overtrick_score",
           "slam_bonus", "trick_points", "trick_score", "undertrick_penalty"]
