"""The Python side of a Texas Hold'em hand, shared by Limit, No-limit and the tournament: the state
adapter with read-only views for the card table, the protocol hooks (action names and parsing,
reasons, who sees which card, the observation text) and the cash-game sitting.

Each game's ``game.py`` supplies only its parameters (:func:`make_kernels` takes its ``initial``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from tui_games.core.definition import SeatFigures
from tui_games.core.errors import IllegalActionError, InvalidMoveError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.series import SeriesRules, SeriesTarget, Standing
from tui_games.engine.cards import betting as bt
from tui_games.engine.cards import holdem as rules
from tui_games.engine.cards.hand_names import describe
from tui_games.engine.cards.holdem import TABLE
from tui_games.engine.cards.holdem_equity import evaluate
from tui_games.engine.cards.names import card_name, parse_card
from tui_games.engine.cards.poker_hand import best_five
from tui_games.engine.cards.table_views import TableViews
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE

MIN_SEATS = 2
MAX_SEATS = bt.MAX_SEATS


class HoldemState(TableViews, KernelState):
    """One hand of Texas Hold'em, with read-only views for the card table.

    On a seat's view (``observation(seat).state``) other seats' hole cards are not shown (``hole_cards``
    is empty, ``has_cards`` true: face down) until a showdown shows them.
    """

    __slots__ = ()
    TABLE_AT = TABLE

    # ----- the table ------------------------------------------------------------------------------------
    @property
    def street(self) -> int:
        """0 pre-flop, 1 flop, 2 turn, 3 river."""
        return self.field("street")

    @property
    def street_name(self) -> str:
        """'pre-flop', 'flop', 'turn' or 'river'."""
        return rules.STREET_NAMES[self.street]

    @property
    def no_limit(self) -> bool:
        """True for no-limit betting, False for fixed-limit."""
        return self._table(bt.STRUCTURE) == bt.NO_LIMIT

    @property
    def big_blind(self) -> int:
        """Chips of the big blind."""
        return self._table(bt.BIG_BLIND)

    @property
    def small_blind(self) -> int:
        """Chips of the small blind."""
        return self._table(bt.SMALL_BLIND)

    @property
    def button(self) -> int:
        """The dealer button's seat."""
        return self._table(bt.BUTTON)

    def in_hand(self, seat: int) -> bool:
        """True for a seat dealt into this hand (it had chips)."""
        return bool(self._table(bt.IN_HAND, seat))

    def all_in(self, seat: int) -> bool:
        """True when ``seat`` has every chip it had in the pot."""
        return self._table(bt.STACKS, seat) == 0 and self._table(bt.TOTALS, seat) > 0

    def raise_range(self) -> tuple[int, int] | None:
        """The smallest and largest 'raise to' totals (chips in the pot this hand) the seat to act
        may reach, or None when it may not raise."""
        if self.current_player < 0:
            return None
        bounds = np.zeros(2, dtype=np.int64)
        if bt.raise_bounds(self.array, TABLE, bounds) != bt.OK:
            return None
        return int(bounds[0]), int(bounds[1])

    # ----- cards ------------------------------------------------------------------------------------------
    def hole_cards(self, seat: int) -> list[int]:
        """``seat``'s hole card ids where this state shows them (empty when not dealt or face down)."""
        at = rules.HOLE_CARDS * seat
        return [c for c in self.field("hole")[at:at + rules.HOLE_CARDS] if c >= 0]

    def has_cards(self, seat: int) -> bool:
        """True once ``seat`` has been dealt both hole cards (face up or down)."""
        dealt = self.field("dealt")
        count = int(bt.in_hand_count(self.array, TABLE))
        return self.in_hand(seat) and dealt >= rules.HOLE_CARDS * count

    @property
    def board(self) -> list[int]:
        """The community card ids turned up so far."""
        return self.field("board")[:self.field("board_count")]

    def private_cards(self, player: int) -> list[str]:
        """``player``'s hole cards as names (['As', 'Kd']); empty where this view does not show them."""
        return [card_name(c) for c in self.hole_cards(player)]

    def public_cards(self) -> list[str]:
        """The community cards as names."""
        return [card_name(c) for c in self.board]

    @property
    def hand_results(self) -> list[int]:
        """Each seat's chips won minus chips put in this hand once it is settled (all 0 before)."""
        settled = self.field("phase") == rules.PHASE_OVER
        return [int(bt.hand_result(self.array, TABLE, seat)) if settled else 0 for seat in range(self.num_players)]

    @property
    def showdown(self) -> bool:
        """True once the hand ended in a showdown."""
        return bool(self.field("showdown"))

    def hand_value(self, seat: int) -> int | None:
        """The value of ``seat``'s best five (hole cards and board) where this view shows its cards."""
        cards = self.hole_cards(seat) + self.board
        if len(self.hole_cards(seat)) < rules.HOLE_CARDS:
            return None
        return int(best_five(np.array(cards, dtype=np.int64), len(cards), np.zeros(5, dtype=np.int64))) \
            if len(cards) >= 5 else None

    def hand_name(self, seat: int) -> str | None:
        """'Two pair, kings and sevens' for ``seat`` once five or more of its cards are known to this view."""
        value = self.hand_value(seat)
        return None if value is None else describe(value)

    def best_cards(self, seat: int) -> list[int]:
        """The five cards that make ``seat``'s hand (for highlighting), where this view shows them."""
        cards = self.hole_cards(seat) + self.board
        if len(self.hole_cards(seat)) < rules.HOLE_CARDS or len(cards) < 5:
            return []
        out = np.zeros(5, dtype=np.int64)
        best_five(np.array(cards, dtype=np.int64), len(cards), out)
        return [int(c) for c in out]

