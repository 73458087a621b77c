"""2048: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Peer

SPEC = GameSpec(
    id="2048",
    title="2048",
    group="Puzzles",
    description="Slide and merge numbered tiles on a 4x4 board; reach the 2048 tile and beyond.",
    package=__package__,
    peer=Peer("openspiel", "2048"),
    min_players=1,
    max_players=1,
    max_level=4,
    level_names=("Greedy", "Tidy", "Planner", "Master"),
    top_ai="expectimax search up to 8 moves deep",
    deterministic=False,
    seat_names=("Player",),
    order=10,
    view=".view:G2048View",
)
