"""Competitive bidding: the defenders' first action, the advancer's answer, and the opening side's
first calls after an opponent has come in.

After an opponent's opening (or later, while our side has only passed; in the pass-out seat at the one
or two level, "balancing", with 3 points less):
- 1NT overcall 15-18 balanced with a stopper in their suit (2NT over a weak two, 3NT 16-20 over a
  three-level preempt; 11-14 balancing);
- takeout double (forcing): 12+ HCP (one more a level higher, up to three), at most two cards in their
  suits and three or more in each other suit; or any hand of 18+ HCP;
- simple overcall: a five-card suit (a good one, or 11+ HCP), at most 17 HCP and 8-19 points (HCP and
  length) at the one level, 11-19 at the two level, a six-card suit and 13-19 at the three level; weak
  jump overcall: a good six-card suit and 6-10 HCP;
- over their 1NT opening: double for penalty with 15+ HCP, or a six-card suit at the two level with
  8-15 points.
The advancer, after a takeout double (its right-hand opponent passing, it must bid): a cue bid in their
suit with 12+, no trumps with a stopper (1NT 6-10, 2NT 11-12, 3NT 13+), a jump with 9-11, or its best
suit (a four-card major first) at the cheapest level; a pass converts the double to penalties only with
five strong trumps. After partner's 1NT overcall is doubled, a hand of 0-5 HCP with a five-card suit
runs to it. After an overcall: a cue bid shows a limit raise or better, a jump raise is preemptive, a
single raise 7-10 points with three trumps, no trumps with a stopper, a new good five-card suit is not
forcing.
The opener's partner, after an overcall: the cue bid shows a limit raise or better, four of a major (five
of a minor) game values with support, a jump raise is preemptive, a single raise 6-10 points; then a
negative double (6+ HCP at the one level, 8+ at two, 10+ at three) shows four cards in the unbid
major(s), or in both unbid minors; a new suit is forcing (four cards at the one level, five and 10+ HCP
at two, five and 12+ at three); no trumps need a stopper (1NT 8-10, 2NT
11-12, 3NT 13-15). Over their no trumps, double is for penalty with 10+. After a takeout double, a
redouble shows 10+ HCP without a fit; the other responses are as without it. The opener answers a
negative double by showing the unbid major, no trumps with a stopper, or its suit.
"""

from __future__ import annotations

from tui_games.games.bridge.bidding_core import ONE_ROUND, Bid, Context, count_word, holding, is_bid, rule
from tui_games.games.bridge.constants import NO_TRUMP, PASS, REDOUBLE, bid_action, bid_level, bid_strain
from tui_games.games.bridge.hand_eval import MAJORS, Hand
from tui_games.games.bridge.pbn import SUIT_WORDS

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def _theirs(ctx: Context) -> list[int]:
    """The suits the opponents have shown (four or more cards), with the suit they opened in and the
    suit of their last bid when natural."""
    suits = set(ctx.their_suits())
    for call in (ctx.auction[i] for i in range(len(ctx.auction)) if not ctx.ours(ctx.caller(i))
                 and is_bid(ctx.auction[i]) and (ctx.rules[i] is None or ctx.rules[i].tag in ("", "overcall"))):
        if bid_strain(call) != NO_TRUMP:
            suits.add(bid_strain(call))
            break
    last = ctx.last_bid
    if last is not None and bid_strain(last) != NO_TRUMP and not ctx.ours(ctx.last_bidder):
        rule_ = ctx.rules[max(i for i, c in enumerate(ctx.auction) if c == last)]
        if rule_ is None or rule_.tag in ("", "overcall"):
            suits.add(bid_strain(last))
    return sorted(suits)


def _their_opening_suit(ctx: Context) -> int | None:
    """The suit the opponents opened (the suit of a cue bid), None when they opened in no trumps."""
    for i, call in enumerate(ctx.auction):
        if is_bid(call) and not ctx.ours(ctx.caller(i)):
            return None if bid_strain(call) == NO_TRUMP else bid_strain(call)
    return None


def _words(suits: list[int]) -> str:
    """'hearts and spades', for an explanation."""
    return " and ".join(SUIT_WORDS[s] for s in suits) or "their suit"


def _stoppers(suits: list[int]):
    """A test: a stopper in each of ``suits``."""
    return lambda hand: all(hand.stopper(s) for s in suits)


def balancing(ctx: Context) -> bool:
    """Whether a pass would end the auction: the opponents' bid followed by two passes."""
    return (len(ctx.auction) >= 3 and ctx.auction[-1] == PASS and ctx.auction[-2] == PASS
            and ctx.last_bidder == ctx.lho)


