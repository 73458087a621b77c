"""`tui-games arena`: AI against AI without a screen, with confidence intervals.

Two AIs (A and B) play a two-seat game with the seats alternating, or each plays a solo game alone
(:func:`run_arena`); three or more (A, B, C ...) sit at one table with the seats rotating every game
and are ranked by places (:func:`run_places_arena`). Simultaneous moves are asked of every seat's AI
(``choose(state, player=seat)``) and played together.

Poker games, whose returns are chips (a hand each game), are scored in chips as well: each AI's net
chips and its win rate in big blinds per 100 hands (bb/100) with a 95% interval (:func:`chip_rate`);
chips a hand where the game has no big blind (Leduc's antes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tui_games.core.errors import InvalidParameterError
from tui_games.core.outcome import Outcome
from tui_games.core.players import SIMULTANEOUS
from tui_games.core.registry import get
from tui_games.core.seats import Seat, check_seat_count_param, check_seats
from tui_games.core.words import counted
from tui_games.engine.seeds import derive_seed

PLAYER_LETTERS = "ABCDEFGHIJ"
"""The arena's names of its players, in the order the command line gives them (--a, --b, ...)."""


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% at the default ``z``) of a rate of ``score`` out of ``n``
    (wins, or wins plus half the draws); (0, 1) when nothing was played."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class ArenaResult:
    """Results of A against B (two-player games) or A's and B's mean returns (one-player games)."""

    game_id: str
    level_a: int
    level_b: int
    games: int
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    mean_a: float = 0.0
    mean_b: float = 0.0
    half_width_a: float = 0.0
    half_width_b: float = 0.0
    solo: bool = False
    big_blind: int | None = None
    """The big blind in chips for a game whose returns are chips (0: it has none), else None."""
    chips_a: list[float] = field(default_factory=list)
    """A's chips won (lost, below 0) in each game, for a game whose returns are chips."""

    @property
    def score_a(self) -> float:
        """A's score rate: (wins + draws/2) / games."""
        return (self.wins_a + 0.5 * self.draws) / self.games if self.games else 0.0

    def score_interval(self, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson interval for A's score rate."""
        return wilson_interval(self.wins_a + 0.5 * self.draws, self.games, z)

    def report(self) -> str:
        """A few lines for the terminal."""
        spec = get(self.game_id)
        a = f"A = AI {spec.level_name(self.level_a)} ({self.level_a})"
        b = f"B = AI {spec.level_name(self.level_b)} ({self.level_b})"
        if self.solo:
            return (f"{spec.title}: {counted(self.games, 'game')} each\n"
                    f"  {a}: mean return {self.mean_a:.4g} ± {self.half_width_a:.3g} (95%)\n"
                    f"  {b}: mean return {self.mean_b:.4g} ± {self.half_width_b:.3g} (95%)")
        low, high = self.score_interval()
        lines = [f"{spec.title}: {a} vs {b}, {counted(self.games, 'game')}, seats alternating",
                 f"  A wins {self.wins_a}, B wins {self.wins_b}, draws {self.draws}",
                 f"  A's score {100 * self.score_a:.1f}% (95% CI {100 * low:.1f}%-{100 * high:.1f}%)"]
        if self.big_blind is not None and self.chips_a:
            lines.append(chips_line("A", self.chips_a, self.big_blind))
            lines.append(chips_line("B", [-chips for chips in self.chips_a], self.big_blind))
        return "\n".join(lines)


def _mean_and_half_width(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def chip_rate(chips: list[float], big_blind: int) -> tuple[float, float, float]:
    """The mean of ``chips`` (chips won or lost a hand) as big blinds per 100 hands, with the ends of
    its 95% interval: (low, mean, high); in chips a hand when ``big_blind`` is 0."""
    mean, half = _mean_and_half_width(chips)
    scale = 100.0 / big_blind if big_blind > 0 else 1.0
    return (mean - half) * scale, mean * scale, (mean + half) * scale


def chips_line(letter: str, chips: list[float], big_blind: int) -> str:
    """'  A net +120 chips in 500 hands: +12.0 bb/100 (95% CI -3.1 to +27.1)' (chips a hand when the
    game has no big blind)."""
    low, mean, high = chip_rate(chips, big_blind)
    unit = "bb/100" if big_blind > 0 else "chips a hand"
    return (f"  {letter} net {sum(chips):+g} chips in {counted(len(chips), 'hand')}: {mean:+.1f} {unit} "
            f"(95% CI {low:+.1f} to {high:+.1f})")


def chip_big_blind(spec, params: dict) -> int | None:
    """For a game whose returns are chips (its deals are hands scored in chips): its big blind with
    ``params`` (0 when it has none); None for every other game."""
    series = spec.definition().series
    if series is None or series.score_name != "chips":
        return None
    return int(getattr(spec.new(seed=0, **params), "big_blind", 0))


def _play_out(spec, params: dict, players: list, seed: int):
    """A finished game with ``players[seat]`` in each seat (simultaneous moves asked seat by seat)."""
    state = spec.new(seed=seed, **params)
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance())
        elif state.current_player == SIMULTANEOUS:
            state.apply_joint([player.choose(state.clone(), player=seat) for seat, player in enumerate(players)])
        else:
            state.apply(players[state.current_player].choose(state.clone()))
    return state


def _play(spec, params: dict, players: list, seed: int):
    return _play_out(spec, params, players, seed).returns()


def run_arena(game_id: str, level_a: int, level_b: int, games: int, params: dict | None = None,
              seed: int = 0, progress=None) -> ArenaResult:
    """Play ``games`` games (at least 1) of AI level A against level B (alternating seats), or each
    alone. Any whole seed works (each game's and AI's seed is derived from it)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidParameterError(f"the number of games must be a whole number of at least 1 (got {games!r})")
    spec = get(game_id)
    given = dict(params or {})
    solo = spec.max_players == 1 or spec.min_players == 1
    if not solo:  # two seats, alternating: a game that takes other numbers of seats says so
        seats = [Seat("ai", level_a), Seat("ai", level_b)]
        check_seats(spec, seats)
        check_seat_count_param(spec, given, seats)
        if spec.seats_param:
            given[spec.seats_param] = len(seats)
    params = spec.resolve_params(given)
    result = ArenaResult(game_id, level_a, level_b, games, solo=solo,
                         big_blind=None if solo else chip_big_blind(spec, params))
    if result.solo:
        scores = {level_a: [], level_b: []}
        for index in range(games):
            for level in (level_a, level_b):
                player = spec.ai(level, seed=derive_seed(seed, index))
                scores[level].append(_play(spec, params, [player], derive_seed(seed, index))[0])
            if progress:
                progress(index + 1, games)
        result.mean_a, result.half_width_a = _mean_and_half_width(scores[level_a])
        result.mean_b, result.half_width_b = _mean_and_half_width(scores[level_b])
        return result
    for index in range(games):
        a = spec.ai(level_a, seed=derive_seed(seed, 2 * index))
        b = spec.ai(level_b, seed=derive_seed(seed, 2 * index + 1))
        a_seat = index % 2
        players = [a, b] if a_seat == 0 else [b, a]
        returns = _play(spec, params, players, derive_seed(seed, index))
        if result.big_blind is not None:
            result.chips_a.append(float(returns[a_seat]))
        if returns[a_seat] > returns[1 - a_seat]:
            result.wins_a += 1
        elif returns[a_seat] < returns[1 - a_seat]:
            result.wins_b += 1
        else:
            result.draws += 1
        if progress:
            progress(index + 1, games)
    return result


@dataclass
class PlacesResult:
    """Three or more AIs at one table, seats rotating every game: each player's places and returns.

    ``places[p][k]`` counts the games player ``p`` (A, B, C ... in ``levels`` order) finished in place
    ``k + 1``; seats with equal returns share the better place.
    """

    game_id: str
    levels: list[int]
    games: int = 0
    places: list[list[int]] = field(default_factory=list)
    returns: list[list[float]] = field(default_factory=list)
    place_lists: list[list[int]] = field(default_factory=list)
    big_blind: int | None = None
    """The big blind in chips for a game whose returns are chips (0: it has none), else None."""

    def __post_init__(self) -> None:
        seats = len(self.levels)
        self.places = self.places or [[0] * seats for _ in range(seats)]
        self.returns = self.returns or [[] for _ in range(seats)]
        self.place_lists = self.place_lists or [[] for _ in range(seats)]

    def add(self, outcome: Outcome, seat_of: list[int]) -> None:
        """Count one finished game; ``seat_of[p]`` is the seat player ``p`` sat in."""
        for player, seat in enumerate(seat_of):
            place = outcome.places[seat]
            self.places[player][place - 1] += 1
            self.place_lists[player].append(place)
            self.returns[player].append(outcome.returns[seat])
        self.games += 1

    def mean_place(self, player: int) -> tuple[float, float]:
        """Player ``player``'s mean place and the half-width of its 95% confidence interval."""
        return _mean_and_half_width(self.place_lists[player])

    def mean_return(self, player: int) -> float:
        """Player ``player``'s mean return per game."""
        values = self.returns[player]
        return sum(values) / len(values) if values else 0.0

    def report(self) -> str:
        """A table for the terminal: one row per player, its count of each place, mean place and return."""
        spec = get(self.game_id)
        seats = len(self.levels)
        names = [f"AI {spec.level_name(level)} ({level})" for level in self.levels]
        width = max(len(name) for name in names)
        places = "".join(f"{_ordinal(k + 1):>6}" for k in range(seats))
        lines = [f"{spec.title}: {counted(seats, 'seat')}, {counted(self.games, 'game')}, seats rotating every game",
                 f"  {'':<2}{'player':<{width}}{places}  mean place (95%)  mean return"]
        for player, name in enumerate(names):
            mean, half = self.mean_place(player)
            counts = "".join(f"{n:>6}" for n in self.places[player])
            spread = f"± {half:.2f}" if math.isfinite(half) else "± ?"
            lines.append(f"  {PLAYER_LETTERS[player]:<2}{name:<{width}}{counts}  {mean:>6.2f} {spread:<9}"
                         f"  {self.mean_return(player):+.3g}")
        if self.big_blind is not None and self.games:
            lines.extend(chips_line(PLAYER_LETTERS[player], self.returns[player], self.big_blind)
                         for player in range(seats))
        return "\n".join(lines)


def _ordinal(place: int) -> str:
    return f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}"


