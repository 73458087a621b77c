"""Plain-text descriptions of a game spec for the menu and dialogs (no Textual, no kernels)."""

from __future__ import annotations

from tui_games.core.spec import GameSpec, Param


def players_text(spec: GameSpec) -> str:
    """'1 player', '2 players' or '2-4 players'."""
    low, high = spec.players
    if low == high:
        return f"{low} player" + ("" if low == 1 else "s")
    return f"{low}-{high} players"


def seats_text(spec: GameSpec) -> str:
    """The seat names, e.g. 'X, O'; empty when the game names no seats."""
    return ", ".join(spec.seat_names)


def levels_text(spec: GameSpec) -> str:
    """'1 Beginner · 2 Casual · 3 Perfect'."""
    return " · ".join(f"{n} {spec.level_name(n)}" for n in range(1, spec.max_level + 1))


def param_text(param: Param) -> str:
    """'heaps 1..8 (default 3)'."""
    return f"{param.name.replace('_', ' ')} {param.describe_range()} (default {param.default})"


def kind_text(spec: GameSpec) -> str:
    """'deterministic, perfect information' / 'chance, hidden information'."""
    parts = ["deterministic" if spec.deterministic else "chance",
             "perfect information" if spec.perfect_information else "hidden information"]
    if spec.simultaneous:
        parts.append("simultaneous moves")
    return ", ".join(parts)


def seat_label(spec: GameSpec, seat_index: int, kind: str, level: int) -> str:
    """'X: Human' / 'O: AI Perfect (3)' for the side panel and dialogs."""
    who = "Human" if kind == "human" else f"AI {spec.level_name(level)} ({level})"
    return f"{spec.seat_name(seat_index)}: {who}"
