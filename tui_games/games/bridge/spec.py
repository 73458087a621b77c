"""Contract Bridge: catalogue entry (no kernels imported here).

One state is one deal (OpenSpiel's ``bridge``, play included); ``scoring`` makes a Chicago session of
four deals or a single duplicate deal.
"""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="bridge",
    title="Contract Bridge",
    group="Card games",
    description="Two partnerships bid a contract, then play it.",
    package=__package__,
    peer=Peer("openspiel", "bridge", (("use_double_dummy_result", False),), (("scoring", "duplicate"),)),
    min_players=4,
    max_players=4,
    max_level=3,
    level_names=("Beginner", "Club player", "Expert"),
    top_ai="a natural bidding system; play on sampled deals solved double-dummy (GIB's method)",
    params=(
        Param("scoring", "chicago", "chicago: a session of four deals, part-scores carried towards game; "
              "duplicate: one deal", choices=("chicago", "duplicate")),
        Param("dealer", 0, "the seat that deals and calls first, 0-3 = N E S W (duplicate; Chicago sets it)",
              minimum=0, maximum=3),
        Param("vulnerability", "none", "the vulnerable sides (duplicate; Chicago sets it)",
              choices=("none", "ns", "ew", "both")),
    ),
    deterministic=False,
    perfect_information=False,
    allow_undo=False,
    max_plies=423,
    seat_names=("North", "East", "South", "West"),
    order=36,
    figure_labels=(("deals", "deal"), ("games", "session"), ("declared", "contracts declared"),
                   ("made", "contracts made"), ("defeated", "contracts defeated"), ("points", "points"),
                   ("duplicate_points", "duplicate points"), ("imps_vs_par", "IMPs against par")),
    view=".view:BridgeView",
    solver=".double_dummy:SOLVER",
)
"""The catalogue entry."""
