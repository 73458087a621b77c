"""Nim: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="nim",
    title="Nim",
    group="Board games",
    description="Take 1..M items from one heap; whoever takes the last item wins.",
    package=__package__,
    peer=Peer("openspiel", "nim", (("pile_sizes", "5;5;5"), ("is_misere", False)),
              (("heaps", 3), ("size", 5), ("max_take", 5))),
    min_players=2,
    max_players=2,
    max_level=3,
    level_names=("Beginner", "Casual", "Perfect"),
    top_ai="plays by the nim-sum: it never lets a won position go",
    seat_names=("Black", "White"),
    params=(
        Param("heaps", 3, "number of heaps (N)", minimum=1, maximum=8),
        Param("size", 5, "items in each heap at the start (S)", minimum=1, maximum=15),
        Param("max_take", 3, "most items one move may take (M)", minimum=1, maximum=15),
    ),
    order=30,
    view=".view:NimView",
    largest_params=(("heaps", 8), ("size", 15), ("max_take", 15)),
)
