"""Static description of a game: what the menu shows and how to make states and AI players.

A :class:`GameSpec` is pure data plus two lazy factories. ``spec.new()`` and ``spec.ai()`` import the
game's ``game.py`` / ``ai.py`` only when called, so listing the catalogue compiles nothing.
"""

from __future__ import annotations

import importlib
import math
import numbers
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from tui_games.core.errors import InvalidParameterError, TuiGamesError

if TYPE_CHECKING:
    from tui_games.core.definition import GameDefinition
    from tui_games.core.solver import Solver

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
"""The range of a seed (kernels hold numbers as 64-bit integers)."""
_MAX_DIGITS = 20


def whole_number(value: Any, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` as an int when it is exactly a whole number: an int, an integral float, Decimal or
    Fraction, or text of decimal digits (as typed on a command line). Booleans, fractions, infinities
    and anything else raise InvalidParameterError naming ``name``; so does a number outside
    ``minimum``..``maximum``."""
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if digits.isascii() and digits.isdigit() and len(digits) <= _MAX_DIGITS:
            number = int(text)
    elif isinstance(value, numbers.Number):
        try:
            if math.isfinite(value) and value == int(value):
                number = int(value)
        except (OverflowError, ValueError, TypeError):
            number = None
    if number is None:
        raise InvalidParameterError(f"{name} must be a whole number (got {value!r})")
    if minimum is not None and number < minimum or maximum is not None and number > maximum:
        raise InvalidParameterError(f"{name} must be a whole number from {minimum} to {maximum} (got {number})")
    return number


MAX_TEXT = 1000
"""The longest value a free-text parameter takes."""

SWITCH = ("off", "on")
"""The choices of an on/off parameter (``Param(..., choices=SWITCH)``): its value is "on" or "off"."""
_SWITCH_WORDS = {"on": "on", "true": "on", "yes": "on", "1": "on",
                 "off": "off", "false": "off", "no": "off", "0": "off"}


def switch_value(value: Any, name: str) -> str:
    """"on" or "off" for an on/off parameter: on/off, true/false, yes/no or 1/0 (any case, as typed on a
    command line), or a bool or the integer 0 or 1; anything else raises InvalidParameterError."""
    word = None
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        word = "on" if value else "off"
    elif isinstance(value, str):
        word = _SWITCH_WORDS.get(value.strip().lower())
    if word is None:
        raise InvalidParameterError(f"{name} is on or off (also true/false, yes/no, 1/0; got {value!r})")
    return word


@dataclass(frozen=True)
class Param:
    """One scalable parameter of a game (an int range or a fixed set of choices)."""

    name: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    applies_when: tuple[str, str] | None = None
    """(other parameter, value) under which this one means something, e.g. Blackjack's decks apply
    with ``("rules", "american")`` only; None: always."""
    text: bool = False
    """A free-text parameter (the cube's scramble, "R U R' F2"): any text up to :data:`MAX_TEXT`
    characters, stripped; the game itself says what it means (and refuses what it cannot read)."""
    internal: bool = False
    """A parameter a series sets from deal to deal (a poker sitting's stacks and dealer button): the
    menu, the new-game form and the rules leave it out; the command line and saves still take it."""
    unit: str = ""
    """What a number counts, where the name leaves it open ('big blinds' for No-limit's stack, which
    the other poker games count in chips); the new-game form and the rules say it after the range."""

    def coerce(self, value: Any) -> Any:
        """Return ``value`` checked (and text of a whole number read as one), or raise
        InvalidParameterError saying why. Nothing is rounded: 2.5 or Decimal("2.5") is refused. An on/off
        parameter (choices :data:`SWITCH`) also takes true/false, yes/no and 1/0."""
        if self.choices == SWITCH:
            return switch_value(value, self.name)
        if self.text:
            if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
                raise InvalidParameterError(f"{self.name} must be text of at most {MAX_TEXT} printable "
                                            f"characters (got {value!r:.60})")
            return value.strip()
        if self.choices:
            text = value if isinstance(value, str) else None
            if text not in self.choices:
                raise InvalidParameterError(
                    f"{self.name} must be one of {', '.join(self.choices)} (got {value!r})"
                )
            return text
        try:
            number = whole_number(value, self.name)
        except InvalidParameterError:
            range_note = f" in {self.describe_range()}" if self.minimum is not None else ""
            raise InvalidParameterError(f"{self.name} must be a whole number{range_note} (got {value!r})") from None
        if self.minimum is not None and number < self.minimum:
            raise InvalidParameterError(f"{self.name} must be at least {self.minimum} (got {number})")
        if self.maximum is not None and number > self.maximum:
            raise InvalidParameterError(f"{self.name} must be at most {self.maximum} (got {number})")
        return number

    def describe_range(self) -> str:
        """The allowed values as a short phrase, for help and error messages."""
        if self.text:
            return "text"
        if self.choices:
            return " | ".join(self.choices)
        return f"{self.minimum}..{self.maximum}"


@dataclass(frozen=True)
class Peer:
    """Another engine that plays the same game, timed beside ours by ``tui-games bench``: the library
    (``openspiel``: pyspiel; ``rlcard``), its game name and parameters, and the parameters that make
    our game the same one (Leduc's ante betting, Hex without the swap)."""

    library: str
    game: str
    params: tuple[tuple[str, Any], ...] = ()
    """The peer game's parameters, as (name, value) pairs."""
    ours: tuple[tuple[str, Any], ...] = ()
    """Our game's parameters for the same game, as (name, value) pairs."""

    @property
    def label(self) -> str:
        """'OpenSpiel leduc_poker', 'RLCard uno'."""
        return f"{PEER_LIBRARIES.get(self.library, self.library)} {self.game}"


PEER_LIBRARIES = {"openspiel": "OpenSpiel", "rlcard": "RLCard"}
"""The libraries a :class:`Peer` may name, and how they are written."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the catalogue knows about a game without importing its kernels."""

    id: str
    title: str
    group: str
    description: str
    package: str
    """The game folder's dotted path: ``package=__package__`` in its spec.py."""
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
    order: int = 50
    """Place within its menu group (smaller first; ties by title)."""
    seats_param: str | None = None
    """The parameter that sets the number of seats (Blackjack's ``seats``), kept equal to the seats."""
    house: str | None = None
    """Who every seat plays against, as statistics name the opposition ('dealer'); None: the seats."""
    allow_undo: bool = True
    """False where taking a move back would reveal what the rules hide (Blackjack's next card)."""
    reveal_at_end: bool = True
    """False where the final position does not hold every deal of the game (a poker tournament's many
    hands): the move log then keeps what no one was shown face down after the end as well."""
    peer: Peer | None = None
    """The reference engine of the same game that ``tui-games bench`` times beside ours, if any."""
    secrets: str = "cards"
    """What each seat keeps hidden from the others, as a plural noun for the hotseat hand-over ('show
    my cards', 'show my dice')."""
    max_plies: int = 100_000
    """The most actions (chance outcomes included) one deal may hold: a save holding more in a deal is
    refused as damaged before anything is replayed. A game whose rules end sooner declares its own
    bound; the default suits a game that may run long (2048) or never end (a cube turned for ever)."""
    timed: bool = False
    """True for a solo game whose statistics keep the time it took (a puzzle's solve time, measured
    by the match from the first move, or from :meth:`~tui_games.match.Match.start_clock`)."""
    figure_labels: tuple[tuple[str, str], ...] = ()
    """What statistics call this game's figures, as (figure, label) pairs: figures are 'score',
    'best_tile', 'chips', 'points', 'seconds' and 'moves', and the counted 'deals' and 'games', named by one noun
    (Blackjack: ("chips", "bankroll"), ("deals", "round")); the others keep their generic names. The
    names of a game's own tallies and peaks (``SeatFigures.counts`` and ``peaks``) are labelled here too,
    in the order statistics list them."""
    rate_figures: tuple[str, ...] = ()
    """Counted figures (``SeatFigures.counts``) that statistics show per 100 deals rather than as totals
    (poker's big blinds won, as bb/100)."""
    view: str = ""
    """The game's Textual view as 'module:Class', the module relative to the game's folder when it
    starts with a dot ('.view:HexView'); imported by the UI alone, never by the catalogue. Empty: the
    generic view that lists the legal actions by name."""
    solver: str = ""
    """The game's position solver for ``tui-games solve`` as 'module:NAME', a
    :class:`~tui_games.core.solver.Solver`, the module relative to the game's folder when it starts
    with a dot ('.double_dummy:SOLVER'); imported only by :meth:`load_solver`. Empty: none."""
    top_ai: str = ""
    """How the strongest AI level plays, in a few words ('searches the whole game tree'), for the
    README's games table (``scripts/readme_games.py``); empty: nothing is said."""
    largest_params: tuple[tuple[str, Any], ...] = ()
    """The largest board or table the view must show whole in an 80x24 terminal, as (parameter,
    value) pairs; the parameters not named keep their defaults, and the seats are this entry's
    ``seats_param`` value (else the fewest the game takes). Larger choices may scroll (Hex above
    11x11). The view tests open every game so (:meth:`largest_setup`)."""

    @property
    def players(self) -> tuple[int, int]:
        """(min, max) number of seats."""
        return (self.min_players, self.max_players)

    def largest_setup(self) -> tuple[dict[str, Any], int]:
        """(parameters, number of seats) of :attr:`largest_params`, each value checked."""
        params = self.resolve_params(dict(self.largest_params))
        seats = params[self.seats_param] if self.seats_param else self.min_players
        return params, seats

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

    def definition(self) -> "GameDefinition":
        """The game's :class:`~tui_games.core.definition.GameDefinition` (``DEFINITION`` in its game.py).

        Importing it compiles (or loads from cache) the game's kernels: the menu never calls this.
        """
        from tui_games.core.definition import GameDefinition

        definition = getattr(self.module("game"), "DEFINITION", None)
        if not isinstance(definition, GameDefinition):
            raise TypeError(f"{self.package}.game must define DEFINITION, a GameDefinition")
        return definition

    def param(self, name: str) -> Param:
        """The declaration of parameter ``name``."""
        for param in self.params:
            if param.name == name:
                return param
        raise InvalidParameterError(f"{self.title} has no parameter {name!r}")

    def new(self, seed: int = 0, **params: Any):
        """A fresh state of this game with the given parameters (see :attr:`params`).

        ``seed`` is any whole number in the 64-bit range; other values raise InvalidParameterError.
        """
        seed = whole_number(seed, "seed", INT64_MIN, INT64_MAX)
        resolved = self.resolve_params(params)
        return self.definition().new_state(self, seed, resolved)

    def ai(self, level: int, seed: int = 0):
        """An AI player of strength ``level`` (1..max_level) with ``choose(state) -> action``.

        ``seed`` may be any whole number in the 64-bit range, negative ones included: the player gets
        it as a non-negative number (``seed mod 2**63``), which every random generator accepts.
        """
        try:
            level = whole_number(level, "AI level", 1, self.max_level)
        except InvalidParameterError:
            raise InvalidParameterError(f"{self.title} AI levels are 1..{self.max_level} (got {level!r})") from None
        seed = whole_number(seed, "seed", INT64_MIN, INT64_MAX) % 2**63
        return self.definition().make_ai(self, level, seed)

    def load_solver(self) -> "Solver":
        """The game's :class:`~tui_games.core.solver.Solver` (see :attr:`solver`); a TuiGamesError
        for a game that has none."""
        from tui_games.core.solver import Solver

        if not self.solver:
            raise TuiGamesError(f"{self.title} has no solver")
        module_name, _, name = self.solver.partition(":")
        solver = getattr(importlib.import_module(module_name, package=self.package), name, None)
        if not isinstance(solver, Solver):
            raise TypeError(f"{self.id}: solver {self.solver!r} is not a Solver")
        return solver

    def help_text(self) -> str:
        """The game's rules and help page (Markdown), shipped as ``help.md`` in its folder."""
        return resources.files(self.package).joinpath("help.md").read_text(encoding="utf-8")
