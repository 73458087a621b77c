"""Kernels for games whose seats go out one by one while the others play on (Sim, Yavalath).

Such a game keeps one ``out`` slot per seat in its state array: :data:`IN_PLAY` (0) while the seat
plays, else the order in which it went out (1 for the first seat out, 2 for the second ...). The
kernels take the offset of that field, so each game lays out its state as it likes.
"""

from tui_games.engine.header import NUM_PLAYERS, PLAYER, TERMINAL, WINNER
from tui_games.engine.jit import kernel, types

IN_PLAY = 0
"""``out[seat]`` of a seat still playing."""


@kernel(types.int64(types.int64[::1], types.int64, types.int64))
def next_in_play(s, out, seat):
    """The seat after ``seat`` (in turn order) that is not out; ``out`` is the offset of the field."""
    seats = s[NUM_PLAYERS]
    following = (seat + 1) % seats
    while s[out + following] != IN_PLAY:
        following = (following + 1) % seats
    return following


@kernel(types.int64(types.int64[::1], types.int64, types.int64))
def put_out(s, out, seat):
    """Mark ``seat`` out, after the seats already out; returns how many seats are still in."""
    seats = s[NUM_PLAYERS]
    gone = 0
    for other in range(seats):
        if s[out + other] != IN_PLAY:
            gone += 1
    s[out + seat] = gone + 1
    return seats - gone - 1


@kernel(types.void(types.int64[::1], types.int64, types.int64, types.boolean, types.boolean))
def end_move(s, out, mover, lost, board_full):
    """Finish ``mover``'s move: if it ``lost`` it goes out, and once one seat alone is left in, that seat
    wins; otherwise a full board (``board_full``) ends the game with no winner, else the next seat in
    play is to move. ``out`` is the offset of the game's out field."""
    if lost and put_out(s, out, mover) == 1:
        s[WINNER] = next_in_play(s, out, mover)
        s[PLAYER] = TERMINAL
        return
    if board_full:
        s[PLAYER] = TERMINAL
    else:
        s[PLAYER] = next_in_play(s, out, mover)


__all__ = ["IN_PLAY", "end_move", "next_in_play", "put_out"]
