"""The betting table shared by the poker games: seats, stacks, blinds, turns and legal bets, as kernels
over a region of a game's state array.

A game puts :data:`TABLE` into its own layout (``Field("table", record=TABLE)``) and passes the
region's offset ``t`` to every kernel here, so its rules compose the betting round with its own
dealing and showdown::

    start_hand(s, t, button); post_blinds(s, t); open_round(s, t, big_blind, NOBODY)
    ... apply_action(s, t, action) while s[t + TO_ACT] != NOBODY ...
    if hand_won_by_folds(s, t) or last street: award(s, t, values); returns: hand_result(s, t, seat)
    else: deal the next street; open_next_round(s, t, unit, NOBODY)

Action ids (the issue's ACPC / OpenSpiel universal_poker convention): FOLD 0, CALL 1 (check or call),
and for raising: in fixed-limit RAISE 2 (bet or raise by the round's fixed size, all in when short);
in no-limit any ``a >= 2`` means "bet or raise so that my chips in the pot this hand total a".

Rules (as pokerkit plays them, which the tests check hand by hand): heads-up the button posts the
small blind and acts first before the flop, last after it; otherwise the seat after the big blind
opens, and the seat after the button on later streets. A raise adds at least max(the round's unit,
the largest bet or raise this round) and in limit exactly that; a short all-in may raise by less.
A seat that already acted may raise again only after a full raise: all-ins short of one (added up
while they keep coming) do not reopen the betting for it. Fixed-limit rounds allow ``raise_cap``
bets and raises. No seat may raise when every other seat still in is all in, nor fold when it owes
nothing. Blinds too big for a stack put it all in. When one seat is left (a walk, or everyone folds)
it takes the pots; chips in the pot always stay there, folded seats' too.
"""

from tui_games.core.errors import IllegalActionError, InvalidMoveError
from tui_games.engine.cards.betting_actions import CALL, FOLD, RAISE  # noqa: F401 (the action ids)
from tui_games.engine.cards.pots import award_pots, side_pots
from tui_games.engine.header import PLAYER
from tui_games.engine.jit import kernel, np
from tui_games.engine.layout import Field, StateLayout

MAX_SEATS = 10
"""Seats a table holds (the poker games seat 2-10 players)."""
FIXED_LIMIT = 0
NO_LIMIT = 1
"""Betting structures (``s[t + STRUCTURE]``)."""
NOBODY = -1
"""``s[t + TO_ACT]`` when the betting round is over; a blind seat when there is none."""

TABLE = StateLayout(
    "betting table",
    Field("seats", 1, "seats at the table, 2..MAX_SEATS"),
    Field("structure", 1, "FIXED_LIMIT 0 or NO_LIMIT 1"),
    Field("small_blind", 1, "chips of the small blind"),
    Field("big_blind", 1, "chips of the big blind"),
    Field("raise_cap", 1, "bets and raises allowed in one round; 0 for no cap"),
    Field("button", 1, "the dealer button's seat"),
    Field("small_blind_seat", 1, "seat that posted the small blind this hand, or NOBODY"),
    Field("big_blind_seat", 1, "seat that posted the big blind this hand, or NOBODY"),
    Field("unit", 1, "this round's bet: the fixed bet and raise (limit) or the smallest bet (no-limit)"),
    Field("to_act", 1, "seat to act, or NOBODY once the round is over"),
    Field("max_bet", 1, "the highest bet of this round"),
    Field("last_raise", 1, "the largest bet or raise increment of this round"),
    Field("short_sum", 1, "all-in raises short of a full raise since the last full one, added up"),
    Field("raises", 1, "bets and raises made this round"),
    Field("stacks", MAX_SEATS, "chips behind each seat"),
    Field("bets", MAX_SEATS, "each seat's chips put in this round"),
    Field("totals", MAX_SEATS, "each seat's chips in the pot this hand: antes, blinds and bets"),
    Field("in_hand", MAX_SEATS, "1 for a seat dealt into this hand"),
    Field("folded", MAX_SEATS, "1 for a seat that folded this hand"),
    Field("acted", MAX_SEATS, "1 for a seat that acted since the last full raise"),
    Field("pending", MAX_SEATS, "1 for a seat still to act this round"),
    Field("won", MAX_SEATS, "chips each seat took from the pots when the hand was settled"),
    with_header=False,
)
"""The table region: offsets relative to its start ``t`` in the game's state array."""
TABLE.export(globals(), size_name="TABLE_SIZE")  # SEATS, STRUCTURE ... WON (offsets within the table), TABLE_SIZE

