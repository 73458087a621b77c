"""Matches played some moves in, for tests of what asks the AI about a position: the middle legal
action all along, the same every run."""

from __future__ import annotations

from tui_games import catalog
from tui_games.match import Match, Seat


def played(game: str, params: dict | None = None, seats: list[Seat] | None = None, moves: int = 0,
           deals: int = 1) -> Match:
    """A match of ``game`` (seed 17; every seat a person unless ``seats`` says) some ``moves`` into its
    ``deals``-th deal, the middle legal action all along."""
    spec = catalog.get(game)
    match = Match.new(spec, params or {}, seats or [Seat()] * spec.min_players, seed=17)
    for deal in range(deals):
        if deal:
            match.next_deal()
        for _ in range(moves if deal == deals - 1 else 10_000):
            if match.is_over:
                break
            if match.at_simultaneous_node:
                for seat in match.seats_to_choose:
                    legal = match.state.legal_actions(seat)
                    match.choose_for(seat, legal[len(legal) // 2])
            else:
                legal = match.state.legal_actions()
                match.play(legal[len(legal) // 2])
    return match
