"""Matches of many deals: running scores, the dealer button, blind levels, eliminated seats, and the
target that ends the match.

A *deal* is one state of the game as ``spec.new`` makes it: a hand of poker, a round of Blackjack, a
deal of Gin Rummy. A game whose match spans many deals declares :class:`SeriesRules` in its
definition (``GameDefinition.series``): what ends the match (a :class:`SeriesTarget`), how a
finished deal's returns change the :class:`Standing`, and how the next deal's seed and parameters
follow from it. A :class:`Series` holds the deals played so far and the standing after them.

This module is pure data and code (no kernels): the match replays each deal through the kernels and
hands its returns here; saves and statistics read the result without compiling anything.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from tui_games.core.figures import SeatFigures
from tui_games.core.outcome import Outcome, Termination
from tui_games.core.words import counted


class TargetKind(enum.Enum):
    """What ends a series."""

    POINTS = "points"
    """A seat reaches the target's points (checked after each deal)."""
    DEALS = "deals"
    """A number of deals has been played."""
    LAST_STANDING = "last standing"
    """Every seat but one is eliminated (a tournament, a sitting where chips run out)."""
    OPEN = "open"
    """Nothing: the player leaves when they want (a sitting at the Blackjack table)."""


@dataclass(frozen=True)
class SeriesTarget:
    """The target that ends a series: a :class:`TargetKind` and its value (points, or deals)."""

    kind: TargetKind
    value: float = 0.0

    @classmethod
    def points(cls, value: float) -> "SeriesTarget":
        """The series ends once a seat has ``value`` points or more (UNO to 500, Gin Rummy to 100)."""
        return cls(TargetKind.POINTS, float(value))

    @classmethod
    def deals(cls, count: int) -> "SeriesTarget":
        """The series ends after ``count`` deals (Bridge's Chicago: four)."""
        return cls(TargetKind.DEALS, float(count))

    @classmethod
    def last_standing(cls) -> "SeriesTarget":
        """The series ends when one seat is left (the others eliminated)."""
        return cls(TargetKind.LAST_STANDING)

    @classmethod
    def open_ended(cls) -> "SeriesTarget":
        """The series ends when the player leaves."""
        return cls(TargetKind.OPEN)

    def with_value(self, value: float) -> "SeriesTarget":
        """This target with another value (a game parameter may set it)."""
        return replace(self, value=float(value))

    def describe(self, deal_name: str = "deal", score_name: str = "points") -> str:
        """The target in words: 'first to 100 points', '4 deals', 'until one player is left' ..."""
        if self.kind is TargetKind.POINTS:
            return f"first to {self.value:g} {score_name}"
        if self.kind is TargetKind.DEALS:
            return counted(int(self.value), deal_name)
        if self.kind is TargetKind.LAST_STANDING:
            return "until one player is left"
        return "until you leave"


@dataclass(frozen=True)
class Standing:
    """Where a series stands between deals: everything a game's series rules may read.

    ``facts`` holds whatever else a game keeps across deals (Bridge's vulnerability, a doubling cube's
    value), as JSON values keyed by name; saves keep it as it is.
    """

    scores: tuple[float, ...]
    """Each seat's running score (points, chips, a bankroll)."""
    deals: int = 0
    """How many deals have been played."""
    button: int = 0
    """The dealer button: the seat that deals next."""
    blind_level: int = 0
    """The blind level (0 first); a game's params for the next deal may read it."""
    eliminated: tuple[int, ...] = ()
    """The seats that are out, in the order they went out."""
    facts: dict[str, Any] = field(default_factory=dict)
    """Any other per-series facts a game keeps (vulnerability ...)."""

    @property
    def seats(self) -> int:
        """How many seats the series has."""
        return len(self.scores)

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still in, in seat order."""
        return tuple(seat for seat in range(self.seats) if seat not in self.eliminated)

    def next_active(self, seat: int) -> int:
        """The first seat after ``seat`` (going round the table) that is still in; ``seat`` itself
        when no other is."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.eliminated:
                return candidate
        return seat


@dataclass(frozen=True)
class Deal:
    """One finished deal of a series: how it was made (seed, parameters), every action, and what it
    gave each seat (its returns, and the game's own figures for each seat when it has any)."""

    seed: int
    params: dict
    history: list
    returns: tuple[float, ...]
    figures: tuple[SeatFigures | None, ...] = ()


