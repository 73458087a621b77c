"""Placing the contract once the partnership has described its hands: games, slams, part-scores,
competing and penalty doubles, and Blackwood.

The rules read what partner has shown (its HCP and points ranges and each suit's least length, from
the inference) and count against the bottom of partner's range (one above it when the range is five
points or wider; its middle after an invitation, so that a maximum accepts):
- a fit is eight or more trumps between the hands (seven of one's own where partner has shown nothing
  in the suit; partner's natural no trumps at the one or two level show two cards in every suit), a
  major before a minor;
- a small slam with 33+ points between the hands and a fit goes through Blackwood 4NT, asking in the
  suit the auction agrees (the last suit both partners bid, else the last suit the side bid; 5C no ace or
  four, 5D one, 5H two, 5S three; the asker signs off with two aces missing, bids six with one, and
  asks for kings with 5NT when none is missing, bidding seven with all four kings); without a fit (or
  with no suit bid yet) 6NT with 33+ HCP (a partner whose HCP range is five points or wider counted two
  above where the placement counts it), 7NT with 37+;
- game with 25+ points: four of a major with a fit, 3NT with the opponents' suits stopped, five of a
  minor with a fit of three or more cards in partner's hand and 29+; with game values and no fit yet,
  a five-card major again or a new major first (forcing);
- an invitation (three of the major, a six-card suit again, 2NT) when game needs partner's maximum
  (partner counted at most four above its bottom);
- below game: pass partner's bid when it is a fit or no trumps, else correct to a fit or bid a
  six-card suit;
- over the opponents' bid: compete in a fit to the level of the trumps held between the hands (the Law
  of Total Tricks: eight trumps, the two level; nine, the three level), double them for penalty (see
  :func:`_penalty`), else pass.
A forced hand that finds nothing here raises partner, bids a five-card suit below 3NT, then 3NT rather
than a minor at the four level (unless it holds six cards and no stopper), then its longest suit.
"""

from __future__ import annotations

from tui_games.games.bridge.bidding_core import GAME_LEVEL, ONE_ROUND, Bid, Context, holding, is_bid, rule
from tui_games.games.bridge.constants import (DOUBLE, NO_TRUMP, NUM_SUITS, PASS, bid_action, bid_level, bid_strain,
                                              call_name)
from tui_games.games.bridge.hand_eval import MAJORS, Hand
from tui_games.games.bridge.pbn import SUIT_WORDS

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
GAME, MINOR_GAME, SLAM, GRAND = 26, 29, 33, 37
"""Points between the hands for game in no trumps or a major (not vulnerable), game in a minor, a small and a
grand slam."""
SLAM_HCP_LIFT, WIDE_RANGE = 2, 5
"""6NT counts a partner whose HCP range is WIDE_RANGE points or wider SLAM_HCP_LIFT over its bottom."""
VULNERABLE_GAME_BONUS = 1
"""How many points fewer a vulnerable side bids game with."""
PREFERENCE = (SPADES, HEARTS, DIAMONDS, CLUBS)
NATURAL = ("", "overcall", "weak jump", "invite")
"""The tags of bids that show the suit they name."""
STRAIN_WORDS = SUIT_WORDS + ("no trumps",)


