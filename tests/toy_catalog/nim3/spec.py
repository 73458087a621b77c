"""Three-player Nim: catalogue entry of the tests' three-seat game (no kernels imported)."""

from tui_games.core.spec import GameSpec, Param

SPEC = GameSpec(
    id="three_player_nim",
    title="Three-player Nim",
    group="Test games",
    description="Three seats take 1..M items from one heap in turn; whoever takes the last item wins.",
    package=__package__,
    min_players=3,
    max_players=3,
    max_level=2,
    level_names=("Random", "Max-n"),
    params=(
        Param("heaps", 3, "number of heaps", minimum=1, maximum=4),
        Param("size", 3, "items in each heap at the start", minimum=1, maximum=5),
        Param("max_take", 2, "most items one move may take", minimum=1, maximum=3),
    ),
)