def defender_first(ctx: Context) -> list[Bid]:
    """Our side's first action after the opponents have opened."""
    last = ctx.last_bid
    level, strain = bid_level(last), bid_strain(last)
    theirs = _theirs(ctx)
    light = 3 if balancing(ctx) and level <= 2 else 0
    rules: list[Bid] = []
    opening_only = sum(1 for call in ctx.auction if is_bid(call)) == 1
    if strain == NO_TRUMP:
        if opening_only and level == 1:
            rules.append(rule("X", "penalty: 15+ HCP", hcp=(15 - light, 37), tag="penalty"))
        if level == 1:
            rules += _overcalls(ctx, theirs, 8 - light, 15, least=6, level=2)
        if not opening_only and level <= 2:
            rules.append(rule("X", "a strong hand: 18+ HCP", hcp=(18, 37), tag="penalty"))
        too_weak = (0, 14 - light) if opening_only and level == 1 else (0, 17) if level <= 2 else (0, 37)
        return rules + [rule("pass", "nothing to say over their no trumps", hcp=too_weak)]
    nt_call = bid_action(min(level, 3), NO_TRUMP)
    if opening_only and ctx.legal(nt_call):
        lo, hi = ((15, 18) if level < 3 else (16, 20)) if not light else (11, 14)
        rules.append(rule(nt_call, f"{lo}-{hi} balanced, a stopper in {_words(theirs)}", hcp=(lo, hi),
                          balanced=True, test=_stoppers(theirs), tag="nt overcall"))
    if level <= 3:
        least = 12 + (level - 1) - light
        rules.append(rule("X", f"takeout: {least}+ HCP, short in {_words(theirs)}, support for the others",
                          hcp=(least, 37), tag="takeout", forcing=ONE_ROUND, test=_takeout_shape(theirs),
                          **{k: (0, 2) for k in (("CDHS"[s]) for s in theirs)}))
        rules.append(rule("X", "a strong hand: 18+ HCP", hcp=(18, 37), tag="takeout", forcing=ONE_ROUND))
    elif level == 4:
        rules.append(rule("X", "values: 15+ HCP, short in their suit", hcp=(15, 37), tag="takeout",
                          test=_takeout_shape(theirs)))
    if not light:
        rules += _weak_jumps(ctx, theirs)
    ranges = {1: (8 - light, 19), 2: (11 - light, 19), 3: (13 - light, 19)}
    for lvl, (lo, hi) in ranges.items():
        rules += _overcalls(ctx, theirs, lo, hi, least=5 if lvl < 3 else 6, level=lvl)
    return rules + [rule("pass", "not enough to overcall or double", hcp=(0, 17))]


def _takeout_shape(theirs: list[int]):
    """At most two cards in each of their suits and three or more in each other suit."""
    def fits(hand: Hand) -> bool:
        return all(hand.lengths[s] <= 2 for s in theirs) and all(
            hand.lengths[s] >= 3 for s in range(4) if s not in theirs)
    return fits


def _overcalls(ctx: Context, theirs: list[int], lo: int, hi: int, least: int, level: int | None = None) -> list[Bid]:
    """A natural bid at the cheapest level in the longest suit they have not shown."""
    rules = []
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        if suit in theirs:
            continue
        call = ctx.cheapest(suit)
        if call is None or (level is not None and bid_level(call) != level):
            continue
        rules.append(rule(call, f"overcall: {lo}-{hi} points, {count_word(least)} or more {SUIT_WORDS[suit]}",
                          points=(lo, hi), hcp=(max(0, lo - 3), min(hi, 17)), tag="overcall",
                          test=_best_suit(suit, theirs, least), **holding(suit, least)))
    return rules


def _best_suit(suit: int, theirs: list[int], least: int):
    """``suit`` is the suit to overcall in: the longest of the suits outside theirs with ``least`` or
    more cards (the higher of two as long), a five-card suit being good or the hand 11+ HCP."""
    def best(hand: Hand) -> bool:
        eligible = [s for s in range(4) if s not in theirs and hand.lengths[s] >= least
                    and (hand.lengths[s] >= 6 or hand.good_suit(s) or hand.hcp >= 11)]
        return suit in eligible and hand.longest(eligible) == suit
    return best


