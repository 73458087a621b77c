"""Sim: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param

SPEC = GameSpec(
    id="sim",
    title="Sim",
    group="Board games",
    description="Colour the lines between K points in turn; whoever completes a triangle of their colour loses.",
    package=__package__,
    min_players=2,
    max_players=3,
    max_level=3,
    level_names=("Beginner", "Casual", "Strong"),
    top_ai="perfect play from the solved game up to 6 points, else exact endgames",
    seat_names=("Red", "Blue", "Green"),
    params=(
        Param("nodes", 6, "number of points (K)", minimum=3, maximum=12),
        Param("players", 2, "number of players", minimum=2, maximum=3),
        Param("coalition", "none", "1-2: players Blue and Green play together against Red",
              choices=("none", "1-2"), applies_when=("players", "3")),
    ),
    seats_param="players",
    view=".view:SimView",
    largest_params=(("nodes", 12), ("players", 3)),
    order=70,
)