class Partner:
    """What partner has shown, as the placement counts it."""

    def __init__(self, ctx: Context):
        known = ctx.knowledge[ctx.partner]
        last = ctx.last_rule(ctx.partner)
        invited = last is not None and last.tag == "invite"
        self.hcp_lo, self.hcp_hi = _bottom(known.hcp, invited)
        """Partner's HCP, for no trumps."""
        self.lo, self.hi = _bottom(known.points, invited)
        """Partner's points, for a suit contract."""
        self.lengths = [lo for lo, _hi in known.lengths]
        """The least length of each suit partner has shown (two in each after its natural no trumps)."""
        if _bid_notrump(ctx, ctx.partner):
            self.lengths = [max(n, 2) for n in self.lengths]
        self.game = GAME - VULNERABLE_GAME_BONUS if ctx.vulnerable else GAME
        """Points between the hands to bid game with: one fewer when vulnerable (at IMPs a vulnerable
        game's 500 bonus pays for bidding it at the odds of a finesse)."""
        self.theirs = {bid_strain(call) for i, call in enumerate(ctx.auction) if is_bid(call)
                       and not ctx.ours(ctx.caller(i)) and (ctx.rules[i] is None or ctx.rules[i].tag in NATURAL)}
        """The suits the opponents have bid naturally: no trumps for us."""

    def slam_hcp(self) -> int:
        """Partner's HCP as a 6NT bid counts them: of a wide range (five points or more), two over
        where the placement counts it, since a hand that has bid on rarely lies at the bottom; else
        its bottom."""
        wide = self.hcp_hi - self.hcp_lo >= WIDE_RANGE
        return min(self.hcp_lo + SLAM_HCP_LIFT, self.top(hcp=True)) if wide else self.hcp_lo

    def top(self, hcp: bool = False) -> int:
        """The most partner is likely to hold: its range's top, or four over its bottom when the range
        is wider (an opening of one of a suit is counted 13-17 until it says more)."""
        lo, hi = (self.hcp_lo, self.hcp_hi) if hcp else (self.lo, self.hi)
        return min(hi, lo + 4)

    def need(self, suit: int) -> int:
        """The trumps the bidder needs in ``suit`` for eight between the hands (seven of its own when
        partner has shown fewer than two; more than it can hold in a suit the opponents bid)."""
        shown = self.lengths[suit]
        if suit in self.theirs:
            return 14
        return max(2, 8 - shown) if shown >= 2 else 7


def _bid_notrump(ctx: Context, seat: int) -> bool:
    """Whether ``seat`` has bid no trumps naturally (not Blackwood or a conventional 2NT) at the two
    level or lower: a hand with no singleton (3NT is left out: it may be a choice of game)."""
    return any(ctx.caller(i) == seat and is_bid(call) and bid_strain(call) == NO_TRUMP and bid_level(call) <= 2
               and (rule_ is None or rule_.tag in NATURAL + ("nt overcall",))
               for i, (call, rule_) in enumerate(zip(ctx.auction, ctx.rules)))


def _bottom(shown: tuple[int, int], invited: bool) -> tuple[int, int]:
    """A range as the placement counts it: after an invitation from its middle (the inviter asks for
    game with the better half of the range; of a range wider than four points, the middle of its
    bottom four), a wide one (five points or more) from one above its bottom (few hands lie at the
    very bottom of a wide range), else from its bottom."""
    lo, hi = shown
    if invited:
        return (lo + min(hi, lo + 4) + 1) // 2, hi
    return (lo + 1, hi) if hi - lo >= 5 else (lo, hi)


def best_fit(hand: Hand, partner: Partner) -> int | None:
    """The suit to play in among the fits: a major before a minor, then the most trumps."""
    fits = [s for s in PREFERENCE if hand.lengths[s] >= partner.need(s)]
    if not fits:
        return None
    majors = [s for s in fits if s in MAJORS]
    pool = majors or fits
    return max(pool, key=lambda s: (hand.lengths[s] + partner.lengths[s], s))


def _is_fit(suit: int, partner: Partner):
    """A test: ``suit`` is the hand's best fit with partner."""
    return lambda hand: best_fit(hand, partner) == suit


def _no_fit(partner: Partner, suits=MAJORS):
    """A test: no fit with partner in ``suits`` (the majors)."""
    return lambda hand: all(hand.lengths[s] < partner.need(s) for s in suits)


def placement(ctx: Context) -> list[Bid]:
    """Slams, games, invitations and part-scores against what partner has shown; then competing and
    penalty doubles when the opponents hold the contract."""
    partner = Partner(ctx)
    rules = _slams(ctx, partner)
    theirs = ctx.last_bid is not None and not ctx.ours(ctx.last_bidder)
    if theirs and bid_level(ctx.last_bid) >= 4:
        rules += _penalty(ctx, partner)
    rules += _games(ctx, partner)
    if theirs:
        if bid_level(ctx.last_bid) < 4:
            rules += _penalty(ctx, partner)
        return rules + _compete(ctx, partner)
    return rules + _invitations(ctx, partner) + _part_scores(ctx, partner)


