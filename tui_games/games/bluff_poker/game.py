"""Bluff poker state: the protocol adapter over rules.py (action ids: see rules.py's docstring).

Typed moves: a bid as its value ("652", "bid 652", "six-five-two", a poker "444"), "believe", "call"
(or "bluff"), "look", "reroll 1 3" / "reroll 2 open" (dice numbered 1-3, under the cup unless "open"),
"reroll all"; a die's face at a chance node as 1-6.
"""

from __future__ import annotations

import re

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE, NOBODY
from tui_games.games.bluff_poker import rules
from tui_games.games.bluff_poker.bids import index_of_value, value_of, value_words

PHASE_NAMES = {rules.PHASE_THROW: "throw", rules.PHASE_OPENING: "opening", rules.PHASE_RESPOND: "respond",
               rules.PHASE_BELIEVED: "believed", rules.PHASE_LOOKED: "looked", rules.PHASE_ROLLED: "rolled",
               rules.PHASE_CHALLENGE: "challenge", rules.PHASE_OVER: "over"}
"""Each phase's name, for views (which import no kernels' constants)."""


class BluffPokerState(KernelState):
    """A game of Bluff poker. On a seat's view (``observation(seat).state``) a die under the cup that
    seat has not looked at reads as None."""

    __slots__ = ()

    @property
    def phase(self) -> int:
        """rules.PHASE_*."""
        return self.field("phase")

    @property
    def penalty_limit(self) -> int:
        """Penalties that lose the game."""
        return self.field("penalty_limit")

    @property
    def penalties(self) -> list[int]:
        """Each seat's penalties."""
        return self.field("penalties")[:self.num_players]

    @property
    def dice(self) -> list[int | None]:
        """The three dice's faces: 0 before the round's first throw, None where this view hides it."""
        return [None if x < 0 else x for x in self.field("dice")]

    @property
    def open_dice(self) -> list[bool]:
        """For each die, True when it lies open on the table."""
        return [bool(x) for x in self.field("open")]

    @property
    def bid(self) -> int | None:
        """The bid on the table as an index into rules.VALUES, None at a round's start."""
        bid = self.field("bid")
        return None if bid == rules.NO_BID else bid

    @property
    def bidder(self) -> int | None:
        """The seat that made the bid on the table."""
        seat = self.field("bidder")
        return None if seat < 0 else seat

    @property
    def mover(self) -> int:
        """The seat whose turn it is (also while its dice roll)."""
        return self.field("mover")

    @property
    def phase_name(self) -> str:
        """The phase in words: throw, opening, respond, believed, looked, rolled, challenge or over."""
        return PHASE_NAMES[self.phase]

    @property
    def throws(self) -> int:
        """Throws made so far in the opening (up to 3) or the poker challenge (up to 3)."""
        return self.field("throws")

    @property
    def bid_words(self) -> str:
        """The bid on the table as '652 (six-five-two)', or '' when there is none."""
        bid = self.bid
        return "" if bid is None else f"{value_of(bid)} ({value_words(bid)})"

    def reroll_choice(self, action: int) -> tuple[list[int], bool] | None:
        """(dice 0-based, thrown open) when ``action`` is a reroll, else None."""
        return decode_reroll(action) if rules.REROLL <= action < rules.MAX_ACTIONS else None

    @property
    def loser(self) -> int | None:
        """The seat that lost the game, None while it runs."""
        seat = self.field("loser")
        return None if seat < 0 else seat

    @property
    def last_showdown(self) -> tuple[list[int], int, int | None] | None:
        """(dice, bid index, penalised seat or None) of the last showdown, None before any."""
        bid = self.field("last_bid")
        if bid == rules.NO_BID:
            return None
        loser = self.field("last_loser")
        dice = self.field("last_dice")
        return dice, bid, None if loser < 0 else loser


def decode_reroll(action: int) -> tuple[list[int], bool]:
    """(dice 0-based, thrown open) of a reroll action."""
    code = action - rules.REROLL
    mask = code // 2 + 1
    return [i for i in range(rules.NUM_DICE) if mask & (1 << i)], bool(code % 2)


def _name_action(state: KernelState, action: int) -> str:
    if state.current_player == CHANCE:
        if not 1 <= action <= rules.FACES:
            raise IllegalActionError(f"{action} is not a die face: faces are 1-{rules.FACES}")
        return f"die shows {action}"
    if 0 <= action < rules.NUM_VALUES:
        return f"bid {value_of(action)} ({value_words(action)})"
    if action == rules.BELIEVE:
        return "believe"
    if action == rules.CALL:
        return "call bluff"
    if action == rules.LOOK:
        return "look under the cup"
    if rules.REROLL <= action < rules.MAX_ACTIONS:
        dice, thrown_open = decode_reroll(action)
        which = "all" if len(dice) == 3 else " ".join(str(d + 1) for d in dice)
        return f"reroll {which}" + (" open" if thrown_open else "")
    raise IllegalActionError(f"there is no action {action}: actions are 0-{rules.MAX_ACTIONS - 1}")


_SPELT_BID = re.compile(r"(\d{3}) \((.+)\)")
_REROLL = re.compile(r"^(?:re)?(?:roll|throw)\s+(all|[123](?:[\s,]+[123])*)(\s+(open|closed|cup|hidden))?$")


