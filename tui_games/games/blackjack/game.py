"""Blackjack state: the protocol adapter over rules.py, with read-only views for the card table.

Action ids (fixed; 0 and 1 are OpenSpiel's): 0 hit, 1 stand, 2 double, 3 split, 4 surrender,
5 take insurance, 6 decline insurance, 7 bet. At chance nodes the outcomes are card ids 0-51,
``suit * 13 + rank`` (suits C D H S, ranks A 2 .. 9 T J Q K), named like ``"QH"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.series import SeriesRules, SeriesTarget
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE, NOBODY
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.constants import ACTION_KEYS

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RULE_SETS = {"american": rules.RULES_AMERICAN, "simple": rules.RULES_SIMPLE}

class Action(IntEnum):
    """The player's actions (0 and 1 are OpenSpiel's ids); chance outcomes are card ids 0-51."""

    HIT = rules.HIT
    STAND = rules.STAND
    DOUBLE = rules.DOUBLE
    SPLIT = rules.SPLIT
    SURRENDER = rules.SURRENDER
    INSURE = rules.INSURE
    NO_INSURANCE = rules.NO_INSURANCE
    BET = rules.BET


ACTION_NAMES = {int(action): {"INSURE": "insurance"}.get(action.name, action.name.lower().replace("_", " "))
                for action in Action}
"""Display name of each player action id: 'hit', 'stand', ... 'insurance', 'no insurance', 'bet'."""

ACTION_WORDS = {
    "hit": rules.HIT, "h": rules.HIT,
    "stand": rules.STAND, "s": rules.STAND, "stay": rules.STAND,
    "double": rules.DOUBLE, "d": rules.DOUBLE, "double down": rules.DOUBLE,
    "split": rules.SPLIT, "p": rules.SPLIT,
    "surrender": rules.SURRENDER, "r": rules.SURRENDER,
    "insurance": rules.INSURE, "insure": rules.INSURE, "i": rules.INSURE, "y": rules.INSURE,
    "yes": rules.INSURE, "take insurance": rules.INSURE,
    "no insurance": rules.NO_INSURANCE, "no": rules.NO_INSURANCE, "n": rules.NO_INSURANCE,
    "decline": rules.NO_INSURANCE,
    "bet": rules.BET, "b": rules.BET, "deal": rules.BET,
}
"""Words (and one-key shortcuts) that ``parse_action`` accepts for each player action."""

PHASE_NAMES = ("betting", "dealing", "insurance", "playing", "dealer", "over")
HAND_STATUS_NAMES = ("playing", "stood", "bust", "surrendered", "natural")
INSURANCE_NAMES = ("not offered", "declined", "taken")


class Card(NamedTuple):
    """A face-up card: rank one of 'A23456789TJQK', suit one of 'CDHS'."""

    rank: str
    suit: str

    @property
    def value(self) -> int:
        """Blackjack value: Ace 1 (or 11 in a soft total), faces 10."""
        index = RANKS.index(self.rank)
        return 10 if index >= 9 else index + 1

    @property
    def id(self) -> int:
        """The card id 0-51 used by the kernels and as chance outcome."""
        return SUITS.index(self.suit) * 13 + RANKS.index(self.rank)

    def __str__(self) -> str:
        return self.rank + self.suit


def card_from_id(card_id: int) -> Card:
    """The Card of kernel card id 0-51."""
    return Card(RANKS[card_id % 13], SUITS[card_id // 13])


def card_name(card_id: int) -> str:
    """Short name of a card id, rank then suit: 'AS', 'TD', '7H'."""
    return str(card_from_id(card_id))


def total_of(cards: list[Card] | list[int]) -> tuple[int, bool]:
    """(best total, soft) of cards given as Card or card values 1-10; soft = an Ace counts 11."""
    values = [c.value if isinstance(c, Card) else int(c) for c in cards]
    hard = sum(values)
    if 1 in values and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@dataclass(frozen=True)
class HandView:
    """One player hand as the card table shows it.

    ``status`` is 'playing', 'stood', 'bust', 'surrendered' or 'natural'; ``result`` is the settled
    net amount in base wagers, or None while the hand is still open.
    """

    cards: tuple[Card, ...]
    total: int
    soft: bool
    wager: int
    status: str
    doubled: bool
    from_split: bool
    active: bool
    result: float | None

    @property
    def total_text(self) -> str:
        """'soft 17', 'hard 16', 'bust 24', or 'blackjack' for a natural."""
        if self.status == "natural":
            return "blackjack"
        if self.total > 21:
            return f"bust {self.total}"
        return f"{'soft' if self.soft else 'hard'} {self.total}"


class BlackjackState(KernelState):
    """One round of Blackjack (American or simple rules) with read-only views for the card table."""

    __slots__ = ()

    # ----- table settings -------------------------------------------------------------------------
    @property
    def rules_name(self) -> str:
        """'american' or 'simple'."""
        return "simple" if self.field("rules") == rules.RULES_SIMPLE else "american"

    @property
    def decks(self) -> int:
        """Decks in this round's shoe."""
        return self.field("decks")

    @property
    def phase(self) -> str:
        """'betting', 'dealing', 'insurance', 'playing', 'dealer' or 'over'."""
        return PHASE_NAMES[self.field("phase")]

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe (the dealer's hole card is not counted: it is on the table)."""
        return self.field("shoe_left")

    # ----- the dealer ------------------------------------------------------------------------------
    @property
    def hole_card_revealed(self) -> bool:
        """True once the dealer has turned the hole card over (after a peek natural, or at the end)."""
        return bool(self.field("dealer_revealed"))

    @property
    def hole_card_index(self) -> int:
        """Position of the hole card among the dealer's cards (1 American, 0 simple)."""
        return 0 if self.field("rules") == rules.RULES_SIMPLE else 1

    @property
    def dealer_cards(self) -> list[Card | None]:
        """The dealer's cards in deal order; the hole card is None while it is face down."""
        cards = self.field("dealer_cards")[:self.field("dealer_n")]
        hidden = None if self.hole_card_revealed else self.hole_card_index
        return [None if i == hidden else card_from_id(card) for i, card in enumerate(cards)]

    @property
    def dealer_up_card(self) -> Card | None:
        """The dealer's face-up card once dealt."""
        index = 1 - self.hole_card_index
        if self.field("dealer_n") <= index:
            return None
        return card_from_id(self.field("dealer_cards")[index])

    @property
    def dealer_total(self) -> tuple[int, bool]:
        """(total, soft) of the dealer's visible cards."""
        return total_of([c for c in self.dealer_cards if c is not None])

    # ----- the seats -----------------------------------------------------------------------------------
    def _seat(self, seat: int) -> dict:
        """``seat``'s block by field name (``rules.SEAT_LAYOUT``; its ``hands`` a list of hand blocks)."""
        return self.field("seats")[seat]

    def hands(self, seat: int) -> list[HandView]:
        """The hands of ``seat`` (one, or up to four after splits), in play order."""
        block = self._seat(seat)
        active = self.active_hand
        views = []
        for hand, kept in enumerate(block["hands"][:block["n_hands"]]):
            cards = tuple(card_from_id(c) for c in kept["cards"][:kept["n"]])
            total, soft = total_of(list(cards))
            status = HAND_STATUS_NAMES[kept["status"]]
            settled = self.is_terminal or status in ("bust", "surrendered", "natural")
            flags = kept["flags"]
            views.append(HandView(
                cards=cards, total=total, soft=soft, wager=kept["wager"], status=status,
                doubled=bool(flags & rules.FLAG_DOUBLED), from_split=bool(flags & rules.FLAG_SPLIT),
                active=active == (seat, hand),
                result=kept["result"] / 2 if settled else None,
            ))
        return views

    @property
    def all_hands(self) -> list[list[HandView]]:
        """``hands(seat)`` for every seat."""
        return [self.hands(seat) for seat in range(self.num_players)]

    @property
    def active_hand(self) -> tuple[int, int] | None:
        """(seat, hand index) of the hand being played, during the playing phase; else None."""
        if self.field("phase") != rules.PHASE_PLAYING:
            return None
        return self.field("seat"), self.field("hand")

    def insurance(self, seat: int) -> str:
        """'not offered', 'declined' or 'taken' for ``seat``."""
        return INSURANCE_NAMES[self._seat(seat)["insurance"]]

    def insurance_result(self, seat: int) -> float | None:
        """Net insurance amount of ``seat`` in base wagers once settled (+1 won, -0.5 lost), else None."""
        if self.insurance(seat) != "taken" or self.phase in ("insurance",):
            return None
        return self._seat(seat)["insurance_result"] / 2

    def has_bet(self, seat: int) -> bool:
        """True once ``seat`` has placed its wager."""
        return bool(self._seat(seat)["bet"])

    @property
    def available_actions(self) -> list[tuple[int, str]]:
        """[(action id, name)] for the seat to move; empty at chance nodes and at the end."""
        if self.current_player < 0:
            return []
        return [(a, ACTION_NAMES[a]) for a in self.legal_actions()]

    def seat_return(self, seat: int) -> float:
        """Net chips of ``seat`` in base wagers so far (final once the round is over)."""
        return self.returns()[seat]


# ----- hooks for the generic adapter -------------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    if (state.current_player == CHANCE and not 0 <= action < rules.NUM_CARDS) or (
            state.current_player != CHANCE and action not in ACTION_NAMES):
        raise IllegalActionError(_why_illegal(state, action))
    return card_name(action) if state.current_player == CHANCE else ACTION_NAMES[action]


