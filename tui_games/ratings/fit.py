"""Fitting the AI levels' ratings jointly from many games (the seeds' script uses it).

Rating the arena's games one after another with openskill would make the seeds depend on the order
the games were played in. Instead every game enters one likelihood and the ratings that maximise it
are found at once: the maximum a posteriori estimate of the model openskill's Plackett-Luce update
approximates game by game, with openskill's prior (each level's mu drawn from N(25, 8.33^2)).

One game: sides t = 1..n with strengths s_t = (sum of the members' mu + the offset of the side's
role) / c, where c^2 = sum over sides of (members' sigma^2 + beta^2), and places r_t (1 first, ties
equal). Its log-likelihood is ``sum over sides q of [s_q - log(sum of exp(s_t) over the sides t placed
no better than q)] / a_q``, a_q being the number of sides tied with q: for two sides that is log P(the
winner wins) = log(1 / (1 + exp(-(s_w - s_l)))), and a draw counts half a win for each side, as
openskill's own update (its ``A`` and ``sum_q`` terms) treats ties.

Roles: a game whose sides are not alike (Dou Dizhu's landlord alone against two peasants, who bid
for the part) gives each side a role, and every role but role 0 has an offset fitted with the levels
(under a vague prior, :data:`ROLE_SIGMA`). Without it the sum of two peasants' mus, some 50 against
the landlord's 25, says the landlord nearly always loses; to fit a landlord who wins half the time
the levels would have to sink to a mu near 0, far from openskill's scale. The offset takes up what the
role is worth, so the levels are compared role for role: a level that wins more in the same role ranks
higher. The offsets are the fit's alone: openskill's update, and :func:`game_gradient`, know no roles.

Newton's method finds the maximum, each step halved until it climbs (far from the maximum a full
step overshoots, and the iterations swing ever wider). The games say how far apart the levels are,
not where they sit: the prior holds their mean at 25 (so a newcomer, at 25, starts in the middle of
the AI levels), and each level's sigma is its uncertainty *relative to the others*, the posterior
spread of ``mu_i - mean(mu)`` (the inverse of the negative Hessian, the Laplace approximation,
centred). The levels are then the ladder's fixed points, as firm as their games made them, and
players are measured against them; the absolute spread (about 8.33 / sqrt(levels) whatever the games)
would let the first players' games drag the levels about. The sigmas enter c, so the fit is repeated
with the sigmas it found, a few rounds, until they settle. NumPy only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

from tui_games.ratings.model import BETA, MU, SIGMA, Rating


ROLE_SIGMA = 1000.0 * SIGMA
"""The spread of the vague prior on a role's offset (centred on 0): wide enough to leave the offset to
the games (the levels' mean stays at 25 to within 1e-5), there only so that a role no game tells
apart still has a finite estimate."""


@dataclass(frozen=True)
class Observation:
    """One finished game for the fit: its sides (each a tuple of the levels sitting in it; a level may
    sit in several seats), each side's place (1 first, equal places tie), and optionally each side's
    role (a small whole number: the side's place in the order the game declares its sides, Dou Dizhu's
    landlord 0 and peasants 1; None: the sides are alike)."""

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    roles: tuple[int, ...] | None = None


@dataclass(frozen=True)
class FitResult:
    """The fitted ratings by level, the fitted offset of each role (role 0 the reference at 0; empty
    when no game has roles), the log-likelihood of the games under them, and how many Newton
    iterations the last round took."""

    ratings: dict[int, Rating]
    log_likelihood: float
    iterations: int
    role_offsets: dict[int, float] = field(default_factory=dict)


def _terms(design: np.ndarray, places: np.ndarray, theta: np.ndarray, c: float):
    """Log-likelihood, gradient and Hessian (in the parameters) of one game."""
    s = design @ theta / c
    gradient_s = np.zeros(len(s))
    hessian_s = np.zeros((len(s), len(s)))
    value = 0.0
    for q in range(len(s)):
        risk = places >= places[q]
        ties = float(np.sum(places == places[q]))
        top = s[risk].max()
        weights = np.zeros(len(s))
        weights[risk] = np.exp(s[risk] - top)
        total = weights.sum()
        p = weights / total
        value += (s[q] - top - np.log(total)) / ties
        gradient_s[q] += 1.0 / ties
        gradient_s -= p / ties
        hessian_s -= (np.diag(p) - np.outer(p, p)) / ties
    return value, design.T @ gradient_s / c, design.T @ hessian_s @ design / c ** 2


def _likelihood(games: list, scales: list[float], theta: np.ndarray):
    """Log-likelihood of every game, its gradient and Hessian in the parameters."""
    value, gradient, hessian = 0.0, np.zeros(len(theta)), np.zeros((len(theta), len(theta)))
    for (design, places, count), c in zip(games, scales):
        v, g, h = _terms(design, places, theta, c)
        value += count * v
        gradient += count * g
        hessian += count * h
    return value, gradient, hessian


def _arrays(obs: Observation, index: dict[int, int], role_index: dict[int, int] | None = None):
    """The game's design (a row per side: how often each level sits in it, then a 1 in its role's
    column, the reference role having none) and its places."""
    role_index = role_index or {}
    design = np.zeros((len(obs.sides), len(index) + len(role_index)))
    for t, side in enumerate(obs.sides):
        for level in side:
            design[t, index[level]] += 1
        if obs.roles is not None and obs.roles[t] in role_index:
            design[t, len(index) + role_index[obs.roles[t]]] = 1
    return design, np.array(obs.places, dtype=float)


def _scale(design: np.ndarray, sigma: np.ndarray) -> float:
    counts = design[:, :len(sigma)]
    return float(np.sqrt(np.sum(counts @ sigma ** 2) + len(counts) * BETA ** 2))


def game_gradient(obs: Observation, ratings: dict[int, Rating]) -> tuple[float, dict[int, float]]:
    """One game's log-likelihood at ``ratings`` and its gradient in each level's mu (c from the
    ratings' sigmas; roles left out, as openskill's update knows none). openskill's update of a
    player's mu after that game is their sigma^2 times this gradient (sigma already widened by tau):
    the fit climbs the same slope, over every game at once."""
    levels = sorted(ratings)
    index = {level: i for i, level in enumerate(levels)}
    design, places = _arrays(obs, index)
    theta = np.array([ratings[level].mu for level in levels])
    sigma = np.array([ratings[level].sigma for level in levels])
    value, gradient, _ = _terms(design, places, theta, _scale(design, sigma))
    return float(value), {level: float(gradient[i]) for level, i in index.items()}


def _newton(games: list, scales: list[float], theta: np.ndarray, mean: np.ndarray, precision: np.ndarray,
            iterations: int, tolerance: float) -> tuple[np.ndarray, int]:
    """The maximum of the log-posterior from ``theta``: Newton's steps, each halved until it climbs
    (a full step can overshoot far from the maximum and swing ever wider)."""

    def posterior(point: np.ndarray) -> float:
        return _likelihood(games, scales, point)[0] - 0.5 * float(np.sum(precision * (point - mean) ** 2))

    used = 0
    value = posterior(theta)
    for used in range(1, iterations + 1):
        _, gradient, hessian = _likelihood(games, scales, theta)
        gradient = gradient - precision * (theta - mean)
        hessian = hessian - np.diag(precision)
        step = np.linalg.solve(hessian, gradient)
        if np.abs(step).max() < tolerance:
            theta = theta - step
            break
        length = 1.0
        while True:
            trial = theta - length * step
            trial_value = posterior(trial)
            if trial_value >= value - 1e-12 * max(1.0, abs(value)) or length < 1e-6:
                break
            length /= 2
        theta, value = trial, trial_value
    return theta, used


def fit_levels(observations: Iterable[Observation], rounds: int = 4, iterations: int = 100,
               tolerance: float = 1e-10) -> FitResult:
    """The ratings of the levels that play in ``observations`` that best explain them, and the roles'
    offsets (see the module notes)."""
    tally = Counter(observations)
    levels = sorted({level for obs in tally for side in obs.sides for level in side})
    roles = sorted({role for obs in tally for role in (obs.roles or ())})
    index = {level: i for i, level in enumerate(levels)}
    role_index = {role: i for i, role in enumerate(roles[1:])}
    games = [(*_arrays(obs, index, role_index), count)  # in a fixed order: the sums come out the same to the last bit
             for obs, count in sorted(tally.items(),
                                      key=lambda item: (item[0].sides, item[0].places, item[0].roles or ()))]
    n = len(levels)
    mean = np.concatenate([np.full(n, MU), np.zeros(len(role_index))])
    precision = np.concatenate([np.full(n, 1.0 / SIGMA ** 2), np.full(len(role_index), 1.0 / ROLE_SIGMA ** 2)])
    theta = mean.copy()
    sigma = np.zeros(n)
    used = 0
    for _ in range(rounds):
        scales = [_scale(design, sigma) for design, _, _ in games]
        theta, used = _newton(games, scales, theta, mean, precision, iterations, tolerance)
        _, _, hessian = _likelihood(games, scales, theta)
        covariance = np.linalg.inv(np.diag(precision) - hessian)[:n, :n]
        centre = np.eye(n) - 1.0 / n
        new_sigma = np.sqrt(np.maximum(np.diag(centre @ covariance @ centre), 0.0))
        settled = np.abs(new_sigma - sigma).max() < 1e-6
        sigma = new_sigma
        if settled:
            break
    value = _likelihood(games, scales, theta)[0]
    ratings = {level: Rating(float(theta[i]), float(sigma[i])) for level, i in index.items()}
    offsets = {role: (float(theta[n + role_index[role]]) if role in role_index else 0.0) for role in roles}
    return FitResult(ratings, float(value), used, offsets)


__all__ = ["FitResult", "Observation", "ROLE_SIGMA", "fit_levels", "game_gradient"]
