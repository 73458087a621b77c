"""RoPaSci 360: its catalogue entry."""

from tui_games.core.spec import GameSpec

SPEC = GameSpec(
    id="ropasci360",
    title="RoPaSci 360",
    group="Board games",
    description="Rock, paper and scissors tokens on a hexagon: both sides throw, slide and swing at once.",
    package=__package__,
    min_players=2,
    max_players=2,
    max_level=3,
    level_names=("Reckless", "Greedy", "Equilibrium"),
    top_ai="a Nash equilibrium mix of each simultaneous turn",
    seat_names=("Upper", "Lower"),
    perfect_information=False,
    simultaneous=True,
    view=".view:RoPaSciView",
)
"""The catalogue entry."""
