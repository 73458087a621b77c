"""The pieces the bidding rules are written with: calls and their legality, a rule's meaning, and the
auction as the rules read it (who bid what, and what each seat's calls have shown so far).

A rule is a :class:`Bid`: a call, the words that explain it, and its :class:`Meaning` (the HCP or points,
the suit lengths and the shape it shows, with any further test the bidder's hand must pass). The bidder
takes the first rule of the situation whose meaning its hand fits and whose call is legal; the
inference reads the same meanings backwards, narrowing what each seat holds by the call it made. A
situation's rules depend on the auction only, never on the hand to call: the inference can list them
for any seat.

Calls are action ids: 52 pass, 53 double, 54 redouble, ``55 + 5 * (level - 1) + strain`` a bid (strains
C D H S NT = 0..4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from tui_games.games.bridge.constants import (BID_BASE, DOUBLE, NO_TRUMP, NUM_ACTIONS, NUM_SUITS, PASS, REDOUBLE,
                                              SUITS, VULNERABLE, bid_action, bid_level, bid_strain, call_name,
                                              parse_action)
from tui_games.games.bridge.hand_eval import Hand

Range = tuple[int, int]
"""An inclusive range, (low, high)."""
MAX_HCP = 37
"""The most HCP a hand can hold (four aces, four kings, four queens and a jack)."""
DECK_HCP = 40
"""The HCP in the deck, between the four hands."""
ANY_HCP: Range = (0, MAX_HCP)
ANY_LENGTH: Range = (0, 13)
SUPPORT_SLACK = 5
"""The most a hand's support points are likely to exceed its HCP, for reading a points range as HCP."""
TOTAL_SLACK = 3
"""The most a hand's length points are likely to add to its HCP, read the same way."""
NOTRUMP_SLACK = 1
"""The most a hand's no-trump points (a long suit's sixth card and more) are likely to add to its HCP."""

NOT_FORCING, ONE_ROUND, GAME_FORCING = 0, 1, 2
"""How forcing a bid is: partner may pass, must bid once more, or must not stop below game."""
GAME_LEVEL = (5, 5, 4, 4, 3)
"""The level of game in each strain: 5C, 5D, 4H, 4S, 3NT."""


def is_bid(call: int) -> bool:
    """Whether ``call`` is a bid (not pass, double or redouble)."""
    return BID_BASE <= call < NUM_ACTIONS


def to_call(call: int | str) -> int:
    """A call's action id from its id or its name ("1NT", "pass", "X")."""
    return call if isinstance(call, int) else parse_action(call)


