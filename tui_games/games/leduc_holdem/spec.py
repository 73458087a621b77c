"""Leduc Hold'em: catalogue entry (no kernels imported here)."""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="leduc-holdem",
    title="Leduc Hold'em",
    group="Card games",
    description="Six-card poker for two: one private card, one public card, two betting rounds.",
    package=__package__,
    peer=Peer("openspiel", "leduc_poker", (), (("betting", "ante"),)),
    view=".view:LeducView",
    min_players=2,
    max_players=2,
    max_level=3,
    level_names=("Maniac", "Loose-passive", "Equilibrium"),
    top_ai="a Nash equilibrium computed by CFR+",
    params=(
        Param("betting", "blinds", "blinds: a random seat posts 1, the other 2, the small blind acts first "
              "(RLCard); ante: both ante 1, Player 1 acts first in both rounds (OpenSpiel)",
              choices=("blinds", "ante")),
        Param("stack_1", 100, "Player 1's chips at the start (a sitting carries them from hand to hand)",
              minimum=1, maximum=100000),
        Param("stack_2", 100, "Player 2's chips at the start (a sitting carries them from hand to hand)",
              minimum=1, maximum=100000),
    ),
    deterministic=False,
    perfect_information=False,
    seat_names=("Player 1", "Player 2"),
    order=20,
    allow_undo=False,
    figure_labels=(("chips", "net chips"), ("deals", "hand"), ("games", "sitting")),
)
