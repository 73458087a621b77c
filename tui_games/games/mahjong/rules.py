"""One hand of four-player mahjong as jitted kernels: riichi (Tenhou's ranked rules), or the simple game
(``s[RULES]``, see the last point).

The hand, in the order it plays (see docs/dev/mahjong-plan.md for the rules chosen):

* **The deal** (chance): 13 tiles to each seat, then the first dora indicator. The wall is not laid
  out in advance: every tile that comes into sight (a draw, an indicator, a rinshan tile, an ura
  indicator) is a chance outcome, a tile type (:mod:`.constants`) drawn from the unseen tiles
  (``pool``) with odds by count, which is the same as drawing from a shuffled wall. The live wall
  holds 70 draws, one fewer for each kan (the dead wall keeps 14 tiles); the dealer (east) draws first.
* **A turn**: the seat draws (chance), then wins by tsumo, declares a closed or an added kan, aborts
  with nine terminals (its first turn, no call yet), discards, or discards declaring riichi (closed,
  tenpai after the discard, >= 1,000 points, >= 4 tiles left to draw). After riichi it discards what
  it draws, may tsumo, and may make a closed kan of the tile drawn that keeps its waits. After a chi or
  pon the caller only discards, never the kind called nor (chi) the other end of the run (kuikae).
* **A discard** is offered to the other seats at once (a simultaneous node, only where some seat can
  call): ron > pon / open kan > chi, chi by the next seat only; two rons both win (riichi sticks and
  honba to the first in turn order from the discarder), three abort the hand. No pon, chi or kan on
  the last discard. A seat that lets its winning tile go (whether or not it could ron) is furiten until
  its next discard, for good once in riichi; a wait among its own discards makes it furiten too.
* **Kans**: a closed kan turns a new dora indicator at once, an open or added kan after its discard
  (Tenhou); each draws a rinshan tile. An added kan may be robbed (chankan). A fifth kan is never
  allowed; four kans by two or more seats abort the hand when the next discard passes.
* **Riichi** pays its stick once its discard passes without ron; ippatsu lasts until the seat's next
  discard and any call (kans too) breaks it.
* **The end**: a win (scored by :func:`.scoring.score`; the ura indicators are turned as chance
  outcomes when a riichi seat wins), the exhaustive draw (3,000 tenpai payments; nagashi mangan, paid
  as a mangan tsumo without honba, in their place), or an abortive draw (nine terminals, four winds,
  four riichi, four kans, triple ron).
* **Pao** (Tenhou): the seat whose discard a seat pons or kans for its third dragon set (fourth wind
  set) is liable for that seat's daisangen (daisuushii): it pays a tsumo whole, and half a ron on
  another seat's discard plus the honba. A closed kan cannot be robbed, not even by thirteen orphans.
* **The simple game** (RLCard's reading, ``SIMPLE_RULES``): no red fives, dead wall, dora, riichi,
  furiten, kuikae, abortive draws, nor kans of one's own; all 84 other tiles are drawn (an open kan's
  tile too); a win is four sets and a pair, by tsumo or ron on any discard, the first in turn order from
  the discarder alone; the winner +1, each other seat -1.

:func:`returns` is each seat's point change over the hand (riichi sticks included: the stakes of
earlier hands are won here too, so the sum is the sticks taken from the table less those left on it).
"""

from tui_games.engine.header import CHANCE, NO_WINNER, NUM_PLAYERS, PLAYER, PLY, SIMULTANEOUS, TERMINAL, WINNER
from tui_games.engine.jit import (SIG_APPLY, SIG_APPLY_JOINT, SIG_CHANCE, SIG_EVALUATE, SIG_LEGAL, SIG_LEGAL_FOR,
                                  SIG_REDACT, SIG_RETURNS, kernel, np)
from tui_games.engine.layout import Field, StateLayout
from tui_games.engine.observer import UNSEEN
from tui_games.games.mahjong import scoring as sc
from tui_games.games.mahjong import yaku as yk
from tui_games.games.mahjong.constants import (CHI, DISCARD, END_EXHAUSTIVE, END_FOUR_KANS,  # noqa: F401
                                               END_FOUR_RIICHI, END_FOUR_WINDS, END_NAGASHI, END_NINE_TERMINALS,
                                               END_NONE, END_RON, END_TRIPLE_RON, END_TSUMO, KAN, MAX_ACTIONS,
                                               NINE_TERMINALS, PASS, PON, RED_TYPE, RIICHI, RON, TSUMO, TYPES)
from tui_games.games.mahjong.winning import is_complete, is_regular, waits

SEATS = 4
KINDS = 34
HAND_TILES = 13
LIVE_TILES = 70
"""Draws in the live wall of a riichi hand without kans (136 - 52 dealt - 14 in the dead wall)."""
SIMPLE_LIVE_TILES = 84
"""Draws in the simple game, which keeps no dead wall (136 - 52 dealt; a kan's tile counts among them)."""
MAX_KANS = 4
MAX_DISCARDS = 48
"""Room for one seat's discards (a seat cannot discard more than about 40 tiles in one hand)."""
START_POINTS = 25000
RIICHI_RULES, SIMPLE_RULES = 0, 1
"""``s[RULES]``: Tenhou's riichi, or the simple game (RLCard's reading: no riichi, dora or yaku)."""

P_DEAL, P_DRAW, P_RINSHAN, P_FLIP, P_URA, P_TURN, P_CALLS, P_CHANKAN, P_OVER = range(9)
"""Phases: chance (the deal, a draw, a rinshan draw, a dora indicator, the ura indicators), a seat's
turn, the answers to a discard or to an added kan (simultaneous), the hand over."""
AFTER_DISCARD, AFTER_CLOSED_KAN, AFTER_ADDED_KAN = 0, 1, 2
"""Where the play goes once the indicators being turned are out (``s[AFTER_FLIP]``)."""
D_RIICHI, D_CALLED, D_TSUMOGIRI = 64, 128, 256
"""Bits of a discard's code beside its tile type: declared riichi, called away, the tile just drawn."""

MELD = StateLayout(
    "one meld",
    Field("type", 1, "scoring's CHI 0, PON 1, OPEN_KAN 2, CLOSED_KAN 3, ADDED_KAN 4"),
    Field("kind", 1, "the lowest kind"),
    Field("called", 1, "the tile type taken from a discard (-1 for a closed kan)"),
    Field("from_seat", 1, "the seat it was taken from (-1 for a closed kan)"),
    Field("reds", 1, "red fives in it"),
    with_header=False,
)
"""A called meld (or closed kan)."""
MELD.export(globals(), prefix="M_")

