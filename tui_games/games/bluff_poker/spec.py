"""Bluff poker: its catalogue entry."""

from tui_games.core.spec import GameSpec, Param

SPEC = GameSpec(
    id="bluff-poker",
    title="Bluff poker",
    group="Dice games",
    description="Three dice under a cup: outbid or outbluff the others; the first to 7 penalties loses.",
    package=__package__,
    min_players=2,
    max_players=6,
    max_level=3,
    level_names=("Honest", "Careful", "Shark"),
    top_ai="the exact odds of the dice, tuned by self-play",
    params=(
        Param("players", 3, "number of players", minimum=2, maximum=6),
        Param("penalty_limit", 7, "penalties that lose the game", minimum=1, maximum=30),
    ),
    deterministic=False,
    perfect_information=False,
    seats_param="players",
    allow_undo=False,
    secrets="dice",
    view=".view:BluffPokerView",
    largest_params=(("players", 6),),
)
"""The catalogue entry."""