def side_of(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat % 2


@dataclass(frozen=True)
class Meaning:
    """What a call shows about the caller's hand, and the test the bidder's hand must pass to make it."""

    hcp: Range = ANY_HCP
    """High-card points."""
    points: Range | None = None
    """Total points (HCP plus length points), support points when ``trumps`` is a suit, no-trump points
    when it is 4 (:meth:`~.hand_eval.Hand.points`)."""
    trumps: int | None = None
    """The agreed trump suit that ``points`` are support points for (4: no trumps)."""
    lengths: tuple[Range, ...] = (ANY_LENGTH,) * NUM_SUITS
    """Cards in each suit, clubs to spades."""
    balanced: bool = False
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    test: Callable[[Hand], bool] | None = None
    """Anything further the hand must hold that no range says (a stopper, a longest suit, aces); the
    inference cannot read it."""

    def fits(self, hand: Hand) -> bool:
        """Whether ``hand`` fits every part of the meaning."""
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        if self.points is not None and not self.points[0] <= hand.points(self.trumps) <= self.points[1]:
            return False
        if any(not lo <= n <= hi for n, (lo, hi) in zip(hand.lengths, self.lengths)):
            return False
        if self.balanced and not hand.balanced:
            return False
        return self.test is None or bool(self.test(hand))

    @property
    def says_something(self) -> bool:
        """Whether the meaning limits a range (HCP, points or a length) or the shape."""
        return (self.hcp != ANY_HCP or self.points is not None or self.balanced
                or any(r != ANY_LENGTH for r in self.lengths))

    def hcp_bounds(self) -> Range:
        """The HCP the meaning allows, its points range read as HCP with room for distribution."""
        lo, hi = self.hcp
        if self.points is not None:
            slack = (TOTAL_SLACK if self.trumps is None else NOTRUMP_SLACK if self.trumps == NO_TRUMP
                     else SUPPORT_SLACK)
            lo, hi = max(lo, self.points[0] - slack), min(hi, self.points[1])
        return lo, max(lo, hi)

    def points_bounds(self) -> Range:
        """The hand's strength for a suit contract the meaning allows: its points range, else its HCP
        range with room for distribution above."""
        if self.points is not None:
            return self.points
        return self.hcp[0], self.hcp[1] + TOTAL_SLACK

    def length_bounds(self) -> tuple[Range, ...]:
        """Each suit's length range, a balanced shape's two to five cards included."""
        if not self.balanced:
            return self.lengths
        return tuple((max(lo, 2), min(hi, 5)) for lo, hi in self.lengths)


@dataclass(frozen=True)
class Bid:
    """One rule: a call, the words that explain it, what it shows, and how forcing it is."""

    call: int
    text: str
    """The explanation after the call's name: '15-17 balanced' for '1NT: 15-17 balanced'."""
    meaning: Meaning
    tag: str = ""
    """A convention's name when the call is artificial ('stayman', 'transfer', 'blackwood' ...)."""
    forcing: int = NOT_FORCING

    @property
    def explanation(self) -> str:
        """The call's name and its meaning: '1NT: 15-17 balanced'."""
        return f"{call_name(self.call)}: {self.text}"


def rule(call: int | str, text: str, *, hcp: Range = ANY_HCP, points: Range | None = None,
         trumps: int | None = None, balanced: bool = False, test: Callable[[Hand], bool] | None = None,
         tag: str = "", forcing: int = NOT_FORCING, **suits: int | Range) -> Bid:
    """A rule written as it reads: ``rule("1S", "five or more spades", hcp=(11, 21), S=5)``. A suit
    keyword (C, D, H, S) takes a minimum length or a (low, high) range."""
    lengths = [ANY_LENGTH] * NUM_SUITS
    for letter, value in suits.items():
        lengths[SUITS.index(letter)] = (value, 13) if isinstance(value, int) else value
    meaning = Meaning(hcp, points, trumps, tuple(lengths), balanced, test)
    return Bid(to_call(call), text, meaning, tag, forcing)


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve", "thirteen")


def count_word(n: int) -> str:
    """A number of cards in words ("five")."""
    return COUNT_WORDS[n]


def holding(suit: int, low: int, high: int = 13) -> dict[str, Range]:
    """The keyword :func:`rule` takes for ``low`` to ``high`` cards in the suit numbered ``suit``:
    ``rule(call, text, **holding(suit, 5))``."""
    return {SUITS[suit]: (low, high)}


def holdings(*ranges: tuple[int, int, int]) -> dict[str, Range]:
    """:func:`holding` for several suits, each given as (suit, low, high)."""
    return {SUITS[s]: (lo, hi) for s, lo, hi in ranges}


class SeatKnowledge:
    """What one seat's calls have shown: an HCP range, a points range (its strength for a suit
    contract, as the calls counted it) and each suit's length range."""

    __slots__ = ("hcp", "points", "lengths")

    def __init__(self) -> None:
        self.hcp: Range = ANY_HCP
        self.points: Range = (0, MAX_HCP + 2 * SUPPORT_SLACK)
        self.lengths: list[Range] = [ANY_LENGTH] * NUM_SUITS

    def narrow(self, hcp: Range, points: Range, lengths: Sequence[Range]) -> None:
        """Keep only what the ranges allow; where a range contradicts what was known, the newer call
        wins (a misbid, or a rule the bidder stretched)."""
        self.hcp = _meet(self.hcp, hcp)
        self.points = _meet(self.points, (max(points[0], self.hcp[0]), points[1]))
        met = [_meet(old, new) for old, new in zip(self.lengths, lengths)]
        for candidate in (met, list(lengths), [ANY_LENGTH] * NUM_SUITS):
            if sum(lo for lo, _hi in candidate) <= 13 <= sum(hi for _lo, hi in candidate):
                self.lengths = list(candidate)
                break
        self._settle()

    def allows(self, meaning: Meaning) -> bool:
        """Whether a hand with what this seat has shown could fit ``meaning``'s ranges."""
        pairs = [(self.hcp, meaning.hcp_bounds()), (self.points, meaning.points_bounds())]
        pairs += list(zip(self.lengths, meaning.length_bounds()))
        return all(max(a[0], b[0]) <= min(a[1], b[1]) for a, b in pairs)

    def _settle(self) -> None:
        """Tighten the length ranges (which can hold thirteen cards) to what thirteen cards allow."""
        for _ in range(2):
            for s in range(NUM_SUITS):
                others_lo = sum(lo for t, (lo, _hi) in enumerate(self.lengths) if t != s)
                others_hi = sum(hi for t, (_lo, hi) in enumerate(self.lengths) if t != s)
                lo, hi = self.lengths[s]
                self.lengths[s] = (max(lo, 13 - others_hi), min(hi, 13 - others_lo))

    def as_dict(self) -> dict:
        """``{"hcp": (lo, hi), "points": (lo, hi), "lengths": {suit: (lo, hi)}}``, suits 0..3 = C D H S."""
        return {"hcp": self.hcp, "points": self.points, "lengths": dict(enumerate(self.lengths))}


def _hull(ranges: Sequence[Range]) -> Range:
    return min(lo for lo, _hi in ranges), max(hi for _lo, hi in ranges)


def _meet(old: Range, new: Range) -> Range:
    lo, hi = max(old[0], new[0]), min(old[1], new[1])
    return (lo, hi) if lo <= hi else new


class Context:
    """The auction so far as the rules read it, and the seat to call. Built call by call by the
    bidding's replay, which records the rule each call matched and narrows the caller's knowledge."""

    def __init__(self, dealer: int, vulnerability: str = "none"):
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.auction: list[int] = []
        self.rules: list[Bid | None] = []
        """The rule each call matched (None when no rule of its situation makes that call)."""
        self.knowledge = [SeatKnowledge() for _ in range(4)]
        """What each seat (N, E, S, W) has shown."""

    # -- seats ------------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The seat to call."""
        return (self.dealer + len(self.auction)) % 4

    @property
    def partner(self) -> int:
        """The partner of the seat to call."""
        return (self.seat + 2) % 4

    @property
    def lho(self) -> int:
        """The opponent on the left of the seat to call (who calls next)."""
        return (self.seat + 1) % 4

    @property
    def rho(self) -> int:
        """The opponent on the right of the seat to call (who called last)."""
        return (self.seat + 3) % 4

    def caller(self, index: int) -> int:
        """The seat that made call number ``index``."""
        return (self.dealer + index) % 4

    def ours(self, seat: int) -> bool:
        """Whether ``seat`` is the seat to call or its partner."""
        return side_of(seat) == side_of(self.seat)

    @property
    def vulnerable(self) -> bool:
        """Whether the side to call is vulnerable."""
        return bool(VULNERABLE[self.vulnerability][side_of(self.seat)])

    # -- the calls --------------------------------------------------------------------------------
    def calls(self, seat: int) -> list[int]:
        """Every call ``seat`` has made, in order."""
        return [call for i, call in enumerate(self.auction) if self.caller(i) == seat]

    def bids(self, seat: int) -> list[int]:
        """The bids ``seat`` has made (no passes or doubles), in order."""
        return [call for call in self.calls(seat) if is_bid(call)]

    def last_rule(self, seat: int) -> Bid | None:
        """The rule ``seat``'s latest call matched."""
        for i in range(len(self.auction) - 1, -1, -1):
            if self.caller(i) == seat:
                return self.rules[i]
        return None

    def last_call(self, seat: int) -> int | None:
        """``seat``'s latest call, or None before it has called."""
        calls = self.calls(seat)
        return calls[-1] if calls else None

    @property
    def last_bid(self) -> int | None:
        """The highest bid so far (the contract if the auction ended now)."""
        for call in reversed(self.auction):
            if is_bid(call):
                return call
        return None

    @property
    def last_bidder(self) -> int | None:
        """The seat that made :attr:`last_bid`."""
        for i in range(len(self.auction) - 1, -1, -1):
            if is_bid(self.auction[i]):
                return self.caller(i)
        return None

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the state of the last bid."""
        state = 0
        for call in reversed(self.auction):
            if is_bid(call):
                return state
            if call == DOUBLE:
                state = max(state, 1)
            elif call == REDOUBLE:
                state = 2
        return 0

    @property
    def opener(self) -> int | None:
        """The seat that made the first bid."""
        for i, call in enumerate(self.auction):
            if is_bid(call):
                return self.caller(i)
        return None

    @property
    def we_opened(self) -> bool:
        """Whether the side to call made the first bid."""
        opener = self.opener
        return opener is not None and self.ours(opener)

    def sequence(self) -> tuple[str, ...]:
        """Our side's calls from our first bid on, by name ('1NT', '2C', '2D'): the opener's and its
        partner's in turn, whatever the opponents called between them."""
        names: list[str] = []
        for i, call in enumerate(self.auction):
            seat = self.caller(i)
            if not self.ours(seat):
                continue
            if names or is_bid(call):
                names.append(call_name(call))
        return tuple(names)

    def suits_shown(self, seat: int, minimum: int = 4) -> list[int]:
        """The suits ``seat`` has shown ``minimum`` or more cards in."""
        return [s for s in range(NUM_SUITS) if self.knowledge[seat].lengths[s][0] >= minimum]

    def their_suits(self) -> list[int]:
        """The suits either opponent has shown four or more cards in."""
        return sorted(set(self.suits_shown(self.lho)) | set(self.suits_shown(self.rho)))

    # -- legality ---------------------------------------------------------------------------------
    def legal(self, call: int) -> bool:
        """Whether the seat to call may make ``call`` now: a bid above the last, a double of an
        opponent's undoubled bid, a redouble of an opponent's double; pass always."""
        if call == PASS:
            return True
        last, bidder = self.last_bid, self.last_bidder
        if call == DOUBLE:
            return last is not None and not self.ours(bidder) and self.doubled == 0
        if call == REDOUBLE:
            return last is not None and self.ours(bidder) and self.doubled == 1
        return is_bid(call) and (last is None or call > last)

    def legal_calls(self) -> list[int]:
        """Every legal call for the seat to call."""
        return [call for call in range(PASS, NUM_ACTIONS) if self.legal(call)]

    @property
    def over(self) -> bool:
        """Whether the auction has ended (four passes, or three after a bid)."""
        n = len(self.auction)
        if self.last_bid is None:
            return n >= 4
        return n >= 4 and all(call == PASS for call in self.auction[-3:])

    def cheapest(self, strain: int) -> int | None:
        """The lowest legal bid in ``strain`` (None above seven)."""
        last = self.last_bid
        level = 1 if last is None else bid_level(last) + (1 if strain <= bid_strain(last) else 0)
        return bid_action(level, strain) if level <= 7 else None

    def cheapest_level(self, strain: int) -> int:
        """The level of :meth:`cheapest` (8 when none is left)."""
        call = self.cheapest(strain)
        return 8 if call is None else bid_level(call)

    # -- forcing ----------------------------------------------------------------------------------
    def game_forced(self) -> bool:
        """Whether our side has made a game-forcing bid."""
        return any(rule is not None and rule.forcing == GAME_FORCING and self.ours(self.caller(i))
                   for i, rule in enumerate(self.rules))

    def below_game(self) -> bool:
        """Whether the contract is ours and below game (or nobody has bid)."""
        last = self.last_bid
        if last is None:
            return True
        return self.ours(self.last_bidder) and bid_level(last) < GAME_LEVEL[bid_strain(last)]

    def forced(self) -> bool:
        """Whether pass is no option: partner's last call was forcing and the right-hand opponent
        passed, or our side is forced to game and stands below it."""
        if len(self.auction) < 2 or self.auction[-1] != PASS:
            return False
        partner_rule = self.rules[-2]
        if partner_rule is not None and partner_rule.forcing and self.auction[-2] != PASS:
            return True
        return self.game_forced() and self.below_game() and self.last_bid is not None

    # -- the replay -------------------------------------------------------------------------------
    def record(self, call: int, matched: Sequence[Bid]) -> None:
        """Add ``call`` by the seat to call, narrowing its knowledge by every rule that makes it."""
        seat = self.seat
        if matched:
            hcp = _hull([b.meaning.hcp_bounds() for b in matched])
            points = _hull([b.meaning.points_bounds() for b in matched])
            lengths = [_hull([b.meaning.length_bounds()[s] for b in matched]) for s in range(NUM_SUITS)]
            self.knowledge[seat].narrow(hcp, points, lengths)
        if call == PASS:
            self._deck_bound(seat)
        self.auction.append(call)
        self.rules.append(matched[0] if matched else None)

    def _deck_bound(self, seat: int) -> None:
        """Cap ``seat``'s HCP at what the deck's 40 leave once the others hold what they have shown (a
        pass that no rule bounds still holds no more than that)."""
        others = sum(self.knowledge[s].hcp[0] for s in range(4) if s != seat)
        known = self.knowledge[seat]
        top = max(known.hcp[0], min(known.hcp[1], DECK_HCP - others))
        if top < known.hcp[1]:
            known.narrow((known.hcp[0], top), known.points, known.lengths)


__all__ = ["ANY_HCP", "ANY_LENGTH", "Bid", "COUNT_WORDS", "Context", "DECK_HCP", "GAME_FORCING", "GAME_LEVEL",
           "MAX_HCP", "Meaning", "NOT_FORCING", "NOTRUMP_SLACK", "NO_TRUMP", "ONE_ROUND", "Range", "SeatKnowledge",
           "SUPPORT_SLACK", "TOTAL_SLACK", "count_word", "holding", "holdings", "is_bid", "rule", "side_of", "to_call"]
