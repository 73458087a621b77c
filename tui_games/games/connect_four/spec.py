"""Connect Four: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Peer

SPEC = GameSpec(
    id="connect-four",
    title="Connect Four",
    group="Board games",
    description="Drop stones into a 7x6 grid; four in a row wins. The first player wins with perfect play.",
    package=__package__,
    peer=Peer("openspiel", "connect_four"),
    min_players=2,
    max_players=2,
    max_level=5,
    level_names=("Novice", "Casual", "Club", "Expert", "Perfect"),
    top_ai="solves the game exactly (bitboard solver and opening book)",
    seat_names=("Yellow (X)", "Red (O)"),
    order=20,
    view=".view:ConnectFourView",
)