# ----- hooks for the generic adapter -----------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    if state.current_player == CHANCE:
        if not 0 <= action < 52:
            raise IllegalActionError(_why_illegal(state, action))
        return card_name(action)
    if state.current_player < 0:
        raise IllegalActionError("the hand is over: no action is named now")
    return bt.action_text(state.array, TABLE, action)


def _read_action(state: KernelState, text: str) -> int:
    if state.current_player == CHANCE:
        return parse_card(text)
    if state.is_terminal:
        raise InvalidMoveError("the hand is over")
    return bt.parse_action(state.array, TABLE, text)


def _why_illegal(state: KernelState, action: int) -> str:
    if state.current_player == CHANCE:
        if 0 <= action < 52:
            return f"{card_name(action)} is not in the deck any more"
        return f"{action} is not a card: card ids are 0..51"
    reason = bt.explain(state.array, TABLE, action)
    return reason or f"{action} is not allowed now"


def _audience(state: KernelState, action: int) -> int:
    """A hole card is seen by the seat it is dealt to; everything else by everyone."""
    if state.current_player == CHANCE and int(state.array[rules.PHASE]) == rules.PHASE_DEAL:
        return int(rules.deal_seat(state.array, int(state.array[rules.DEALT])))
    return EVERYONE


def _observe(state: KernelState, player: int) -> str:
    s: HoldemState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    kind = "No-limit" if s.no_limit else "Limit"
    lines = [f"{kind} Texas Hold'em, {s.street_name}, pot {s.pot}"]
    lines.append("Board: " + (" ".join(s.public_cards()) or "none yet"))
    for seat in range(s.num_players):
        if not s.in_hand(seat):
            lines.append(f"{name(seat)}: sitting out")
            continue
        cards = " ".join(s.private_cards(seat)) or ("?? ??" if s.has_cards(seat) else "-")
        marks = [mark for mark, on in (("button", s.button == seat), ("small blind", s.small_blind_seat == seat),
                                       ("big blind", s.big_blind_seat == seat), ("folded", s.folded(seat)),
                                       ("all in", s.all_in(seat))) if on]
        you = " (you)" if seat == player else ""
        lines.append(f"{name(seat)}{you}: {cards}, {s.stacks[seat]} chips, {s.committed[seat]} in the pot"
                     + (f" ({', '.join(marks)})" if marks else ""))
    if s.current_player >= 0:
        legal = s.legal_actions()
        if s.no_limit and len(legal) > 3:
            low, high = s.raise_range() or (0, 0)
            options = ", ".join(s.action_to_string(a) for a in legal if a < 2) + f", raise to {low}..{high}"
        else:
            options = ", ".join(s.action_to_string(a) for a in legal)
        lines.append(f"{name(s.current_player)} to act: {options}")
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


def make_kernels(max_actions: int, initial: Callable[[int, dict], np.ndarray]) -> GameKernels:
    """The Hold'em kernels and hooks with a game's own ``initial(seed, params)`` and action width."""
    return GameKernels.from_rules(
        rules, evaluate=evaluate, max_actions=max_actions, initial=initial, name_action=_name_action,
        read_action=_read_action, why_illegal=_why_illegal, observe=_observe, audience=_audience,
        hidden_name="a face-down card",
    )


STACK_PARAMS = tuple(f"stack_{seat + 1}" for seat in range(MAX_SEATS))
"""The parameters holding each seat's chips at the start of the hand (a sitting carries them over);
0 or absent means the game's buy-in."""


