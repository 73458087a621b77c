"""Dou Dizhu: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="doudizhu",
    title="Dou Dizhu",
    group="Card games",
    description="Fight the landlord: three players, one landlord against two peasants; the first to shed "
                "every card wins for their side.",
    package=__package__,
    peer=Peer("rlcard", "doudizhu", (), (("bidding", "rlcard"),)),
    min_players=3,
    max_players=3,
    max_level=4,
    level_names=("Gentle", "Rule player", "Card counter", "Master"),
    top_ai="determinized Monte Carlo search with rule-player playouts",
    params=(
        Param("bidding", "auction", "auction: a random first bidder, each seat bids 1-3 or passes once, "
              "the stake doubles for every bomb and a spring; rlcard: RLCard 1.2.0's reading, seat 0 is "
              "the landlord, the winning side scores 1", choices=("auction", "rlcard")),
    ),
    deterministic=False,
    perfect_information=False,
    allow_undo=False,
    order=35,
    max_plies=20_000,
    figure_labels=(("deals", "hand"), ("hands_won", "hands won"), ("points", "points"),
                   ("landlord", "as landlord"), ("landlord_won", "won as landlord"), ("springs", "springs")),
    view=".view:DoudizhuView",
)
"""The catalogue entry."""
