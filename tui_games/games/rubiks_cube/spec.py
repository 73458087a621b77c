"""Rubik's Cube: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param

SPEC = GameSpec(
    id="rubiks-cube",
    title="Rubik's Cube",
    group="Puzzles",
    description="Turn the faces until every side shows one colour: the 3x3 cube or the 2x2, timed, "
                "with step-by-step hints.",
    package=__package__,
    min_players=1,
    max_players=1,
    max_level=3,
    level_names=("Beginner", "Two-phase", "Shortest"),
    top_ai="optimal on the 2x2; on the 3x3 a two-phase search, 18-20 moves",
    params=(
        Param("size", 3, "2 for the 2x2 (pocket) cube, 3 for the classic 3x3", minimum=2, maximum=3),
        Param("scramble", "", "moves from the solved cube (\"R U R' F2\"); empty: a random position", text=True),
    ),
    seat_names=("Solver",),
    order=20,
    timed=True,
    figure_labels=(("games", "solve"), ("seconds", "best time"), ("moves", "fewest moves")),
    view=".view:CubeView",
)
