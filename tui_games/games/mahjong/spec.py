"""Mahjong: catalogue entry (no kernels imported here).

One state is one hand; ``length`` makes a game of hands (a hanchan, an east-only game, or one hand), which
sets each hand's internal parameters (dealer, round wind, honba, riichi sticks, the four scores).
``rules`` = ``simple`` plays RLCard's simple game (no riichi, dora or yaku; every win counts the same).
"""

from tui_games.core.spec import GameSpec, Param, Peer

WINDS = ("east", "south", "west", "north")
"""The round winds, as the ``round_wind`` parameter names them."""

SPEC = GameSpec(
    id="mahjong",
    title="Mahjong",
    group="Card games",
    description="Riichi mahjong as Tenhou plays it: four sets and a pair, scored by yaku, han and fu.",
    package=__package__,
    peer=Peer("rlcard", "mahjong", (), (("rules", "simple"), ("length", "hand"))),
    min_players=4,
    max_players=4,
    max_level=3,
    level_names=("Gentle", "Efficient", "Expert"),
    top_ai="push or fold in points: win odds from self-play, danger read on sampled hidden hands",
    params=(
        Param("rules", "riichi", "riichi: Tenhou's ranked rules (red fives, open tanyao, riichi, dora); simple: "
              "RLCard's reading, four sets and a pair win, every win alike", choices=("riichi", "simple")),
        Param("length", "hanchan", "hanchan: the East and South rounds; east: the East round; hand: one hand "
              "(simple rules: 8, 4 or 1 hands)", choices=("hanchan", "east", "hand")),
        Param("dealer", 0, "the dealer's seat (a game sets it hand by hand)", minimum=0, maximum=3, internal=True),
        Param("round_wind", "east", "the round wind (a game sets it)", choices=WINDS, internal=True),
        Param("honba", 0, "honba counters on the table (a game sets them)", minimum=0, maximum=999, internal=True),
        Param("sticks", 0, "riichi sticks on the table (a game sets them)", minimum=0, maximum=100, internal=True),
        *(Param(f"score_{seat}", 25000, f"Player {seat + 1}'s points at the start of the hand (a game sets them)",
                minimum=0, maximum=100000, internal=True) for seat in range(4)),
    ),
    deterministic=False,
    perfect_information=False,
    simultaneous=True,
    allow_undo=False,
    max_plies=400,
    order=36,
    secrets="tiles",
    figure_labels=(("deals", "hand"), ("games", "game"), ("hands_won", "hands won"), ("dealt_in", "dealt in"),
                   ("riichi", "riichi"), ("points", "point change"), ("best_hand", "best hand")),
    rate_figures=("hands_won", "dealt_in", "riichi"),
    view=".view:MahjongView",
)
"""The catalogue entry."""
