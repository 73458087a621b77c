"""Blackjack: catalogue entry (no kernels imported here).

The number of seats is the ``seats`` parameter (``seats_param``): a match with N seats creates its
state with ``seats=N``. The ``decks`` parameter applies to the American rules only
(``applies_when``): the simple rules always deal one 52-card deck, so the new-game
dialog does not offer it and headers do not show it for them.
"""

from tui_games.core.spec import GameSpec, Param, Peer

SPEC = GameSpec(
    id="blackjack",
    title="Blackjack",
    group="Card games",
    description="Beat the dealer without going over 21; American casino rules or simple hit/stand.",
    package=__package__,
    peer=Peer("openspiel", "blackjack", (), (("rules", "simple"),)),
    min_players=1,
    max_players=3,
    max_level=3,
    level_names=("Novice", "Rule of thumb", "Optimal"),
    top_ai="the exact optimal play for the cards left in the shoe",
    params=(
        Param("rules", "american", "american: double, split, surrender, insurance; "
              "simple: hit or stand only, one 52-card deck", choices=("american", "simple")),
        Param("decks", 6, "decks in the shoe, reshuffled every round (American rules only: "
              "the simple rules deal one deck)", minimum=1, maximum=8, applies_when=("rules", "american")),
        Param("seats", 1, "independent player seats at the table, each playing the dealer",
              minimum=1, maximum=3),
    ),
    deterministic=False,
    perfect_information=False,
    seat_names=("Seat 1", "Seat 2", "Seat 3"),
    order=10,
    seats_param="seats",
    house="dealer",
    allow_undo=False,
    figure_labels=(("chips", "bankroll"), ("deals", "round"), ("games", "sitting")),
    view=".view:BlackjackView",
    largest_params=(("seats", 3),),
)