def _weak_jumps(ctx: Context, theirs: list[int]) -> list[Bid]:
    rules = []
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        cheapest = ctx.cheapest(suit)
        if suit in theirs or cheapest is None or bid_level(cheapest) >= 3:
            continue
        rules.append(rule(bid_action(bid_level(cheapest) + 1, suit),
                          f"weak jump overcall: 6-10 HCP, a good six-card {SUIT_WORDS[suit][:-1]} suit",
                          hcp=(6, 10), tag="weak jump", test=lambda h, s=suit: h.good_suit(s),
                          **holding(suit, 6, 7)))
    return rules


def escape_from_double(ctx: Context) -> list[Bid]:
    """The advancer after partner's no-trump overcall is doubled for penalty: a weak hand runs to a
    five-card suit of its own at the cheapest level; otherwise it leaves the double in."""
    theirs = _theirs(ctx)
    rules = []
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        call = ctx.cheapest(suit)
        if suit not in theirs and call is not None:
            rules.append(rule(call, f"rescue: 0-5 HCP, five or more {SUIT_WORDS[suit]}", hcp=(0, 5),
                              test=lambda h, s=suit: h.longest() == s, **holding(suit, 5)))
    return rules + [rule("pass", "no trumps doubled will do")]


def advance_takeout(ctx: Context) -> list[Bid]:
    """The advancer's bid after partner's takeout double."""
    theirs = _theirs(ctx)
    unbid = [s for s in (SPADES, HEARTS, DIAMONDS, CLUBS) if s not in theirs]
    rules: list[Bid] = []
    forced = ctx.auction[-1] in (PASS, REDOUBLE)
    last = ctx.last_bid
    if forced and theirs and bid_level(last) <= 2:
        trump = theirs[-1]
        rules.append(rule("pass", f"converts to penalties: five or more strong {SUIT_WORDS[trump]}",
                          hcp=(6, 37), tag="penalty pass", test=lambda h: h.honours(trump) >= 3,
                          **holding(trump, 5)))
    for lo, hi in ((13, 37), (11, 12), (6, 10)):
        call = ctx.cheapest(NO_TRUMP)
        if call is not None and bid_level(call) == {13: 3, 11: 2, 6: 1}[lo]:
            rules.append(rule(call, f"{lo}-{hi} HCP, a stopper in {_words(theirs)}", hcp=(lo, hi),
                              test=_stoppers(theirs), **{"CDHS"[s]: (0, 3) for s in unbid if s in MAJORS}))
    opened = _their_opening_suit(ctx)
    if opened is not None:
        cue = ctx.cheapest(opened)
        if cue is not None and bid_level(cue) <= 3:
            rules.append(rule(cue, "cue bid: 12+ points, forcing", hcp=(12, 37), tag="cue bid", forcing=ONE_ROUND))
    for suit in unbid:
        cheapest = ctx.cheapest(suit)
        if cheapest is not None and bid_level(cheapest) <= 2:
            rules.append(rule(bid_action(bid_level(cheapest) + 1, suit),
                              f"9-11 points, four or more {SUIT_WORDS[suit]}", hcp=(9, 11),
                              test=_advance_suit(suit, unbid), **holding(suit, 4)))
    least, most = (0, 8) if forced else (6, 11)
    for length in (4, 3):
        for suit in unbid:
            call = ctx.cheapest(suit)
            if call is not None and (forced or bid_level(call) <= 3):
                rules.append(rule(call, f"{least}-{most} points, {count_word(length)} or more {SUIT_WORDS[suit]}",
                                  hcp=(least, most), test=_advance_suit(suit, unbid), **holding(suit, length)))
    return rules


def _advance_suit(suit: int, unbid: list[int]):
    """``suit`` is the suit to advance in: a four-card major before a minor, else the longest."""
    def best(hand: Hand) -> bool:
        majors = [s for s in unbid if s in MAJORS and hand.lengths[s] >= 4]
        choice = hand.longest(majors) if majors else hand.longest(unbid)
        return choice == suit
    return best