def run_places_arena(game_id: str, levels: list[int], games: int, params: dict | None = None,
                     seed: int = 0, progress=None) -> PlacesResult:
    """Play ``games`` games (at least 1) with one AI per seat (``levels[p]`` is player p's level), the
    seating rotating every game so each player sits in each seat in turn; returns every player's
    places. A game whose number of seats is a parameter (``spec.seats_param``) gets ``len(levels)``."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidParameterError(f"the number of games must be a whole number of at least 1 (got {games!r})")
    spec = get(game_id)
    seats = [Seat("ai", level) for level in levels]
    check_seats(spec, seats)
    given = dict(params or {})
    check_seat_count_param(spec, given, seats)
    if spec.seats_param:
        given[spec.seats_param] = len(seats)
    params = spec.resolve_params(given)
    result = PlacesResult(game_id, list(levels), big_blind=chip_big_blind(spec, params))
    count = len(levels)
    for index in range(games):
        seat_of = [(player + index) % count for player in range(count)]
        players: list = [None] * count
        for player, seat in enumerate(seat_of):
            players[seat] = spec.ai(levels[player], seed=derive_seed(seed, count * index + player))
        state = _play_out(spec, params, players, derive_seed(seed, index))
        result.add(state.outcome(), seat_of)
        if progress:
            progress(index + 1, games)
    return result
