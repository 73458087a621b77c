"""Rating a room's finished game in the server's ratings store (see :mod:`tui_games.ratings`).

A one-deal game, and a match of many deals with a target (UNO to 500), is rated once, when the
match is over: its outcome (a series' outcome follows its standing) and the sides its final state
declares. An open-ended sitting (poker, Dou Dizhu: hands until the players leave) has no end to
wait for and its sides may change from hand to hand (Dou Dizhu's landlord), so it is rated hand by
hand, each hand by its own returns and sides.
"""

from __future__ import annotations

from tui_games.core.outcome import Outcome
from tui_games.core.series import TargetKind
from tui_games.ratings.model import sides_of
from tui_games.ratings.store import RatedGame, RatingStore
from tui_games.ratings.variants import variant_of


def rated_by_deal(match) -> bool:
    """True when ``match`` is rated deal by deal (an open-ended sitting), False when once at its end."""
    return match.series is not None and match.series.target.kind is TargetKind.OPEN


def finished_outcome(match, by_deal: bool) -> Outcome:
    """What is rated: the finished deal's outcome (``by_deal``), else the finished match's."""
    if by_deal or match.series is None:
        return match.game_outcome()
    return match.series.outcome(against_house=match.spec.house is not None)


def rate_finished(store: RatingStore, match, players: list[str], names: dict[str, str], game_key: str,
                  by_deal: bool) -> RatedGame | None:
    """Rate ``match``'s finished deal (``by_deal``) or match: ``players[seat]`` is each seat's identity
    or ``ai_player(level)``; ``names`` the identities' display names; ``game_key`` makes a retry rate
    nothing twice. The stored game, or None when ``game_key`` was rated already."""
    outcome = finished_outcome(match, by_deal)
    variant = variant_of(match.spec, match.params, seats=len(players))
    return store.record_game(variant, list(players), list(outcome.returns), sides=sides_of(match.state),
                             places=list(outcome.places), names=names, game_key=game_key)


__all__ = ["finished_outcome", "rate_finished", "rated_by_deal"]
