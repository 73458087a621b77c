"""Contract Bridge state: the protocol adapter over rules.py, read-only views for the table, and the
Chicago session as a series of deals.

Actions are OpenSpiel's ids (:mod:`.constants`), named as players write them: cards "SA", "HT", "C2"
(at a chance node the card dealt), calls "pass", "X", "XX", "1C" .. "7NT". ``parse_action`` also reads
"p", "dbl", "rdbl", "1nt", "3n", cards rank first ("as", "10h") and the ids.

One state is one deal; its ``returns`` are the duplicate score of each seat's side. ``scoring``
``duplicate`` plays one deal with the ``dealer`` and ``vulnerability`` chosen; ``chicago`` (the default)
plays a session of four deals (:data:`SERIES`), which sets each deal's dealer and vulnerability and
scores the deals the Chicago way (:func:`chicago_points`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.series import Deal, SeriesRules, SeriesTarget, Standing
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE
from tui_games.games.bridge import rules, scoring
from tui_games.games.bridge.imps import imps
from tui_games.games.bridge.constants import (DOUBLE, NUM_ACTIONS, NUM_CARDS, NUM_SEATS, NUM_TRICKS, PHASE_DEAL,
                                              PHASE_PLAY, PHASES, RANKS, REDOUBLE, SEATS, SIDES, STRAINS, SUITS,
                                              VULNERABILITIES, VULNERABLE, action_name, call_name, card_name,
                                              card_rank, card_suit, parse_action)

SCORINGS = ("chicago", "duplicate")
"""The ``scoring`` parameter's values."""
SUIT_WORDS = ("club", "diamond", "heart", "spade")
"""Each suit in words, singular."""
DISPLAY_SUITS = (3, 2, 1, 0)
"""The order hands are shown in: spades, hearts, diamonds, clubs."""


def cards_of(mask: int) -> list[int]:
    """The cards of a mask as bridge players sort a hand: spades, hearts, diamonds, clubs, each from the
    ace down."""
    return [rank * 4 + suit for suit in DISPLAY_SUITS for rank in range(12, -1, -1)
            if (mask >> (rank * 4 + suit)) & 1]


def doubling_text(doubled: int) -> str:
    """'', 'X' or 'XX'."""
    return "X" * doubled