OK = 0
ERR_NO_TURN = 1
ERR_NOTHING_TO_FOLD = 2
ERR_RAISE_CAP = 3
ERR_COVERED = 4
ERR_EVERYONE_ALL_IN = 5
ERR_NOT_REOPENED = 6
ERR_TOO_SMALL = 7
ERR_TOO_LARGE = 8
ERR_NO_SUCH_ACTION = 9
"""Why an action is refused (:func:`action_error`; :func:`explain` words it)."""


# ----- setting up the table and a hand ------------------------------------------------------------

@kernel()
def seat_table(s, t, seats, structure, small_blind, big_blind, raise_cap, stack):
    """Set up the table: ``seats`` seats with ``stack`` chips each, the structure, blinds and raise
    cap (0: none); the button on seat 0 and no hand in progress."""
    s[t:t + TABLE_SIZE] = 0
    s[t + SEATS] = seats
    s[t + STRUCTURE] = structure
    s[t + SMALL_BLIND] = small_blind
    s[t + BIG_BLIND] = big_blind
    s[t + RAISE_CAP] = raise_cap
    s[t + SMALL_BLIND_SEAT] = NOBODY
    s[t + BIG_BLIND_SEAT] = NOBODY
    s[t + TO_ACT] = NOBODY
    for i in range(seats):
        s[t + STACKS + i] = stack
    return 0


@kernel()
def start_hand(s, t, button):
    """A new hand with the button on ``button`` (a seat with chips: :func:`next_button` moves it there
    between hands): every seat with chips is dealt in; nothing in the pot."""
    n = s[t + SEATS]
    s[t + BUTTON] = button
    s[t + SMALL_BLIND_SEAT] = NOBODY
    s[t + BIG_BLIND_SEAT] = NOBODY
    s[t + TO_ACT] = NOBODY
    s[t + MAX_BET] = 0
    s[t + LAST_RAISE] = 0
    s[t + SHORT_SUM] = 0
    s[t + RAISES] = 0
    for i in range(MAX_SEATS):
        s[t + BETS + i] = 0
        s[t + TOTALS + i] = 0
        s[t + IN_HAND + i] = 1 if i < n and s[t + STACKS + i] > 0 else 0
        s[t + FOLDED + i] = 0
        s[t + ACTED + i] = 0
        s[t + PENDING + i] = 0
        s[t + WON + i] = 0
    return 0


@kernel()
def next_in_hand(s, t, seat):
    """The first seat after ``seat`` clockwise that is dealt into the hand (``seat`` if none other)."""
    n = s[t + SEATS]
    for step in range(1, n + 1):
        i = (seat + step) % n
        if s[t + IN_HAND + i]:
            return i
    return seat


@kernel()
def next_button(s, t):
    """Where the button goes for the next hand: the first seat after it that still has chips."""
    n = s[t + SEATS]
    button = s[t + BUTTON]
    for step in range(1, n + 1):
        i = (button + step) % n
        if s[t + STACKS + i] > 0:
            return i
    return button


@kernel()
def _put(s, t, seat, chips, as_bet):
    """Move up to ``chips`` from the seat's stack into the pot (into its bet too when ``as_bet``)."""
    chips = min(chips, s[t + STACKS + seat])
    s[t + STACKS + seat] -= chips
    s[t + TOTALS + seat] += chips
    if as_bet:
        s[t + BETS + seat] += chips
        if s[t + BETS + seat] > s[t + MAX_BET]:
            s[t + MAX_BET] = s[t + BETS + seat]
    return chips


@kernel()
def post_ante(s, t, seat, chips):
    """``seat`` antes ``chips`` (dead money, not a bet; all in when short); returns the chips put in."""
    return _put(s, t, seat, chips, False)


@kernel()
def _seat_sum(s, t, field):
    """The sum of a per-seat field over the seats at the table."""
    total = 0
    for i in range(s[t + SEATS]):
        total += s[t + field + i]
    return total


@kernel()
def in_hand_count(s, t):
    """Seats dealt into this hand."""
    return _seat_sum(s, t, IN_HAND)


