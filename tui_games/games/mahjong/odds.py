"""The odds of a hand, as self-play measured them: after a discard, how often the seat goes on to win
the hand and how often it deals in, when it keeps pushing (scripts/mahjong_win_odds.py plays hands
between four tile-efficiency players of :mod:`.policy` and writes ``win_odds.json`` beside this module).

A situation is bucketed by the hand's shanten after the discard (0-3, 4 for four and more), its ukeire
(:data:`UKEIRE_EDGES`), the live tiles left (:data:`LIVE_STEP` a bucket) and how many other seats are in
riichi (0, 1, 2 or more). :func:`odds` reads both numbers for a situation.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from tui_games.engine.jit import kernel

ODDS_FILE = Path(__file__).with_name("win_odds.json")
"""The shipped table."""
SHANTEN_BUCKETS = 5
UKEIRE_EDGES = np.array([0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 17, 22, 28, 36, 46, 60], dtype=np.int64)
"""A bucket's lowest ukeire (the last bucket is 60 and more)."""
LIVE_STEP = 6
LIVE_BUCKETS = 12
"""Live tiles 0-5, 6-11 ... 66-70."""
RIICHI_BUCKETS = 3
WIN, DEAL_IN = 0, 1
SHAPE = (SHANTEN_BUCKETS, len(UKEIRE_EDGES), LIVE_BUCKETS, RIICHI_BUCKETS, 2)
"""The table: [shanten, ukeire, live, riichi, WIN / DEAL_IN]."""


@kernel()
def bucket(sh, uk, live, riichi):
    """The table indices of a situation (shanten, ukeire, live tiles left, other seats in riichi)."""
    s = min(max(sh, 0), SHANTEN_BUCKETS - 1)
    u = 0
    for i in range(UKEIRE_EDGES.shape[0]):
        if uk >= UKEIRE_EDGES[i]:
            u = i
    v = min(max(live, 0) // LIVE_STEP, LIVE_BUCKETS - 1)
    return s, u, v, min(riichi, RIICHI_BUCKETS - 1)


@kernel()
def odds(table, sh, uk, live, riichi):
    """(win, deal-in) odds of pushing on from a situation, by the table (:func:`load_odds`), read
    between the ukeire bucket's lowest ukeire and the next one's."""
    s, u, v, r = bucket(sh, uk, live, riichi)
    win = table[s, u, v, r, WIN]
    deal = table[s, u, v, r, DEAL_IN]
    if u + 1 < UKEIRE_EDGES.shape[0]:
        frac = (uk - UKEIRE_EDGES[u]) / (UKEIRE_EDGES[u + 1] - UKEIRE_EDGES[u])
        win += frac * (table[s, u + 1, v, r, WIN] - win)
        deal += frac * (table[s, u + 1, v, r, DEAL_IN] - deal)
    return win, deal


@lru_cache(maxsize=1)
def load_odds(path: Path = ODDS_FILE) -> np.ndarray:
    """The table (:data:`SHAPE`, float64) read from ``win_odds.json``."""
    data = json.loads(path.read_text())
    table = np.array(data["odds"], dtype=np.float64)
    if table.shape != SHAPE:
        raise ValueError(f"{path.name}: a table of shape {table.shape}, not {SHAPE}")
    return table


__all__ = ["DEAL_IN", "LIVE_BUCKETS", "LIVE_STEP", "ODDS_FILE", "RIICHI_BUCKETS", "SHANTEN_BUCKETS", "SHAPE",
           "UKEIRE_EDGES", "WIN", "bucket", "load_odds", "odds"]
