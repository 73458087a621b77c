"""The Texas Hold'em tournament: catalogue entry (no kernels imported here)."""

from tui_games.core.poker_figures import FIGURE_LABELS
from tui_games.core.spec import GameSpec, Param

MAX_SEATS = 10
"""The most players a poker table seats."""

MAX_TABLE_CHIPS = 20000
"""The most chips a tournament may hold: every no-limit 'raise to' total is an action."""

SPEC = GameSpec(
    id="holdem-tournament",
    title="Hold'em tournament",
    group="Card games",
    description="Hold'em from equal stacks until one player holds every chip; the button moves, "
                "blinds may go up.",
    package=__package__,
    view=".view:TournamentView",
    largest_params=(("players", 10),),
    min_players=2,
    max_players=MAX_SEATS,
    max_level=3,
    level_names=("Loose", "Solid", "Shark"),
    top_ai="equity against likely hands, and a memory of each opponent",
    params=(
        Param("players", 6, "players at the table", minimum=2, maximum=MAX_SEATS),
        Param("stack", 1000, "chips each player starts with", minimum=1, maximum=MAX_TABLE_CHIPS // 2,
              unit="chips"),
        Param("big_blind", 20, "chips of the big blind at the start (the small blind is half)", minimum=2,
              maximum=MAX_TABLE_CHIPS // 2, unit="chips"),
        Param("betting", "fixed", "fixed: every bet and raise is the big blind, all in when short (the "
              "seed's rule); no-limit: any raise from the minimum to all in", choices=("fixed", "no-limit")),
        Param("blinds_up_every", 0, "hands between blind levels, each doubling the blinds (0: the blinds "
              "never go up)", minimum=0, maximum=1000, unit="hands"),
    ),
    deterministic=False,
    perfect_information=False,
    order=23,
    seats_param="players",
    allow_undo=False,
    reveal_at_end=False,
    figure_labels=(*FIGURE_LABELS, ("deals", "tournament"), ("games", "tournament")),
)