@kernel()
def post_blinds(s, t):
    """Post the small and big blinds as bets (all in when short). Heads-up the button posts the
    small blind; otherwise the two seats after the button do. Returns the big blind's seat."""
    if in_hand_count(s, t) == 2 and s[t + IN_HAND + s[t + BUTTON]]:
        small = s[t + BUTTON]
    else:
        small = next_in_hand(s, t, s[t + BUTTON])
    big = next_in_hand(s, t, small)
    _put(s, t, small, s[t + SMALL_BLIND], True)
    _put(s, t, big, s[t + BIG_BLIND], True)
    s[t + SMALL_BLIND_SEAT] = small
    s[t + BIG_BLIND_SEAT] = big
    return big


# ----- the betting round --------------------------------------------------------------------------

@kernel()
def is_live(s, t, seat):
    """True for a seat dealt in that has not folded."""
    return s[t + IN_HAND + seat] == 1 and s[t + FOLDED + seat] == 0


@kernel()
def live_count(s, t):
    """Seats still contending for the pot."""
    count = 0
    for i in range(s[t + SEATS]):
        if is_live(s, t, i):
            count += 1
    return count


@kernel()
def _next_pending(s, t, start):
    """The first seat from ``start`` on (clockwise, ``start`` included) still to act, or NOBODY."""
    n = s[t + SEATS]
    if live_count(s, t) <= 1:
        return NOBODY
    for step in range(n):
        i = (start + step) % n
        if s[t + PENDING + i]:
            return i
    return NOBODY


@kernel()
def open_round(s, t, unit, first):
    """Start a betting round on the bets already in front of the seats (the blinds, or none) with
    bet size ``unit``. ``first`` = NOBODY picks who opens: the seat after the highest bet (the big
    blind), or after the button when nobody has bet; a game may name another seat. Seats that are
    all in, or whose bet already covers every other stack, do not act; the round is over at once
    (``s[t + TO_ACT] == NOBODY``) when nobody has to act."""
    n = s[t + SEATS]
    s[t + UNIT] = unit
    s[t + LAST_RAISE] = 0
    s[t + SHORT_SUM] = 0
    s[t + RAISES] = 0
    if first == NOBODY:
        opener = s[t + BUTTON]
        best = 0
        for step in range(1, n + 1):
            i = (s[t + BUTTON] + step) % n
            if s[t + BETS + i] > 0 and s[t + BETS + i] >= best:
                best = s[t + BETS + i]
                opener = i
        first = (opener + 1) % n
    top = 0
    second = 0
    for i in range(n):
        if is_live(s, t, i):
            reach = s[t + BETS + i] + s[t + STACKS + i]
            if reach > top:
                second = top
                top = reach
            elif reach > second:
                second = reach
    pending = 0
    last = NOBODY
    for i in range(MAX_SEATS):
        s[t + ACTED + i] = 0
        stack = s[t + STACKS + i]
        can_lose = min(stack, max(0, second - s[t + BETS + i]))
        due = 1 if i < n and is_live(s, t, i) and stack > 0 and can_lose > 0 else 0
        s[t + PENDING + i] = due
        if due:
            pending += 1
            last = i
    if pending == 1 and s[t + BETS + last] >= s[t + MAX_BET]:
        s[t + PENDING + last] = 0
    s[t + TO_ACT] = _next_pending(s, t, first)
    return s[t + TO_ACT]


@kernel()
def open_next_round(s, t, unit, first):
    """Start the next street's round: this round's bets stay in the pot, the new bets start at 0."""
    for i in range(MAX_SEATS):
        s[t + BETS + i] = 0
    s[t + MAX_BET] = 0
    return open_round(s, t, unit, first)


@kernel()
def to_call(s, t):
    """Chips the seat to act must add to call (all in when short); 0 means it may check."""
    seat = s[t + TO_ACT]
    if seat == NOBODY:
        return 0
    return min(s[t + STACKS + seat], s[t + MAX_BET] - s[t + BETS + seat])