def _slams(ctx: Context, partner: Partner) -> list[Bid]:
    """Blackwood with a fit and 33+ points (once an auction); 6NT or 7NT without a fit."""
    rules = []
    if any(r is not None and r.tag == "blackwood" for i, r in enumerate(ctx.rules) if ctx.ours(ctx.caller(i))):
        return rules
    suit = trumps_for_4nt(ctx, len(ctx.auction))
    if suit is not None:
        aces = {CLUBS: 2, DIAMONDS: 1}.get(suit, 0)
        rules.append(rule("4NT", "Blackwood, asks for aces", points=(SLAM - partner.lo, 37),
                          trumps=suit, tag="blackwood",
                          test=lambda h, s=suit, a=aces: _is_fit(s, partner)(h) and h.aces >= a,
                          **holding(suit, partner.need(suit))))
    no_fit = _no_fit(partner, range(NUM_SUITS)) if suit is not None else (lambda h: True)
    grand, slam = GRAND - partner.hcp_lo, SLAM - partner.slam_hcp()
    words = "no fit" if suit is not None else "no suit agreed"
    rules += [rule("7NT", f"{GRAND}+ HCP between us", hcp=(grand, 37), test=no_fit),
              rule("6NT", f"{SLAM}+ HCP between us, {words}", hcp=(slam, grand - 1), test=no_fit)]
    return rules


def _games(ctx: Context, partner: Partner) -> list[Bid]:
    """Games that improve on the contract (none over our own game, only a major over our 3NT); with
    game values and no fit yet, a new major first."""
    last = ctx.last_bid
    if last is not None and ctx.ours(ctx.last_bidder) and bid_level(last) >= GAME_LEVEL[bid_strain(last)]:
        if bid_strain(last) != NO_TRUMP or bid_level(last) > 3:
            return []
        return [_major_game(suit, partner) for suit in (SPADES, HEARTS)]
    theirs = ctx.their_suits()
    game_values = partner.game - partner.hcp_lo
    rules = [_major_game(suit, partner) for suit in (SPADES, HEARTS)]
    rules += _new_majors(ctx, partner, game_values)
    rules.append(rule("3NT", f"game: {partner.game}+ HCP between us, {_stopped(theirs)}", points=(game_values, 40),
                      trumps=NO_TRUMP,
                      test=lambda h: _no_fit(partner)(h) and h.shape[-1] >= 2 and all(h.stopper(s) for s in theirs)))
    for suit in (DIAMONDS, CLUBS):
        if partner.lengths[suit] >= 3:
            rules.append(rule(bid_action(5, suit), f"game: a {SUIT_WORDS[suit][:-1]} fit, {MINOR_GAME}+ points "
                              "between us", points=(MINOR_GAME - partner.lo, 37), trumps=suit,
                              test=_is_fit(suit, partner), **holding(suit, partner.need(suit))))
    rules.append(rule("3NT", f"game: {partner.game}+ HCP between us", points=(game_values, 40), trumps=NO_TRUMP,
                      test=_no_fit(partner)))
    return rules


def _new_majors(ctx: Context, partner: Partner, game_values: int) -> list[Bid]:
    """With game values and no fit found, below 3NT and forcing: my five-card major again (asking for
    three-card support), or a major neither of us has bid."""
    if ctx.last_bid is not None and not ctx.ours(ctx.last_bidder):
        return []
    mine = {bid_strain(c) for c in ctx.bids(ctx.seat)}
    rules = []
    for suit in (SPADES, HEARTS):
        call = ctx.cheapest(suit)
        if suit in mine and partner.lengths[suit] < 3 and ctx.bids(ctx.seat).count(call) == 0 \
                and sum(bid_strain(c) == suit for c in ctx.bids(ctx.seat)) < 2 and call is not None and call < bid_action(3, NO_TRUMP):
            rules.append(rule(call, f"five or more {SUIT_WORDS[suit]}, forcing: asks for three-card support",
                              hcp=(game_values, 37), forcing=ONE_ROUND,
                              test=lambda h, s=suit: _no_fit(partner)(h) and h.longest() == s, **holding(suit, 5)))
    bid = {bid_strain(c) for c in ctx.bids(ctx.seat) + ctx.bids(ctx.partner)}
    for suit in (HEARTS, SPADES):
        call = ctx.cheapest(suit)
        if suit in bid or call is None or call >= bid_action(3, NO_TRUMP):
            continue
        rules.append(rule(call, f"four or more {SUIT_WORDS[suit]}, forcing: looking for a fit", hcp=(game_values, 37),
                          forcing=ONE_ROUND, test=_no_fit(partner), **holding(suit, 4)))
    return rules


