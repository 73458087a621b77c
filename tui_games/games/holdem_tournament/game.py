"""The Texas Hold'em tournament: the whole tournament is one state (:mod:`.rules` chains the hands of
the shared Hold'em kernels), with read-only views of the current hand and of the tournament.

Params: ``players`` 2-10 (6), ``stack`` chips each (1000), ``big_blind`` in chips (20; the small blind
is half), ``betting`` ``fixed`` (every bet and raise the big blind, the seed's rule) or ``no-limit``,
``blinds_up_every`` hands (0: constant blinds, as the seed has it). Actions: 0 fold, 1 check or call,
2 the fixed raise, or in no-limit any ``a >= 2``: bet or raise so that my chips in the pot this hand
total ``a``. Chance outcomes are card ids (rank * 4 + suit), named like "As".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import InvalidMoveError, InvalidParameterError
from tui_games.core.outcome import Outcome, Termination, ordinal
from tui_games.core.players import CHANCE
from tui_games.core.words import counted
from tui_games.engine.cards import holdem
from tui_games.engine.cards.holdem_state import HoldemState, make_kernels, seat_count
from tui_games.engine.cards.holdem_state import figures as hand_figures
from tui_games.engine.cards.holdem_state import result_text as hand_result_text
from tui_games.engine.kernel_state import GameKernels, KernelState, seat_number
from tui_games.engine.observer import EVERYONE, audience_of, redacted_array, sees
from tui_games.games.holdem_tournament import rules
from tui_games.games.holdem_tournament.spec import MAX_TABLE_CHIPS

STRUCTURES = {"fixed": rules.FIXED, "no-limit": rules.NO_LIMIT}
"""The ``betting`` parameter's values and their betting-table codes."""