@kernel()
def raise_error(s, t):
    """OK when the seat to act may bet or raise now, else why not (an ERR_ code)."""
    seat = s[t + TO_ACT]
    if seat == NOBODY:
        return ERR_NO_TURN
    stack = s[t + STACKS + seat]
    owed = s[t + MAX_BET] - s[t + BETS + seat]
    if stack <= owed:
        return ERR_COVERED
    if s[t + RAISE_CAP] > 0 and s[t + RAISES] >= s[t + RAISE_CAP]:
        return ERR_RAISE_CAP
    others = False
    for i in range(s[t + SEATS]):
        if i != seat and is_live(s, t, i) and s[t + STACKS + i] + s[t + BETS + i] > s[t + MAX_BET]:
            others = True
    if not others:
        return ERR_EVERYONE_ALL_IN
    if owed < s[t + LAST_RAISE] or (0 < s[t + SHORT_SUM] < s[t + LAST_RAISE] and s[t + ACTED + seat]):
        return ERR_NOT_REOPENED
    return OK


@kernel()
def min_raise_to(s, t):
    """The smallest bet this round the seat to act may raise to (its whole stack when that is less)."""
    seat = s[t + TO_ACT]
    step = max(s[t + LAST_RAISE], s[t + UNIT])
    return min(s[t + STACKS + seat] + s[t + BETS + seat], s[t + MAX_BET] + step)


@kernel()
def max_raise_to(s, t):
    """The largest bet this round the seat to act may raise to: the fixed raise in limit, all in
    in no-limit."""
    seat = s[t + TO_ACT]
    if s[t + STRUCTURE] == FIXED_LIMIT:
        return min_raise_to(s, t)
    return s[t + STACKS + seat] + s[t + BETS + seat]


@kernel()
def hand_total_before_round(s, t, seat):
    """The seat's chips in the pot from earlier rounds (antes and earlier streets)."""
    return s[t + TOTALS + seat] - s[t + BETS + seat]


@kernel()
def raise_bounds(s, t, out):
    """out[0], out[1] = the smallest and largest chip totals for the hand that a raise by the seat to
    act may reach (the ACPC 'raise to' amounts); returns 0, or an ERR_ code when it may not raise."""
    error = raise_error(s, t)
    if error != OK:
        return error
    before = hand_total_before_round(s, t, s[t + TO_ACT])
    out[0] = min_raise_to(s, t) + before
    out[1] = max_raise_to(s, t) + before
    return OK


@kernel()
def _advance(s, t, seat):
    """After ``seat`` acted: the next seat still to act, or NOBODY when the round is over."""
    s[t + PENDING + seat] = 0
    s[t + ACTED + seat] = 1
    s[t + TO_ACT] = _next_pending(s, t, (seat + 1) % s[t + SEATS])
    return s[t + TO_ACT]


@kernel()
def fold(s, t):
    """The seat to act folds (its chips stay in the pot)."""
    seat = s[t + TO_ACT]
    s[t + FOLDED + seat] = 1
    return _advance(s, t, seat)


@kernel()
def check_or_call(s, t):
    """The seat to act checks, or calls (all in when short)."""
    seat = s[t + TO_ACT]
    _put(s, t, seat, to_call(s, t), True)
    return _advance(s, t, seat)


@kernel()
def raise_to(s, t, amount):
    """The seat to act bets or raises so that its bet this round is ``amount`` (checked by the
    caller: between min_raise_to and max_raise_to)."""
    seat = s[t + TO_ACT]
    n = s[t + SEATS]
    increment = amount - s[t + MAX_BET]
    _put(s, t, seat, amount - s[t + BETS + seat], True)
    if increment >= s[t + LAST_RAISE]:
        for i in range(n):
            s[t + ACTED + i] = 0
    s[t + LAST_RAISE] = max(s[t + LAST_RAISE], increment)
    s[t + RAISES] += 1
    if s[t + STACKS + seat] > 0:
        s[t + SHORT_SUM] = 0
    else:
        s[t + SHORT_SUM] += increment
        if s[t + SHORT_SUM] >= s[t + LAST_RAISE]:
            s[t + SHORT_SUM] = 0
    for i in range(n):
        s[t + PENDING + i] = 1 if i != seat and is_live(s, t, i) and s[t + STACKS + i] > 0 else 0
    return _advance(s, t, seat)


# ----- actions by id ------------------------------------------------------------------------------

