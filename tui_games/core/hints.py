"""What an AI hint tells the player: the suggested action and a value for each action."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Hint:
    """The top AI's suggestion: ``best`` action, and ``values`` as text per action (e.g. 'win in 3')."""

    best: int
    values: dict[int, str] = field(default_factory=dict)
    summary: str = ""
    line: list[int] = field(default_factory=list, kw_only=True)
    """The moves the AI plans from here, ``best`` first, where it plans a whole line (a cube's solution);
    empty otherwise."""