class TournamentState(HoldemState):
    """A whole tournament: the current hand's views (:class:`HoldemState`) and the tournament's own.

    Between hands (a chance node) the state still shows the finished hand; the next card dealt starts
    the next one.
    """

    __slots__ = ("_audience_replay", "_audiences")

    # ----- what each seat saw -----------------------------------------------------------------------------
    def audiences(self) -> list[int]:
        """Who saw each action of the history (a seat, or EVERYONE), kept between calls and extended
        as the tournament goes on, so a seat's view costs the new actions only, not a replay of
        every hand."""
        replay = getattr(self, "_audience_replay", None)
        if replay is None or replay.history != self.history[:len(replay.history)]:
            replay = type(self)(self.spec, self.kernels, self.seed, self.params)
            self._audience_replay, self._audiences = replay, []
        for action in self.history[len(replay.history):]:
            self._audiences.append(audience_of(replay, action))
            replay._apply_entry_unchecked(action)
            replay.history.append(action)
        return list(self._audiences)

    def observed(self, player: int | None) -> "TournamentState":
        """This state as ``player`` sees it (see KernelState.observed), from the audiences kept."""
        if player is None:
            return super().observed(player)
        player = seat_number(player, self.num_players, spectator=True)
        seen = [action if sees(audience, player) else -1 for action, audience in zip(self.history, self.audiences())]
        return type(self)(self.spec, self.kernels, self.seed, self.params,
                          redacted_array(self.kernels, self.array, player), seen, player)

    # ----- the tournament ---------------------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        """The hand being played (or just finished), 1 first."""
        return self.field("hands")

    @property
    def blind_level(self) -> int:
        """The blind level of this hand, 1 first."""
        return self.field("level") + 1

    @property
    def blinds_up_every(self) -> int:
        """Hands per blind level (0: the blinds never go up)."""
        return self.field("blinds_every")

    @property
    def hands_to_next_level(self) -> int | None:
        """Hands after this one until the blinds go up (None when they never do)."""
        every = self.blinds_up_every
        if every <= 0:
            return None
        return every - 1 - (self.hand_number - 1) % every

    @property
    def next_blinds(self) -> tuple[int, int]:
        """The small and big blind of the next level."""
        big = int(rules.level_big_blind(self.field("base_big_blind"), self.blind_level,
                                        int(rules.chips_in_play(self.array))))
        return big // 2, big

    @property
    def between_hands(self) -> bool:
        """True when a hand is over and the next is about to be dealt (chance to move)."""
        return bool(rules.between_hands(self.array))

    @property
    def hand_over(self) -> bool:
        """True once the current hand is settled (between hands, or at the end of the tournament)."""
        return self.field("phase") == holdem.PHASE_OVER

    @property
    def winners(self) -> list[int]:
        """The seats that took chips from the pots, once the current hand is settled."""
        if not self.hand_over:
            return []
        return [seat for seat in range(self.num_players) if self.won(seat) > 0]

    @property
    def hand_start(self) -> int:
        """The index in :attr:`history` where the current hand's actions begin."""
        return self.field("hand_start")

    def place(self, seat: int) -> int | None:
        """``seat``'s finishing place once it is out (1 for the winner at the end), None while in."""
        place = self.field("place")[seat]
        return None if place == rules.STILL_IN else place

    def out_in_hand(self, seat: int) -> int | None:
        """The hand in which ``seat`` went out, None while it is in."""
        hand = self.field("out_hand")[seat]
        return hand or None

    def is_out(self, seat: int) -> bool:
        """True once ``seat`` has lost every chip (the winner is never out)."""
        return self.out_in_hand(seat) is not None

    @property
    def players_left(self) -> list[int]:
        """The seats still in, in seat order."""
        return [seat for seat in range(self.num_players) if not self.is_out(seat)]

    @property
    def finishing_order(self) -> list[int]:
        """The seats that are out, the last out first (the best placed first; shared places by seat)."""
        out = [seat for seat in range(self.num_players) if self.is_out(seat)]
        return sorted(out, key=lambda seat: (self.place(seat), seat))

    def chips(self, seat: int) -> int:
        """``seat``'s chips: behind it and in the pot this hand."""
        return int(rules.seat_chips(self.array, seat))

    @property
    def start_stacks(self) -> list[int]:
        """Each seat's chips at the start of the current hand, before the blinds."""
        return self.field("start_stacks")[:self.num_players]

    def hand_result_text(self) -> str:
        """The current hand's result once it is settled ('Player 1 wins 120 with a flush'), else ''."""
        return hand_result_text(self) if self.hand_over else ""

    def follow(self, actions) -> Iterator["TournamentState"]:
        """Play ``actions`` (this tournament's own history going on from here) in place, unchecked;
        yields this state each time a hand is settled."""
        for action in actions:
            self._apply_entry_unchecked(action)
            self.history.append(action)
            if self.hand_over:
                yield self


# ----- hooks for the generic adapter -----------------------------------------------------------------------
def _initial(seed: int, params: dict):
    seats = seat_count(params, default=6)
    stack = int(params.get("stack", 1000))
    big_blind = int(params.get("big_blind", 20))
    if stack < 1:
        raise InvalidParameterError(f"the stack must be at least 1 chip (got {stack})")
    if big_blind < 2:
        raise InvalidParameterError(f"the big blind must be at least 2 chips (got {big_blind})")
    if seats * stack > MAX_TABLE_CHIPS:
        raise InvalidParameterError(f"{seats * stack} chips on the table: at most {MAX_TABLE_CHIPS} "
                                    "(fewer players or a smaller stack)")
    betting = params.get("betting", "fixed")
    if betting not in STRUCTURES:
        raise InvalidParameterError(f"betting must be fixed or no-limit (got {betting!r})")
    every = int(params.get("blinds_up_every", 0))
    if every < 0:
        raise InvalidParameterError(f"blinds_up_every must be 0 or more hands (got {every})")
    return rules.initial_state(seats, STRUCTURES[betting], big_blind, stack, every)