LAYOUT = StateLayout(
    "Riichi mahjong hand",
    Field("rules", 1, "RIICHI_RULES or SIMPLE_RULES"),
    Field("phase", 1, "P_DEAL .. P_OVER"),
    Field("dealer", 1, "the dealer's seat (east)"),
    Field("round_wind", 1, "the round wind (kind 27-30)"),
    Field("honba", 1, "honba counters"),
    Field("riichi_sticks", 1, "riichi sticks on the table"),
    Field("scores", SEATS, "each seat's points"),
    Field("start_scores", SEATS, "each seat's points when the hand began"),
    Field("turn", 1, "the seat whose turn it is (who draws, discards, or declared the kan)"),
    Field("deal_left", 1, "tiles still to deal"),
    Field("live_left", 1, "draws left in the live wall"),
    Field("drawn", 1, "the tile type the turn's seat just drew, -1 after a call"),
    Field("rinshan", 1, "1 when that tile came from the dead wall"),
    Field("after_call", 1, "1 when the turn follows a chi or pon: discard only"),
    Field("forbid", 2, "kinds the caller may not discard (kuikae), -1 none"),
    Field("last_discard", 1, "the tile type of the last discard, -1 none"),
    Field("discarder", 1, "who made it"),
    Field("calls_made", 1, "1 once any seat called or made a kan (the first go-around is broken)"),
    Field("kans", 1, "kans made"),
    Field("kan_seats", 1, "bit per seat that made a kan"),
    Field("pending_dora", 1, "indicators to turn after the next discard (open and added kans)"),
    Field("flip_left", 1, "indicators to turn now (P_FLIP)"),
    Field("after_flip", 1, "AFTER_DISCARD / AFTER_CLOSED_KAN / AFTER_ADDED_KAN"),
    Field("pending_kan", 1, "the kind of an added kan others may rob, -1 none"),
    Field("riichi_pending", 1, "the seat whose riichi discard awaits the answers, -1 none"),
    Field("dora_n", 1, "dora indicators turned"),
    Field("dora", sc.MAX_INDICATORS, "their tile types"),
    Field("ura_n", 1, "ura indicators turned"),
    Field("ura", sc.MAX_INDICATORS, "their tile types"),
    Field("pool", TYPES, "unseen tiles (the walls) by type"),
    Field("hands", SEATS * KINDS, "each seat's concealed tiles by kind (red fives included)"),
    Field("reds", SEATS * 3, "1 where the seat holds that suit's red five concealed"),
    Field("hand_size", SEATS, "concealed tiles of each seat"),
    Field("meld_n", SEATS, "melds of each seat"),
    Field("melds", record=MELD, count=SEATS * 4),
    Field("discard_n", SEATS, "discards of each seat"),
    Field("discards", SEATS * MAX_DISCARDS, "tile type | D_RIICHI | D_CALLED | D_TSUMOGIRI"),
    Field("discarded_kinds", SEATS, "bit per kind the seat ever discarded (furiten)"),
    Field("in_riichi", SEATS, "0, 1 riichi, 2 double riichi"),
    Field("ippatsu", SEATS, "1 while ippatsu is alive"),
    Field("furiten_turn", SEATS, "1 from letting a winning tile pass until the seat's next discard"),
    Field("furiten_riichi", SEATS, "1 once a seat in riichi let a winning tile pass"),
    Field("nagashi", SEATS, "1 while every discard is a terminal or honour and none was called"),
    Field("pao", SEATS, "the seat liable for the seat's daisangen or daisuushii (sekinin barai), -1 none"),
    Field("end", 1, "END_NONE .. END_TRIPLE_RON"),
    Field("winners", 1, "bit per winning seat"),
    Field("win_from", 1, "who dealt in, -1 for a tsumo"),
    Field("win_tile", 1, "the winning tile type"),
    Field("win_flags", SEATS, "each winner's situation flags (scoring's TSUMO ... bits)"),
    Field("han", SEATS, "each winner's han"),
    Field("fu", SEATS, "each winner's fu"),
    Field("yaku", SEATS, "each winner's yaku mask"),
    Field("yakuman", SEATS, "each winner's yakuman multiple"),
    Field("tenpai", 1, "bit per seat tenpai at the exhaustive draw"),
    Field("renchan", 1, "1 when the dealer keeps the seat"),
)
"""The state array."""
LAYOUT.export(globals())


# ----- tiles -------------------------------------------------------------------------------------------
@kernel()
def kind_of_type(t):
    """The kind of a tile type."""
    return (t - RED_TYPE) * 9 + 4 if t >= RED_TYPE else t


@kernel()
def red_suit(kind):
    """The suit whose red five ``kind`` is (0-2), or -1 for a kind without one."""
    if kind < 27 and kind % 9 == 4:
        return kind // 9
    return -1


@kernel()
def simple(kind):
    """A suit's 2-8."""
    return kind < 27 and 1 <= kind % 9 <= 7


@kernel()
def plain_count(s, seat, kind):
    """The seat's concealed non-red tiles of ``kind``."""
    n = s[HANDS + seat * KINDS + kind]
    r = red_suit(kind)
    if r >= 0:
        n -= s[REDS + seat * 3 + r]
    return n


@kernel()
def holds_type(s, seat, t):
    """Whether the seat holds a tile of type ``t`` concealed."""
    if t >= RED_TYPE:
        return s[REDS + seat * 3 + t - RED_TYPE] == 1
    return plain_count(s, seat, t) > 0


@kernel()
def give(s, seat, t):
    """A tile of type ``t`` into the seat's hand."""
    kind = kind_of_type(t)
    s[HANDS + seat * KINDS + kind] += 1
    if t >= RED_TYPE:
        s[REDS + seat * 3 + t - RED_TYPE] = 1
    s[HAND_SIZE + seat] += 1


@kernel()
def take(s, seat, t):
    """A tile of type ``t`` out of the seat's hand."""
    kind = kind_of_type(t)
    s[HANDS + seat * KINDS + kind] -= 1
    if t >= RED_TYPE:
        s[REDS + seat * 3 + t - RED_TYPE] = 0
    s[HAND_SIZE + seat] -= 1


@kernel()
def take_kind(s, seat, kind, n):
    """``n`` tiles of ``kind`` out of the hand, plain ones first; returns how many were red."""
    reds = 0
    for _ in range(n):
        if plain_count(s, seat, kind) > 0:
            take(s, seat, kind)
        else:
            take(s, seat, RED_TYPE + red_suit(kind))
            reds += 1
    return reds