class BridgeState(KernelState):
    """One deal of Contract Bridge, with read-only views for the table."""

    __slots__ = ()

    # ----- the deal's conditions ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """'deal', 'auction', 'play' or 'over'."""
        return PHASES[int(self.array[rules.PHASE])]

    @property
    def dealer(self) -> int:
        """The seat that dealt and calls first."""
        return int(self.array[rules.DEALER])

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """(North-South vulnerable, East-West vulnerable)."""
        return bool(self.array[rules.VULNERABLE]), bool(self.array[rules.VULNERABLE + 1])

    @property
    def vulnerability(self) -> str:
        """'none', 'ns', 'ew' or 'both'."""
        flags = tuple(int(v) for v in self.vulnerable)
        return next(name for name, value in VULNERABLE.items() if value == flags)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships, North-South and East-West, who win or lose together."""
        return SIDES

    # ----- hands ----------------------------------------------------------------------------------
    def hand_mask(self, player: int) -> int | None:
        """``player``'s cards still held as a mask; None where this view may not see them."""
        mask = int(self.array[rules.HANDS + player])
        return None if mask < 0 else mask

    def hand_cards(self, player: int) -> list[int]:
        """``player``'s card ids still held, spades first, each suit from the ace down; empty where this
        view may not see the hand."""
        mask = self.hand_mask(player)
        return [] if mask is None else cards_of(mask)

    def hand(self, player: int) -> list[str]:
        """``player``'s cards still held as strings ("SA", "HT"), spades first, each suit from the ace
        down; empty where this view may not see the hand."""
        return [card_name(card) for card in self.hand_cards(player)]

    def dealt_mask(self, player: int) -> int | None:
        """``player``'s cards as dealt, as a mask; None where this view may not see them."""
        mask = int(self.array[rules.DEALT + player])
        return None if mask < 0 else mask

    def dealt_hand(self, player: int) -> list[str]:
        """``player``'s thirteen cards as dealt (the whole hand, the cards played included); empty where
        this view may not see it."""
        mask = self.dealt_mask(player)
        return [] if mask is None else [card_name(card) for card in cards_of(mask)]

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds now (public)."""
        if self.phase == "deal":
            return (self.ply + NUM_SEATS - 1 - player) // NUM_SEATS
        return NUM_TRICKS - sum(1 for seat in self.field("players")[:self.played] if seat == player)

    # ----- the auction ----------------------------------------------------------------------------
    @property
    def auction_actions(self) -> list[int]:
        """The calls made, in order, as action ids."""
        return self.field("auction")[:int(self.array[rules.CALLS])]

    @property
    def auction(self) -> list[str]:
        """The calls made, in order: 'pass', 'X', 'XX', '1C' .. '7NT'."""
        return [call_name(call) for call in self.auction_actions]

    @property
    def passed_out(self) -> bool:
        """True for a deal that ended with four passes."""
        return self.is_terminal and int(self.array[rules.LEVEL]) == 0

    @property
    def last_bid(self) -> str | None:
        """The highest bid so far with its doubling ('2H', '4SX'); None before any bid."""
        level = int(self.array[rules.LEVEL])
        if level == 0:
            return None
        return f"{level}{STRAINS[int(self.array[rules.STRAIN])]}{doubling_text(int(self.array[rules.DOUBLED]))}"

    @property
    def contract_code(self) -> str | None:
        """The final contract without its declarer ('4HX'); None before the auction ends with a bid."""
        if self.phase in ("deal", "auction") or self.passed_out:
            return None
        return self.last_bid

    @property
    def contract(self) -> str | None:
        """The contract and its declarer, '4HX by S'; None before the auction ends (and when passed out)."""
        code = self.contract_code
        return None if code is None else f"{code} by {SEATS[self.declarer]}"

    @property
    def declarer(self) -> int | None:
        """The declarer's seat once the auction has ended with a bid, else None."""
        return None if self.contract_code is None else int(self.array[rules.DECLARER])

    @property
    def dummy(self) -> int | None:
        """The dummy's seat (the declarer's partner) once there is a contract, else None."""
        declarer = self.declarer
        return None if declarer is None else (declarer + 2) % NUM_SEATS

    @property
    def strain(self) -> int | None:
        """The contract's strain (0-4: C D H S NT) once there is one."""
        return None if self.contract_code is None else int(self.array[rules.STRAIN])

    # ----- the play -------------------------------------------------------------------------------
    @property
    def seat_to_play(self) -> int | None:
        """The hand the next card comes from in the play (the dummy's when the declarer plays for it),
        the seat to call in the auction; None at the deal and once the deal is over."""
        if self.phase in ("auction", "play"):
            return int(self.array[rules.TURN])
        return None

    @property
    def played(self) -> int:
        """Cards played so far."""
        return int(self.array[rules.PLAYED])

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks won by North-South and by East-West."""
        return int(self.array[rules.TRICKS]), int(self.array[rules.TRICKS + 1])

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks won by the declaring side, once there is a contract."""
        declarer = self.declarer
        return None if declarer is None else self.tricks[declarer & 1]

    def trick_cards(self, number: int) -> list[tuple[int, str]]:
        """Trick ``number`` (0-based) as (seat, card) pairs in the order played (fewer than four for
        the trick in progress)."""
        start = number * NUM_SEATS
        end = min(start + NUM_SEATS, self.played)
        cards, seats = self.field("plays"), self.field("players")
        return [(seats[i], card_name(cards[i])) for i in range(start, end)]

    @property
    def current_trick(self) -> list[tuple[int, str]]:
        """The trick in progress as (seat, card) pairs; empty when a lead is due."""
        if self.played % NUM_SEATS == 0:
            return []
        return self.trick_cards(self.played // NUM_SEATS)

    @property
    def last_trick(self) -> list[tuple[int, str]]:
        """The last finished trick as (seat, card) pairs; empty before one."""
        finished = self.played // NUM_SEATS
        return self.trick_cards(finished - 1) if finished else []

    @property
    def trick_winners(self) -> list[int]:
        """The seat that won each finished trick."""
        return self.field("trick_winners")[:self.played // NUM_SEATS]

    # ----- the result -----------------------------------------------------------------------------
    @property
    def score(self) -> int | None:
        """Once the deal is over: the declaring side's duplicate score (0 passed out); None before."""
        if not self.is_terminal:
            return None
        return int(rules.declarer_score(self.array))

    @property
    def result(self) -> str | None:
        """Once the deal is over: '4H= +420', '3NTX-2 -500', '6S+1 +1010', 'passed out'; None before."""
        if not self.is_terminal:
            return None
        if self.passed_out:
            return "passed out"
        over = self.declarer_tricks - 6 - int(self.array[rules.LEVEL])
        made = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract_code}{made} {self.score:+d}"


# ----- names ------------------------------------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    if not 0 <= action < NUM_ACTIONS or (state.current_player == CHANCE and action >= NUM_CARDS):
        raise IllegalActionError(_why_illegal(state, action))
    return action_name(action)


def _read_action(state: KernelState, text: str) -> int:
    try:
        return parse_action(text, play=int(state.array[rules.PHASE]) in (PHASE_DEAL, PHASE_PLAY))
    except ValueError as error:
        raise IllegalActionError(str(error)) from None


def _why_illegal(state: KernelState, action: int) -> str:
    s: BridgeState = state  # type: ignore[assignment]
    if not 0 <= action < NUM_ACTIONS:
        return f"there is no action {action}: cards are 0-51, calls 52-89"
    if s.is_terminal:
        return "the deal is over"
    if s.current_player == CHANCE:
        return f"{card_name(action)} is already dealt" if action < NUM_CARDS else "chance deals a card"
    if s.phase == "auction":
        return _why_call_illegal(s, action)
    if action >= NUM_CARDS:
        return f"the auction is over: play a card, not {call_name(action)}"
    return _why_card_illegal(s, action)


def _why_call_illegal(s: BridgeState, action: int) -> str:
    if action < NUM_CARDS:
        return f"the auction is on: make a call (pass, X, XX or a bid), not a card ({card_name(action)})"
    level = int(s.array[rules.LEVEL])
    doubled = int(s.array[rules.DOUBLED])
    ours = level > 0 and int(s.array[rules.DECLARER]) % 2 == s.current_player % 2
    if action == DOUBLE:
        if level == 0:
            return "there is no bid to double"
        if ours:
            return f"you cannot double your own side's bid ({s.last_bid})"
        return f"{s.last_bid} is already {'doubled' if doubled == 1 else 'redoubled'}"
    if action == REDOUBLE:
        if level == 0 or doubled == 0:
            return "there is no double to redouble"
        if doubled == 2:
            return f"{s.last_bid} is already redoubled"
        return "only the side whose bid was doubled may redouble"
    return f"{call_name(action)} is not higher than {s.last_bid}: bid higher, or pass"


def _why_card_illegal(s: BridgeState, action: int) -> str:
    seat = s.seat_to_play
    yours = seat == s.current_player
    mask = s.hand_mask(seat) or 0
    if not (mask >> action) & 1:
        return f"{'you hold' if yours else 'the dummy holds'} no {card_name(action)}"
    led = int(rules.led_suit(s.array))
    if led >= 0 and card_suit(action) != led:
        who, holds = ("you", "you hold") if yours else ("the dummy", "it holds")
        return f"{who} must follow suit: {holds} a {SUIT_WORDS[led]}"
    return f"{card_name(action)} is not playable now"


def _audience(state: KernelState, action: int) -> int:
    """A card dealt is seen by the seat it is dealt to; every call and card played by all."""
    if state.current_player == CHANCE:
        return state.ply % NUM_SEATS
    return EVERYONE


# ----- observation ------------------------------------------------------------------------------------
def hand_text(cards: list[int]) -> str:
    """A hand by suits, spades first: 'S AK3 H T98 D - C QJ752'."""
    by_suit = {suit: "".join(RANKS[card_rank(c)] for c in cards if card_suit(c) == suit) for suit in DISPLAY_SUITS}
    return " ".join(f"{SUITS[suit]} {by_suit[suit] or '-'}" for suit in DISPLAY_SUITS)


def _observe(state: KernelState, player: int) -> str:
    s: BridgeState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    vulnerable = {"none": "none", "ns": "North-South", "ew": "East-West", "both": "both"}[s.vulnerability]
    lines = [f"Bridge: dealer {name(s.dealer)}, vulnerable {vulnerable}"]
    for seat in range(NUM_SEATS):
        you = " (you)" if seat == player else ""
        role = " (dummy)" if seat == s.dummy and s.phase != "auction" else ""
        mask = s.dealt_mask(seat) if s.is_terminal else s.hand_mask(seat)
        shown = hand_text(cards_of(mask)) if mask is not None else counted(s.hand_size(seat), "card")
        lines.append(f"{name(seat)}{you}{role}: {shown}")
    if s.auction:
        lines.append("Auction: " + " ".join(s.auction))
    if s.contract is not None:
        ns, ew = s.tricks
        lines.append(f"Contract {s.contract}; tricks NS {ns}, EW {ew}")
    if s.current_trick:
        lines.append("Trick: " + ", ".join(f"{SEATS[seat]} {card}" for seat, card in s.current_trick))
    if s.current_player >= 0:
        seat = s.seat_to_play
        doing = "to call" if s.phase == "auction" else "to play"
        line = f"{name(seat)} {doing}" if seat == s.current_player else (
            f"{name(s.current_player)} to play from {name(seat)}'s hand (dummy)")
        if s.current_player == player or s.observer is None:
            line += ": " + ", ".join(s.action_to_string(x) for x in s.legal_actions())
        lines.append(line)
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    scoring_name = str(params.get("scoring", "chicago"))
    dealer = int(params.get("dealer", 0))
    vulnerability = str(params.get("vulnerability", "none"))
    if scoring_name not in SCORINGS:
        raise InvalidParameterError(f"scoring must be one of {', '.join(SCORINGS)} (got {scoring_name!r})")
    if not 0 <= dealer < NUM_SEATS:
        raise InvalidParameterError(f"dealer must be 0-3, N E S W (got {dealer})")
    if vulnerability not in VULNERABILITIES:
        raise InvalidParameterError(f"vulnerability must be one of {', '.join(VULNERABILITIES)} "
                                    f"(got {vulnerability!r})")
    return rules.initial_state(dealer, *VULNERABLE[vulnerability])


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    audience=_audience,
    hidden_name="a card face down",
)


