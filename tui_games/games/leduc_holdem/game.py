"""Leduc Hold'em state: the protocol adapter over rules.py, read-only views for the card table, and
the sitting (a series of hands with stacks carried over).

Action ids: 0 fold, 1 check or call, 2 bet or raise (OpenSpiel's). Chance outcomes: with blinds the
first is the seat that posts the small blind (0 or 1); then cards ``c`` 0..5, rank ``c // 2`` (J, Q,
K) and suit ``c % 2`` (spades, hearts), named like the 52-card deck: "Js", "Jh", "Qs", "Qh", "Ks", "Kh".
"""

from __future__ import annotations

from dataclasses import replace

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.series import SeriesRules, SeriesTarget, Standing
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.names import RANK_WORDS, card_id, card_name as deck_card_name, parse_card
from tui_games.engine.cards.table_views import TableViews
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE
from tui_games.games.leduc_holdem import rules
from tui_games.games.leduc_holdem.rules import TABLE

BETTING_VARIANTS = {"ante": rules.ANTE, "blinds": rules.BLINDS}
"""The ``betting`` parameter's values and their kernel codes."""
STACK_PARAMS = ("stack_1", "stack_2")
"""The parameters holding each seat's chips at the start of the hand."""
DEFAULT_STACK = 100
"""Chips each seat sits down with (OpenSpiel's leduc_poker gives each player 100)."""

RANK_NAMES = "JQK"
DECK_RANKS = (9, 10, 11)
"""The 52-card rank index of J, Q and K (names.RANKS)."""
DECK_SUITS = (3, 2)
"""Leduc suit 0 is spades, suit 1 hearts (RLCard's two suits), as 52-card suit indices."""