def _stopped(theirs: list[int]) -> str:
    return f"{' and '.join(SUIT_WORDS[s] for s in theirs)} stopped" if theirs else "no major fit"


def _major_game(suit: int, partner: Partner) -> Bid:
    return rule(bid_action(4, suit), f"game: a {SUIT_WORDS[suit][:-1]} fit, {partner.game}+ points between us",
                points=(partner.game - partner.lo, 37), trumps=suit, test=_is_fit(suit, partner),
                **holding(suit, partner.need(suit)))


def _invitations(ctx: Context, partner: Partner) -> list[Bid]:
    """Three of a major with a fit, three of my six-card suit, or 2NT, when game needs partner's top
    (never over partner's own invitation, nor once partner has passed our bid)."""
    partner_rule = ctx.last_rule(ctx.partner)
    if (partner_rule is not None and partner_rule.tag == "invite") or ctx.last_call(ctx.partner) == PASS:
        return []
    low, high = partner.game - partner.top(), partner.game - partner.lo - 1
    rules = [rule(bid_action(3, suit), f"invitational: a {SUIT_WORDS[suit][:-1]} fit, asks partner for a maximum",
                  points=(low, high), trumps=suit, tag="invite", test=_is_fit(suit, partner),
                  **holding(suit, partner.need(suit))) for suit in (SPADES, HEARTS) if low <= high]
    mine = {bid_strain(c) for c in ctx.bids(ctx.seat)}
    rules += [rule(bid_action(3, suit), f"invitational: six or more {SUIT_WORDS[suit]}", points=(low, high),
                   trumps=suit, tag="invite", test=lambda h, s=suit: h.longest() == s and _no_fit(partner)(h),
                   **holding(suit, 6)) for suit in PREFERENCE if suit in mine and low <= high]
    low, high = partner.game - partner.top(hcp=True), partner.game - partner.hcp_lo - 1
    if low <= high:
        rules.append(rule("2NT", "invitational: asks partner to bid 3NT with a maximum", points=(low, high),
                          trumps=NO_TRUMP, tag="invite", test=lambda h: _no_fit(partner)(h) and h.shape[-1] >= 2))
    return rules


def _part_scores(ctx: Context, partner: Partner) -> list[Bid]:
    """Below game, over partner's bid: pass it with a fit (no trumps with no singleton or long suit),
    else bid a fit or a six-card suit at the three level at most."""
    last = ctx.last_bid
    if last is None or ctx.last_bidder != ctx.partner:
        return []
    strain = bid_strain(last)
    rules = []
    if strain == NO_TRUMP:
        rules.append(rule("pass", "no trumps will do", test=lambda h: h.shape[-1] >= 2 or h.shape[0] < 6))
    else:
        rules.append(rule("pass", f"a fit in {SUIT_WORDS[strain]}: a fine place to play",
                          **holding(strain, partner.need(strain))))
    for suit in PREFERENCE:
        call = ctx.cheapest(suit)
        if suit != strain and call is not None and bid_level(call) <= 3:
            rules.append(rule(call, f"to play: a fit in {SUIT_WORDS[suit]}", test=_is_fit(suit, partner),
                              **holding(suit, partner.need(suit))))
    for suit in PREFERENCE:
        call = ctx.cheapest(suit)
        if suit != strain and call is not None and bid_level(call) <= 3:
            no_fit = (lambda h: h.lengths[strain] < partner.need(strain)) if strain != NO_TRUMP else (
                lambda h: h.shape[-1] <= 1)
            rules.append(rule(call, f"to play: six or more {SUIT_WORDS[suit]}",
                              test=lambda h, s=suit, t=no_fit: t(h) and h.longest() == s, **holding(suit, 6)))
    return rules + [rule("pass", "nothing better to bid")]


