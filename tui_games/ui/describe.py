"""Plain-text descriptions of a game spec (and of a save of it) for the menu and dialogs (no Textual,
no kernels)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from tui_games.core.seats import Seat
from tui_games.core.spec import GameSpec, Param
from tui_games.core.words import counted


def players_text(spec: GameSpec) -> str:
    """'1 player', '2 players' or '2-4 players'."""
    low, high = spec.players
    if low == high:
        return counted(low, "player")
    return f"{low}-{high} players"


def seats_text(spec: GameSpec) -> str:
    """The seat names, e.g. 'X, O'; empty when the game names no seats."""
    return ", ".join(spec.seat_names)


def levels_text(spec: GameSpec) -> str:
    """'1 Beginner · 2 Casual · 3 Perfect'."""
    return " · ".join(f"{n} {spec.level_name(n)}" for n in range(1, spec.max_level + 1))


def param_requirement(spec: GameSpec, name: str) -> tuple[str, str] | None:
    """The (parameter, value) that parameter ``name`` applies under, or None when it always applies.

    A game declares it on the parameter (``Param.applies_when``), e.g. Blackjack's decks apply with
    ``("rules", "american")`` only: the simple rules always deal one deck.
    """
    return spec.param(name).applies_when


def listed_params(spec: GameSpec) -> list[Param]:
    """The parameters a player chooses (not those a series sets itself, ``Param.internal``)."""
    return [param for param in spec.params if not param.internal]


def param_applies(spec: GameSpec, name: str, params: dict) -> bool:
    """True when parameter ``name`` means something with the other choices in ``params`` (never for
    an internal one, which the series sets: forms and headers leave it out)."""
    if spec.param(name).internal:
        return False
    requirement = param_requirement(spec, name)
    if requirement is None:
        return True
    other, value = requirement
    current = params.get(other, next((p.default for p in spec.params if p.name == other), None))
    return str(current).strip() == str(value)  # a form's number field holds text: "3" means 3


def shown_params(spec: GameSpec, params: dict) -> dict:
    """``params`` without those that do not apply to the chosen variant (for headers and labels)."""
    return {name: value for name, value in params.items() if param_applies(spec, name, params)}


def range_text(param: Param) -> str:
    """The values a parameter takes, with what a number counts where the game says: '1..1000 big
    blinds', '2..8', 'on | off'."""
    return f"{param.describe_range()} {param.unit}" if param.unit else param.describe_range()


def param_text(param: Param, spec: GameSpec | None = None) -> str:
    """'heaps 3 (1..8)', 'rules american (or simple)', 'decks 6 (1..8) if american': the default
    first, then the other values, then the variant it is limited to, if any."""
    name = param.name.replace("_", " ")
    if param.choices:
        others = [choice for choice in param.choices if choice != param.default]
        text = f"{name} {param.default} (or {' or '.join(others)})" if others else f"{name} {param.default}"
    else:
        text = f"{name} {param.default} ({param.describe_range()})"
    requirement = param_requirement(spec, param.name) if spec is not None else None
    if requirement is not None:
        text += f" if {requirement[1]}"
    return text


def kind_text(spec: GameSpec) -> str:
    """'deterministic, perfect information' / 'chance, hidden information'."""
    parts = ["deterministic" if spec.deterministic else "chance",
             "perfect information" if spec.perfect_information else "hidden information"]
    if spec.simultaneous:
        parts.append("simultaneous moves")
    return ", ".join(parts)


def players_line(spec: GameSpec, width: int = 28) -> str:
    """'2 players (X, O)', or only '1-3 players' when the seat names would not fit ``width`` or
    only number the seats ('Seat 1', 'Seat 2' ...)."""
    count = players_text(spec)
    names = seats_text(spec)
    numbered = all(name == f"Seat {n}" for n, name in enumerate(spec.seat_names, 1))
    if not names or numbered or len(count) + len(names) + 3 > width:
        return count
    return f"{count} ({names})"


def seat_label(spec: GameSpec, seat_index: int, kind: str, level: int) -> str:
    """'X: Human' / 'O: AI Perfect (3)' for the side panel and dialogs."""
    who = "Human" if kind == "human" else f"AI {spec.level_name(level)} ({level})"
    return f"{spec.seat_name(seat_index)}: {who}"


def seats_summary(spec: GameSpec, seats: list[Seat]) -> str:
    """Who plays, in a few words, the AIs by the game's names for their levels: 'Human vs AI Solid',
    '2 humans', 'Human vs 5 AI Shark', 'AI Two-phase' (a puzzle the AI finished)."""
    humans = sum(1 for seat in seats if not seat.is_ai)
    levels: dict[int, int] = {}
    for seat in seats:
        if seat.is_ai:
            levels[seat.level] = levels.get(seat.level, 0) + 1
    ais = [f"AI {spec.level_name(level)}" if count == 1 else f"{count} AI {spec.level_name(level)}"
           for level, count in levels.items()]
    sides = ["Human" if humans == 1 else counted(humans, "human")] if humans else []
    if ais:
        sides.append(", ".join(ais))
    return " vs ".join(sides)


def when_text(iso: str) -> str:
    """'2026-11-21 20:15' from an ISO timestamp (local time), or '' when there is none."""
    if not iso:
        return ""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def save_title(path: Path, *, example: bool = False) -> str:
    """What a save holds, for a title: 'Nim · Human vs AI Perfect · 2026-11-21 20:15' (an example's
    name instead of its date); the file's name when it cannot be read (opening it then says why)."""
    from tui_games.core.errors import SaveFileError, UnknownGameError
    from tui_games.core.registry import get
    from tui_games.store.saves import read_save

    try:
        record = read_save(path)
        spec = get(record.game)
        seats = [Seat.parse(text) for text in record.seats]
    except (SaveFileError, UnknownGameError, ValueError):
        return Path(path).name
    when = example_name(path) if example else when_text(record.updated)
    return " · ".join(part for part in (spec.title, seats_summary(spec, seats), when) if part)


def example_name(path: Path) -> str:
    """A bundled example's name from its file name: 'connect four win in 4'."""
    return Path(path).stem.replace("-", " ").replace("_", " ")