def _read_action(state: KernelState, text: str) -> int:
    word = " ".join(text.lower().split())
    if state.current_player == CHANCE:
        upper = word.upper()
        if len(upper) == 2 and upper[0] in RANKS and upper[1] in SUITS:
            return SUITS.index(upper[1]) * 13 + RANKS.index(upper[0])
        if word.isascii() and word.isdigit() and len(word) <= 3:
            return int(word)
        raise IllegalActionError(f"{text!r} is not a card: use rank then suit, e.g. 'QH', 'AS', '7C'")
    if word in ACTION_WORDS:
        return ACTION_WORDS[word]
    if word.isascii() and word.isdigit() and len(word) <= 3 and int(word) in ACTION_NAMES:
        return int(word)
    names = ", ".join(f"{ACTION_NAMES[a]} ({key})" for a, key in ACTION_KEYS.items())
    raise IllegalActionError(f"{text!r} is not an action: use {names}")


def _why_illegal(state: KernelState, action: int) -> str:
    s: BlackjackState = state  # type: ignore[assignment]
    if s.current_player == CHANCE:
        if 0 <= action < rules.NUM_CARDS:
            return f"no {card_name(action)} is left in the shoe"
        return f"{action} is not a card: cards are 0-51"
    if action not in ACTION_NAMES:
        return f"there is no action {action}: " + ", ".join(f"{a} {n}" for a, n in ACTION_NAMES.items())
    name = ACTION_NAMES[action]
    phase = s.phase
    if phase == "betting":
        return "place your bet first (b)"
    if action == rules.BET:
        return "bets are placed before the deal"
    if phase == "insurance":
        return "answer the insurance offer first: i to take it, n to decline"
    if action in (rules.INSURE, rules.NO_INSURANCE):
        return "insurance is only offered before play, when the dealer shows an Ace"
    if s.rules_name == "simple":
        return f"the simple rules allow only hit and stand, not {name}"
    seat, hand_index = s.active_hand or (0, 0)
    hand = s.hands(seat)[hand_index]
    if action == rules.DOUBLE:
        return "you can only double on your first two cards"
    if action == rules.SPLIT:
        if len(hand.cards) != 2:
            return "you can only split your first two cards"
        if hand.cards[0].rank != hand.cards[1].rank:
            return "you can only split a pair (two cards of the same rank)"
        return "you already have four hands: no more splits"
    if action == rules.SURRENDER:
        if hand.from_split:
            return "you cannot surrender after splitting"
        return "you can only surrender on your first two cards, as your first decision"
    return f"{name} is not allowed now"


