"""64-bit Othello boards: one ``uint64`` per colour, bit ``row * 8 + col`` for a square (a1 = bit 0
at the top left, h1 = bit 7, h8 = bit 63), and the few bit operations every Othello kernel needs.

Boards are ``np.uint64`` inside kernels (the state array stores them as int64 bit patterns): every
constant here is a ``np.uint64`` so that no expression mixes signed and unsigned integers (numba
would turn such a mix into a float). Counting bits and finding the lowest set bit use the LLVM
intrinsics ``ctpop``, ``cttz`` and ``ctlz``, one machine instruction each.
"""

from tui_games.engine.jit import intrinsic, kernel, np, types
from tui_games.engine.jit import llvm_ir as ir

ZERO = np.uint64(0)
ONE = np.uint64(1)
FULL = np.uint64(0xFFFFFFFFFFFFFFFF)
NOT_A = np.uint64(0xFEFEFEFEFEFEFEFE)
"""Every square but column a (a shift towards h that wrapped lands in column a)."""
NOT_H = np.uint64(0x7F7F7F7F7F7F7F7F)
"""Every square but column h."""
COLUMN_A = ~NOT_A
"""The squares of column a."""
COLUMN_H = ~NOT_H
"""The squares of column h."""
ROW_1 = np.uint64(0x00000000000000FF)
"""The squares of row 1 (the top row)."""
ROW_8 = np.uint64(0xFF00000000000000)
"""The squares of row 8."""
INNER_COLUMNS = np.uint64(0x7E7E7E7E7E7E7E7E)
"""Columns b-g: the squares a horizontal or diagonal line of discs can run through."""
CORNERS = np.uint64(0x8100000000000081)
"""a1, h1, a8, h8."""
EDGES = np.uint64(0xFF818181818181FF)
"""The 28 squares of the outer ring (corners included)."""
X_SQUARES = np.uint64(0x0042000000004200)
"""b2, g2, b7, g7: diagonally next to a corner."""
C_SQUARES = np.uint64(0x4281000000008142)
"""b1, g1, a2, h2, a7, h7, b8, g8: next to a corner along an edge."""
QUADRANTS = np.array([0x000000000F0F0F0F, 0x00000000F0F0F0F0, 0x0F0F0F0F00000000, 0xF0F0F0F000000000],
                     dtype=np.uint64)
"""The four 4x4 quarters of the board (top left, top right, bottom left, bottom right)."""
SHIFTS = np.array([1, 8, 7, 9], dtype=np.uint64)
"""Bit distances of the four line directions: along a row, a column and the two diagonals."""
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1))
"""(row, column) steps of the eight directions: the first four go towards higher squares."""


def _rays() -> np.ndarray:
    rays = np.zeros((64, 8), dtype=np.uint64)
    for square in range(64):
        for direction, (row_step, column_step) in enumerate(STEPS):
            row, column = square // 8 + row_step, square % 8 + column_step
            while 0 <= row < 8 and 0 <= column < 8:
                rays[square, direction] |= np.uint64(1 << (row * 8 + column))
                row, column = row + row_step, column + column_step
    return rays


def _neighbourhoods() -> np.ndarray:
    return np.array([sum(1 << (r * 8 + c) for r in range(square // 8 - 1, square // 8 + 2)
                         for c in range(square % 8 - 1, square % 8 + 2)
                         if 0 <= r < 8 and 0 <= c < 8 and r * 8 + c != square) for square in range(64)],
                    dtype=np.uint64)


RAYS = _rays()
"""``RAYS[square, direction]``: the squares from ``square`` (not included) to the edge in each of the
:data:`STEPS` directions."""
NEIGHBOURHOODS = _neighbourhoods()
"""The up to eight squares next to each square (a move there turns something over only if one of them
holds an opponent disc)."""


@intrinsic
def popcount(typingctx, bits):
    """The number of set bits of a ``uint64`` board, as an int64."""
    if bits != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.uint64), codegen


