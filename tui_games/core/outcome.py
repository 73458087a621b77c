"""How a game ended: a :class:`Termination` reason and an :class:`Outcome` with places for every seat.

Statistics, saves and the result line all read the same Outcome, so a finished game's result is one
fact. Places are 1-based and shared by seats with equal returns (two seats tied for first both get
place 1, the next gets place 3), for any number of seats.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    """Why a game is over (or that it is not)."""

    RUNNING = "running"
    """The game goes on."""
    WIN = "win"
    """One seat (or one side) won outright."""
    DRAW = "draw"
    """Nobody won: a full board, a stalemate, equal scores."""
    SCORE = "score"
    """Seats are ranked by score or chips (a solo puzzle's score, a round of Blackjack)."""
    ELIMINATION = "elimination"
    """Seats dropped out one by one until the game ended (tournaments, three-player boards)."""
    RESIGNATION = "resignation"
    """A seat gave up."""
    LIMIT = "limit"
    """A move or turn limit ended the game (repetition, turn 360)."""


class SeatOutcome(enum.Enum):
    """One seat's result as statistics count it."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


def ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th' ... '11th', '21st'."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def places_from_returns(returns: list[float]) -> list[int]:
    """1-based places by descending return; equal returns share the better place."""
    return [1 + sum(1 for other in returns if other > mine) for mine in returns]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why, each seat's return and place, and the winners (seats in place 1)."""

    termination: Termination
    returns: tuple[float, ...]
    places: tuple[int, ...]
    against_house: bool = False
    """Every seat played the house (Blackjack's dealer): each is won, lost or drawn by its own return."""
    results: tuple[SeatOutcome, ...] | None = None
    """Each seat's result where the game decides it otherwise (2048 is won by making the 2048 tile)."""

    @classmethod
    def from_returns(cls, returns: list[float], termination: Termination | None = None,
                     against_house: bool = False) -> "Outcome":
        """An outcome ranked by ``returns``; the termination defaults to WIN, or DRAW when all are equal
        (SCORE for a solo game or one against the house)."""
        places = places_from_returns(list(returns))
        if termination is None:
            if len(returns) == 1 or against_house:
                termination = Termination.SCORE
            else:
                termination = Termination.DRAW if len(set(returns)) <= 1 else Termination.WIN
        return cls(termination, tuple(float(r) for r in returns), tuple(places), against_house)

    @classmethod
    def after_eliminations(cls, returns: list[float], seats_out: list[int], winner: int | None) -> "Outcome":
        """The outcome of a game whose seats go out one by one while the others play on (Sim,
        Yavalath), ranked by ``returns``: without a ``winner`` the seats still in draw (a shared draw,
        not a shared win) and the seats out lose. The termination is ELIMINATION when seats went out
        and the rest drew, or the last seat in won; otherwise as :meth:`from_returns` says."""
        ranked = cls.from_returns(returns)
        if seats_out and winner is None:
            results = tuple(SeatOutcome.LOST if seat in seats_out else SeatOutcome.DRAWN
                            for seat in range(len(returns)))
            return cls(Termination.ELIMINATION, ranked.returns, ranked.places, results=results)
        if len(returns) > 2 and len(seats_out) == len(returns) - 1:  # the last seat in won
            return cls.from_returns(returns, Termination.ELIMINATION)
        return ranked

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (none after a draw; the seats that beat the house)."""
        if self.termination is Termination.DRAW:
            return ()
        if self.against_house or self.results is not None:
            return tuple(seat for seat in range(len(self.returns))
                         if self.seat_outcome(seat) is SeatOutcome.WON)
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def seat_outcome(self, seat: int) -> SeatOutcome:
        """Won (alone or shared first place, not a draw), drawn (every seat level) or lost.

        A solo game, or a seat against the house, is won with a positive return, lost with a negative
        one, drawn at zero.
        """
        if self.results is not None:
            return self.results[seat]
        if len(self.returns) == 1 or self.against_house:
            value = self.returns[seat]
            return SeatOutcome.WON if value > 0 else (SeatOutcome.LOST if value < 0 else SeatOutcome.DRAWN)
        if self.termination is Termination.DRAW or len(set(self.returns)) == 1:
            return SeatOutcome.DRAWN
        return SeatOutcome.WON if self.places[seat] == 1 else SeatOutcome.LOST


__all__ = ["Outcome", "SeatOutcome", "Termination", "ordinal", "places_from_returns"]