@kernel()
def legal_actions(s, t, out):
    """The legal action ids of the seat to act into out[:n], ascending: FOLD when it owes chips,
    CALL, then RAISE (limit) or every 'raise to' hand total from the smallest to all in (no-limit).
    ``out`` needs room for 2 + the largest stack plus bet. Returns n (0 when nobody is to act)."""
    if s[t + TO_ACT] == NOBODY:
        return 0
    n = 0
    if to_call(s, t) > 0:
        out[n] = FOLD
        n += 1
    out[n] = CALL
    n += 1
    if raise_error(s, t) == OK:
        if s[t + STRUCTURE] == FIXED_LIMIT:
            out[n] = RAISE
            n += 1
        else:
            before = hand_total_before_round(s, t, s[t + TO_ACT])
            for total in range(min_raise_to(s, t) + before, max_raise_to(s, t) + before + 1):
                out[n] = total
                n += 1
    return n


@kernel()
def turn_actions(s, t, out):
    """A card game's legal actions with its betting table at ``t``: none while chance deals or once
    the hand is over (the state header's player below 0), else :func:`legal_actions`."""
    if s[PLAYER] < 0:
        return 0
    return legal_actions(s, t, out)


@kernel()
def action_error(s, t, action):
    """OK when ``action`` is legal for the seat to act now, else why not (an ERR_ code)."""
    if s[t + TO_ACT] == NOBODY:
        return ERR_NO_TURN
    if action == FOLD:
        return OK if to_call(s, t) > 0 else ERR_NOTHING_TO_FOLD
    if action == CALL:
        return OK
    if action < 0 or (s[t + STRUCTURE] == FIXED_LIMIT and action != RAISE):
        return ERR_NO_SUCH_ACTION
    error = raise_error(s, t)
    if error != OK or s[t + STRUCTURE] == FIXED_LIMIT:
        return error
    before = hand_total_before_round(s, t, s[t + TO_ACT])
    if action < min_raise_to(s, t) + before:
        return ERR_TOO_SMALL
    if action > max_raise_to(s, t) + before:
        return ERR_TOO_LARGE
    return OK


@kernel()
def apply_action(s, t, action):
    """Play action id ``action`` for the seat to act: OK, or an ERR_ code and nothing changes."""
    error = action_error(s, t, action)
    if error != OK:
        return error
    if action == FOLD:
        fold(s, t)
    elif action == CALL:
        check_or_call(s, t)
    elif s[t + STRUCTURE] == FIXED_LIMIT:
        raise_to(s, t, min_raise_to(s, t))
    else:
        raise_to(s, t, action - hand_total_before_round(s, t, s[t + TO_ACT]))
    return OK


# ----- the end of the hand ------------------------------------------------------------------------

@kernel()
def hand_won_by_folds(s, t):
    """True when one seat is left in (everyone else folded): it takes the pot without a showdown."""
    return live_count(s, t) <= 1


@kernel()
def betting_finished(s, t):
    """True once no later round can have betting: at most one seat still in has chips behind (the
    rest are all in), so the remaining cards are dealt straight to the showdown."""
    with_chips = 0
    for i in range(s[t + SEATS]):
        if is_live(s, t, i) and s[t + STACKS + i] > 0:
            with_chips += 1
    return with_chips <= 1


@kernel()
def pot_size(s, t):
    """All chips in the middle: every seat's total for this hand, bets of this round included."""
    return _seat_sum(s, t, TOTALS)


@kernel()
def _live_flags(s, t):
    """1 for each seat still contending, 0 for the others (an array over the seats)."""
    n = s[t + SEATS]
    live = np.zeros(n, dtype=np.int64)
    for i in range(n):
        live[i] = 1 if is_live(s, t, i) else 0
    return live


@kernel()
def table_pots(s, t, amounts, eligible):
    """The main and side pots of the chips put in so far (see :func:`pots.side_pots`); returns their
    number. ``amounts`` and ``eligible`` need MAX_SEATS + 1 slots."""
    n = s[t + SEATS]
    return side_pots(s[t + TOTALS:t + TOTALS + n], _live_flags(s, t), n, amounts, eligible)


@kernel()
def award(s, t, values):
    """Settle the hand: every pot to its best ``values[seat]`` among the seats still in (ties split,
    odd chips to the first winner after the button); the chips each seat takes go to ``won`` and
    onto its stack. With one seat left the values do not matter. Returns the number of pots."""
    n = s[t + SEATS]
    won = s[t + WON:t + WON + n]
    pots = award_pots(s[t + TOTALS:t + TOTALS + n], _live_flags(s, t), values, n, (s[t + BUTTON] + 1) % n, won)
    for i in range(n):
        s[t + STACKS + i] += won[i]
    s[t + TO_ACT] = NOBODY
    return pots


