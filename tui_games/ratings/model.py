"""Rating one finished game with openskill's Plackett-Luce model.

A *player* is a string: an identity (an SSH key's fingerprint, ``SHA256:...``, or the web's
pseudo-identity) or an AI level, ``ai:3`` (:func:`ai_player`). Each has a :class:`Rating` per variant
(see :mod:`tui_games.ratings.variants`): openskill's mean ``mu`` and uncertainty ``sigma``, shown by
the conservative value ``mu - 3 sigma`` (openskill's ordinal: 0 for a newcomer, rising as they win
and as their rating firms up).

A game is rated from its seats (who sat where), each seat's return, and its *sides* (teams):

* by default every seat is its own side, and the sides are ranked by their returns, higher first,
  equal returns tied (two seats, or a ranking of three and more);
* a game whose sides are fixed by its rules (Dou Dizhu's two peasants against the landlord, Bridge's
  partnerships, Sim's 1-2 coalition) names them with a ``sides`` property on its finished State: a
  tuple of seat tuples covering every seat once (:func:`sides_of`). A side's return is the mean of its
  seats' returns (partners win or lose together, so that is each partner's return), and openskill's
  team model rates the side as the sum of its members' skills;
* ``places`` (1 first; equal places tie) may be given instead of ranking by returns: a match of many
  deals ranked by its standing, where a seat knocked out early places last whatever its chips.

A player sitting in more than one seat (two empty seats filled by the same AI level) is rated once
per seat and the changes added up: the shifts of its mean are summed and the shrinking factors of its
variance multiplied, as if the seats' results had come one after another. A game with fewer than two
different players on different sides changes nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from tui_games.core.outcome import places_from_returns
from tui_games.core.words import counted

AI_PREFIX = "ai:"
"""How an AI level's player name starts: 'ai:3'."""

MU = 25.0
"""A new player's mean (openskill's default)."""
SIGMA = 25.0 / 3.0
"""A new player's uncertainty (openskill's default)."""
BETA = 25.0 / 6.0
"""The spread of one game's performance around a player's skill (openskill's default)."""
TAU = 25.0 / 300.0
"""Added to sigma before each game so that a rating can still move (openskill's default)."""
Z = 3.0
"""How many sigmas the conservative value stands below the mean."""


def ai_player(level: int) -> str:
    """The player name of AI level ``level``: 'ai:3'."""
    return f"{AI_PREFIX}{int(level)}"


def ai_level(player: str) -> int | None:
    """The level of an AI player name ('ai:3' -> 3); None for an identity."""
    if player.startswith(AI_PREFIX) and player[len(AI_PREFIX):].isdigit():
        return int(player[len(AI_PREFIX):])
    return None


@dataclass(frozen=True)
class Rating:
    """One player's rating in one variant: openskill's mean and uncertainty."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: the value ladders sort and show (openskill's ordinal)."""
        return self.mu - Z * self.sigma


@lru_cache(maxsize=1)
def model():
    """The openskill model every rating here uses: Plackett-Luce with the constants above (imported
    on first use: the ``serve`` extra's openskill)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def win_chance(side_a: Sequence[Rating], side_b: Sequence[Rating]) -> float:
    """The chance that ``side_a`` finishes ahead of ``side_b`` (a draw counting half) under the
    Plackett-Luce model the updates use: 1 / (1 + exp(-(mu_a - mu_b) / c)), each side's mu the sum of
    its members', c^2 = the members' sigma^2 summed + 2 beta^2. (openskill's ``predict_win`` reads the
    same difference through a normal curve instead, which is steeper.)"""
    difference = sum(r.mu for r in side_a) - sum(r.mu for r in side_b)
    c = math.sqrt(sum(r.sigma ** 2 for r in (*side_a, *side_b)) + 2 * BETA ** 2)
    return 1.0 / (1.0 + math.exp(-difference / c))


def sides_of(state: Any) -> list[list[int]] | None:
    """The sides a finished ``state`` declares (its ``sides`` property, checked to cover every seat
    once), or None when it declares none (every seat then plays for itself)."""
    sides = getattr(state, "sides", None)
    if sides is None:
        return None
    result = [list(side) for side in sides]
    check_sides(result, int(state.num_players))
    return result


def check_sides(sides: Sequence[Sequence[int]], seats: int) -> None:
    """ValueError unless ``sides`` are non-empty groups of the seats 0..seats-1 covering each once."""
    flat = [seat for side in sides for seat in side]
    if any(len(side) == 0 for side in sides) or sorted(flat) != list(range(seats)):
        raise ValueError(f"sides must cover each of the {counted(seats, 'seat')} exactly once (got {list(map(list, sides))})")


def side_places(returns: Sequence[float] | None, sides: Sequence[Sequence[int]],
                places: Sequence[int] | None = None) -> list[int]:
    """Each side's place (1 first, ties share the better place): by the mean return of its seats, or,
    with ``places`` (one per seat), by the best place among its seats."""
    if places is not None:
        best = [min(places[seat] for seat in side) for side in sides]
        return [1 + sum(1 for other in best if other < mine) for mine in best]
    if returns is None:
        raise ValueError("a game is rated from its returns or its places")
    means = [sum(float(returns[seat]) for seat in side) / len(side) for side in sides]
    return places_from_returns(means)


def rate_game(ratings: Mapping[str, Rating], players: Sequence[str], returns: Sequence[float] | None = None,
              sides: Sequence[Sequence[int]] | None = None,
              places: Sequence[int] | None = None) -> dict[str, Rating]:
    """The ratings after one finished game, for every player in it.

    ``players[seat]`` sat in each seat; ``ratings`` holds their ratings before the game (a player
    missing from it starts from :class:`Rating`'s defaults); ``returns`` has one return per seat, or
    ``places`` one place per seat; ``sides`` groups the seats (default: each seat alone). See the
    module notes for ties, sides and a player in several seats.
    """
    seats = len(players)
    if returns is not None and len(returns) != seats:
        raise ValueError(f"{counted(len(returns), 'return')} for {counted(seats, 'seat')}")
    if places is not None and len(places) != seats:
        raise ValueError(f"{counted(len(places), 'place')} for {counted(seats, 'seat')}")
    groups = [list(side) for side in sides] if sides is not None else [[seat] for seat in range(seats)]
    check_sides(groups, seats)
    before = {player: ratings.get(player, Rating()) for player in players}
    ranks = side_places(returns, groups, places)
    playing = set(players)
    if len(groups) < 2 or len(playing) < 2:
        return dict(before)
    skill = model()
    teams = [[skill.rating(mu=before[players[seat]].mu, sigma=before[players[seat]].sigma) for seat in side]
             for side in groups]
    rated = skill.rate(teams, ranks=[float(rank) for rank in ranks])
    shift = {player: 0.0 for player in before}
    shrink = {player: 1.0 for player in before}
    for side, new_side in zip(groups, rated):
        for seat, new in zip(side, new_side):
            old = before[players[seat]]
            shift[players[seat]] += new.mu - old.mu
            shrink[players[seat]] *= new.sigma ** 2 / (old.sigma ** 2 + TAU ** 2)
    return {player: Rating(old.mu + shift[player], ((old.sigma ** 2 + TAU ** 2) * shrink[player]) ** 0.5)
            for player, old in before.items()}


__all__ = ["AI_PREFIX", "BETA", "MU", "Rating", "SIGMA", "TAU", "Z", "ai_level", "ai_player", "check_sides",
           "model", "rate_game", "side_places", "sides_of", "win_chance"]
