"""Nim3P: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import SWITCH, GameSpec, Param

SPEC = GameSpec(
    id="nim3p",
    title="Nim3P",
    group="Board games",
    description="Three players take items in turn; the player after the one who takes the last item wins.",
    package=__package__,
    min_players=3,
    max_players=3,
    max_level=3,
    level_names=("Beginner", "Lookahead", "Perfect"),
    top_ai="the best max-n move, from a table of every position",
    seat_names=("Player A", "Player B", "Player C"),
    params=(
        Param("heaps", 3, "number of heaps (N)", minimum=1, maximum=6),
        Param("size", 5, "items in each heap at the start (S), also the most one move may take", minimum=1,
              maximum=9),
        Param("extra_rule", "off", "the player after the winner gets 0.2", choices=SWITCH),
    ),
    view=".view:Nim3PView",
    largest_params=(("heaps", 6), ("size", 9)),
    order=35,
)
