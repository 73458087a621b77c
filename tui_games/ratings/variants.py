"""What a rated "game and variant" is: a canonical key from a game id and the parameters that make
its rules.

Two games are the same variant, and share one ladder, exactly when they are played by the same rules
with the same number of seats. The key is built from the game's *resolved* parameters (defaults
filled in, each value checked by the spec), keeping those that change the rules:

* every parameter the game declares (board size, number of heaps, UNO's ``official`` or ``rlcard``
  rules and its target, the poker stacks and blinds, the seats parameter such as ``players``);
* but not an *internal* parameter (a poker sitting's dealer button and the stacks it carries from
  hand to hand): a series sets those from deal to deal, so they say where a match stands, not what
  game it is;
* and not a parameter that does not apply under the others (``applies_when``: Blackjack's decks
  under the simple rules, UNO's target under the rlcard rules, Yavalath's swap with three players),
  so that its value, meaningless there, cannot split a ladder in two;
* and the number of seats, for a game whose seats vary without a parameter saying how many
  (``seats=N``); where a parameter counts the seats it is in the key already.

The key is the game id alone when nothing is kept (Tic Tac Toe), else ``id:name=value,...`` with the
names in alphabetical order and each value percent-encoded where it holds anything but letters,
digits and ``-_.~`` (a custom Othello position). For the parameters of a match of many deals (a UNO
match to 500, a poker sitting) give the match's own parameters, the ones it started with.

Solo games (one seat) and games where every seat plays the house (Blackjack) have no ladder: a
rating ranks players against each other (:func:`unrated_reason`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec
from tui_games.core.words import counted


def unrated_reason(spec: GameSpec) -> str | None:
    """Why ``spec`` has no ratings ('2048 is a one-player game', 'in Blackjack every seat plays the
    dealer'), or None when it is rated: ratings rank players against each other."""
    if spec.max_players == 1:
        return f"{spec.title} is a one-player game"
    if spec.house is not None:
        return f"in {spec.title} every seat plays the {spec.house}"
    return None


def _applies(param, params: dict[str, Any]) -> bool:
    if param.applies_when is None:
        return True
    other, value = param.applies_when
    return str(params.get(other)) == value


def rule_params(spec: GameSpec, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The parameters of a variant: ``params`` resolved by the spec (defaults filled in, values checked,
    unknown names refused with InvalidParameterError), less the internal ones and those that do not
    apply under the others."""
    resolved = spec.resolve_params(params)
    return {p.name: resolved[p.name] for p in spec.params if not p.internal and _applies(p, resolved)}


@dataclass(frozen=True)
class Variant:
    """A game and the rules it is played by: the unit that has one ladder."""

    game_id: str
    params: tuple[tuple[str, Any], ...] = ()
    """The rule parameters as (name, value) pairs in name order (see the module notes)."""

    @property
    def key(self) -> str:
        """The canonical key: 'tic-tac-toe', 'uno:players=2,rules=official,target=500'."""
        if not self.params:
            return self.game_id
        return self.game_id + ":" + ",".join(f"{name}={quote(str(value), safe='')}" for name, value in self.params)

    def describe(self) -> str:
        """The parameters in words for a heading: 'players=2, rules=official, target=500' ('' if none)."""
        return ", ".join(f"{name}={value}" for name, value in self.params)


def variant_of(spec: GameSpec, params: dict[str, Any] | None = None, seats: int | None = None) -> Variant:
    """The variant of ``spec`` played with ``params`` (given or resolved; defaults fill the rest) by
    ``seats`` seats. ``seats`` matters only for a game whose seats vary without a seats parameter; for
    one with such a parameter it is checked against it. InvalidParameterError for anything the game
    does not take."""
    kept = rule_params(spec, params)
    if seats is not None:
        if not spec.min_players <= seats <= spec.max_players:
            raise InvalidParameterError(f"{spec.title} takes {spec.min_players} to {spec.max_players} "
                                        f"players, not {seats}")
        if spec.seats_param:
            if kept[spec.seats_param] != seats:
                raise InvalidParameterError(f"{spec.title}: {spec.seats_param}={kept[spec.seats_param]} "
                                            f"but {counted(seats, 'seat')}")
        elif spec.min_players != spec.max_players:
            kept["seats"] = seats
    return Variant(spec.id, tuple(sorted(kept.items())))


def variant_key(spec: GameSpec, params: dict[str, Any] | None = None, seats: int | None = None) -> str:
    """The key of :func:`variant_of` (``spec``, ``params``, ``seats``)."""
    return variant_of(spec, params, seats).key


def default_variant(spec: GameSpec) -> Variant:
    """The variant a room of ``spec`` plays when nothing is chosen: the game's defaults with its fewest
    seats (as a new room and quick match seat it)."""
    seats = spec.min_players
    return variant_of(spec, {spec.seats_param: seats} if spec.seats_param else {}, seats=seats)


def parse_variant(spec: GameSpec, text: str | list[str] | None) -> Variant:
    """The variant named on a command line: 'NAME=VALUE' pairs separated by commas (or given as a list),
    over the game's defaults; a full key ('uno:players=4,...') is read the same way, and '' or None is
    the default variant. A ``seats=N`` pair gives the number of seats of a game without a seats
    parameter. InvalidParameterError for a pair that is no NAME=VALUE or names no parameter."""
    pieces = [text] if isinstance(text, str) else list(text or [])
    pairs: list[str] = []
    for piece in pieces:
        piece = piece.strip()
        if piece.startswith(spec.id + ":"):
            piece = piece[len(spec.id) + 1:]
        elif piece == spec.id:
            piece = ""
        pairs.extend(part for part in piece.split(",") if part.strip())
    params: dict[str, Any] = {}
    seats = None
    for pair in pairs:
        if "=" not in pair:
            raise InvalidParameterError(f"a variant is given as NAME=VALUE pairs (got {pair!r})")
        name, value = (part.strip() for part in pair.split("=", 1))
        value = unquote(value)
        if name == "seats" and not spec.seats_param and "seats" not in {p.name for p in spec.params}:
            seats = int(value) if value.isdigit() else -1
            continue
        params[name] = value
    return variant_of(spec, params, seats)


__all__ = ["Variant", "default_variant", "parse_variant", "rule_params", "unrated_reason", "variant_key", "variant_of"]