@kernel()
def draw_from_pool(s, t):
    """Takes a tile of type ``t`` out of the unseen tiles."""
    s[POOL + t] -= 1


@kernel()
def hand_counts(s, seat):
    """A copy of the seat's 34 concealed counts."""
    return s[HANDS + seat * KINDS:HANDS + (seat + 1) * KINDS].copy()


@kernel()
def meld_at(seat, m):
    """Where meld ``m`` of ``seat`` starts."""
    return MELDS + (seat * 4 + m) * M_SIZE


@kernel()
def add_meld(s, seat, kind_type, kind, called, from_seat, reds):
    """Writes a new meld for ``seat``."""
    base = meld_at(seat, s[MELD_N + seat])
    s[base + M_TYPE] = kind_type
    s[base + M_KIND] = kind
    s[base + M_CALLED] = called
    s[base + M_FROM_SEAT] = from_seat
    s[base + M_REDS] = reds
    s[MELD_N + seat] += 1


@kernel()
def closed_hand(s, seat):
    """Whether the seat's hand is closed (closed kans only)."""
    for m in range(s[MELD_N + seat]):
        if s[meld_at(seat, m) + M_TYPE] != sc.CLOSED_KAN:
            return False
    return True


@kernel()
def wait_mask(c):
    """The kinds completing the concealed counts ``c`` (3n+1 tiles), as a bit mask."""
    out = np.empty(KINDS, dtype=np.int64)
    n = waits(c, out)
    mask = np.int64(0)
    for i in range(n):
        mask |= np.int64(1) << out[i]
    return mask


@kernel()
def simple_game(s):
    """Whether the hand plays the simple reading (no riichi, dora, furiten, yaku or scoring)."""
    return s[RULES] == SIMPLE_RULES


@kernel()
def seat_wind(s, seat):
    """The seat's wind (kind 27-30)."""
    return 27 + (seat - s[DEALER] + SEATS) % SEATS


# ----- the initial state and chance --------------------------------------------------------------------
@kernel()
def initial_state(dealer, round_wind, honba, sticks, scores):
    """A riichi hand about to be dealt: ``dealer`` (seat), ``round_wind`` (kind 27-30), the honba and
    riichi sticks on the table, and each seat's points (``scores``, 4 numbers)."""
    return new_hand(RIICHI_RULES, dealer, round_wind, honba, sticks, scores)


@kernel()
def new_hand(reading, dealer, round_wind, honba, sticks, scores):
    """A hand of ``reading`` (RIICHI_RULES or SIMPLE_RULES) about to be dealt; see :func:`initial_state`."""
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[RULES] = reading
    s[PLAYER] = CHANCE
    s[WINNER] = NO_WINNER
    s[NUM_PLAYERS] = SEATS
    s[PHASE] = P_DEAL
    s[DEALER] = dealer
    s[ROUND_WIND] = round_wind
    s[HONBA] = honba
    s[RIICHI_STICKS] = sticks
    for seat in range(SEATS):
        s[SCORES + seat] = scores[seat]
        s[START_SCORES + seat] = scores[seat]
        s[NAGASHI + seat] = 1 if reading == RIICHI_RULES else 0
        s[PAO + seat] = -1
    s[TURN] = dealer
    s[DEAL_LEFT] = SEATS * HAND_TILES
    s[LIVE_LEFT] = LIVE_TILES if reading == RIICHI_RULES else SIMPLE_LIVE_TILES
    s[DRAWN] = -1
    s[FORBID] = -1
    s[FORBID + 1] = -1
    s[LAST_DISCARD] = -1
    s[DISCARDER] = -1
    s[PENDING_KAN] = -1
    s[RIICHI_PENDING] = -1
    s[WIN_FROM] = -1
    s[WIN_TILE] = -1
    for t in range(TYPES):
        if reading == SIMPLE_RULES:
            s[POOL + t] = 0 if t >= RED_TYPE else 4
        else:
            s[POOL + t] = 1 if t >= RED_TYPE else (3 if red_suit(t) >= 0 else 4)
    for j in range(sc.MAX_INDICATORS):
        s[DORA + j] = -1
        s[URA + j] = -1
    return s


@kernel(SIG_CHANCE)
def chance_outcomes(s, actions, probs):
    """Any unseen tile, by its count among the unseen tiles."""
    if s[PLAYER] != CHANCE:
        return 0
    total = 0
    for t in range(TYPES):
        total += s[POOL + t]
    n = 0
    for t in range(TYPES):
        if s[POOL + t] > 0:
            actions[n] = t
            probs[n] = s[POOL + t] / total
            n += 1
    return n


@kernel()
def to_turn(s, seat, t, from_dead_wall):
    """The seat draws tile type ``t`` and takes its turn."""
    draw_from_pool(s, t)
    give(s, seat, t)
    s[DRAWN] = t
    s[RINSHAN] = from_dead_wall
    s[AFTER_CALL] = 0
    s[TURN] = seat
    s[PHASE] = P_TURN
    s[PLAYER] = seat