def _read_action(state: KernelState, text: str) -> int:
    word = " ".join(text.strip().lower().split())
    if state.current_player == CHANCE:
        face = word.removeprefix("die shows ")
        if face.isascii() and face.isdigit() and 1 <= int(face) <= rules.FACES:
            return int(face)
        raise IllegalActionError(f"{text!r} is not a die face: write 1-6")
    if word in ("believe", "b"):
        return rules.BELIEVE
    if word in ("call", "bluff", "call bluff", "c"):
        return rules.CALL
    if word in ("look", "lift", "look under the cup"):
        return rules.LOOK
    bid_text = word[4:].strip() if word.startswith("bid ") else word
    spelt = _SPELT_BID.fullmatch(bid_text)
    if spelt:  # '211 (two-one-one)', as bids are named: both halves must say the same bid
        index = index_of_value(int(spelt.group(1)))
        if index is None or value_words(index) != spelt.group(2):
            raise IllegalActionError(f"{text!r} is not a bid: its value and its words differ")
        return index
    if bid_text.isdigit():
        index = index_of_value(int(bid_text))
        if index is None:
            raise IllegalActionError(f"{bid_text} is not a dice value: write the dice high to low, e.g. 652 or 444")
        return index
    for index in range(rules.NUM_VALUES):
        if value_words(index) == bid_text:
            return index
    match = _REROLL.match(word)
    if match:
        if match.group(1) == "all":
            dice = {0, 1, 2}
        else:
            dice = {int(d) - 1 for d in re.findall(r"[123]", match.group(1))}
        mask = sum(1 << d for d in dice)
        thrown_open = 1 if match.group(3) == "open" else 0
        if state.phase in (rules.PHASE_CHALLENGE,):
            thrown_open = 1
        return rules.REROLL + 2 * (mask - 1) + thrown_open
    raise IllegalActionError(f"{text!r} is not a move: write a bid (652, six-five-two), believe, call, look, "
                             "or reroll 1 3 [open]")


def _why_illegal(state: KernelState, action: int) -> str:
    s: BluffPokerState = state  # type: ignore[assignment]
    phase = s.phase
    if phase == rules.PHASE_OVER:
        return "the game is over"
    if phase == rules.PHASE_THROW:
        return f"{action} is not a die face: 1-6"
    if phase == rules.PHASE_RESPOND:
        return "first believe the bid or call it a bluff"
    if 0 <= action < rules.NUM_VALUES:
        if phase in (rules.PHASE_LOOKED, rules.PHASE_CHALLENGE):
            return ("you lifted the cup: reroll at least one die first" if phase == rules.PHASE_LOOKED
                    else "a believed poker must be matched by throwing: reroll dice")
        if s.bid is None:
            return f"{value_of(action)} cannot be bid now"
        return f"{value_of(action)} does not beat the bid {value_of(s.bid)}"
    if action == rules.LOOK:
        return "you may look under the cup only when you have just believed a bid"
    if rules.REROLL <= action < rules.MAX_ACTIONS:
        dice, thrown_open = decode_reroll(action)
        if phase == rules.PHASE_OPENING:
            if int(s.array[rules.THROWS]) >= 3:
                return "you threw three times: bid without looking"
            return "in the opening turn you rethrow all three dice under the cup"
        if phase == rules.PHASE_BELIEVED:
            return "look under the cup first (or bid blind)"
        if phase == rules.PHASE_ROLLED:
            return "each die may be rerolled only once in a turn"
        return "that throw is not possible now"
    return f"{action} is not a move now"


def _audience(state: KernelState, action: int) -> int:
    """A die thrown open is seen by everyone; under the cup by the thrower, except the opening's third
    (blind) throw, seen by nobody."""
    a = state.array
    if state.current_player != CHANCE or a[rules.THROW_OPEN]:
        return EVERYONE
    if a[rules.CONTEXT] == rules.CONTEXT_OPENING and a[rules.THROWS] == 2:
        return NOBODY
    return int(a[rules.MOVER])


def _die_text(face: int | None, is_open: bool) -> str:
    if face == 0:
        return "-"
    if face is None:
        return "?"
    return f"{face}" if is_open else f"[{face}]"


def _observe(state: KernelState, player: int) -> str:
    s: BluffPokerState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    lines = ["Dice (open n, under the cup [n], unseen ?): "
             + " ".join(_die_text(face, is_open) for face, is_open in zip(s.dice, s.open_dice))]
    lines.append("Bid: " + ("none" if s.bid is None else f"{value_of(s.bid)} ({value_words(s.bid)}) by {name(s.bidder)}"))
    lines.append("Penalties: " + ", ".join(f"{name(seat)} {p}" for seat, p in enumerate(s.penalties))
                 + f" (limit {s.penalty_limit})")
    if s.is_terminal:
        lines.append(f"{name(s.loser)} loses")
    else:
        lines.append(f"{name(s.mover)} to play")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    players = int(params.get("players", 3))
    limit = int(params.get("penalty_limit", 7))
    if not rules.MIN_SEATS <= players <= rules.MAX_SEATS:
        raise InvalidParameterError(f"players must be 2-6 (got {players})")
    if limit < 1:
        raise InvalidParameterError(f"penalty_limit must be at least 1 (got {limit})")
    return rules.initial_state(players, limit)


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    audience=_audience,
    hidden_name="a die under the cup",
)


def result_text(state: BluffPokerState) -> str:
    """'Player 2 loses with 7 penalties'."""
    loser = state.loser
    if loser is None:
        return "The game goes on"
    return f"{state.spec.seat_name(loser)} loses with {counted(state.penalties[loser], 'penalty', 'penalties')}"


DEFINITION = GameDefinition(state_class=BluffPokerState, kernels=KERNELS,
                            make_ai=ai_factory("tui_games.games.bluff_poker.ai"), result_text=result_text)
"""The game as the catalogue plays it."""