# ----- results ----------------------------------------------------------------------------------------
def result_text(state: BridgeState) -> str:
    """'4H= +420 by South', '3NT-2 -200 by West' (the declaring side's score), or 'Passed out: no score'."""
    if not state.is_terminal:
        return ""
    if state.passed_out:
        return "Passed out: no score"
    return f"{state.result} by {state.spec.seat_name(state.declarer)}"


def figures(state: BridgeState, seat: int) -> SeatFigures:
    """Contracts ``seat`` declared and made, contracts its side defeated, its side's duplicate score
    (a Chicago session's own points are its standing) and its side's IMPs against double-dummy par."""
    sign = 1 if seat % 2 == 0 else -1
    against_par = float(imps(state.returns()[seat] - sign * par_score(state)))
    declarer = state.declarer
    if declarer is None:
        return SeatFigures(counts={"declared": 0, "made": 0, "defeated": 0, "duplicate_points": 0.0,
                                   "imps_vs_par": against_par})
    made = state.score > 0
    ours = declarer % 2 == seat % 2
    return SeatFigures(counts={
        "declared": int(declarer == seat),
        "made": int(declarer == seat and made),
        "defeated": int(not ours and not made),
        "duplicate_points": float(state.returns()[seat]),
        "imps_vs_par": against_par,
    })