def _compete(ctx: Context, partner: Partner) -> list[Bid]:
    """Over the opponents' bid: our fit at the cheapest level up to four, by the Law of Total Tricks."""
    rules = []
    for suit in PREFERENCE:
        call = ctx.cheapest(suit)
        if call is None or bid_level(call) > 4:
            continue
        trumps = bid_level(call) + 6
        if partner.lengths[suit] >= 2:
            rules.append(rule(call, f"competes: {trumps}+ {SUIT_WORDS[suit]} between us", hcp=(6, 37),
                              test=_is_fit(suit, partner),
                              **holding(suit, max(trumps - partner.lengths[suit], partner.need(suit)))))
    return rules + [rule("pass", "no reason to bid on")]


def _penalty(ctx: Context, partner: Partner) -> list[Bid]:
    """Double the opponents, holding three or more of their trumps, at the one or two level when our
    side holds 23+ HCP; higher when the defence counts to half a trick more than it needs (the
    doubler's quick and trump tricks, and a trick for each five HCP partner has shown) and our side
    holds half the deck or the doubler a trump stack (four with two honours)."""
    level, strain = bid_level(ctx.last_bid), bid_strain(ctx.last_bid)
    if not ctx.legal(DOUBLE):
        return []
    trumps = None if strain == NO_TRUMP else strain
    needed = 8 - level
    partner_tricks = min(partner.lo, 20) / 5

    def beats(hand: Hand) -> bool:
        ours = hand.hcp + partner.hcp_lo
        stack = trumps is not None and hand.lengths[trumps] >= 4 and hand.honours(trumps) >= 2
        if trumps is not None and hand.lengths[trumps] < 3:
            return False
        if level <= 2 and ours >= 23:
            return True
        if level == 1 or (ours < 20 and not stack):
            return False
        return hand.defence(trumps) + partner_tricks >= needed + 0.5
    return [rule("X", f"penalty: {call_name(ctx.last_bid)} should go down", tag="penalty", test=beats)]


def forced_bids(ctx: Context) -> list[Bid]:
    """What a forced hand bids when no rule fits: raise partner's suit, bid its longest suit outside
    the opponents' (five cards, then any), or no trumps."""
    rules = []
    partner_bids = [call for i, call in enumerate(ctx.auction) if ctx.caller(i) == ctx.partner and is_bid(call)
                    and bid_strain(call) != NO_TRUMP and (ctx.rules[i] is None or ctx.rules[i].tag in NATURAL)]
    if partner_bids:
        suit = bid_strain(partner_bids[-1])
        call = ctx.cheapest(suit)
        if call is not None:
            rules.append(rule(call, f"forced: three or more {SUIT_WORDS[suit]}", **holding(suit, 3)))
    theirs = {bid_strain(call) for i, call in enumerate(ctx.auction) if is_bid(call) and not ctx.ours(ctx.caller(i))}
    ours = [s for s in PREFERENCE if s not in theirs]
    three_nt = bid_action(3, NO_TRUMP)
    for suit in ours:
        call = ctx.cheapest(suit)
        if call is not None and call < three_nt:
            rules.append(rule(call, f"forced: {SUIT_WORDS[suit]}, the longest suit (five or more)",
                              test=lambda h, s=suit: h.longest(ours) == s, **holding(suit, 5)))
    for suit in ours:
        call = ctx.cheapest(suit)
        if call is not None and call > three_nt:
            rules.append(rule(call, f"forced: six or more {SUIT_WORDS[suit]}, no stopper for no trumps",
                              test=lambda h, s=suit: h.longest(ours) == s and not _stops(ctx, h), **holding(suit, 6)))
    call = ctx.cheapest(NO_TRUMP)
    if call is not None:
        rules.append(rule(call, "forced: no fit and no suit to bid"))
    for suit in ours:
        call = ctx.cheapest(suit)
        if call is not None:
            rules.append(rule(call, f"forced: {SUIT_WORDS[suit]}, the longest suit",
                              test=lambda h, s=suit: h.longest(ours) == s))
    return rules


def _stops(ctx: Context, hand: Hand) -> bool:
    """Whether ``hand`` stops every suit the opponents have shown (no trumps for us)."""
    return all(hand.stopper(s) for s in ctx.their_suits())