@kernel()
def hand_result(s, t, seat):
    """The seat's chips won minus chips put in this hand, once it is settled (its return)."""
    return s[t + WON + seat] - s[t + TOTALS + seat]


# ----- actions in words ---------------------------------------------------------------------------

def explain(s, t: int, action: int) -> str | None:
    """Why ``action`` is refused now, in words (None when it is legal): for the UI and
    IllegalActionError messages."""
    error = int(action_error(s, t, action))
    if error == OK:
        return None
    if error in (ERR_TOO_SMALL, ERR_TOO_LARGE):
        bounds = np.zeros(2, dtype=np.int64)
        raise_bounds(s, t, bounds)
        if error == ERR_TOO_SMALL:
            return _too_small(action, int(bounds[0]))
        return f"a raise to {action} is more than you have: all in makes your chips in the pot {bounds[1]}"
    if error == ERR_RAISE_CAP:
        return f"no more raises this round: {int(s[t + RAISE_CAP])} bets and raises is the limit"
    return _REASONS[error]


def _too_small(action: int, smallest: int) -> str:
    return f"a raise to {action} is too small: the smallest makes your chips in the pot {smallest}"


_REASONS = {
    ERR_NO_TURN: "nobody is to act: the betting round is over",
    ERR_NOTHING_TO_FOLD: "there is no bet to call: check instead of folding",
    ERR_COVERED: "calling already puts you all in: you cannot raise",
    ERR_EVERYONE_ALL_IN: "everyone else is all in: call or fold",
    ERR_NOT_REOPENED: "only an all-in short of a full raise came since you acted: call or fold",
    ERR_NO_SUCH_ACTION: "no such action: fold, check or call, or raise",
}


def raise_total(s, t: int, action: int) -> int:
    """The seat to act's chips in the pot this hand after raise action ``action`` (the fixed raise
    in limit; the action itself in no-limit)."""
    if s[t + STRUCTURE] == FIXED_LIMIT:
        return int(min_raise_to(s, t) + hand_total_before_round(s, t, s[t + TO_ACT]))
    return int(action)


def action_text(s, t: int, action: int) -> str:
    """An action of the seat to act in words: 'fold', 'check', 'call 4', 'bet to 12', 'raise to 40'
    (raises name the seat's chips in the pot this hand afterwards, as ``parse_action`` reads them),
    with ' (all in)' when it puts every chip in. IllegalActionError for a number that is no action id
    (a negative one; above the raise in limit)."""
    if action < FOLD or (action > RAISE and s[t + STRUCTURE] == FIXED_LIMIT):
        raise IllegalActionError(f"there is no action {action}: {_ACTION_IDS[int(s[t + STRUCTURE])]}")
    seat = int(s[t + TO_ACT])
    if action == FOLD:
        return "fold"
    stack = int(s[t + STACKS + seat]) if seat != NOBODY else 0
    if action == CALL:
        owed = int(to_call(s, t))
        if owed == 0:
            return "check"
        return f"call {owed}" + (f" {_ALL_IN_MARK}" if owed == stack else "")
    total = raise_total(s, t, action)
    word = "bet" if s[t + MAX_BET] == 0 else "raise"
    all_in = seat != NOBODY and total - int(s[t + TOTALS + seat]) == stack
    return f"{word} to {total}" + (f" {_ALL_IN_MARK}" if all_in else "")


_ACTION_IDS = {FIXED_LIMIT: "0 fold, 1 check or call, 2 raise",
               NO_LIMIT: "0 fold, 1 check or call, 2 and up raise to that many chips in the pot"}
_ALL_IN_MARK = "(all in)"
"""What :func:`action_text` adds to an action that puts every chip in (``parse_action`` reads it)."""
_FOLD_WORDS = ("fold", "f")
_CALL_WORDS = ("call", "c")
_CHECK_WORDS = ("check", "k", "x")
_RAISE_WORDS = ("raise", "bet", "r", "b")
_ALL_IN_WORDS = ("allin", "all in", "shove", "jam")