def par_score(state: BridgeState) -> int:
    """North-South's double-dummy par score of ``state``'s deal at its dealer and vulnerability (DDS
    through :mod:`.double_dummy`; a deal is solved once however many seats ask)."""
    return _par_score(tuple(state.dealt_mask(seat) for seat in range(NUM_SEATS)), state.dealer,
                      state.vulnerability)


@lru_cache(maxsize=16)
def _par_score(masks: tuple[int, ...], dealer: int, vulnerability: str) -> int:
    from tui_games.games.bridge.double_dummy import dd_table, par

    return par(dd_table([cards_of(mask) for mask in masks]), vulnerability, dealer).score


# ----- Chicago ----------------------------------------------------------------------------------------
CHICAGO_DEALS = 4
"""Deals in a Chicago session (deals passed out not counted)."""
CHICAGO_VULNERABILITY = ("none", "ew", "ns", "both")
"""Vulnerability of the session's deals 1-4: none; the dealer's side (East, then South, deals); both."""
GAME_POINTS = 100
"""Trick points below the line that make a game."""
FOURTH_DEAL_PART_SCORE = 100
"""The bonus for a part-score made on the session's fourth deal that does not complete a game."""


class DealResult(NamedTuple):
    """What a finished deal gives the Chicago score: the contract, its declarer, the declaring side's
    tricks and vulnerability (level 0: passed out)."""

    level: int
    strain: int
    doubled: int
    declarer: int
    tricks: int
    vulnerable: bool