def table_stacks(params: dict, seats: int, buy_in: int) -> list[int]:
    """Each seat's chips at the start of the hand: ``stack_1`` .. ``stack_<seats>``, ``buy_in`` where
    one is 0 or not given; InvalidParameterError for a negative stack."""
    stacks = [int(params.get(name, 0) or buy_in) for name in STACK_PARAMS[:seats]]
    if min(stacks) < 1:
        raise InvalidParameterError(f"every seat needs chips to be dealt in (stacks {stacks})")
    return stacks


def seat_count(params: dict, default: int = 2) -> int:
    """The ``players`` parameter, checked: 2..10 seats."""
    seats = int(params.get("players", default))
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidParameterError(f"players must be {MIN_SEATS} to {MAX_SEATS} (got {seats})")
    return seats


def button_seat(params: dict, seats: int) -> int:
    """The ``button`` parameter (a sitting moves it hand by hand), seat 0 when not given."""
    button = int(params.get("button", 0))
    if not 0 <= button < seats:
        raise InvalidParameterError(f"the button must be a seat 0..{seats - 1} (got {button})")
    return button


def figures(state: HoldemState, seat: int) -> SeatFigures:
    """What a finished hand adds to ``seat``'s statistics: the chips it won or lost, and the tallies a
    sitting adds up (the hand, a hand won, a showdown reached and won, the result in big blinds for
    bb/100) with the pot it won as a peak (the biggest pot)."""
    if not state.in_hand(seat):
        return SeatFigures(chips=0.0)
    net = state.hand_results[seat]
    shown = state.showdown and not state.folded(seat)
    counts = {"hands": 1, "hands_won": int(net > 0), "showdowns": int(shown),
              "showdowns_won": int(shown and net > 0), "big_blinds": net / state.big_blind}
    return SeatFigures(chips=float(net), counts=counts, peaks={"biggest_pot": state.pot} if net > 0 else {})


def result_text(state: HoldemState) -> str:
    """One line for a finished hand: 'Player 1 wins 12 with two pair, kings and sevens', 'Everyone
    else folds: Player 2 wins 3', 'Split pot: ...'."""
    name = state.spec.seat_name
    results = state.hand_results
    winners = [seat for seat, chips in enumerate(results) if chips > 0]
    if not winners:
        return "No chips changed hands" if not state.showdown else "Split pot"
    if not state.showdown:
        return f"Everyone else folds: {name(winners[0])} wins {results[winners[0]]:g}"
    parts = []
    for seat in winners:
        hand = state.hand_name(seat)
        parts.append(f"{name(seat)} wins {results[seat]:g}" + (f" with {hand[0].lower()}{hand[1:]}" if hand else ""))
    return "; ".join(parts)


# ----- the sitting ---------------------------------------------------------------------------------------
def sitting(buy_in: Callable[[dict], int]) -> SeriesRules:
    """A cash-game sitting: hands until the player leaves, each seat's score its net chips, stacks
    (the first hand's from the ``stack_<n>`` parameters, else the buy-in) carried from hand to hand
    (``facts['stacks']``), the button moving one seat a hand, and a seat left with no chips buying
    in again for ``buy_in(params)`` (counted in ``facts['rebuys']``)."""

    def opening(seats: int, params: dict) -> Standing:
        """Before the first hand: each seat's stack is its ``stack_<n>`` where the sitting sets one
        (``--set``), else the buy-in."""
        chips = buy_in(params)
        return Standing(scores=tuple(0.0 for _ in range(seats)),
                        facts={"stacks": table_stacks(params, seats, chips), "buy_in": chips,
                               "rebuys": [0] * seats})

    def add_hand(standing: Standing, returns: tuple[float, ...]) -> Standing:
        moved = rules_.default_add(standing, returns)
        facts = standing.facts
        stacks = [int(round(stack + gain)) for stack, gain in zip(facts["stacks"], returns)]
        rebuys = list(facts["rebuys"])
        for seat, stack in enumerate(stacks):
            if stack <= 0:
                stacks[seat] = facts["buy_in"]
                rebuys[seat] += 1
        return replace(moved, facts={**facts, "stacks": stacks, "rebuys": rebuys})

    def next_hand(standing: Standing, params: dict) -> dict:
        stacks = standing.facts["stacks"]
        return {**params, **{name: stacks[seat] for seat, name in enumerate(STACK_PARAMS[:standing.seats])},
                "button": standing.button % standing.seats}

    rules_ = SeriesRules(target=SeriesTarget.open_ended(), deal_name="hand", score_name="chips",
                         opening=opening, add_deal=add_hand, next_params=next_hand)
    return rules_


__all__ = ["HoldemState", "STACK_PARAMS", "button_seat", "figures", "make_kernels", "result_text", "seat_count", "sitting",
           "table_stacks"]