def advance_overcall(ctx: Context, suit: int) -> list[Bid]:
    """The advancer's bid after partner's overcall in ``suit``."""
    theirs = _theirs(ctx)
    word = SUIT_WORDS[suit]
    rules: list[Bid] = []
    opened = _their_opening_suit(ctx)
    if opened is not None and opened != suit:
        cue = ctx.cheapest(opened)
        if cue is not None and bid_level(cue) <= 3:
            rules.append(rule(cue, f"cue bid: a limit raise or better, three or more {word}", points=(11, 37),
                              trumps=suit, tag="cue bid", forcing=ONE_ROUND, **holding(suit, 3)))
    raise_call = ctx.cheapest(suit)
    if raise_call is not None:
        jump = bid_level(raise_call) + 1
        if jump <= 3:
            rules.append(rule(bid_action(jump, suit), f"preemptive raise: four or more {word}, weak",
                              hcp=(0, 8), **holding(suit, 4)))
        rules.append(rule(raise_call, f"raise: 7-10 points, three or more {word}", points=(7, 10), trumps=suit,
                          **holding(suit, 3)))
    nt = ctx.cheapest(NO_TRUMP)
    if nt is not None and bid_level(nt) <= 3:
        lo, hi = {1: (8, 11), 2: (12, 14), 3: (15, 18)}[bid_level(nt)]
        rules.append(rule(nt, f"{lo}-{hi} HCP, a stopper in {_words(theirs)}", hcp=(lo, hi),
                          test=_stoppers(theirs)))
    for other in (SPADES, HEARTS, DIAMONDS, CLUBS):
        call = ctx.cheapest(other)
        if other == suit or other in theirs or call is None or bid_level(call) > 2:
            continue
        rules.append(rule(call, f"five or more {SUIT_WORDS[other]}, not forcing", hcp=(8, 15),
                          test=lambda h, s=other: h.good_suit(s) and h.lengths[suit] <= 2, **holding(other, 5)))
    return rules + [rule("pass", "no fit or too weak to advance", hcp=(0, 10))]


def respond_over_interference(ctx: Context, opened: int) -> list[Bid]:
    """The opener's partner's first call after the right-hand opponent came in over one of ``opened``
    (after a double, only the redouble: the responses without interference follow it)."""
    word = SUIT_WORDS[opened]
    rho = ctx.auction[-1]
    support = 3 if opened in MAJORS else 5 if opened == CLUBS else 4
    rules: list[Bid] = []
    if not is_bid(rho):
        return [rule("XX", "10+ HCP, usually no fit", hcp=(10, 37), tag="redouble",
                     **holding(opened, 0, support - 1))]
    theirs = _theirs(ctx)
    level, strain = bid_level(rho), bid_strain(rho)
    if strain == NO_TRUMP:
        rules = [rule("X", "penalty: 10+ HCP", hcp=(10, 37), tag="penalty")]
        for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
            call = ctx.cheapest(suit)
            if call is not None and bid_level(call) == 2:
                least = 3 if suit == opened and opened in MAJORS else 5
                rules.append(rule(call, f"to play: {count_word(least)} or more {SUIT_WORDS[suit]}", hcp=(5, 9),
                                  test=lambda h, s=suit: h.longest() == s or s == opened, **holding(suit, least)))
        return rules
    cue = ctx.cheapest(strain)
    if cue is not None and bid_level(cue) <= 3:
        rules.append(rule(cue, f"cue bid: a limit raise or better, {count_word(support)} or more {word}",
                          points=(10, 37), trumps=opened, tag="cue bid", forcing=ONE_ROUND,
                          **holding(opened, support)))
    game = bid_action(4 if opened in MAJORS else 5, opened)
    rules.append(rule(game, f"game: 13+ points, {count_word(support + (opened in MAJORS))} or more {word}",
                      points=(13, 37), trumps=opened, **holding(opened, support + (opened in MAJORS))))
    raise_call = ctx.cheapest(opened)
    if raise_call is not None:
        if bid_level(raise_call) + 1 <= (4 if opened in MAJORS else 3):
            rules.append(rule(bid_action(bid_level(raise_call) + 1, opened),
                              f"preemptive raise: four or more {word}, under 10 HCP", hcp=(0, 9),
                              **holding(opened, 4)))
        rules.append(rule(raise_call, f"raise: 6-10 points, {count_word(support)} or more {word}", points=(6, 10),
                          trumps=opened, **holding(opened, support)))
    unbid = [s for s in range(4) if s != opened and s not in theirs]
    if level <= 3:
        least = {1: 6, 2: 8, 3: 10}[level]
        majors = [s for s in unbid if s in MAJORS]
        shown = majors or unbid
        rules.append(rule("X", f"negative: {least}+ HCP, four cards in {_words(shown)}", hcp=(least, 37),
                          tag="negative", forcing=ONE_ROUND, test=_negative_shape(majors, unbid),
                          **{("CDHS"[s]): (4, 13) for s in majors}))
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        call = ctx.cheapest(suit)
        if suit not in unbid or call is None or bid_level(call) > 3:
            continue
        if bid_level(call) == 1:
            rules.append(rule(call, f"four or more {SUIT_WORDS[suit]}, 6+ HCP, forcing", hcp=(6, 37),
                              forcing=ONE_ROUND, **holding(suit, 4)))
        elif bid_level(call) == 2:
            rules.append(rule(call, f"five or more {SUIT_WORDS[suit]}, 10+ HCP, forcing", hcp=(10, 37),
                              forcing=ONE_ROUND, **holding(suit, 5)))
        else:
            rules.append(rule(call, f"five or more {SUIT_WORDS[suit]}, 12+ HCP, forcing", hcp=(12, 37),
                              forcing=ONE_ROUND, test=lambda h, s=suit: h.longest() == s, **holding(suit, 5)))
    for nt_level, (lo, hi) in ((1, (8, 10)), (2, (11, 12)), (3, (13, 15))):
        rules.append(rule(bid_action(nt_level, NO_TRUMP), f"{lo}-{hi} HCP, a stopper in {_words(theirs)}",
                          hcp=(lo, hi), test=_stoppers(theirs)))
    return rules + [rule("pass", "nothing to say over the interference", hcp=(0, 12))]


