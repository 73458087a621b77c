"""Limit Texas Hold'em: its catalogue entry, which ``spec.py`` re-exports for the menu; no kernels
imported here."""

from tui_games.core.poker_figures import FIGURE_LABELS, RATE_FIGURES
from tui_games.core.spec import GameSpec, Param, Peer
from tui_games.engine.cards.seat_params import LIMIT_HEADS_UP, button_param, stack_params

SPEC = GameSpec(
    id="limit-holdem",
    title="Limit Texas Hold'em",
    group="Card games",
    description="Hold'em with fixed bets: blinds 1/2, bets of 2, then 4 on the turn and river.",
    package=__package__,
    peer=Peer("openspiel", "universal_poker", LIMIT_HEADS_UP),
    top_ai="equity against likely hands, reading each opponent over the sitting",
    view=".view:LimitHoldemView",
    largest_params=(("players", 10),),
    min_players=2,
    max_players=10,
    max_level=3,
    level_names=("Loose", "Solid", "Shark"),
    params=(
        Param("players", 2, "seats at the table", minimum=2, maximum=10),
        button_param(),
        *stack_params("the buy-in, 1000", 100000),
    ),
    deterministic=False,
    perfect_information=False,
    order=21,
    seats_param="players",
    allow_undo=False,
    figure_labels=FIGURE_LABELS,
    rate_figures=RATE_FIGURES,
)
