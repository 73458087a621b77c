"""Tic Tac Toe: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Peer

SPEC = GameSpec(
    id="tic-tac-toe",
    title="Tic Tac Toe",
    group="Board games",
    description="Three in a row on a 3x3 grid; perfect play is a draw.",
    package=__package__,
    peer=Peer("openspiel", "tic_tac_toe"),
    min_players=2,
    max_players=2,
    max_level=3,
    level_names=("Beginner", "Casual", "Perfect"),
    top_ai="searches the whole game tree: it never loses",
    seat_names=("X", "O"),
    order=10,
    view=".view:TicTacToeView",
)