def derived_seed(series_seed: int, number: int) -> int:
    """The seed of deal ``number`` (0-based) of a series seeded ``series_seed``: deal 0 uses the series
    seed itself (so a one-deal save of an earlier version is deal 0 of a series), later deals a
    32-bit number hashed from both, the same on every machine."""
    if number == 0:
        return int(series_seed)
    digest = hashlib.blake2b(f"{int(series_seed)}/{number}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class SeriesRules:
    """How a game's deals make a match: declared in its definition (``GameDefinition.series``).

    The defaults add each deal's returns to the scores, pass the button to the next seat still in,
    raise the blind level every ``blinds_every`` deals, eliminate a seat whose score falls to
    ``eliminate_at`` or below, seed each deal with :func:`derived_seed` and play every deal with the
    match's parameters. A game changes any of it with the hooks:

    * ``next_params(standing, params) -> dict``: the next deal's parameters from the standing and the
      match's parameters (a button seat, blinds, vulnerability as parameters of the deal);
    * ``add_deal(standing, returns) -> Standing``: the standing after a deal (custom scoring; it may
      call :meth:`default_add` and change what it gives);
    * ``opening(seats, params) -> Standing``: the standing before the first deal, from the match's
      parameters (each seat's buy-in at a poker table, kept in ``facts``).
    """

    target: SeriesTarget
    deal_name: str = "deal"
    """What one deal is called ('round', 'hand')."""
    score_name: str = "points"
    """What the running score is called ('bankroll', 'chips')."""
    starting_score: float = 0.0
    """Every seat's score before the first deal."""
    target_param: str | None = None
    """A game parameter whose value is the target's value (points to reach, deals to play)."""
    lower_wins: bool = False
    """True where the lowest score ranks first (Hearts)."""
    eliminate_at: float | None = None
    """A seat whose score falls to this or below is out (0 for chips); None: nobody is eliminated."""
    blinds_every: int = 0
    """The blind level rises every this many deals; 0: it never does."""
    next_params: Callable[[Standing, dict], dict] | None = None
    add_deal: Callable[[Standing, tuple[float, ...]], Standing] | None = None
    opening: Callable[[int, dict], Standing] | None = None

    def target_for(self, params: dict) -> SeriesTarget:
        """The target of a match with ``params`` (``target_param`` sets its value)."""
        if self.target_param is not None and self.target_param in params:
            return self.target.with_value(params[self.target_param])
        return self.target

    def start(self, seats: int, params: dict | None = None) -> Standing:
        """The standing before the first deal (the ``opening`` hook's, given the match's ``params``)."""
        if self.opening is not None:
            return self.opening(seats, dict(params or {}))
        return Standing(scores=tuple(float(self.starting_score) for _ in range(seats)))

    def default_add(self, standing: Standing, returns: Sequence[float]) -> Standing:
        """The default standing after a deal: returns added, eliminations, button, blind level."""
        if len(returns) != standing.seats:
            raise ValueError(f"a deal of {counted(len(returns), 'seat')} in a series of {standing.seats}")
        scores = tuple(score + float(gain) for score, gain in zip(standing.scores, returns))
        eliminated = standing.eliminated
        if self.eliminate_at is not None:
            out = [seat for seat in standing.active if scores[seat] <= self.eliminate_at]
            if len(out) == len(standing.active):  # nobody left would be absurd: the best stays in
                best = min(out, key=lambda seat: (self._rank_key(scores[seat]), seat))
                out.remove(best)
            eliminated = eliminated + tuple(out)
        deals = standing.deals + 1
        blind_level = deals // self.blinds_every if self.blinds_every > 0 else standing.blind_level
        moved = replace(standing, scores=scores, deals=deals, eliminated=eliminated, blind_level=blind_level)
        return replace(moved, button=moved.next_active(standing.button))

    def add(self, standing: Standing, returns: Sequence[float]) -> Standing:
        """The standing after a deal with ``returns`` (the game's ``add_deal`` hook, else the default)."""
        if self.add_deal is not None:
            return self.add_deal(standing, tuple(float(r) for r in returns))
        return self.default_add(standing, returns)

    def add_finished(self, standing: Standing, deal: Deal) -> Standing:
        """The standing after the finished ``deal``: :meth:`add` of its returns. A game whose standing
        reads more of a deal than its returns (whether Mahjong's dealer keeps the seat) overrides this."""
        return self.add(standing, deal.returns)

    def deal_seed(self, series_seed: int, number: int) -> int:
        """The seed of deal ``number`` (see :func:`derived_seed`)."""
        return derived_seed(series_seed, number)

    def deal_params(self, standing: Standing, params: dict) -> dict:
        """The parameters of the next deal (the ``next_params`` hook, else the match's)."""
        return dict(self.next_params(standing, dict(params)) if self.next_params is not None else params)

    def reached(self, standing: Standing, target: SeriesTarget) -> bool:
        """True when ``standing`` meets ``target`` (an open-ended series never does)."""
        if target.kind is TargetKind.POINTS:
            return any(standing.scores[seat] >= target.value for seat in standing.active)
        if target.kind is TargetKind.DEALS:
            return standing.deals >= target.value
        if target.kind is TargetKind.LAST_STANDING:
            return len(standing.active) <= 1
        return False

    def _rank_key(self, score: float) -> float:
        return score if self.lower_wins else -score

    def places(self, standing: Standing) -> tuple[int, ...]:
        """1-based places: seats still in by score, then the eliminated, the last out first; equal
        standing shares the better place."""
        def key(seat: int) -> tuple:
            if seat in standing.eliminated:
                return (1, -standing.eliminated.index(seat))
            return (0, self._rank_key(standing.scores[seat]))

        keys = [key(seat) for seat in range(standing.seats)]
        return tuple(1 + sum(1 for other in keys if other < mine) for mine in keys)


class Series:
    """A match of many deals in progress: its rules and target, the deals finished, the standing.

    The match adds each deal with :meth:`add` the moment it ends (so the standing shows it at once),
    and takes it back with :meth:`pop` if an undo opens it again.
    """

    def __init__(self, rules: SeriesRules, seats: int, seed: int, params: dict) -> None:
        self.rules = rules
        """The game's series rules."""
        self.seed = int(seed)
        """The series seed: deal seeds are derived from it."""
        self.params = dict(params)
        """The match's parameters (each deal's may differ, see :meth:`SeriesRules.deal_params`)."""
        self.target = rules.target_for(self.params)
        """What ends this series."""
        self.standing = rules.start(seats, self.params)
        """The standing after the finished deals."""
        self.deals: list[Deal] = []
        """The finished deals, in order."""
        self.left = False
        """True once the player left (ends an open-ended series)."""
        self._before: list[Standing] = []  # the standing before each finished deal

    @property
    def number(self) -> int:
        """The 0-based number of the deal being played (= how many are finished)."""
        return len(self.deals)

    def next_setup(self) -> tuple[int, dict]:
        """(seed, params) of the deal after the finished ones."""
        return self.rules.deal_seed(self.seed, self.number), self.rules.deal_params(self.standing, self.params)

    @property
    def reached(self) -> bool:
        """True once the deals played reach the target (leaving aside whether the player left)."""
        return self.rules.reached(self.standing, self.target)

    def add(self, deal: Deal) -> None:
        """Count a finished deal: the standing moves on. ValueError once the target is reached."""
        if self.reached:
            raise ValueError(f"the series is over ({self.target.describe(self.rules.deal_name, self.rules.score_name)})"
                             f": no more {self.rules.deal_name}s")
        self._before.append(self.standing)
        self.standing = self.rules.add_finished(self.standing, deal)
        self.deals.append(deal)

    def pop(self) -> Deal:
        """Take back the last deal counted (its moves are being undone): the standing goes back."""
        self.standing = self._before.pop()
        return self.deals.pop()

    def standing_before(self, number: int) -> Standing:
        """The standing before deal ``number`` (0-based) was counted; the current one after the last."""
        return self._before[number] if number < len(self._before) else self.standing

    @property
    def over(self) -> bool:
        """True once the target is reached or the player has left."""
        return self.left or self.reached

    def outcome(self, against_house: bool = False) -> Outcome:
        """The series' result: places by the standing; returns are the scores (the net gain from the
        starting score for seats playing the house, which win with a positive one)."""
        standing = self.standing
        start = self.rules.starting_score
        returns = tuple(score - start for score in standing.scores) if against_house else standing.scores
        places = self.rules.places(standing)
        if self.target.kind is TargetKind.LAST_STANDING or standing.eliminated:
            termination = Termination.ELIMINATION
        elif (len(set(standing.scores)) <= 1 and len(set(places)) <= 1 and not against_house
              and standing.seats > 1):
            termination = Termination.DRAW  # equal scores with places that differ (a game's own rule) are no draw
        else:
            termination = Termination.SCORE
        return Outcome(termination, tuple(float(r) for r in returns), places, against_house)

    def figures(self, seat: int) -> SeatFigures:
        """``seat``'s figures over the finished deals: chips and counts added up, the best score, tile
        and peaks (:meth:`SeatFigures.combined`)."""
        return SeatFigures.combined(self._seat_figures(seat))

    def _seat_figures(self, seat: int) -> list[SeatFigures]:
        return [deal.figures[seat] for deal in self.deals
                if seat < len(deal.figures) and deal.figures[seat] is not None]


__all__ = ["Deal", "Series", "SeriesRules", "SeriesTarget", "Standing", "TargetKind", "derived_seed"]
