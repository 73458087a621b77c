"""Yavalath: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import SWITCH, GameSpec, Param

SPEC = GameSpec(
    id="yavalath",
    title="Yavalath",
    group="Board games",
    description="Place stones on a hexagon of 61 cells: four in a row wins, but three in a row loses.",
    package=__package__,
    min_players=2,
    max_players=3,
    max_level=4,
    level_names=("Beginner", "Casual", "Club", "Expert"),
    top_ai="Monte Carlo tree search with forced-move rules, 1.5 s a move",
    seat_names=("White", "Black", "Red"),
    params=(
        Param("players", 2, "number of players", minimum=2, maximum=3),
        Param("swap", "on", "pie rule: Black may take over White's first stone", choices=SWITCH,
              applies_when=("players", "2")),
    ),
    seats_param="players",
    view=".view:YavalathView",
    largest_params=(("players", 3),),
    order=75,
)