def _describe_hand(hand: HandView) -> str:
    cards = " ".join(str(c) for c in hand.cards)
    extra = []
    if hand.wager > 1:
        extra.append(f"wager {hand.wager}")
    if hand.status != "playing":
        extra.append(hand.status)
    if hand.result is not None:
        extra.append(f"{hand.result:+g}")
    if hand.active:
        extra.append("to play")
    tail = f"  ({', '.join(extra)})" if extra else ""
    return f"{cards} = {hand.total_text}{tail}"


def _observe(state: KernelState, player: int) -> str:
    s: BlackjackState = state  # type: ignore[assignment]
    dealer = " ".join("??" if c is None else str(c) for c in s.dealer_cards) or "-"
    total, soft = s.dealer_total
    lines = [f"Dealer: {dealer}" + (f" = {'soft' if soft else 'hard'} {total}" if s.dealer_cards else "")]
    for seat in range(s.num_players):
        marker = " (you)" if seat == player else ""
        hands = s.hands(seat)
        shown = " | ".join(_describe_hand(h) for h in hands if h.cards) or "-"
        insurance = s.insurance(seat)
        ins = f"  insurance {insurance}" if insurance != "not offered" else ""
        lines.append(f"Seat {seat + 1}{marker}: {shown}{ins}")
    return "\n".join(lines)


def _audience(state: KernelState, action: int) -> int:
    if state.current_player == CHANCE and rules.next_card_is_hole_card(state.array):
        return NOBODY
    return EVERYONE


def _initial(seed: int, params: dict):
    rule_set = RULE_SETS[params.get("rules", "american")]
    decks = 1 if rule_set == rules.RULES_SIMPLE else int(params.get("decks", 6))
    seats = int(params.get("seats", 1))
    if not 1 <= seats <= rules.MAX_SEATS:
        raise InvalidParameterError(f"seats must be 1..{rules.MAX_SEATS} (got {seats})")
    return rules.initial_state(rule_set, decks, seats)


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


def figures(state: BlackjackState, seat: int) -> SeatFigures:
    """The chips ``seat`` won or lost in the round (won/lost/pushed follows from their sign)."""
    return SeatFigures(chips=state.returns()[seat])


def result_text(state: BlackjackState) -> str:
    """One line for the finished round, e.g. 'Seat 1 +1.5' or 'You win +1' for one seat."""
    results = state.returns()
    if len(results) == 1:
        chips = results[0]
        verb = "win" if chips > 0 else ("lose" if chips < 0 else "push")
        return f"You {verb} {chips:+g}" if chips else "Push"
    return ", ".join(f"{state.spec.seat_name(seat)} {chips:+g}" for seat, chips in enumerate(results))


SITTING = SeriesRules(target=SeriesTarget.open_ended(), deal_name="round", score_name="bankroll")
"""A sitting at the table: rounds until the player leaves; each seat's bankroll (in wagers, from 0) is
the sum of its rounds' returns. Each round is dealt from a fresh shoe with a seed of its own."""

DEFINITION = GameDefinition(
    state_class=BlackjackState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.blackjack.ai"),
    result_text=result_text, figures=figures, series=SITTING,
)
"""A sitting of rounds at the table, each seat against the dealer (``spec.house``)."""