def deal_result(state: BridgeState) -> DealResult:
    """The :class:`DealResult` of a finished deal."""
    a = state.array
    declarer = int(a[rules.DECLARER])
    if state.passed_out:
        return DealResult(0, 0, 0, -1, 0, False)
    return DealResult(int(a[rules.LEVEL]), int(a[rules.STRAIN]), int(a[rules.DOUBLED]), declarer,
                      int(a[rules.TRICKS + declarer % 2]), bool(a[rules.VULNERABLE + declarer % 2]))


def chicago_points(result: DealResult, partscores: tuple[int, int], fourth_deal: bool
                   ) -> tuple[tuple[int, int], tuple[int, int]]:
    """(points scored by NS and EW on the deal, the part-scores after it) under Chicago scoring, from
    the part-scores before it.

    A contract made scores its trick score (below the line), overtricks, the insult and slam bonuses;
    when the side's part-score and the trick score reach 100, it adds the game premium (300, 500
    vulnerable) and both sides' part-scores are wiped; otherwise the trick score is added to the side's
    part-score, with 100 more on the fourth deal. No 50 for a part-score. A contract defeated gives the
    defenders the undertrick penalty. A deal passed out scores nothing."""
    points = [0, 0]
    after = list(partscores)
    if result.level == 0:
        return (0, 0), partscores
    side = result.declarer % 2
    vulnerable = int(result.vulnerable)
    over = result.tricks - scoring.TRICKS_BOOK - result.level
    if over < 0:
        points[1 - side] = int(scoring.undertrick_penalty(-over, vulnerable, result.doubled))
        return (points[0], points[1]), partscores
    below = int(scoring.trick_score(result.level, result.strain, result.doubled))
    above = int(scoring.overtrick_score(result.strain, over, vulnerable, result.doubled)
                + scoring.insult(result.doubled) + scoring.slam_bonus(result.level, vulnerable))
    if partscores[side] + below >= GAME_POINTS:
        above += int(scoring.game_bonus(vulnerable))
        after = [0, 0]
    else:
        after[side] += below
        if fourth_deal:
            above += FOURTH_DEAL_PART_SCORE
    points[side] = below + above
    return (points[0], points[1]), (after[0], after[1])


