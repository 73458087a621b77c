"""How counts read in text: '1 move', '2 moves', '1 penalty', '7 penalties' (pure Python, no imports).

Every count the program writes for a player goes through :func:`counted`, so no line says '1 moves'.
"""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 round', '4 rounds'; ``plural`` for a noun not made plural by an 's' ('penalty', 'penalties').
    Only exactly 1 takes the singular ('0 moves', '1.5 chips')."""
    return f"{count} {noun if count == 1 else (plural or noun + 's')}"


__all__ = ["counted"]
