"""Exact odds of Bluff poker's dice, by enumeration of every outcome (at most 6**3 = 216 per question).

Values are bid indices (positions in rules.VALUES, 0 = 211 .. 55 = 666). Dice are tuples of three faces;
``None`` marks a die whose face is unknown (under the cup and not looked at).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from tui_games.games.bluff_poker import rules

FACES = range(1, 7)


@lru_cache(maxsize=None)
def value(dice: tuple[int, int, int]) -> int:
    """The bid index the three faces make."""
    return int(rules.RANK_OF[_key(dice)])


def _key(dice: tuple[int, int, int]) -> int:
    a, b, c = sorted(dice, reverse=True)
    return a * 49 + b * 7 + c


@lru_cache(maxsize=None)
def completions(dice: tuple[int | None, ...], at_least: int = 0) -> tuple[tuple[int, int, int], ...]:
    """Every way to fill the unknown dice (equally likely) whose value is ``at_least`` or more."""
    unknown = [i for i, face in enumerate(dice) if face is None]
    found = []
    for faces in product(FACES, repeat=len(unknown)):
        filled = list(dice)
        for i, face in zip(unknown, faces):
            filled[i] = face
        if value(tuple(filled)) >= at_least:
            found.append(tuple(filled))
    return tuple(found)


def value_distribution(dice: tuple[int | None, ...]) -> list[float]:
    """P(value == v) for each of the 56 values, the unknown dice thrown fresh."""
    outcomes = completions(dice)
    dist = [0.0] * rules.NUM_VALUES
    for filled in outcomes:
        dist[value(filled)] += 1.0 / len(outcomes)
    return dist


def chance_at_least(dice: tuple[int | None, ...], target: int, given_at_least: int = 0) -> float:
    """P(value >= target), the unknown dice uniform, given that the value is at least ``given_at_least``."""
    base = completions(dice, given_at_least)
    if not base:
        return 0.0
    return sum(1 for filled in base if value(filled) >= target) / len(base)


def _rethrown(dice: tuple[int, int, int], mask: int) -> tuple[int | None, ...]:
    return tuple(None if mask & (1 << i) else face for i, face in enumerate(dice))


@lru_cache(maxsize=None)
def reroll_success(dice: tuple[int, int, int], free: int, target: int) -> float:
    """P(reaching value >= target) with the best play, each die in ``free`` rerollable once."""
    if value(dice) >= target:
        return 1.0
    return max((reroll_chance(dice, mask, free, target) for mask in _submasks(free)), default=0.0)


def reroll_chance(dice: tuple[int, int, int], mask: int, free: int, target: int) -> float:
    """P(reaching target) rerolling the dice of ``mask`` now, then playing best with what stays free."""
    outcomes = completions(_rethrown(dice, mask))
    rest = free & ~mask
    return sum(reroll_success(filled, rest, target) for filled in outcomes) / len(outcomes)


def best_reroll(dice: tuple[int, int, int], free: int, target: int) -> int:
    """The dice mask to reroll now that gives the best chance of reaching ``target``."""
    return max(_submasks(free), key=lambda mask: (reroll_chance(dice, mask, free, target), -mask))


def _submasks(free: int) -> list[int]:
    return [mask for mask in range(1, 8) if mask & free == mask]


@lru_cache(maxsize=None)
def challenge_success(dice: tuple[int, int, int], throws_left: int, poker: int) -> float:
    """P(throwing a poker of index >= ``poker`` in the poker challenge, ``throws_left`` throws left after
    ``dice`` (all open), with the best rethrows."""
    if value(dice) >= poker and value(dice) >= rules.FIRST_POKER:
        return 1.0
    if throws_left == 0:
        return 0.0
    return max(challenge_chance(dice, mask, throws_left, poker) for mask in range(1, 8))


def challenge_chance(dice: tuple[int, int, int], mask: int, throws_left: int, poker: int) -> float:
    """P(meeting the challenge) rethrowing ``mask`` now."""
    outcomes = completions(_rethrown(dice, mask))
    return sum(challenge_success(filled, throws_left - 1, poker) for filled in outcomes) / len(outcomes)


def best_challenge_throw(dice: tuple[int, int, int], throws_left: int, poker: int) -> int:
    """The dice mask to rethrow in the challenge."""
    return max(range(1, 8), key=lambda mask: (challenge_chance(dice, mask, throws_left, poker), -mask))


def challenge_odds(poker: int) -> float:
    """P(meeting a believed poker ``poker`` in three throws from scratch)."""
    outcomes = completions((None, None, None))
    return sum(challenge_success(filled, 2, poker) for filled in outcomes) / len(outcomes)
