"""Dou Dizhu state: the protocol adapter over rules.py (actions and phases: see rules.py's docstring).

Names: a combination as RLCard writes it, its cards sorted 3..2 B R ('33345', 'BR'; parse_action reads
the cards in any order, 'T' or '10' for ten, any case); 'pass' (a pass in the play, or no bid in the
bidding); 'bid 1' .. 'bid 3'. Chance outcomes: 'deal 7 to Player 2', 'deal 7 to the kitty', 'Player 2
bids first'.
"""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.figures import SeatFigures
from tui_games.core.players import CHANCE
from tui_games.core.series import SeriesRules, SeriesTarget
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE, NOBODY
from tui_games.games.doudizhu import moves, rules
from tui_games.games.doudizhu.moves import NAMES, PASS, RANKS

BIDDING_MODES = {"auction": rules.AUCTION, "rlcard": rules.RLCARD}
"""The ``bidding`` parameter's values and their numbers in the state."""
PHASE_NAMES = ("deal", "first bidder", "bidding", "play", "over")
"""rules.PHASE_* in words."""
RANK_WORDS = ("three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace",
              "two", "black joker", "red joker")
"""Each rank in words (the plural adds 's', 'sixes')."""


def rank_plural(rank: int, count: int) -> str:
    """'2 sevens', '1 six', 'no aces'."""
    word = RANK_WORDS[rank]
    if count != 1:
        word = word + ("es" if word.endswith("x") else "s")
    return f"{count} {word}" if count else f"no {word}"


def bid_action(value: int) -> int:
    """The action that bids ``value`` (1-3)."""
    return rules.BID_1 + value - 1


class DoudizhuState(KernelState):
    """A deal of Dou Dizhu. On one seat's view (``observation(seat).state``) the other hands read None."""

    __slots__ = ()

    def _int(self, offset: int) -> int:
        return int(self.array[offset])

    @property
    def bidding(self) -> str:
        """'auction' or 'rlcard'."""
        return "rlcard" if self._int(rules.BIDDING) == rules.RLCARD else "auction"

    @property
    def phase(self) -> str:
        """'deal', 'first bidder', 'bidding', 'play' or 'over'."""
        return PHASE_NAMES[self._int(rules.PHASE)]

    def hand_counts(self, player: int) -> list[int] | None:
        """Cards of each rank (0-14, see moves.RANKS) in ``player``'s hand; None where this view hides it."""
        base = rules.HANDS + player * rules.RANKS
        counts = [int(x) for x in self.array[base:base + rules.RANKS]]
        return None if min(counts) < 0 else counts

    def hand(self, player: int) -> str | None:
        """``player``'s hand sorted 3..2 B R ('33345789TTJQKA22BR'); None where this view hides it."""
        counts = self.hand_counts(player)
        return None if counts is None else moves.text_of(counts)

    @property
    def hand_sizes(self) -> list[int]:
        """Cards in each hand (public)."""
        return [int(x) for x in self.array[rules.HAND_SIZE:rules.HAND_SIZE + rules.SEATS]]

    @property
    def landlord(self) -> int | None:
        """The landlord's seat once the bidding has ended, else None."""
        seat = self._int(rules.LANDLORD)
        return None if seat < 0 else seat

    @property
    def kitty(self) -> str | None:
        """The three kitty cards sorted, once shown (the bidding over); None before."""
        counts = [int(x) for x in self.array[rules.KITTY:rules.KITTY + rules.RANKS]]
        if self._int(rules.PHASE) < rules.PHASE_PLAY or min(counts) < 0:
            return None
        return moves.text_of(counts)

    @property
    def trace(self) -> list[tuple[int, str]]:
        """Every move since play began as (seat, move string): the landlord's first, then round the table."""
        landlord = self.landlord
        if landlord is None:
            return []
        length = self._int(rules.TRACE_LEN)
        moves_played = self.array[rules.TRACE:rules.TRACE + length]
        return [((landlord + i) % rules.SEATS, NAMES[int(a)]) for i, a in enumerate(moves_played)]

    def played(self, player: int) -> str:
        """The cards ``player`` has played so far, sorted."""
        base = rules.PLAYED + player * rules.RANKS
        return moves.text_of(self.array[base:base + rules.RANKS])

    @property
    def bids(self) -> list[int | None]:
        """Each seat's bid in this deal: None before its turn, 0 for a pass, 1-3."""
        return [None if int(b) < 0 else int(b) for b in self.array[rules.BIDS:rules.BIDS + rules.SEATS]]

    @property
    def bid(self) -> int:
        """The highest bid so far (the landlord's once play has begun); 0 for none, and in rlcard bidding."""
        return self._int(rules.BID)

    @property
    def first_bidder(self) -> int | None:
        """The seat that bids first in this deal, once drawn."""
        seat = self._int(rules.FIRST_BIDDER)
        return None if seat < 0 else seat

    @property
    def redeals(self) -> int:
        """Deals thrown in because every seat passed."""
        return self._int(rules.DEALS)

    @property
    def last_move(self) -> int | None:
        """The move the seat to play must beat; None when it leads (or before play)."""
        move = self._int(rules.LAST_MOVE)
        return None if move < 0 or self._int(rules.PHASE) != rules.PHASE_PLAY else move

    @property
    def leader(self) -> int | None:
        """The seat whose move is on the table (None before the first move)."""
        seat = self._int(rules.LEADER)
        return None if seat < 0 else seat

    @property
    def bombs(self) -> int:
        """Bombs and rockets played (each doubles the stake in auction bidding)."""
        return self._int(rules.BOMBS)

    @property
    def spring(self) -> bool:
        """True once the game ended in a spring or an anti-spring."""
        return self.is_terminal and bool(rules.spring(self.array))

    @property
    def stake(self) -> int:
        """Auction bidding: the bid, doubled per bomb or rocket and for a spring (so far); 0 in rlcard."""
        return int(rules.stake(self.array))

    @property
    def landlord_won(self) -> bool | None:
        """Once the game is over, True when the landlord won; None before."""
        return bool(rules.landlord_won(self.array)) if self.is_terminal else None

    def role(self, player: int) -> str:
        """'landlord', 'peasant', or '' before the landlord is known."""
        landlord = self.landlord
        return "" if landlord is None else ("landlord" if player == landlord else "peasant")

    @property
    def sides(self) -> tuple[tuple[int, ...], ...] | None:
        """The landlord alone against the two peasants, who win or lose together (ratings rate them as
        one team); None before the bidding ends."""
        landlord = self.landlord
        if landlord is None:
            return None
        return (landlord,), tuple(seat for seat in range(rules.SEATS) if seat != landlord)


