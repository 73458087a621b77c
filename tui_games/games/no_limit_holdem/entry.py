"""No-limit Texas Hold'em: its catalogue entry, which ``spec.py`` re-exports for the menu; no kernels
imported here."""

from tui_games.core.poker_figures import FIGURE_LABELS, RATE_FIGURES
from tui_games.core.spec import GameSpec, Param, Peer
from tui_games.engine.cards.seat_params import NO_LIMIT_HEADS_UP, button_param, stack_params

SPEC = GameSpec(
    id="no-limit-holdem",
    title="No-limit Texas Hold'em",
    group="Card games",
    description="Hold'em with any bet from the minimum raise to all in.",
    package=__package__,
    peer=Peer("openspiel", "universal_poker", NO_LIMIT_HEADS_UP),
    top_ai="equity against likely hands, reading each opponent over the sitting",
    view=".view:NoLimitHoldemView",
    largest_params=(("players", 10),),
    min_players=2,
    max_players=10,
    max_level=3,
    level_names=("Loose", "Solid", "Shark"),
    params=(
        Param("players", 2, "seats at the table", minimum=2, maximum=10),
        Param("stack", 100, "chips each seat buys in for, in big blinds", minimum=1, maximum=1000,
              unit="big blinds"),
        Param("big_blind", 2, "chips of the big blind (the small blind is half)", minimum=2, maximum=1000,
              unit="chips"),
        button_param(),
        *stack_params("the buy-in", 20000),
    ),
    deterministic=False,
    perfect_information=False,
    order=22,
    seats_param="players",
    allow_undo=False,
    figure_labels=FIGURE_LABELS,
    rate_figures=RATE_FIGURES,
)