@kernel()
def apply_chance(s, t):
    """Plays the tile type ``t`` coming into sight."""
    phase = s[PHASE]
    if phase == P_DEAL:
        dealt = SEATS * HAND_TILES - s[DEAL_LEFT]
        if dealt < SEATS * HAND_TILES:
            draw_from_pool(s, t)
            give(s, (s[DEALER] + dealt // HAND_TILES) % SEATS, t)
            s[DEAL_LEFT] -= 1
            if s[DEAL_LEFT] == 0 and simple_game(s):
                s[PHASE] = P_DRAW  # no dead wall, no dora indicator
        else:
            turn_indicator(s, t)
            s[PHASE] = P_DRAW
        return
    if phase == P_DRAW:
        s[LIVE_LEFT] -= 1
        to_turn(s, s[TURN], t, 0)
    elif phase == P_RINSHAN:
        to_turn(s, s[TURN], t, 1)
    elif phase == P_FLIP:
        turn_indicator(s, t)
        s[FLIP_LEFT] -= 1
        if s[FLIP_LEFT] == 0:
            after = s[AFTER_FLIP]
            if after == AFTER_DISCARD:
                offer_discard(s)
            elif after == AFTER_CLOSED_KAN:
                s[PHASE] = P_RINSHAN
            else:
                offer_added_kan(s)
    elif phase == P_URA:
        draw_from_pool(s, t)
        s[URA + s[URA_N]] = t
        s[URA_N] += 1
        if s[URA_N] == s[DORA_N]:
            settle_wins(s)


@kernel()
def turn_indicator(s, t):
    """Turns a dora indicator of type ``t``."""
    draw_from_pool(s, t)
    s[DORA + s[DORA_N]] = t
    s[DORA_N] += 1


# ----- scoring a win -----------------------------------------------------------------------------------
@kernel()
def fill_win(s, seat, tile, flags, first, win):
    """The scorer's array for ``seat`` winning on tile type ``tile`` (a ron's tile is added to the
    hand; a tsumo's is in it); ``first``: the winner who takes the honba and sticks."""
    win[:] = -1
    kind = kind_of_type(tile)
    for k in range(KINDS):
        win[sc.W_COUNTS + k] = s[HANDS + seat * KINDS + k]
    reds = s[REDS + seat * 3] + s[REDS + seat * 3 + 1] + s[REDS + seat * 3 + 2]
    if not flags & sc.TSUMO:
        win[sc.W_COUNTS + kind] += 1
        if tile >= RED_TYPE:
            reds += 1
    for m in range(s[MELD_N + seat]):
        base = meld_at(seat, m)
        win[sc.W_MELDS + 2 * m] = s[base + M_TYPE]
        win[sc.W_MELDS + 2 * m + 1] = s[base + M_KIND]
        reds += s[base + M_REDS]
    win[sc.W_WIN] = kind
    win[sc.W_REDS] = reds
    win[sc.W_FLAGS] = flags
    win[sc.W_SEAT] = seat_wind(s, seat)
    win[sc.W_ROUND] = s[ROUND_WIND]
    for j in range(s[DORA_N]):
        win[sc.W_DORA + j] = kind_of_type(s[DORA + j])
    for j in range(s[URA_N]):
        win[sc.W_URA + j] = kind_of_type(s[URA + j])
    win[sc.W_HONBA] = s[HONBA] if first else 0
    win[sc.W_STICKS] = s[RIICHI_STICKS] if first else 0


@kernel()
def riichi_flags(s, seat):
    """The riichi and ippatsu flags of a seat's win."""
    flags = 0
    if s[IN_RIICHI + seat] == 2:
        flags |= sc.DOUBLE_RIICHI
    elif s[IN_RIICHI + seat] == 1:
        flags |= sc.RIICHI
    if s[IPPATSU + seat]:
        flags |= sc.IPPATSU
    return flags


@kernel()
def tsumo_flags(s, seat):
    """The situation of a tsumo by the seat on its turn."""
    flags = sc.TSUMO | riichi_flags(s, seat)
    if s[RINSHAN]:
        flags |= sc.RINSHAN
    elif s[LIVE_LEFT] == 0:
        flags |= sc.HAITEI
    if s[CALLS_MADE] == 0 and s[DISCARD_N + seat] == 0:
        flags |= sc.TENHOU if seat == s[DEALER] else sc.CHIIHOU
    return flags


@kernel()
def ron_flags(s, seat, chankan):
    """The situation of a ron by the seat (on an added kan's tile with ``chankan``)."""
    flags = riichi_flags(s, seat)
    if chankan:
        flags |= sc.CHANKAN
    elif s[LIVE_LEFT] == 0:
        flags |= sc.HOUTEI
    return flags


@kernel()
def scores_a_win(s, seat, tile, flags):
    """Whether the hand with ``tile`` is a win with a yaku in that situation."""
    win = np.empty(sc.WIN_SIZE, dtype=np.int64)
    out = np.empty(sc.OUT_SIZE, dtype=np.int64)
    fill_win(s, seat, tile, flags, True, win)
    return sc.score(win, out) == sc.WIN


@kernel()
def completes(s, seat, kind):
    """Whether ``kind`` completes the seat's concealed hand (3n+1 tiles): any winning shape in riichi,
    sets and a pair in the simple game."""
    c = hand_counts(s, seat)
    if c[kind] >= 4:
        return False
    c[kind] += 1
    return is_regular(c) if simple_game(s) else is_complete(c)


@kernel()
def furiten(s, seat):
    """Whether the seat may not ron: a wait among its discards, or a winning tile let pass."""
    if s[FURITEN_TURN + seat] or s[FURITEN_RIICHI + seat]:
        return True
    return wait_mask(hand_counts(s, seat)) & s[DISCARDED_KINDS + seat] != 0


@kernel()
def can_ron(s, seat, tile, chankan):
    """Whether the seat may ron on tile type ``tile`` (the simple game: any discard completing sets and
    a pair; no furiten, no yaku)."""
    if not completes(s, seat, kind_of_type(tile)):
        return False
    if simple_game(s):
        return True
    if furiten(s, seat):
        return False
    return scores_a_win(s, seat, tile, ron_flags(s, seat, chankan))


@kernel()
def can_tsumo(s, seat):
    """Whether the seat may win on the tile it drew."""
    if s[DRAWN] < 0 or s[AFTER_CALL]:
        return False
    if simple_game(s):
        return is_regular(hand_counts(s, seat))
    if not is_complete(hand_counts(s, seat)):
        return False
    return scores_a_win(s, seat, s[DRAWN], tsumo_flags(s, seat))


# ----- the turn ----------------------------------------------------------------------------------------
@kernel()
def nine_terminals(s, seat):
    """Whether the seat may abort with nine terminals: its first turn, no call yet, nine kinds."""
    if s[CALLS_MADE] or s[DISCARD_N + seat] > 0 or s[DRAWN] < 0:
        return False
    kinds = 0
    for k in range(KINDS):
        if (k >= 27 or k % 9 == 0 or k % 9 == 8) and s[HANDS + seat * KINDS + k] > 0:
            kinds += 1
    return kinds >= 9


@kernel()
def may_kan(s):
    """Whether a kan may be declared at all now: tiles left to draw, fewer than four kans (the simple
    game, without a dead wall, has no limit)."""
    return s[LIVE_LEFT] > 0 and (s[KANS] < MAX_KANS or simple_game(s))


@kernel()
def pon_of(s, seat, kind):
    """The index of the seat's pon of ``kind``, or -1."""
    for m in range(s[MELD_N + seat]):
        base = meld_at(seat, m)
        if s[base + M_TYPE] == sc.PON and s[base + M_KIND] == kind:
            return m
    return -1


@kernel()
def riichi_kan_ok(s, seat, kind):
    """In riichi: a closed kan of the tile just drawn that leaves the waits as they were."""
    if s[DRAWN] < 0 or kind_of_type(s[DRAWN]) != kind or s[HANDS + seat * KINDS + kind] != 4:
        return False
    before = hand_counts(s, seat)
    before[kind] -= 1
    after = hand_counts(s, seat)
    after[kind] = 0
    return wait_mask(before) == wait_mask(after)


@kernel()
def may_riichi(s, seat):
    """Whether the seat may declare riichi this turn (before choosing the discard)."""
    return (s[IN_RIICHI + seat] == 0 and s[AFTER_CALL] == 0 and s[SCORES + seat] >= 1000 and s[LIVE_LEFT] >= 4
            and closed_hand(s, seat))


@kernel()
def simple_turn_actions(s, seat, out):
    """The simple game's turn: any tile, or tsumo (no kan of one's own, as in RLCard)."""
    n = 0
    for t in range(RED_TYPE):
        if s[HANDS + seat * KINDS + t] > 0:
            out[n] = DISCARD + t
            n += 1
    if can_tsumo(s, seat):
        out[n] = TSUMO
        n += 1
    return n


@kernel()
def turn_actions(s, seat, out):
    """The actions of the seat on its turn, ids ascending."""
    if simple_game(s):
        return simple_turn_actions(s, seat, out)
    n = 0
    if s[IN_RIICHI + seat] > 0:
        out[n] = DISCARD + s[DRAWN]
        n += 1
        if may_kan(s) and riichi_kan_ok(s, seat, kind_of_type(s[DRAWN])):
            out[n] = KAN + kind_of_type(s[DRAWN])
            n += 1
        if can_tsumo(s, seat):
            out[n] = TSUMO
            n += 1
        return n
    after_call = s[AFTER_CALL] == 1
    for t in range(TYPES):
        if holds_type(s, seat, t):
            kind = kind_of_type(t)
            if not after_call or (kind != s[FORBID] and kind != s[FORBID + 1]):
                out[n] = DISCARD + t
                n += 1
    if may_riichi(s, seat):
        c = hand_counts(s, seat)
        for t in range(TYPES):
            if holds_type(s, seat, t):
                kind = kind_of_type(t)
                c[kind] -= 1
                if wait_mask(c) != 0:
                    out[n] = RIICHI + t
                    n += 1
                c[kind] += 1
    if not after_call:
        if may_kan(s):
            for k in range(KINDS):
                held = s[HANDS + seat * KINDS + k]
                if held == 4 or (held >= 1 and pon_of(s, seat, k) >= 0):
                    out[n] = KAN + k
                    n += 1
        if can_tsumo(s, seat):
            out[n] = TSUMO
            n += 1
        if nine_terminals(s, seat):
            out[n] = NINE_TERMINALS
            n += 1
    return n


@kernel()
def discard(s, seat, t, declare):
    """The seat discards tile type ``t`` (declaring riichi with ``declare``)."""
    tsumogiri = t == s[DRAWN]
    take(s, seat, t)
    kind = kind_of_type(t)
    code = t | (D_TSUMOGIRI if tsumogiri else 0) | (D_RIICHI if declare else 0)
    s[DISCARDS + seat * MAX_DISCARDS + s[DISCARD_N + seat]] = code
    if declare:
        s[IN_RIICHI + seat] = 2 if s[CALLS_MADE] == 0 and s[DISCARD_N + seat] == 0 else 1
        s[RIICHI_PENDING] = seat
    elif s[IN_RIICHI + seat] > 0:
        s[IPPATSU + seat] = 0
    s[DISCARD_N + seat] += 1
    s[DISCARDED_KINDS + seat] |= np.int64(1) << kind
    if simple(kind):
        s[NAGASHI + seat] = 0
    s[FURITEN_TURN + seat] = 0
    s[LAST_DISCARD] = t
    s[DISCARDER] = seat
    s[DRAWN] = -1
    s[RINSHAN] = 0
    s[AFTER_CALL] = 0
    s[FORBID] = -1
    s[FORBID + 1] = -1
    if s[PENDING_DORA] > 0:
        flip(s, s[PENDING_DORA], AFTER_DISCARD)
        s[PENDING_DORA] = 0
    else:
        offer_discard(s)


@kernel()
def flip(s, count, after):
    """Turns ``count`` dora indicators (chance), then goes on by ``after``."""
    s[FLIP_LEFT] = count
    s[AFTER_FLIP] = after
    s[PHASE] = P_FLIP
    s[PLAYER] = CHANCE


@kernel()
def break_first_go_around(s):
    """A call or kan: every ippatsu is gone and the first go-around is broken."""
    for seat in range(SEATS):
        s[IPPATSU + seat] = 0
    s[CALLS_MADE] = 1


@kernel()
def declare_kan(s, seat, kind):
    """A closed or added kan on the seat's turn."""
    earlier = s[PENDING_DORA]  # an open or added kan's indicator still waiting is turned first
    s[PENDING_DORA] = 0
    if s[HANDS + seat * KINDS + kind] == 4:
        reds = take_kind(s, seat, kind, 4)
        add_meld(s, seat, sc.CLOSED_KAN, kind, -1, -1, reds)
        count_kan(s, seat)
        flip(s, earlier + 1, AFTER_CLOSED_KAN)
    else:
        s[PENDING_KAN] = kind
        if earlier > 0:
            flip(s, earlier, AFTER_ADDED_KAN)
        else:
            offer_added_kan(s)


@kernel()
def count_kan(s, seat):
    """Books a kan: the count, the seat, one draw fewer in the live wall, the go-around broken."""
    s[KANS] += 1
    s[KAN_SEATS] |= 1 << seat
    s[LIVE_LEFT] -= 1
    s[DRAWN] = -1
    break_first_go_around(s)


@kernel()
def finish_added_kan(s):
    """The added kan stands (nobody robbed it): the pon becomes a kan, the rinshan draw follows."""
    seat = s[TURN]
    kind = s[PENDING_KAN]
    s[PENDING_KAN] = -1
    base = meld_at(seat, pon_of(s, seat, kind))
    s[base + M_TYPE] = sc.ADDED_KAN
    s[base + M_REDS] += take_kind(s, seat, kind, 1)
    count_kan(s, seat)
    s[PENDING_DORA] += 1
    s[PHASE] = P_RINSHAN
    s[PLAYER] = CHANCE


# ----- answers to a discard or an added kan ------------------------------------------------------------
@kernel()
def discard_left_after(s, seat, kind_a, kind_b, forbid_a, forbid_b):
    """Whether the seat, having given up a tile of ``kind_a`` and one of ``kind_b`` for a call, would
    hold a tile it may discard (not of the kuikae kinds ``forbid_a`` / ``forbid_b``)."""
    c = hand_counts(s, seat)
    c[kind_a] -= 1
    c[kind_b] -= 1
    for k in range(KINDS):
        if c[k] > 0 and k != forbid_a and k != forbid_b:
            return True
    return False


@kernel()
def chi_forbids(kind, low):
    """The kind besides ``kind`` that a chi of ``kind`` into the run from ``low`` forbids (the other
    end of a run called at one end), -1 none."""
    if kind == low and low % 9 <= 5:
        return low + 3
    if kind == low + 2 and low % 9 >= 1:
        return low - 1
    return -1


@kernel()
def call_options(s, seat, out):
    """The seat's answers to the last discard (ron, chi, pon, kan; never pass), ids ascending."""
    d = s[DISCARDER]
    if seat == d or s[PHASE] != P_CALLS:
        return 0
    t = s[LAST_DISCARD]
    kind = kind_of_type(t)
    n = 0
    if s[IN_RIICHI + seat] == 0 and s[LIVE_LEFT] > 0:
        held = s[HANDS + seat * KINDS + kind]
        kuikae = not simple_game(s)
        if seat == (d + 1) % SEATS and kind < 27:
            first = kind // 9 * 9
            for low in range(max(kind - 2, first), min(kind, first + 6) + 1):
                need_a = low if low != kind else low + 1
                need_b = low + 2 if low + 2 != kind else low + 1
                if (s[HANDS + seat * KINDS + need_a] > 0 and s[HANDS + seat * KINDS + need_b] > 0
                        and (not kuikae or discard_left_after(s, seat, need_a, need_b, kind, chi_forbids(kind, low)))):
                    out[n] = CHI + kind // 9 * 7 + low % 9
                    n += 1
        if held >= 2 and (not kuikae or discard_left_after(s, seat, kind, kind, kind, -1)):
            out[n] = PON
            n += 1
        if held >= 3 and may_kan(s):
            out[n] = KAN + kind
            n += 1
    if can_ron(s, seat, t, False):
        out[n] = RON
        n += 1
    return n


@kernel()
def chankan_options(s, seat, out):
    """The seat's answer to an added kan: ron (chankan) when it may."""
    if seat == s[TURN] or s[PENDING_KAN] < 0:
        return 0
    kind = s[PENDING_KAN]
    tile = kind
    if red_suit(kind) >= 0 and plain_count(s, s[TURN], kind) == 0:
        tile = RED_TYPE + red_suit(kind)
    if can_ron(s, seat, tile, True):
        out[0] = RON
        return 1
    return 0


@kernel()
def added_tile(s):
    """The tile type the turn's seat adds to its pon (a plain one before the red five)."""
    kind = s[PENDING_KAN]
    if red_suit(kind) >= 0 and plain_count(s, s[TURN], kind) == 0:
        return RED_TYPE + red_suit(kind)
    return kind


@kernel()
def offer_discard(s):
    """Opens the answers to the discard where some seat may call, else plays on as if all passed."""
    s[PHASE] = P_CALLS
    scratch = np.empty(8, dtype=np.int64)
    for seat in range(SEATS):
        if call_options(s, seat, scratch) > 0:
            s[PLAYER] = SIMULTANEOUS
            return
    passes = np.full(SEATS, PASS, dtype=np.int64)
    resolve_calls(s, passes)


@kernel()
def offer_added_kan(s):
    """Opens the chankan answers where some seat may rob the kan, else the kan stands."""
    s[PHASE] = P_CHANKAN
    scratch = np.empty(8, dtype=np.int64)
    for seat in range(SEATS):
        if chankan_options(s, seat, scratch) > 0:
            s[PLAYER] = SIMULTANEOUS
            return
    finish_added_kan(s)


@kernel()
def let_pass(s, kind, skip_a, skip_b):
    """Every seat but ``skip_a`` / ``skip_b`` whose winning tile ``kind`` went by: furiten until its next
    discard, for good in riichi. The simple game has no furiten."""
    if simple_game(s):
        return
    for seat in range(SEATS):
        if seat != skip_a and seat != skip_b and completes(s, seat, kind):
            s[FURITEN_TURN + seat] = 1
            if s[IN_RIICHI + seat] > 0:
                s[FURITEN_RIICHI + seat] = 1


@kernel()
def end_hand(s, end, dealer_keeps):
    """The hand is over."""
    s[END] = end
    s[RENCHAN] = dealer_keeps
    s[PHASE] = P_OVER
    s[PLAYER] = TERMINAL


@kernel()
def start_wins(s, winners, from_seat, tile, chankan):
    """Books the winners (a bit per seat) and their situations; turns the ura indicators when a
    winner is in riichi, else pays."""
    s[WINNERS] = winners
    s[WIN_FROM] = from_seat
    s[WIN_TILE] = tile
    if simple_game(s):
        settle_simple(s)
        return
    ura = False
    for seat in range(SEATS):
        if winners >> seat & 1:
            s[WIN_FLAGS + seat] = tsumo_flags(s, seat) if from_seat < 0 else ron_flags(s, seat, chankan)
            if s[IN_RIICHI + seat] > 0:
                ura = True
    if ura:
        s[PHASE] = P_URA
        s[PLAYER] = CHANCE
    else:
        settle_wins(s)


@kernel()
def settle_simple(s):
    """The simple game's win (one winner): +1 to it, -1 to each other seat."""
    winner = 0
    for seat in range(SEATS):
        if s[WINNERS] >> seat & 1:
            winner = seat
    for seat in range(SEATS):
        s[SCORES + seat] += 1 if seat == winner else -1
    s[WINNER] = winner
    end_hand(s, END_TSUMO if s[WIN_FROM] < 0 else END_RON, 0)


@kernel()
def pao_applies(s, seat):
    """Whether the seat's win is paid by a liable seat: it won with daisangen or daisuushii after
    another seat fed the set that made it certain (``s[PAO]``)."""
    liable = s[PAO + seat]
    mask = s[YAKU + seat]
    feeds = ((mask >> yk.DAISANGEN) & 1) == 1 or ((mask >> yk.DAISUUSHII) & 1) == 1
    return liable >= 0 and liable != seat and feeds


@kernel()
def settle_wins(s):
    """Scores each winner and pays: a tsumo by every other seat, a ron by the discarder; the honba and
    the riichi sticks go to the first winner in turn order from the discarder. Pao (Tenhou): a liable
    seat pays a tsumo whole, and half a ron on another seat's discard, with the honba."""
    win = np.empty(sc.WIN_SIZE, dtype=np.int64)
    out = np.empty(sc.OUT_SIZE, dtype=np.int64)
    from_seat = s[WIN_FROM]
    start = s[TURN] if from_seat < 0 else from_seat + 1
    first = True
    for j in range(SEATS):
        seat = (start + j) % SEATS
        if not s[WINNERS] >> seat & 1:
            continue
        fill_win(s, seat, s[WIN_TILE], s[WIN_FLAGS + seat], first, win)
        sc.score(win, out)
        s[HAN + seat] = out[sc.O_HAN]
        s[FU + seat] = out[sc.O_FU]
        s[YAKU + seat] = out[sc.O_YAKU]
        s[YAKUMAN + seat] = out[sc.O_YAKUMAN]
        got = 0
        liable = s[PAO + seat] if pao_applies(s, seat) else -1
        if from_seat < 0:
            for other in range(SEATS):
                if other != seat:
                    if other == s[DEALER] or seat == s[DEALER]:
                        pay = out[sc.O_MAIN] + out[sc.O_MAIN_BONUS]
                    else:
                        pay = out[sc.O_ADDITIONAL] + out[sc.O_ADDITIONAL_BONUS]
                    s[SCORES + (other if liable < 0 else liable)] -= pay
                    got += pay
        else:
            got = out[sc.O_MAIN] + out[sc.O_MAIN_BONUS]
            if liable >= 0 and liable != from_seat:
                half = out[sc.O_MAIN] // 2
                s[SCORES + from_seat] -= half
                s[SCORES + liable] -= got - half
            else:
                s[SCORES + from_seat] -= got
        if first:
            got += 1000 * s[RIICHI_STICKS]
            s[RIICHI_STICKS] = 0
            s[WINNER] = seat
            first = False
        s[SCORES + seat] += got
    end_hand(s, END_TSUMO if from_seat < 0 else END_RON, (s[WINNERS] >> s[DEALER]) & 1)


@kernel()
def exhaustive_draw(s):
    """The wall is out: nagashi mangan (a mangan tsumo each, no honba) or else the tenpai payments; the
    simple game pays nothing."""
    if simple_game(s):
        end_hand(s, END_EXHAUSTIVE, 0)
        return
    tenpai = 0
    count = 0
    for seat in range(SEATS):
        if wait_mask(hand_counts(s, seat)) != 0:
            tenpai |= 1 << seat
            count += 1
    s[TENPAI] = tenpai
    nagashi = False
    for seat in range(SEATS):
        if s[NAGASHI + seat]:
            nagashi = True
            for other in range(SEATS):
                if other != seat:
                    pay = 4000 if seat == s[DEALER] or other == s[DEALER] else 2000
                    s[SCORES + other] -= pay
                    s[SCORES + seat] += pay
    if not nagashi and 0 < count < SEATS:
        for seat in range(SEATS):
            if tenpai >> seat & 1:
                s[SCORES + seat] += 3000 // count
            else:
                s[SCORES + seat] -= 3000 // (SEATS - count)
    end_hand(s, END_NAGASHI if nagashi else END_EXHAUSTIVE, (tenpai >> s[DEALER]) & 1)


@kernel()
def four_winds(s):
    """Whether the first four discards, with no call, are the same wind."""
    if s[CALLS_MADE]:
        return False
    first = s[DISCARDS] & 63
    if first < 27 or first > 30:
        return False
    for seat in range(SEATS):
        if s[DISCARD_N + seat] != 1 or s[DISCARDS + seat * MAX_DISCARDS] & 63 != first:
            return False
    return True


@kernel()
def set_pao(s, seat, kind, from_seat):
    """After the seat's pon or open kan of ``kind`` from ``from_seat``: that seat is liable (pao) when
    the call makes the seat's third dragon set or fourth wind set, counting every meld and closed kan."""
    if kind < 27:
        return
    dragons = kind >= 31
    n = 0
    for m in range(s[MELD_N + seat]):
        base = meld_at(seat, m)
        k = s[base + M_KIND]
        if s[base + M_TYPE] != sc.CHI and k >= 27 and (k >= 31) == dragons:
            n += 1
    if n == (3 if dragons else 4):
        s[PAO + seat] = from_seat


@kernel()
def call_discard(s, seat, action):
    """The seat takes the last discard for a chi, pon or open kan."""
    d = s[DISCARDER]
    t = s[LAST_DISCARD]
    kind = kind_of_type(t)
    s[DISCARDS + d * MAX_DISCARDS + s[DISCARD_N + d] - 1] |= D_CALLED
    s[NAGASHI + d] = 0  # the caller keeps its own nagashi: Tenhou only asks that none of its tiles be called
    break_first_go_around(s)
    reds = 1 if t >= RED_TYPE else 0
    s[TURN] = seat
    s[DRAWN] = -1
    if action >= KAN:
        reds += take_kind(s, seat, kind, 3)
        add_meld(s, seat, sc.OPEN_KAN, kind, t, d, reds)
        count_kan(s, seat)
        if not simple_game(s):
            s[PENDING_DORA] += 1
            set_pao(s, seat, kind, d)
        s[PHASE] = P_RINSHAN
        s[PLAYER] = CHANCE
        return
    if action == PON:
        reds += take_kind(s, seat, kind, 2)
        add_meld(s, seat, sc.PON, kind, t, d, reds)
        if not simple_game(s):
            set_pao(s, seat, kind, d)
        s[FORBID] = kind
        s[FORBID + 1] = -1
    else:
        low = (action - CHI) // 7 * 9 + (action - CHI) % 7
        for k in range(low, low + 3):
            if k != kind:
                reds += take_kind(s, seat, k, 1)
        add_meld(s, seat, sc.CHI, low, t, d, reds)
        s[FORBID] = kind
        s[FORBID + 1] = chi_forbids(kind, low)
    s[AFTER_CALL] = 1
    s[PHASE] = P_TURN
    s[PLAYER] = seat


@kernel()
def resolve_calls(s, actions):
    """Plays the answers to a discard: rons first (three abort), then the riichi stands and the
    abortive draws are checked, then a pon or kan, a chi, or the next seat's draw."""
    d = s[DISCARDER]
    t = s[LAST_DISCARD]
    rons = 0
    count = 0
    for seat in range(SEATS):
        if seat != d and actions[seat] == RON:
            rons |= 1 << seat
            count += 1
    if count > 0 and simple_game(s):  # the first in turn order from the discarder wins alone
        for j in range(1, SEATS):
            if rons >> ((d + j) % SEATS) & 1:
                start_wins(s, 1 << ((d + j) % SEATS), d, t, False)
                return
    if count == 3:
        end_hand(s, END_TRIPLE_RON, 1)
        return
    if count > 0:
        start_wins(s, rons, d, t, False)
        return
    if simple_game(s):
        pass_on(s, actions)
        return
    let_pass(s, kind_of_type(t), d, -1)
    r = s[RIICHI_PENDING]
    if r >= 0:
        s[RIICHI_PENDING] = -1
        s[SCORES + r] -= 1000
        s[RIICHI_STICKS] += 1
        s[IPPATSU + r] = 1
        if s[IN_RIICHI] > 0 and s[IN_RIICHI + 1] > 0 and s[IN_RIICHI + 2] > 0 and s[IN_RIICHI + 3] > 0:
            end_hand(s, END_FOUR_RIICHI, 1)
            return
    if four_winds(s):
        end_hand(s, END_FOUR_WINDS, 1)
        return
    seats_with_kans = 0
    for seat in range(SEATS):
        seats_with_kans += (s[KAN_SEATS] >> seat) & 1
    if s[KANS] == MAX_KANS and seats_with_kans > 1:
        end_hand(s, END_FOUR_KANS, 1)
        return
    pass_on(s, actions)


@kernel()
def pass_on(s, actions):
    """No ron and no abortive draw: the wall's end, else a pon or kan, a chi, or the next seat's draw."""
    d = s[DISCARDER]
    if s[LIVE_LEFT] == 0:
        exhaustive_draw(s)
        return
    chi_seat = -1
    for seat in range(SEATS):
        a = actions[seat]
        if seat == d:
            continue
        if a == PON or KAN <= a < TSUMO:
            call_discard(s, seat, a)
            return
        if CHI <= a < PON:
            chi_seat = seat
    if chi_seat >= 0:
        call_discard(s, chi_seat, actions[chi_seat])
        return
    s[TURN] = (d + 1) % SEATS
    s[PHASE] = P_DRAW
    s[PLAYER] = CHANCE


@kernel()
def resolve_chankan(s, actions):
    """Plays the answers to an added kan: rons rob it (three abort), else the kan stands."""
    kind = s[PENDING_KAN]
    rons = 0
    count = 0
    for seat in range(SEATS):
        if seat != s[TURN] and actions[seat] == RON:
            rons |= 1 << seat
            count += 1
    if count == 3:
        end_hand(s, END_TRIPLE_RON, 1)
    elif count > 0:
        start_wins(s, rons, s[TURN], added_tile(s), True)
    else:
        let_pass(s, kind, s[TURN], -1)
        finish_added_kan(s)


# ----- the protocol ------------------------------------------------------------------------------------
@kernel(SIG_LEGAL)
def legal_actions(s, out):
    """The actions of the seat on its turn (none at chance and simultaneous nodes, nor at the end)."""
    if s[PLAYER] < 0:
        return 0
    return turn_actions(s, s[PLAYER], out)


@kernel(SIG_LEGAL_FOR)
def legal_for(s, player, out):
    """At the answers to a discard or an added kan: the seat's calls and pass (pass last); a seat that
    may not call gets pass alone."""
    if s[PLAYER] != SIMULTANEOUS or player < 0 or player >= SEATS:
        return 0
    if s[PHASE] == P_CALLS:
        n = call_options(s, player, out)
    else:
        n = chankan_options(s, player, out)
    out[n] = PASS
    return n + 1


@kernel(SIG_APPLY_JOINT)
def apply_joint(s, actions):
    """Plays every seat's answer at once."""
    s[PLY] += 1
    if s[PHASE] == P_CALLS:
        resolve_calls(s, actions)
    else:
        resolve_chankan(s, actions)
    return 0


@kernel(SIG_APPLY)
def apply_action(s, action):
    """Plays a chance outcome (a tile type) or the turn's seat's action."""
    if s[PLAYER] == SIMULTANEOUS or s[PLAYER] == TERMINAL:
        return -1
    s[PLY] += 1
    if s[PLAYER] == CHANCE:
        apply_chance(s, action)
        return 0
    seat = s[PLAYER]
    if action < RIICHI:
        discard(s, seat, action - DISCARD, False)
    elif action < CHI:
        discard(s, seat, action - RIICHI, True)
    elif KAN <= action < TSUMO:
        declare_kan(s, seat, action - KAN)
    elif action == TSUMO:
        start_wins(s, 1 << seat, -1, s[DRAWN], False)
    elif action == NINE_TERMINALS:
        end_hand(s, END_NINE_TERMINALS, 1)
    return 0


@kernel(SIG_RETURNS)
def returns(s, out):
    """Each seat's point change over the hand so far (final once it is over)."""
    for seat in range(SEATS):
        out[seat] = float(s[SCORES + seat] - s[START_SCORES + seat])
    return SEATS


@kernel(SIG_EVALUATE)
def evaluate(s, player):
    """The seat's point change so far, in units of 10,000 points (the simple game: its return)."""
    scale = 1.0 if simple_game(s) else 10000.0
    return (s[SCORES + player] - s[START_SCORES + player]) / scale


@kernel(SIG_REDACT)
def redact(s, player, out):
    """The hand as ``player`` sees it: not the other seats' concealed tiles (their sizes show), the
    tile another seat drew, their furiten, nor the walls. Once the hand is over the winners' hands
    and, at an exhaustive draw, the tenpai hands are laid open, as at the table."""
    for t in range(TYPES):
        out[POOL + t] = UNSEEN
    over = s[PHASE] == P_OVER
    shown = s[WINNERS] if over else 0
    if over and (s[END] == END_EXHAUSTIVE or s[END] == END_NAGASHI):
        shown |= s[TENPAI]
    for seat in range(SEATS):
        if seat == player or (shown >> seat) & 1:
            continue
        for k in range(KINDS):
            out[HANDS + seat * KINDS + k] = UNSEEN
        for r in range(3):
            out[REDS + seat * 3 + r] = UNSEEN
        out[FURITEN_TURN + seat] = UNSEEN
        out[FURITEN_RIICHI + seat] = UNSEEN
    if s[TURN] != player and s[DRAWN] >= 0:
        out[DRAWN] = UNSEEN
    return 0