def deal_actions(hands: list[str], kitty: str) -> list[int]:
    """The chance outcomes that deal ``hands`` (three strings of 17 cards, any order) and the
    ``kitty`` (3 cards): round the table one card at a time, lowest ranks first, then the kitty.
    ValueError unless they are the 54 cards of the deck."""
    counts = [moves.counts_of(hand) for hand in hands]
    kitty_counts = moves.counts_of(kitty)
    total = [sum(c[r] for c in counts) + kitty_counts[r] for r in range(rules.RANKS)]
    if len(hands) != rules.SEATS or [sum(c) for c in counts] != [17] * 3 or sum(kitty_counts) != 3 or (
            total != [int(n) for n in moves.DECK]):
        raise ValueError("a deal is three hands of 17 cards and a kitty of 3, the 54 cards of the deck")
    order = [[r for r in range(rules.RANKS) for _ in range(c[r])] for c in counts]
    dealt = [order[i % rules.SEATS][i // rules.SEATS] for i in range(rules.DEALT_TO_SEATS)]
    return dealt + [r for r in range(rules.RANKS) for _ in range(kitty_counts[r])]


# ----- names ----------------------------------------------------------------------------------------
def _deal_target(state: KernelState) -> str:
    index = int(state.array[rules.DEALT])
    return "the kitty" if index >= rules.DEALT_TO_SEATS else state.spec.seat_name(index % rules.SEATS)


def _name_action(state: KernelState, action: int) -> str:
    phase = int(state.array[rules.PHASE])
    if state.current_player == CHANCE and phase == rules.PHASE_DEAL and 0 <= action < rules.RANKS:
        return f"deal {RANKS[action]} to {_deal_target(state)}"
    if state.current_player == CHANCE and phase == rules.PHASE_FIRST_BIDDER and 0 <= action < rules.SEATS:
        return f"{state.spec.seat_name(action)} bids first"
    if 0 <= action < moves.NUM_MOVES:
        return NAMES[action]
    if rules.BID_1 <= action < rules.MAX_ACTIONS:
        return f"bid {action - rules.BID_1 + 1}"
    raise IllegalActionError(f"there is no action {action}: actions are 0-{rules.MAX_ACTIONS - 1}")


def _read_action(state: KernelState, text: str) -> int:
    word = " ".join(text.strip().lower().split())
    phase = int(state.array[rules.PHASE])
    if state.current_player == CHANCE and phase == rules.PHASE_FIRST_BIDDER:
        for seat in range(rules.SEATS):
            if word in (f"{state.spec.seat_name(seat).lower()} bids first", state.spec.seat_name(seat).lower()):
                return seat
        raise IllegalActionError(f"{text!r} names no first bidder: write 'Player 2 bids first'")
    if state.current_player == CHANCE and phase == rules.PHASE_DEAL:
        card = word.removeprefix("deal ").split(" to ")[0].strip().upper().replace("10", "T")
        if len(card) == 1 and card in RANKS:
            return RANKS.index(card)
        raise IllegalActionError(f"{text!r} is not a card to deal: write 'deal 7' (ranks {' '.join(RANKS)})")
    if word in ("pass", "p", "no bid"):
        return PASS
    if word.startswith("bid"):
        value = word[3:].strip()
        if value in ("1", "2", "3"):
            return bid_action(int(value))
        raise IllegalActionError(f"{text!r} is not a bid: bid 1, 2 or 3, or pass")
    if phase == rules.PHASE_BIDDING and word in ("1", "2", "3"):
        return bid_action(int(word))
    try:
        counts = moves.counts_of(word)
    except ValueError as error:
        raise IllegalActionError(f"{text!r} is not a move: {error}, or write pass") from None
    move = moves.move_of_counts(counts)
    if move is None or move == PASS:
        raise IllegalActionError(f"{moves.text_of(counts) or text!r} is not a combination of Dou Dizhu "
                                 "(see the rules for the combinations)")
    return move


def _why_illegal(state: KernelState, action: int) -> str:
    s: DoudizhuState = state  # type: ignore[assignment]
    if not 0 <= action < rules.MAX_ACTIONS:
        return f"there is no action {action}: actions are 0-{rules.MAX_ACTIONS - 1}"
    phase = int(s.array[rules.PHASE])
    if phase == rules.PHASE_OVER:
        return "the game is over"
    if phase in (rules.PHASE_DEAL, rules.PHASE_FIRST_BIDDER):
        return "the cards are being dealt"
    if phase == rules.PHASE_BIDDING:
        if action < PASS:
            return "the bidding is not over: bid 1, 2 or 3 above the highest bid, or pass"
        value = action - rules.BID_1 + 1
        return f"a bid of {value} does not beat the highest bid, {s.bid}: bid higher or pass"
    if action >= rules.BID_1:
        return "the bidding is over: play a combination or pass"
    player = s.current_player
    last = s.last_move
    if action == PASS:
        return "you lead: play any combination (a pass is not allowed)"
    hand = s.hand_counts(player) or [0] * rules.RANKS
    need = moves.MOVE_COUNTS[action]
    for r in range(rules.RANKS):
        if need[r] > hand[r]:
            return f"you do not hold {NAMES[action]}: you have {rank_plural(r, hand[r])}"
    if last is not None and not rules.beats(action, last):
        if int(moves.MOVE_CLASS[last]) == moves.ROCKET_CLASS:
            return "nothing beats the rocket: pass"
        same = moves.MOVE_CLASS[action] == moves.MOVE_CLASS[last]
        if same:
            return f"{NAMES[action]} does not beat {NAMES[last]}: play a higher {moves.kind_words(last)}"
        return (f"{NAMES[action]} ({moves.kind_words(action)}) cannot go on {NAMES[last]} "
                f"({moves.kind_words(last)}): play a higher {moves.kind_words(last)}, a bomb, the rocket, or pass")
    return f"{NAMES[action]} is not playable now"


def _audience(state: KernelState, action: int) -> int:
    """A dealt card is seen by the seat it goes to; the kitty by nobody until the bidding ends (the
    state shows it then); the first bidder, bids and moves by everyone."""
    a = state.array
    if state.current_player == CHANCE and int(a[rules.PHASE]) == rules.PHASE_DEAL:
        index = int(a[rules.DEALT])
        return NOBODY if index >= rules.DEALT_TO_SEATS else index % rules.SEATS
    return EVERYONE


# ----- text -----------------------------------------------------------------------------------------
def _seat_line(s: DoudizhuState, seat: int, player: int) -> str:
    name = s.spec.seat_name(seat)
    tags = [tag for tag in (s.role(seat), "you" if seat == player else "") if tag]
    hand = s.hand(seat)
    cards = counted(s.hand_sizes[seat], "card")
    shown = f"{cards}: {hand}" if hand is not None and hand else cards
    return f"{name}{' (' + ', '.join(tags) + ')' if tags else ''}: {shown}"


def _observe(state: KernelState, player: int) -> str:
    s: DoudizhuState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    lines = [f"Dou Dizhu ({s.bidding} bidding)" + (f", deal {s.redeals + 1}" if s.redeals else "")]
    phase = s.phase
    if phase in ("bidding", "first bidder") or (phase == "play" and s.bidding == "auction"):
        bids = [f"{name(seat)} {'pass' if b == 0 else f'bid {b}'}" for seat, b in enumerate(s.bids) if b is not None]
        if bids:
            lines.append("Bids: " + ", ".join(bids))
    if s.landlord is not None:
        stake = f", stake {s.stake}" if s.bidding == "auction" else ""
        lines.append(f"Landlord: {name(s.landlord)}{stake}; kitty {s.kitty}")
    for seat in range(rules.SEATS):
        lines.append(_seat_line(s, seat, player))
    if s.is_terminal:
        lines.append(result_text(s))
    elif phase == "play":
        last = s.last_move
        on_table = f"{NAMES[last]} by {name(s.leader)}" if last is not None else "nothing (a lead)"
        lines.append(f"On the table: {on_table}; {name(s.current_player)} to play")
    elif phase == "bidding":
        lines.append(f"{name(s.current_player)} to bid")
    else:
        lines.append("Dealing")
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    bidding = params.get("bidding", "auction")
    if bidding not in BIDDING_MODES:
        raise InvalidParameterError(f"bidding must be auction or rlcard (got {bidding!r})")
    return rules.initial_state(BIDDING_MODES[bidding])


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
"""The kernels and hooks the engine and the state adapter use."""


def result_text(state: DoudizhuState) -> str:
    """'The landlord (Player 2) wins, stake 12 (bid 3, 1 bomb, spring)'; 'The peasants win'."""
    if not state.is_terminal:
        return "The game goes on"
    landlord = state.landlord
    side = f"The landlord ({state.spec.seat_name(landlord)}) wins" if state.landlord_won else "The peasants win"
    if state.bidding == "rlcard":
        return side
    details = [f"bid {state.bid}"]
    if state.bombs:
        details.append(counted(state.bombs, "bomb"))
    if state.spring:
        details.append("spring" if state.landlord_won else "anti-spring")
    return f"{side}, stake {state.stake} ({', '.join(details)})"


def figures(state: DoudizhuState, seat: int) -> SeatFigures:
    """The hand's tallies for ``seat``: won, points, as landlord, won as landlord, springs won."""
    won = bool(rules.side_won(state.array, seat))
    landlord = seat == state.landlord
    counts = {"hands_won": int(won), "points": state.returns()[seat], "landlord": int(landlord),
              "landlord_won": int(landlord and won), "springs": int(won and state.spring)}
    return SeatFigures(counts=counts)


SITTING = SeriesRules(target=SeriesTarget.open_ended(), deal_name="hand", score_name="points")
"""A sitting at the table: hands until the player leaves, each seat's points added up."""

DEFINITION = GameDefinition(state_class=DoudizhuState, kernels=KERNELS,
                            make_ai=ai_factory("tui_games.games.doudizhu.ai"), result_text=result_text,
                            figures=figures, series=SITTING)
"""The game as the catalogue plays it."""

__all__ = ["BIDDING_MODES", "DEFINITION", "DoudizhuState", "KERNELS", "PHASE_NAMES", "RANK_WORDS", "SITTING",
           "bid_action", "deal_actions", "figures", "rank_plural", "result_text"]