def replay_deal(deal: Deal) -> BridgeState:
    """A finished deal of a series, replayed through the kernels."""
    from tui_games.games.bridge.spec import SPEC

    state = BridgeState(SPEC, KERNELS, deal.seed, deal.params)
    for action in deal.history:
        rules.apply_action(state.array, int(action))
    state.history = [int(action) for action in deal.history]
    return state


def _opening(seats: int, params: dict) -> Standing:
    scoring_name = params.get("scoring", "chicago")
    facts: dict = {"scoring": scoring_name}
    if scoring_name == "chicago":
        facts.update(partscores=[0, 0], passed_out=0)
        return Standing(scores=(0.0,) * seats, button=0, facts=facts)
    return Standing(scores=(0.0,) * seats, button=int(params.get("dealer", 0)), facts=facts)


def _next_deal(standing: Standing, params: dict) -> dict:
    """A Chicago deal's dealer and vulnerability follow from the deals counted so far; a duplicate deal
    keeps the match's."""
    if standing.facts.get("scoring") != "chicago":
        return params
    number = standing.deals % CHICAGO_DEALS
    return {**params, "dealer": number, "vulnerability": CHICAGO_VULNERABILITY[number]}


@dataclass(frozen=True)
class BridgeSeries(SeriesRules):
    """Chicago: four deals scored with part-scores carried towards game (a deal passed out is dealt
    again by the same dealer and not counted); duplicate: one deal, its duplicate score."""

    def target_for(self, params: dict) -> SeriesTarget:
        """Four deals for Chicago, one for duplicate."""
        return SeriesTarget.deals(CHICAGO_DEALS if params.get("scoring", "chicago") == "chicago" else 1)

    def add_finished(self, standing: Standing, deal: Deal) -> Standing:
        """The standing after a deal: a duplicate deal adds its returns; a Chicago deal its Chicago
        points (:func:`chicago_points`, read from the replayed ``deal``) to each side's seats."""
        if standing.facts.get("scoring") != "chicago":
            return replace(self.default_add(standing, deal.returns), button=standing.button)
        result = deal_result(replay_deal(deal))
        facts = dict(standing.facts)
        if result.level == 0:
            facts["passed_out"] = int(facts.get("passed_out", 0)) + 1
            return replace(standing, facts=facts)
        fourth = standing.deals == CHICAGO_DEALS - 1
        points, partscores = chicago_points(result, tuple(facts["partscores"]), fourth)
        facts["partscores"] = list(partscores)
        scores = tuple(score + points[seat % 2] for seat, score in enumerate(standing.scores))
        deals = standing.deals + 1
        return replace(standing, scores=scores, deals=deals, button=deals % NUM_SEATS, facts=facts)


SERIES = BridgeSeries(target=SeriesTarget.deals(CHICAGO_DEALS), deal_name="deal", score_name="points",
                      opening=_opening, next_params=_next_deal)
"""A Chicago session of four deals, or a single duplicate deal."""

DEFINITION = GameDefinition(
    state_class=BridgeState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.bridge.ai"),
    result_text=result_text, figures=figures, series=SERIES,
)
"""Contract Bridge: a Chicago session of four deals, or one duplicate deal."""

__all__ = ["CHICAGO_DEALS", "CHICAGO_VULNERABILITY", "DEFINITION", "KERNELS", "SERIES", "BridgeSeries",
           "BridgeState", "DealResult", "cards_of", "chicago_points", "deal_result", "figures", "hand_text", "par_score",
           "replay_deal", "result_text"]
