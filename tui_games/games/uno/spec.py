"""UNO: catalogue entry (no kernels imported here).

The number of seats is the ``players`` parameter (``seats_param``). ``target`` (points that end a match)
applies to the official rules: the RLCard reading always plays one hand.
"""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="uno",
    title="UNO",
    group="Card games",
    description="Match the top card by colour, number or symbol; the first to empty their hand wins.",
    package=__package__,
    peer=Peer("rlcard", "uno", (), (("rules", "rlcard"),)),
    min_players=2,
    max_players=10,
    max_level=3,
    level_names=("Gentle", "Rule player", "Card shark"),
    top_ai="determinized Monte Carlo search with rule-player playouts",
    params=(
        Param("players", 2, "number of seats", minimum=2, maximum=10),
        Param("rules", "official", "official: Mattel's rules (draw when you like, challenge a Wild Draw Four, "
              "points); rlcard: RLCard 1.2.0's reading, one hand won or lost", choices=("official", "rlcard")),
        Param("target", 500, "points that win the match (official rules; 0: one hand)", minimum=0,
              maximum=10000, applies_when=("rules", "official")),
    ),
    deterministic=False,
    perfect_information=False,
    seats_param="players",
    allow_undo=False,
    order=30,
    figure_labels=(("deals", "hand"), ("games", "match"), ("hands_won", "hands won"), ("points", "points")),
    view=".view:UnoView",
    largest_params=(("players", 10),),
)
"""The catalogue entry."""
