"""The International Match Point (IMP) scale: a difference in duplicate points turned into IMPs, as teams
matches and the comparison with double-dummy par count it (WBF's table).

| points | IMPs | points | IMPs | points | IMPs |
|---|---|---|---|---|---|
| 0-10 | 0 | 370-420 | 9 | 1500-1740 | 17 |
| 20-40 | 1 | 430-490 | 10 | 1750-1990 | 18 |
| 50-80 | 2 | 500-590 | 11 | 2000-2240 | 19 |
| 90-120 | 3 | 600-740 | 12 | 2250-2490 | 20 |
| 130-160 | 4 | 750-890 | 13 | 2500-2990 | 21 |
| 170-210 | 5 | 900-1090 | 14 | 3000-3490 | 22 |
| 220-260 | 6 | 1100-1290 | 15 | 3500-3990 | 23 |
| 270-310 | 7 | 1300-1490 | 16 | 4000 and more | 24 |
| 320-360 | 8 | | | | |

Pure Python: the benchmark, the statistics and the AI's play all use it.
"""

from __future__ import annotations

from bisect import bisect_right

IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
             2000, 2250, 2500, 3000, 3500, 4000)
"""The least difference in points worth 1, 2, ... 24 IMPs."""
MAX_IMPS = len(IMP_STEPS)
"""The most IMPs one deal can be worth (24, from 4000 points)."""


def imps(points: int | float) -> int:
    """The IMPs a difference of ``points`` is worth, with its sign: 30 -> 1, -450 -> -10, 5000 -> 24."""
    won = bisect_right(IMP_STEPS, abs(points))
    return won if points >= 0 else -won


__all__ = ["IMP_STEPS", "MAX_IMPS", "imps"]