HAND_KERNELS = make_kernels(rules.MAX_ACTIONS, _initial)
"""The shared Hold'em hooks (action names and parsing, reasons, the hand's observation)."""


def _read_action(state: KernelState, text: str) -> int:
    if state.is_terminal:
        raise InvalidMoveError("the tournament is over")
    return HAND_KERNELS.read_action(state, text)


def _audience(state: KernelState, action: int) -> int:
    """A hole card is seen by the seat it is dealt to (between hands: the first seat of the next hand)."""
    if state.current_player == CHANCE and rules.between_hands(state.array):
        return int(rules.next_deal_seat(state.array))
    return HAND_KERNELS.audience(state, action) if HAND_KERNELS.audience else EVERYONE


def _observe(state: KernelState, player: int) -> str:
    s: TournamentState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    blinds = f"blinds {s.small_blind}/{s.big_blind} (level {s.blind_level}"
    if s.hands_to_next_level is not None:
        blinds += f", up in {counted(s.hands_to_next_level + 1, 'hand')}"
    left = len(s.players_left)
    lines = [f"Tournament hand {s.hand_number}, {blinds}), {counted(left, 'player')} left"]
    hand = HAND_KERNELS.observe(state, player)
    for seat in range(s.num_players):
        if s.is_out(seat):
            hand = hand.replace(f"{name(seat)}: sitting out",
                                f"{name(seat)}: out in hand {s.out_in_hand(seat)}, {ordinal(s.place(seat))} place")
    lines.append(hand)
    if s.between_hands:
        lines.append(hand_result_text(s) + "; the next hand is being dealt")
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


KERNELS = GameKernels.from_rules(
    rules, initial=_initial, name_action=HAND_KERNELS.name_action, read_action=_read_action,
    why_illegal=HAND_KERNELS.why_illegal, observe=_observe, audience=_audience, hidden_name=HAND_KERNELS.hidden_name,
)
"""The tournament's kernels with the shared Hold'em hooks (the hand's redaction hides hole cards)."""


# ----- results --------------------------------------------------------------------------------------------
def outcome(state: TournamentState) -> Outcome:
    """Players went out one by one: places as the tournament recorded them."""
    returns = tuple(state.returns())
    places = tuple(state.place(seat) or 1 for seat in range(state.num_players))
    return Outcome(Termination.ELIMINATION, returns, places)


def result_text(state: TournamentState) -> str:
    """'Player 2 wins the tournament after 87 hands; 2nd Player 5, 3rd Player 1 ...'."""
    name = state.spec.seat_name
    if not state.is_terminal:
        return ""
    winner = state.winner
    order = ", ".join(f"{ordinal(state.place(seat))} {name(seat)}" for seat in state.finishing_order)
    hands = counted(state.hand_number, "hand")
    return f"{name(winner)} wins the tournament after {hands}; {order}"


def hands_of(state: TournamentState) -> Iterator[TournamentState]:
    """Every finished hand of the tournament so far, in order, as the state stood when it was settled
    (a replay of the history)."""
    return type(state)(state.spec, state.kernels, state.seed, state.params).follow(state.history)


def figures(state: TournamentState, seat: int) -> SeatFigures:
    """What the tournament adds to ``seat``'s statistics: its place is the outcome's; the hands it was
    dealt, won and showed down, and the biggest pot it won, added up over the hands."""
    per_hand = [hand_figures(hand, seat) for hand in hands_of(state) if hand.in_hand(seat)]
    total = SeatFigures.combined(per_hand)
    return replace(total, chips=None, counts={name: value for name, value in total.counts.items()
                                             if name != "big_blinds"})


DEFINITION = GameDefinition(
    state_class=TournamentState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.holdem_tournament.ai"),
    result_text=result_text, figures=figures, outcome=outcome,
)
"""One state is the whole tournament."""

__all__ = ["DEFINITION", "HAND_KERNELS", "KERNELS", "STRUCTURES", "TournamentState", "figures",
           "hands_of", "outcome", "result_text"]
