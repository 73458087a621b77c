"""Hex: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param, Peer, SWITCH

SPEC = GameSpec(
    id="hex",
    title="Hex",
    group="Board games",
    description="Join your two sides of a rhombus of hexagons with an unbroken chain; there are no draws.",
    package=__package__,
    peer=Peer("openspiel", "hex", (("board_size", 11), ("swap", False)), (("size", 11), ("swap", "off"))),
    min_players=2,
    max_players=2,
    max_level=4,
    level_names=("Beginner", "Casual", "Club", "Expert"),
    top_ai="Monte Carlo search with RAVE, 2 s a move; perfect up to 5x5",
    seat_names=("Black (X)", "White (O)"),
    params=(
        Param("size", 11, "the board's side N (N x N cells)", minimum=2, maximum=19),
        Param("swap", "on", "pie rule: White may take over Black's first stone", choices=SWITCH),
    ),
    view=".view:HexView",
    largest_params=(("size", 11),),
    order=50,
)
