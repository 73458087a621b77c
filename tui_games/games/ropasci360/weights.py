"""RoPaSci 360 evaluation weights (written by scripts/ropasci360_weights.py; regenerate, do not edit).

Fitted by logistic regression to the results of 400 self-play games (35,184 positions) in 2 rounds;
held-out log loss 0.4671 against 0.6931 for a coin.
Against the weights the fit started from: 13 wins, 17 draws, 0 losses in 30 games (score 0.717).
"""

WEIGHTS = {"token": 1.0000, "throw": 1.5924, "hunt": 0.7974, "exposed": 0.3029, "invincible": 6.7448}
"""Weight of each evaluation feature (tui_games.games.ropasci360.evaluation.FEATURES), a token = 1."""