@intrinsic
def lowest_square(typingctx, bits):
    """The index of the lowest set bit of a non-zero ``uint64`` board (64 for an empty board)."""
    if bits != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.uint64), codegen


@intrinsic
def highest_square(typingctx, bits):
    """The index of the highest set bit of a non-zero ``uint64`` board."""
    if bits != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        leading = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
        return builder.sub(ir.Constant(ir.IntType(64), 63), leading)

    return types.int64(types.uint64), codegen


@kernel()
def square_bit(square):
    """The board with only ``square`` (0-63) set."""
    return ONE << np.uint64(square)


@kernel()
def line_mask(i, discs):
    """The discs that may lie inside a line in direction ``i`` (SHIFTS index): all of them along a
    column, columns b-g along a row or a diagonal (so a line never wraps from h to a)."""
    if i == 1:
        return discs
    return discs & INNER_COLUMNS


@kernel()
def move_bits(mover, opponent):
    """Every empty square where ``mover`` may play (outflanking at least one ``opponent`` disc).

    Per direction, grows runs of opponent discs from the mover's discs two steps at a time
    (1 + 1 + 2 + 2 = up to 6 discs); an empty square just past a run is a move.
    """
    empty = ~(mover | opponent)
    moves = ZERO
    for i in range(4):
        d = SHIFTS[i]
        d2 = d + d
        inner = line_mask(i, opponent)
        pairs = inner & (inner << d)
        x = inner & (mover << d)
        x |= inner & (x << d)
        x |= pairs & (x << d2)
        x |= pairs & (x << d2)
        moves |= empty & (x << d)
        pairs = inner & (inner >> d)
        x = inner & (mover >> d)
        x |= inner & (x >> d)
        x |= pairs & (x >> d2)
        x |= pairs & (x >> d2)
        moves |= empty & (x >> d)
    return moves


@kernel()
def flip_bits(square, mover, opponent):
    """The opponent discs that ``mover`` turns over by playing on the empty ``square`` (0 if none:
    then the square is not a legal move).

    Along each ray from the square the first square that is not the opponent's ends the run; the
    run turns over when that square is the mover's.
    """
    flips = ZERO
    for direction in range(4):
        ray = RAYS[square, direction]
        stops = ray & ~opponent
        if stops:
            first = stops & (~stops + ONE)
            if first & mover:
                flips |= (first - ONE) & ray
        ray = RAYS[square, direction + 4]
        stops = ray & ~opponent
        if stops:
            first = ONE << np.uint64(highest_square(stops))
            if first & mover:
                flips |= ray & ~((first << ONE) - ONE)
    return flips


@kernel()
def after_move(square, mover, opponent):
    """(mover, opponent) of the position after ``mover`` plays ``square``: the sides swap, so the
    first board returned is the old opponent's discs less those turned over."""
    flips = flip_bits(square, mover, opponent)
    return opponent & ~flips, mover | flips | (ONE << np.uint64(square))


@kernel()
def board_hash(mover, opponent):
    """A multiplicative hash of both boards, as an int64."""
    h = (mover * np.uint64(0x9E3779B97F4A7C15)) ^ (opponent * np.uint64(0xC2B2AE3D27D4EB4F))
    h ^= h >> np.uint64(29)
    return np.int64(h)


@kernel()
def table_slot(mover, opponent, size):
    """The slot of a position in a table of ``size`` (a power of two) entries, by its
    :func:`board_hash` (the searches, the solver and perft key their tables by it)."""
    return board_hash(mover, opponent) & (size - 1)


@kernel()
def pick_next(squares, keys, start, n):
    """Moves the remaining move with the highest key to ``start`` (a selection-sort step: most
    cut-offs come early, so the moves after them need never be sorted)."""
    best = start
    for i in range(start + 1, n):
        if keys[i] > keys[best]:
            best = i
    if best != start:
        squares[start], squares[best] = squares[best], squares[start]
        keys[start], keys[best] = keys[best], keys[start]
