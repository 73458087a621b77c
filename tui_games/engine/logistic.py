"""Logistic regression by Newton's method, and the scores of a fitted model: what the scripts that
generate shipped tables (hand values, evaluation weights) fit and report. NumPy only, no kernels."""

from __future__ import annotations

import numpy as np


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float, iterations: int = 40,
                 tolerance: float = 1e-9) -> np.ndarray:
    """Weights minimising the mean log-loss of ``y`` (0/1) under sigmoid(``x`` @ w) plus ``l2`` |w|^2 / 2
    (no intercept: give ``x`` a column of ones for one); stops when no weight moves by ``tolerance``."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) / len(y) + l2 * w
        hessian = (x * (p * (1.0 - p))[:, None]).T @ x / len(y) + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < tolerance:
            break
    return w


def fit_scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict:
    """Log-loss, accuracy and Brier score of the model ``w`` on (``x``, ``y``), and its calibration: the
    mean prediction and the mean result in each tenth of the predictions."""
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    edges = np.quantile(p, np.linspace(0, 1, 11))
    tenth = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, 9)
    calibration = [[round(float(p[tenth == k].mean()), 3), round(float(y[tenth == k].mean()), 3)]
                   for k in range(10) if np.any(tenth == k)]
    return {"log_loss": round(float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), 4),
            "accuracy": round(float(np.mean((p > 0.5) == (y > 0.5))), 4),
            "brier": round(float(np.mean((p - y) ** 2)), 4), "calibration": calibration}


__all__ = ["fit_logistic", "fit_scores"]