def parse_action(s, t: int, text: str) -> int:
    """The action id the seat to act means by ``text``: 'fold', 'check', 'call', 'raise' or 'bet'
    (the fixed raise in limit, the smallest raise in no-limit), 'raise 40' / 'bet to 40' (so that
    its chips in the pot this hand total 40), 'allin', and every name :func:`action_text` writes
    ('call 4', 'raise to 200 (all in)'). InvalidMoveError for words that name no action,
    IllegalActionError (with the reason) for one the rules refuse now."""
    words = text.strip().lower().removesuffix(_ALL_IN_MARK).replace("-", " ").split()
    if words[1:2] == ["to"]:
        del words[1]
    phrase = " ".join(words)
    if phrase in _FOLD_WORDS:
        action = FOLD
    elif phrase in _CALL_WORDS or phrase in _CHECK_WORDS:
        owed = int(to_call(s, t))
        if phrase in _CHECK_WORDS and owed > 0:
            raise IllegalActionError(f"you cannot check: {owed} to call (call or fold)")
        action = CALL
    elif len(words) == 2 and words[0] in _CALL_WORDS and words[1].isdigit():  # 'call 4', as it is named
        owed = int(to_call(s, t))
        if int(words[1]) != owed:
            raise InvalidMoveError(f"{text.strip()!r} is no action: the call is {owed} now")
        action = CALL
    elif phrase in _RAISE_WORDS or phrase in _ALL_IN_WORDS:
        bounds = np.zeros(2, dtype=np.int64)
        error = int(raise_bounds(s, t, bounds))
        if phrase in _ALL_IN_WORDS and error != OK and to_call(s, t) == s[t + STACKS + s[t + TO_ACT]]:
            action = CALL  # calling puts every chip in
        elif error != OK or s[t + STRUCTURE] == FIXED_LIMIT:
            action = RAISE
        else:
            action = int(bounds[1] if phrase in _ALL_IN_WORDS else bounds[0])
    elif len(words) == 2 and words[0] in _RAISE_WORDS and words[1].isdigit():
        action = int(words[1])
        if s[t + STRUCTURE] == FIXED_LIMIT and action_error(s, t, RAISE) == OK:
            if action != raise_total(s, t, RAISE):
                raise IllegalActionError(f"in limit the raise makes your chips in the pot "
                                         f"{raise_total(s, t, RAISE)}, not {action}")
            action = RAISE
        elif action < RAISE:  # 0 and 1 are the ids of fold and call: so few chips are never a raise
            bounds = np.zeros(2, dtype=np.int64)
            if raise_bounds(s, t, bounds) != OK:
                raise IllegalActionError(explain(s, t, RAISE) or _REASONS[ERR_NO_SUCH_ACTION])
            raise IllegalActionError(_too_small(action, int(bounds[0])))
    else:
        raise InvalidMoveError(f"{text.strip()!r} is no action: fold, check, call, raise (or raise 40 "
                               "to make your chips in the pot 40), all in")
    reason = explain(s, t, action)
    if reason is not None:
        raise IllegalActionError(reason)
    return action


__all__ = [
    "ACTED", "BETS", "BIG_BLIND", "BIG_BLIND_SEAT", "BUTTON", "CALL", "ERR_COVERED",
    "ERR_EVERYONE_ALL_IN", "ERR_NOTHING_TO_FOLD", "ERR_NOT_REOPENED", "ERR_NO_SUCH_ACTION", "ERR_NO_TURN",
    "ERR_RAISE_CAP", "ERR_TOO_LARGE", "ERR_TOO_SMALL", "FIXED_LIMIT", "FOLD", "FOLDED", "IN_HAND",
    "LAST_RAISE", "MAX_BET", "MAX_SEATS", "NOBODY", "NO_LIMIT", "OK", "PENDING", "RAISE", "RAISES",
    "RAISE_CAP", "SEATS", "SHORT_SUM", "SMALL_BLIND", "SMALL_BLIND_SEAT", "STACKS", "STRUCTURE", "TABLE",
    "TABLE_SIZE", "TOTALS", "TO_ACT", "UNIT", "WON", "action_error", "action_text", "apply_action",
    "award", "betting_finished", "check_or_call", "explain", "fold", "hand_result",
    "hand_total_before_round", "hand_won_by_folds", "in_hand_count", "is_live", "legal_actions", "turn_actions",
    "live_count", "max_raise_to", "min_raise_to", "next_button", "next_in_hand", "open_next_round",
    "open_round", "parse_action", "post_ante", "post_blinds", "pot_size", "raise_bounds", "raise_error",
    "raise_to", "raise_total", "seat_table", "start_hand", "table_pots", "to_call",
]
