"""Who sits in each seat of a game (a human, or an AI of some level), and the checks a seat list
must pass for a game: how many seats it takes and which AI levels it has."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec
from tui_games.core.words import counted

_AI_SEAT = re.compile(r"ai:([0-9]{1,4})")


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a human, or an AI of strength ``level``."""

    kind: str = "human"
    level: int = 0

    @property
    def is_ai(self) -> bool:
        """True for an AI seat."""
        return self.kind == "ai"

    def to_text(self) -> str:
        """'human' or 'ai:LEVEL', as in save files and on the command line."""
        return f"ai:{self.level}" if self.is_ai else "human"

    @classmethod
    def parse(cls, text: str) -> "Seat":
        """A Seat from 'human' or 'ai:LEVEL' (also 'ai' meaning level 1); ValueError otherwise."""
        word = text.strip().lower() if isinstance(text, str) else ""
        if word in ("human", "h"):
            return cls()
        if word == "ai":
            return cls("ai", 1)
        found = _AI_SEAT.fullmatch(word)
        if found:
            return cls("ai", int(found.group(1)))
        raise InvalidParameterError(f"a seat is 'human' or 'ai:LEVEL' (got {text!r})")


def check_seats(spec: GameSpec, seats: list[Seat]) -> None:
    """Raise InvalidParameterError unless ``seats`` suits ``spec``: a number of seats it allows and
    AI levels it has."""
    if not spec.min_players <= len(seats) <= spec.max_players:
        allowed = (str(spec.min_players) if spec.min_players == spec.max_players
                   else f"{spec.min_players} to {spec.max_players}")
        raise InvalidParameterError(f"{spec.title} takes {allowed} {'player' if allowed == '1' else 'players'}, not {len(seats)}")
    for seat in seats:
        if seat.is_ai and not 1 <= seat.level <= spec.max_level:
            raise InvalidParameterError(f"{spec.title} AI levels are 1..{spec.max_level} (got {seat.level})")


def check_seat_count_param(spec: GameSpec, params: dict, seats: list[Seat]) -> None:
    """Raise InvalidParameterError when ``params`` names a number of seats (the game's
    ``seats_param``, e.g. Blackjack's ``seats``) other than ``len(seats)``."""
    name = spec.seats_param
    if not name:
        return
    for key, value in params.items():
        if key.replace("-", "_") == name:
            count = next(p for p in spec.params if p.name == name).coerce(value)
            if count != len(seats):
                raise InvalidParameterError(
                    f"{spec.title}: {name}={count} but {counted(len(seats), 'seat')} "
                    f"given; give one seat per player or leave {name} out")
