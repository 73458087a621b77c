"""How good a 2048 board looks: a per-line score summed over the 4 rows and 4 columns.

A line scores well when it has empty cells, equal neighbours ready to merge, and tiles that rise
or fall steadily along it (monotone), and it is charged for large tiles (so that merging pays).
This is the widely used row-table heuristic of expectimax 2048 players; the weights are the
usual tuned ones. :func:`build_heuristic_table` tabulates it for all 65536 packed rows.
"""

from tui_games.engine.jit import kernel, np

BASE_VALUE = 200000.0
"""Added to every line so that any living board outscores a lost one (valued 0)."""
EMPTY_WEIGHT = 270.0
"""Reward per empty cell."""
MERGE_WEIGHT = 700.0
"""Reward per tile that has an equal neighbour along the line (empty cells skipped)."""
MONOTONICITY_WEIGHT = 47.0
"""Charge for the smaller of the line's total rise and total fall (in exponent**power units)."""
MONOTONICITY_POWER = 4.0
SUM_WEIGHT = 11.0
"""Charge for large tiles: the sum of exponent**SUM_POWER over the line."""
SUM_POWER = 3.5


@kernel()
def line_heuristic(e0, e1, e2, e3):
    """The score of one line of 4 exponents (0 = empty), in order along the line."""
    line = (e0, e1, e2, e3)
    empty = 0
    merges = 0
    run = 0
    previous = 0
    total = 0.0
    for value in line:
        total += float(value) ** SUM_POWER
        if value == 0:
            empty += 1
            continue
        if value == previous:
            run += 1
        elif run > 0:
            merges += 1 + run
            run = 0
        previous = value
    if run > 0:
        merges += 1 + run
    falling = 0.0
    rising = 0.0
    for i in range(1, 4):
        before = float(line[i - 1]) ** MONOTONICITY_POWER
        after = float(line[i]) ** MONOTONICITY_POWER
        if line[i - 1] > line[i]:
            falling += before - after
        else:
            rising += after - before
    return (BASE_VALUE + EMPTY_WEIGHT * empty + MERGE_WEIGHT * merges
            - MONOTONICITY_WEIGHT * min(falling, rising) - SUM_WEIGHT * total)


@kernel()
def build_heuristic_table():
    """:func:`line_heuristic` of every packed 16-bit row (low nibble first)."""
    count = 1 << 16
    table = np.empty(count, dtype=np.float64)
    for row in range(count):
        table[row] = line_heuristic(row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, (row >> 12) & 0xF)
    return table
