"""Fitting the AI levels' ratings jointly from many games (the seeds' script uses it).

Rating the arena's games one after another with openskill would make the seeds depend on the order
the games were played in. Instead every game enters one likelihood and the ratings that maximise it
are found at once: the maximum a posteriori estimate of the model openskill's Plackett-Luce update
approximates game by game, with openskill's prior (each level's mu drawn from N(25, 8.33^2)).

One game: sides t = 1..n with strengths s_t = (sum of the members' mu) / c, where
c^2 = sum over sides of (members' sigma^2 + beta^2), and places r_t (1 first, ties equal). Its
log-likelihood is ``sum over sides q of [s_q - log(sum of exp(s_t) over the sides t placed no better
than q)] / a_q``, a_q being the number of sides tied with q: for two sides that is log P(the winner
wins) = log(1 / (1 + exp(-(s_w - s_l)))), and a draw counts half a win for each side, as openskill's
own update (its ``A`` and ``sum_q`` terms) treats ties.

Newton's method finds the maximum. The games say how far apart the levels are, not where they sit:
the prior holds their mean at 25 (so a newcomer, at 25, starts in the middle of the AI levels), and
each level's sigma is its uncertainty *relative to the others*, the posterior spread of
``mu_i - mean(mu)`` (the inverse of the negative Hessian, the Laplace approximation, centred). The
levels are then the ladder's fixed points, as firm as their games made them, and players are measured
against them; the absolute spread (about 8.33 / sqrt(levels) whatever the games) would let the first
players' games drag the levels about. The sigmas enter c, so the fit is repeated with the sigmas it
found, a few rounds, until they settle. NumPy only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

import numpy as np

from tui_games.ratings.model import BETA, MU, SIGMA, Rating


@dataclass(frozen=True)
class Observation:
    """One finished game for the fit: its sides (each a tuple of the levels sitting in it; a level may
    sit in several seats) and each side's place (1 first, equal places tie)."""

    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class FitResult:
    """The fitted ratings by level, the log-likelihood of the games under them, and how many Newton
    iterations the last round took."""

    ratings: dict[int, Rating]
    log_likelihood: float
    iterations: int


def _terms(counts: np.ndarray, places: np.ndarray, theta: np.ndarray, c: float):
    """Log-likelihood, gradient and Hessian (in the levels' mus) of one game."""
    s = counts @ theta / c
    gradient_s = np.zeros(len(s))
    hessian_s = np.zeros((len(s), len(s)))
    value = 0.0
    for q in range(len(s)):
        risk = places >= places[q]
        ties = float(np.sum(places == places[q]))
        top = s[risk].max()
        weights = np.where(risk, np.exp(s - top), 0.0)
        total = weights.sum()
        p = weights / total
        value += (s[q] - top - np.log(total)) / ties
        gradient_s[q] += 1.0 / ties
        gradient_s -= p / ties
        hessian_s -= (np.diag(p) - np.outer(p, p)) / ties
    return value, counts.T @ gradient_s / c, counts.T @ hessian_s @ counts / c ** 2


def _likelihood(games: list, scales: list[float], theta: np.ndarray):
    """Log-likelihood of every game, its gradient and Hessian in the levels' mus."""
    value, gradient, hessian = 0.0, np.zeros(len(theta)), np.zeros((len(theta), len(theta)))
    for (counts, places, count), c in zip(games, scales):
        v, g, h = _terms(counts, places, theta, c)
        value += count * v
        gradient += count * g
        hessian += count * h
    return value, gradient, hessian


def _arrays(obs: Observation, index: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
    counts = np.zeros((len(obs.sides), len(index)))
    for t, side in enumerate(obs.sides):
        for level in side:
            counts[t, index[level]] += 1
    return counts, np.array(obs.places, dtype=float)


def _scale(counts: np.ndarray, sigma: np.ndarray) -> float:
    return float(np.sqrt(np.sum(counts @ sigma ** 2) + len(counts) * BETA ** 2))


def game_gradient(obs: Observation, ratings: dict[int, Rating]) -> tuple[float, dict[int, float]]:
    """One game's log-likelihood at ``ratings`` and its gradient in each level's mu (c from the
    ratings' sigmas). openskill's update of a player's mu after that game is their sigma^2 times this
    gradient (sigma already widened by tau): the fit climbs the same slope, over every game at once."""
    levels = sorted(ratings)
    index = {level: i for i, level in enumerate(levels)}
    counts, places = _arrays(obs, index)
    theta = np.array([ratings[level].mu for level in levels])
    sigma = np.array([ratings[level].sigma for level in levels])
    value, gradient, _ = _terms(counts, places, theta, _scale(counts, sigma))
    return float(value), {level: float(gradient[i]) for level, i in index.items()}


def fit_levels(observations: Iterable[Observation], rounds: int = 4, iterations: int = 100,
               tolerance: float = 1e-10) -> FitResult:
    """The ratings of the levels that play in ``observations`` that best explain them (see the module
    notes)."""
    tally = Counter(observations)
    levels = sorted({level for obs in tally for side in obs.sides for level in side})
    index = {level: i for i, level in enumerate(levels)}
    games = [(*_arrays(obs, index), count)  # in a fixed order: the sums come out the same to the last bit
             for obs, count in sorted(tally.items(), key=lambda item: (item[0].sides, item[0].places))]
    theta = np.full(len(levels), MU)
    sigma = np.zeros(len(levels))
    prior = 1.0 / SIGMA ** 2
    used = 0
    for _ in range(rounds):
        scales = [_scale(counts, sigma) for counts, _, _ in games]
        for used in range(1, iterations + 1):
            _, gradient, hessian = _likelihood(games, scales, theta)
            gradient -= prior * (theta - MU)
            hessian -= prior * np.eye(len(levels))
            step = np.linalg.solve(hessian, gradient)
            theta = theta - step
            if np.abs(step).max() < tolerance:
                break
        _, _, hessian = _likelihood(games, scales, theta)
        covariance = np.linalg.inv(prior * np.eye(len(levels)) - hessian)
        centre = np.eye(len(levels)) - 1.0 / len(levels)
        new_sigma = np.sqrt(np.maximum(np.diag(centre @ covariance @ centre), 0.0))
        settled = np.abs(new_sigma - sigma).max() < 1e-6
        sigma = new_sigma
        if settled:
            break
    value = _likelihood(games, scales, theta)[0]
    ratings = {level: Rating(float(theta[i]), float(sigma[i])) for level, i in index.items()}
    return FitResult(ratings, float(value), used)


__all__ = ["FitResult", "Observation", "fit_levels", "game_gradient"]
