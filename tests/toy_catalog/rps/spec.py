"""Rock-paper-scissors: catalogue entry of the tests' simultaneous-move game (no kernels imported)."""

from tui_games.core.spec import GameSpec, Param

SPEC = GameSpec(
    id="rock_paper_scissors",
    title="Rock-paper-scissors",
    group="Test games",
    description="Every seat throws rock, paper or scissors at once; each throw that beats another scores.",
    package=__package__,
    min_players=2,
    max_players=3,
    max_level=2,
    level_names=("Random", "Equilibrium"),
    params=(
        Param("players", 2, "number of seats", minimum=2, maximum=3),
        Param("rounds", 1, "rounds to play", minimum=1, maximum=9),
        Param("rock_win", 1, "points a win with rock scores (other wins score 1)", minimum=1, maximum=5),
    ),
    perfect_information=False,
    simultaneous=True,
    seats_param="players",
    seat_names=("Ann", "Bob", "Cy"),
)
