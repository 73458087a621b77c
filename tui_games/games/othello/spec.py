"""Othello: catalogue entry (no kernels imported here), with the ``position`` parameter's checks."""

from tui_games.core.errors import InvalidParameterError
from tui_games.core.spec import GameSpec, Param, Peer

START = "start"
"""The ``position`` parameter's default: the standard start (the same as :data:`START_POSITION`)."""
START_POSITION = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"
"""The standard start written out: white on d4 and e5, black on d5 and e4, black (X) to move."""


def check_position(value: object) -> str:
    """``value`` as a position: 'start' (the standard start), or 64 letters X, O or - for a1, b1,
    ... h8 (row by row from the top left), a space, and X or O for the side to move. Letters may be
    lower case (they are raised); anything else raises InvalidParameterError saying what is wrong."""
    if not isinstance(value, str):
        raise InvalidParameterError(f"position must be text: 64 squares and the side to move (got {value!r})")
    if value.strip().lower() == START:
        return START
    parts = value.strip().upper().split()
    if len(parts) != 2 or len(parts[0]) != 64 or parts[1] not in ("X", "O"):
        raise InvalidParameterError(
            "position must be start, or 64 letters X, O or - (a1 to h8, row by row), a space and X or O to move "
            f"(got {value[:80]!r})")
    bad = sorted(set(parts[0]) - set("XO-"))
    if bad:
        raise InvalidParameterError(f"position squares must be X, O or -, not {''.join(bad)!r}")
    return f"{parts[0]} {parts[1]}"


class PositionParam(Param):
    """A board position as text (see :func:`check_position`), not a number."""

    def coerce(self, value: object) -> str:
        """The position, checked and in upper case."""
        return check_position(value)

    def describe_range(self) -> str:
        """What the parameter takes, for help and error messages."""
        return "or 64 squares X/O/- a1..h8, space, X/O to move"


SPEC = GameSpec(
    id="othello",
    title="Othello",
    group="Board games",
    description="Outflank and turn over your opponent's discs on an 8x8 board; most discs at the end wins.",
    package=__package__,
    peer=Peer("openspiel", "othello"),
    min_players=2,
    max_players=2,
    max_level=4,
    level_names=("Beginner", "Casual", "Club", "Expert"),
    top_ai="deep search with learned pattern weights; exact from 20 empty squares",
    params=(PositionParam("position", START, "the starting position and the side to move"),),
    seat_names=("Black (X)", "White (O)"),
    order=40,
    view=".view:OthelloView",
)
