"""`tui-games arena`: AI against AI without a screen, with confidence intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tui_games.core.registry import get


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

    @property
    def score_a(self) -> float:
        """A's score rate: (wins + draws/2) / games."""
        return (self.wins_a + 0.5 * self.draws) / self.games if self.games else 0.0

    def score_interval(self, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson interval for A's score rate."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p = self.score_a
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def report(self) -> str:
        """A few lines for the terminal."""
        spec = get(self.game_id)
        a = f"A = AI {spec.level_name(self.level_a)} ({self.level_a})"
        b = f"B = AI {spec.level_name(self.level_b)} ({self.level_b})"
        if self.solo:
            return (f"{spec.title}: {self.games} games each\n"
                    f"  {a}: mean return {self.mean_a:.4g} ± {self.half_width_a:.3g} (95%)\n"
                    f"  {b}: mean return {self.mean_b:.4g} ± {self.half_width_b:.3g} (95%)")
        low, high = self.score_interval()
        return (f"{spec.title}: {a} vs {b}, {self.games} games, seats alternating\n"
                f"  A wins {self.wins_a}, B wins {self.wins_b}, draws {self.draws}\n"
                f"  A's score {100 * self.score_a:.1f}% (95% CI {100 * low:.1f}%-{100 * high:.1f}%)")


def _mean_and_half_width(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def _play(spec, params: dict, players: list, seed: int):
    state = spec.new(seed=seed, **params)
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance())
        else:
            state.apply(players[state.current_player].choose(state.clone()))
    return state.returns()


def run_arena(game_id: str, level_a: int, level_b: int, games: int, params: dict | None = None,
              seed: int = 0, progress=None) -> ArenaResult:
    """Play ``games`` games of AI level A against level B (alternating seats), or each alone."""
    spec = get(game_id)
    params = spec.resolve_params(params or {})
    result = ArenaResult(game_id, level_a, level_b, games, solo=spec.max_players == 1 or spec.min_players == 1)
    if result.solo:
        scores = {level_a: [], level_b: []}
        for index in range(games):
            for level in (level_a, level_b):
                player = spec.ai(level, seed=seed + index)
                scores[level].append(_play(spec, params, [player], seed + index)[0])
            if progress:
                progress(index + 1, games)
        result.mean_a, result.half_width_a = _mean_and_half_width(scores[level_a])
        result.mean_b, result.half_width_b = _mean_and_half_width(scores[level_b])
        return result
    for index in range(games):
        a = spec.ai(level_a, seed=seed + 2 * index)
        b = spec.ai(level_b, seed=seed + 2 * index + 1)
        a_seat = index % 2
        players = [a, b] if a_seat == 0 else [b, a]
        returns = _play(spec, params, players, seed + index)
        if returns[a_seat] > returns[1 - a_seat]:
            result.wins_a += 1
        elif returns[a_seat] < returns[1 - a_seat]:
            result.wins_b += 1
        else:
            result.draws += 1
        if progress:
            progress(index + 1, games)
    return result
