"""AI levels: the shared Hold'em player of :mod:`tui_games.engine.cards.holdem_ai` (1 Loose, 2 Solid,
3 Shark); help.md and benchmarks/poker_strength.py give the figures that rank them."""

from tui_games.engine.cards.holdem_ai import HoldemPlayer


def make_ai(spec, level: int, seed: int = 0) -> HoldemPlayer:
    """The AI player for ``level`` (1 Loose, 2 Solid, 3 Shark)."""
    return HoldemPlayer(level, seed)


__all__ = ["make_ai"]