# ----- cards ----------------------------------------------------------------------------------------------
def deck_card(card: int) -> int:
    """The 52-card id (names.card_id) of Leduc card ``card`` 0..5, for names and card faces."""
    if not 0 <= card < rules.NUM_CARDS:
        raise ValueError(f"{card!r} is not a Leduc card (0..5)")
    return card_id(DECK_RANKS[card // 2], DECK_SUITS[card % 2])


def card_name(card: int) -> str:
    """'Js', 'Jh', 'Qs', 'Qh', 'Ks' or 'Kh'."""
    return deck_card_name(deck_card(card))


def leduc_card(text: str) -> int:
    """The Leduc card (0..5) named by ``text`` ('Ks', 'qh', 'K♠'); InvalidMoveError for a card that is
    not in the six-card deck or no card at all."""
    card = parse_card(text)
    for leduc in range(rules.NUM_CARDS):
        if deck_card(leduc) == card:
            return leduc
    raise InvalidMoveError(f"{text.strip()!r} is not in the Leduc deck: its cards are "
                           + ", ".join(card_name(c) for c in range(rules.NUM_CARDS)))


def rank_word(card: int) -> str:
    """'jack', 'queen' or 'king'."""
    return RANK_WORDS[DECK_RANKS[card // 2]]


def hand_name(card: int, public: int | None) -> str:
    """What a private card makes with the public card: 'Pair of kings', 'Queen high'."""
    if public is not None and card // 2 == public // 2:
        return f"Pair of {rank_word(card)}s"
    return f"{rank_word(card).capitalize()} high"


class LeducState(TableViews, KernelState):
    """One hand of Leduc Hold'em, with read-only views for the card table (the betting table's
    stacks, pot, bets, blinds and folds come from :class:`TableViews`).

    On a seat's view (``observation(seat).state``) the other seat's card reads as face down (None)
    until a showdown shows it.
    """

    __slots__ = ()
    TABLE_AT = TABLE

    # ----- the table ------------------------------------------------------------------------------------
    @property
    def betting(self) -> str:
        """'ante' or 'blinds'."""
        return "ante" if self.field("betting") == rules.ANTE else "blinds"

    @property
    def round(self) -> int:
        """The betting round: 0 before the public card, 1 after it."""
        return self.field("round")

    @property
    def started(self) -> bool:
        """True once the antes or blinds are in (with blinds, after chance picked the small blind)."""
        return self.field("phase") != rules.PHASE_BUTTON

    @property
    def button(self) -> int | None:
        """The dealer button's seat (with blinds: the small blind; with antes: seat 1, who acts second);
        None before it is known."""
        return self._table(bt.BUTTON) if self.started else None

    def all_in(self, seat: int) -> bool:
        """True when ``seat`` has every chip it had in the pot."""
        return self.started and self._table(bt.STACKS, seat) == 0 and self._table(bt.TOTALS, seat) > 0

    @property
    def raise_total(self) -> int | None:
        """The chips the seat to act would have in the pot after a bet or raise, None when it may not."""
        if self.current_player < 0 or bt.raise_error(self.array, TABLE) != bt.OK:
            return None
        return bt.raise_total(self.array, TABLE, rules.RAISE)

    @property
    def raise_size(self) -> int:
        """This round's fixed bet and raise (2 in the first round, 4 in the second)."""
        return rules.RAISES[self.round]

    # ----- cards ------------------------------------------------------------------------------------------
    def has_card(self, seat: int) -> bool:
        """True once ``seat`` has been dealt its private card (face up or down)."""
        return seat < self.field("dealt")

    def hole_card(self, seat: int) -> int | None:
        """``seat``'s private card 0..5 where this state shows it; None when not dealt or face down."""
        card = self.field("cards")[seat]
        return card if card >= 0 and self.has_card(seat) else None

    @property
    def public_card(self) -> int | None:
        """The public card 0..5 once it is turned up."""
        card = self.field("public")
        return card if card >= 0 else None

    def private_cards(self, player: int) -> list[str]:
        """``player``'s private card as a name list (['Ks']); empty before the deal or where this view
        does not show it."""
        card = self.hole_card(player)
        return [] if card is None else [card_name(card)]

    def public_cards(self) -> list[str]:
        """The public card as a name list (['Qh']), empty before the second round."""
        card = self.public_card
        return [] if card is None else [card_name(card)]

    @property
    def showdown(self) -> bool:
        """True once the hand ended with both cards shown."""
        return bool(self.field("showdown"))

    def hand_name(self, seat: int) -> str | None:
        """What ``seat``'s card makes ('Pair of kings', 'Queen high'), where this view shows it."""
        card = self.hole_card(seat)
        return None if card is None else hand_name(card, self.public_card)

    def hand_cards(self, seat: int) -> list[int]:
        """The cards that make ``seat``'s hand: its card and the public card for a pair, else its card."""
        card = self.hole_card(seat)
        if card is None:
            return []
        public = self.public_card
        return [card, public] if public is not None and public // 2 == card // 2 else [card]


# ----- hooks for the generic adapter -----------------------------------------------------------------
SMALL_BLIND_POST = " posts the small blind"
"""How the button's chance outcome is named after the seat ('Player 1 posts the small blind')."""


def _name_action(state: KernelState, action: int) -> str:
    s: LeducState = state  # type: ignore[assignment]
    if s.current_player == CHANCE:
        if int(s.array[rules.PHASE]) == rules.PHASE_BUTTON:
            if action in (0, 1):
                return f"{s.spec.seat_name(action)}{SMALL_BLIND_POST}"
            raise IllegalActionError(_why_illegal(s, action))
        if not 0 <= action < rules.NUM_CARDS:
            raise IllegalActionError(_why_illegal(s, action))
        return card_name(action)
    if s.current_player < 0:
        raise IllegalActionError("the hand is over: no action is named now")
    return bt.action_text(s.array, TABLE, action)


def _read_action(state: KernelState, text: str) -> int:
    s: LeducState = state  # type: ignore[assignment]
    if s.current_player == CHANCE:
        if int(s.array[rules.PHASE]) == rules.PHASE_BUTTON:
            word = text.strip().lower().removesuffix(SMALL_BLIND_POST)
            for seat in range(s.num_players):
                if word in (s.spec.seat_name(seat).lower(), str(seat + 1)):
                    return seat
            raise InvalidMoveError(f"{text!r} names no seat for the small blind: "
                                   + " or ".join(s.spec.seat_name(seat) for seat in range(s.num_players)))
        return leduc_card(text)
    if s.is_terminal:
        raise InvalidMoveError("the hand is over")
    return bt.parse_action(s.array, TABLE, text)


def _why_illegal(state: KernelState, action: int) -> str:
    s: LeducState = state  # type: ignore[assignment]
    if s.current_player == CHANCE:
        if int(s.array[rules.PHASE]) == rules.PHASE_BUTTON:
            return f"the small blind is seat 0 or 1, not {action}"
        if 0 <= action < rules.NUM_CARDS:
            return f"{card_name(action)} is not in the deck any more"
        return f"{action} is not a card: the six cards are 0..5"
    reason = bt.explain(s.array, TABLE, action)
    return reason or f"{action} is not allowed now"


def _audience(state: KernelState, action: int) -> int:
    """A private card is seen by the seat it is dealt to; everything else by everyone."""
    if state.current_player == CHANCE and int(state.array[rules.PHASE]) == rules.PHASE_DEAL:
        return int(state.array[rules.DEALT])
    return EVERYONE


def _observe(state: KernelState, player: int) -> str:
    s: LeducState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    lines = [f"Leduc Hold'em ({s.betting}), round {s.round + 1} of 2, pot {s.pot}"]
    public = s.public_card
    lines.append("Public card: " + (card_name(public) if public is not None else "none yet"))
    for seat in range(s.num_players):
        card = s.hole_card(seat)
        shown = card_name(card) if card is not None else ("??" if s.has_card(seat) else "-")
        marks = [mark for mark, on in (("button", s.button == seat), ("folded", s.folded(seat)),
                                       ("all in", s.all_in(seat))) if on]
        you = " (you)" if seat == player else ""
        lines.append(f"{name(seat)}{you}: {shown}, {s.stacks[seat]} chips, {s.committed[seat]} in the pot"
                     + (f" ({', '.join(marks)})" if marks else ""))
    if s.current_player >= 0:
        options = ", ".join(s.action_to_string(a) for a in s.legal_actions())
        lines.append(f"{name(s.current_player)} to act: {options}")
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    betting = params.get("betting", "blinds")
    if betting not in BETTING_VARIANTS:
        raise InvalidParameterError(f"betting must be ante or blinds (got {betting!r})")
    stacks = [int(params.get(name, DEFAULT_STACK)) for name in STACK_PARAMS]
    if min(stacks) < 1:
        raise InvalidParameterError(f"every seat needs at least one chip (stacks {stacks})")
    return rules.initial_state(BETTING_VARIANTS[betting], stacks[0], stacks[1])


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    audience=_audience,
    hidden_name="a face-down card",
)


def figures(state: LeducState, seat: int) -> SeatFigures:
    """The chips ``seat`` won or lost in the hand."""
    return SeatFigures(chips=state.returns()[seat])


def result_text(state: LeducState) -> str:
    """One line for a finished hand: 'Player 1 wins 7 with a pair of kings', 'Player 2 folds: Player 1
    wins 3', 'Split pot: king high each'."""
    name = state.spec.seat_name
    results = state.returns()
    winners = [seat for seat, chips in enumerate(results) if chips > 0]
    if not winners:
        if state.showdown:
            return f"Split pot: {state.hand_name(0).lower()} each"
        return "No chips changed hands"
    winner = winners[0]
    if not state.showdown:
        loser = 1 - winner
        return f"{name(loser)} folds: {name(winner)} wins {results[winner]:g}"
    return f"{name(winner)} wins {results[winner]:g} with {_article(state.hand_name(winner))}"


def _article(hand: str | None) -> str:
    """'a pair of kings', 'king high'."""
    if hand is None:
        return "the better hand"
    return ("a " + hand[0].lower() + hand[1:]) if hand.startswith("Pair") else hand.lower()


# ----- the sitting ---------------------------------------------------------------------------------------
def _opening(seats: int, params: dict) -> Standing:
    """Before the first hand: nobody has won or lost; each seat's stack is its buy-in."""
    buy_ins = [int(params.get(name, DEFAULT_STACK)) for name in STACK_PARAMS[:seats]]
    return Standing(scores=tuple(0.0 for _ in range(seats)),
                    facts={"stacks": buy_ins, "buy_ins": buy_ins, "rebuys": [0] * seats})


def _add_hand(standing: Standing, returns: tuple[float, ...]) -> Standing:
    """After a hand: the net chips add up; each stack moves by its result, and a seat left with no
    chips buys in again for its first buy-in (counted in ``facts['rebuys']``)."""
    moved = SITTING.default_add(standing, returns)
    facts = standing.facts
    stacks = [int(round(stack + gain)) for stack, gain in zip(facts["stacks"], returns)]
    rebuys = list(facts["rebuys"])
    for seat, stack in enumerate(stacks):
        if stack <= 0:
            stacks[seat] = facts["buy_ins"][seat]
            rebuys[seat] += 1
    return replace(moved, facts={**facts, "stacks": stacks, "rebuys": rebuys})


def _next_hand(standing: Standing, params: dict) -> dict:
    """The next hand's parameters: the match's, with the stacks carried over."""
    stacks = standing.facts["stacks"]
    return {**params, **{name: stacks[seat] for seat, name in enumerate(STACK_PARAMS)}}


SITTING = SeriesRules(target=SeriesTarget.open_ended(), deal_name="hand", score_name="chips",
                      opening=_opening, add_deal=_add_hand, next_params=_next_hand)
"""A sitting at the table: hands until the player leaves. Each seat's score is its net chips; the
stacks carry over from hand to hand (``facts['stacks']``), and a seat that loses every chip buys in
again. Each hand is dealt with a seed of its own."""

DEFINITION = GameDefinition(
    state_class=LeducState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.leduc_holdem.ai"),
    result_text=result_text, figures=figures, series=SITTING,
)
"""A sitting of Leduc hands between two seats."""

__all__ = ["BETTING_VARIANTS", "DEFAULT_STACK", "DEFINITION", "KERNELS", "LeducState", "SITTING", "STACK_PARAMS",
           "card_name", "deck_card", "figures", "hand_name", "leduc_card", "result_text"]
