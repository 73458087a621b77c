"""Static description of a game: what the menu shows and how to make states and AI players.

A :class:`GameSpec` is pure data plus two lazy factories. ``spec.new()`` and ``spec.ai()`` import the
game's ``game.py`` / ``ai.py`` only when called, so listing the catalogue compiles nothing.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from tui_games.core.errors import InvalidParameterError


@dataclass(frozen=True)
class Param:
    """One scalable parameter of a game (an int range or a fixed set of choices)."""

    name: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def coerce(self, value: Any) -> Any:
        """Return ``value`` converted and checked, or raise InvalidParameterError saying why."""
        if self.choices:
            text = str(value)
            if text not in self.choices:
                raise InvalidParameterError(
                    f"{self.name} must be one of {', '.join(self.choices)} (got {value!r})"
                )
            return text
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise InvalidParameterError(f"{self.name} must be a whole number (got {value!r})") from None
        if isinstance(value, float) and value != number:
            raise InvalidParameterError(f"{self.name} must be a whole number (got {value!r})")
        if self.minimum is not None and number < self.minimum:
            raise InvalidParameterError(f"{self.name} must be at least {self.minimum} (got {number})")
        if self.maximum is not None and number > self.maximum:
            raise InvalidParameterError(f"{self.name} must be at most {self.maximum} (got {number})")
        return number

    def describe_range(self) -> str:
        """The allowed values as a short phrase, for help and error messages."""
        if self.choices:
            return " | ".join(self.choices)
        return f"{self.minimum}..{self.maximum}"


@dataclass(frozen=True)
class GameSpec:
    """Everything the catalogue knows about a game without importing its kernels."""

    id: str
    title: str
    group: str
    description: str
    package: str
    min_players: int
    max_players: int
    max_level: int
    level_names: tuple[str, ...]
    params: tuple[Param, ...] = ()
    deterministic: bool = True
    perfect_information: bool = True
    simultaneous: bool = False
    rules_version: int = 1
    seat_names: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> tuple[int, int]:
        """(min, max) number of seats."""
        return (self.min_players, self.max_players)

    def defaults(self) -> dict[str, Any]:
        """The default parameter values."""
        return {p.name: p.default for p in self.params}

    def resolve_params(self, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with ``params``, each value checked; unknown names are refused."""
        known = {p.name: p for p in self.params}
        resolved = self.defaults()
        for name, value in (params or {}).items():
            key = name.replace("-", "_")
            if key not in known:
                allowed = ", ".join(known) or "none"
                raise InvalidParameterError(f"{self.title} has no parameter {name!r} (parameters: {allowed})")
            resolved[key] = known[key].coerce(value)
        return resolved

    def level_name(self, level: int) -> str:
        """The display name of AI level ``level`` (1-based)."""
        if 1 <= level <= len(self.level_names):
            return self.level_names[level - 1]
        return f"Level {level}"

    def seat_name(self, seat: int) -> str:
        """The display name of seat ``seat`` (0-based): 'X', 'Red', 'Player 1' ..."""
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Player {seat + 1}"

    def module(self, name: str):
        """Import and return ``<package>.<name>`` (game, ai, view ...)."""
        return importlib.import_module(f"{self.package}.{name}")

    def new(self, seed: int = 0, **params: Any):
        """A fresh state of this game with the given parameters (see :attr:`params`)."""
        resolved = self.resolve_params(params)
        return self.module("game").new_state(self, int(seed), resolved)

    def ai(self, level: int, seed: int = 0):
        """An AI player of strength ``level`` (1..max_level) with ``choose(state) -> action``."""
        if not 1 <= int(level) <= self.max_level:
            raise InvalidParameterError(f"{self.title} AI levels are 1..{self.max_level} (got {level})")
        return self.module("ai").make_ai(self, int(level), int(seed))

    def help_text(self) -> str:
        """The game's rules and help page (Markdown), shipped as ``help.md`` in its folder."""
        return resources.files(self.package).joinpath("help.md").read_text(encoding="utf-8")