def blackwood_answers() -> list[Bid]:
    """The answer to partner's Blackwood 4NT: how many aces."""
    return [rule("5C", "no ace or four aces", test=lambda h: h.aces in (0, 4), tag="aces"),
            rule("5D", "one ace", hcp=(4, 37), test=lambda h: h.aces == 1, tag="aces"),
            rule("5H", "two aces", hcp=(8, 37), test=lambda h: h.aces == 2, tag="aces"),
            rule("5S", "three aces", hcp=(12, 37), test=lambda h: h.aces == 3, tag="aces")]


def king_answers() -> list[Bid]:
    """The answer to partner's 5NT after Blackwood: how many kings."""
    return [rule("6C", "no king or four kings", test=lambda h: h.kings in (0, 4), tag="kings"),
            rule("6D", "one king", hcp=(3, 37), test=lambda h: h.kings == 1, tag="kings"),
            rule("6H", "two kings", hcp=(6, 37), test=lambda h: h.kings == 2, tag="kings"),
            rule("6S", "three kings", hcp=(9, 37), test=lambda h: h.kings == 3, tag="kings")]


def shown_count(answer: int) -> int | None:
    """The aces (or kings) an answer to 4NT (5NT) shows: 1-3, or None for 'none or four'."""
    strain = bid_strain(answer)
    return None if strain == CLUBS else strain


def after_answer(ctx: Context, trumps: int | None, kings: bool) -> list[Bid]:
    """The Blackwood bidder's next call after partner's answer (``kings``: to 5NT) with ``trumps``
    agreed (None: no trumps)."""
    answer = ctx.auction[-2]
    shown = shown_count(answer)

    def total(hand: Hand) -> int:
        mine = hand.kings if kings else hand.aces
        return mine + (shown if shown is not None else (4 if mine == 0 else 0))
    strain = NO_TRUMP if trumps is None else trumps
    word = STRAIN_WORDS[strain]
    if kings:
        return [rule(bid_action(7, strain), "grand slam: every ace and king between us", test=lambda h: total(h) == 4),
                rule(bid_action(6, strain), f"small slam in {word}"),
                rule("pass", f"small slam in {word} reached", test=lambda h: bid_strain(answer) == strain),
                rule("6NT", "small slam"),
                rule("pass", "small slam reached")]
    rules = [rule("5NT", "every ace between us: asks for kings", tag="king ask", test=lambda h: total(h) == 4),
             rule(bid_action(6, strain), f"small slam in {word}: one ace missing", test=lambda h: total(h) >= 3)]
    if bid_strain(answer) == strain:
        rules.append(rule("pass", "two aces missing: stops in five"))
    if strain != NO_TRUMP:
        rules.append(rule(bid_action(5, strain), "two aces missing: signs off in five"))
    return rules + [rule(bid_action(6, strain), f"small slam in {word}"),
                    rule("pass", "two aces missing")]


def agreed_trumps(ctx: Context, index: int) -> int | None:
    """The suit a Blackwood 4NT (call number ``index``) asked for: the trumps its rule counted, else
    the last suit our side bid naturally before it, else None (no trumps)."""
    suit = trumps_for_4nt(ctx, index)
    if suit is not None:
        return suit
    asked = ctx.rules[index]
    return asked.meaning.trumps if asked is not None else None


def trumps_for_4nt(ctx: Context, index: int) -> int | None:
    """The suit a 4NT as call number ``index`` asks aces for, read from the auction before it: the last
    suit both partners have bid naturally, else the last suit the side bid naturally; None before any."""
    seat = ctx.caller(index)
    natural = [(ctx.caller(i), bid_strain(call)) for i, (call, rule_) in enumerate(zip(ctx.auction[:index],
               ctx.rules[:index])) if (ctx.caller(i) - seat) % 2 == 0 and is_bid(call) and bid_strain(call) != NO_TRUMP
               and (rule_ is None or rule_.tag in NATURAL)]
    both = [suit for _seat, suit in natural if {s for s, t in natural if t == suit} == {seat, (seat + 2) % 4}]
    if both:
        return both[-1]
    return natural[-1][1] if natural else None


__all__ = ["GAME", "GRAND", "MINOR_GAME", "Partner", "SLAM", "after_answer", "agreed_trumps", "best_fit",
           "blackwood_answers", "forced_bids", "king_answers", "placement", "shown_count", "trumps_for_4nt"]