def _negative_shape(majors: list[int], unbid: list[int]):
    def fits(hand: Hand) -> bool:
        if majors:
            return all(hand.lengths[s] >= 4 for s in majors)
        return all(hand.lengths[s] >= 4 for s in unbid)
    return fits


def answer_negative_double(ctx: Context, opened: int) -> list[Bid]:
    """The opener's rebid after partner's negative double."""
    theirs = _theirs(ctx)
    unbid = [s for s in (SPADES, HEARTS, DIAMONDS, CLUBS) if s != opened and s not in theirs]
    rules: list[Bid] = []
    for suit in unbid:
        call = ctx.cheapest(suit)
        if suit in MAJORS and call is not None:
            rules.append(rule(call, f"four or more {SUIT_WORDS[suit]}", **holding(suit, 4)))
    nt = ctx.cheapest(NO_TRUMP)
    if nt is not None and bid_level(nt) <= 2:
        lo, hi = (12, 14) if bid_level(nt) == 1 else (18, 19)
        rules.append(rule(nt, f"{lo}-{hi} HCP, a stopper in {_words(theirs)}", hcp=(lo, hi),
                          test=_stoppers(theirs)))
    own = ctx.cheapest(opened)
    if own is not None:
        rules.append(rule(own, f"six or more {SUIT_WORDS[opened]}", **holding(opened, 6)))
    for suit in unbid:
        call = ctx.cheapest(suit)
        if call is not None:
            rules.append(rule(call, f"four or more {SUIT_WORDS[suit]}", **holding(suit, 4)))
    if own is not None:
        rules.append(rule(own, f"five or more {SUIT_WORDS[opened]}, nothing else to show", **holding(opened, 5)))
    return rules


def over_notrump_interference(ctx: Context) -> list[Bid]:
    """The no-trump opener's partner after the right-hand opponent bid over it: double for penalty
    with 8+ HCP and four of their trumps, 3NT with 10+ and a stopper, a five-card suit to play at the
    two level, a new five-card suit at the three level forcing to game."""
    rho = ctx.auction[-1]
    strain = bid_strain(rho)
    rules = [rule("X", "penalty: 8+ HCP, four or more of their trumps", hcp=(8, 37), tag="penalty",
                  **({"CDHS"[strain]: (4, 13)} if strain != NO_TRUMP else {})),
             rule("3NT", "to play: 10+ HCP, a stopper in their suit", hcp=(10, 37),
                  test=lambda h: strain == NO_TRUMP or h.stopper(strain))]
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        call = ctx.cheapest(suit)
        if suit == strain or call is None:
            continue
        if bid_level(call) == 2:
            rules.append(rule(call, f"to play: five or more {SUIT_WORDS[suit]}", hcp=(0, 9),
                              test=lambda h, s=suit: h.longest() == s, **holding(suit, 5)))
        elif bid_level(call) == 3:
            rules.append(rule(call, f"five or more {SUIT_WORDS[suit]}, forcing to game", hcp=(10, 37),
                              test=lambda h, s=suit: h.longest() == s, **holding(suit, 5)))
    return rules + [rule("pass", "nothing to say over the interference", hcp=(0, 9))]


__all__ = ["advance_overcall", "advance_takeout", "answer_negative_double", "balancing", "defender_first",
           "escape_from_double",
           "over_notrump_interference", "respond_over_interference"]
