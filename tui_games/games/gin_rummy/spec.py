"""Gin Rummy: catalogue entry (no kernels imported here).

One state is one hand (OpenSpiel's ``gin_rummy``); ``target`` makes a match of hands (0: one hand).
"""

from tui_games.core.spec import SWITCH, GameSpec, Param, Peer

SPEC = GameSpec(
    id="gin-rummy",
    title="Gin Rummy",
    group="Card games",
    description="Draw and discard into sets and runs; knock low, or go gin.",
    package=__package__,
    peer=Peer("openspiel", "gin_rummy"),
    min_players=2,
    max_players=2,
    max_level=3,
    level_names=("Gentle", "Simple bot", "Card counter"),
    top_ai="determinized search over the hands the opponent likely holds (inferred from its discards and passes), rule-player playouts",
    params=(
        Param("knock_card", 10, "the most deadwood a knock may leave", minimum=0, maximum=10),
        Param("gin_bonus", 25, "points for going gin", minimum=0, maximum=100),
        Param("undercut_bonus", 25, "points for an undercut", minimum=0, maximum=100),
        Param("oklahoma", "off", "the first upcard's value sets the knock card (an ace: gin only)",
              choices=SWITCH),
        Param("target", 100, "points that win the match (0: one hand)", minimum=0, maximum=1000),
        Param("first", 0, "the seat dealt first, with the first upcard's option (a match sets it: the deal "
              "alternates)", minimum=0, maximum=1, internal=True),
    ),
    deterministic=False,
    perfect_information=False,
    allow_undo=False,
    max_plies=400,
    order=32,
    figure_labels=(("deals", "hand"), ("games", "match"), ("hands_won", "hands won"), ("gins", "gins"),
                   ("undercuts", "undercuts"), ("points", "points")),
    view=".view:GinRummyView",
)
"""The catalogue entry."""
