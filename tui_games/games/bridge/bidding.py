"""The AI's bidding: a natural system a club player recognises, written as readable rules, every call
explained; and what an auction shows about each seat, read from the same rules.

The system (each module's docstring gives its part): 15-17 1NT and 20-21 2NT, five-card majors, a
strong artificial 2C, weak twos and three-level preempts (:mod:`.bidding_openings`,
:mod:`.bidding_notrump`); Stayman and Jacoby transfers (:mod:`.bidding_notrump`); overcalls, takeout,
negative and penalty doubles (:mod:`.bidding_compete`); raises, game tries, games reached with 26+ points
between the hands (25+ vulnerable) and slams with 33+ through Blackwood (:mod:`.bidding_captain`). Hands are counted as
:mod:`.hand_eval` says.

Every situation is a list of rules (:class:`~.bidding_core.Bid`) in order of preference, listed from the
auction alone: the situation's own rules (:func:`_specific`), then the placement's, then the fallbacks;
the bidder makes the first whose meaning its hand fits and whose call is legal. The inference replays
the auction call by call, listing each situation's rules for the seat that called and narrowing that
seat's HCP, points and suit lengths by the meaning of the rules that make its call (:func:`replay`).

Deterministic: the same hand and auction give the same call. The vulnerability reaches the rules
(:attr:`~.bidding_core.Context.vulnerable`); the game thresholds look at it.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from tui_games.games.bridge.bidding_captain import (after_answer, agreed_trumps, blackwood_answers, forced_bids,
                                                    king_answers, placement)
from tui_games.games.bridge.bidding_compete import (advance_overcall, advance_takeout, answer_negative_double,
                                                    defender_first, escape_from_double, over_notrump_interference,
                                                    respond_over_interference)
from tui_games.games.bridge.bidding_core import Bid, Context, is_bid, rule
from tui_games.games.bridge.bidding_notrump import (after_stayman, after_transfer, invitation_answers,
                                                    notrump_responses, preempt_responses, stayman_answers, strong_two_clubs_rebids,
                                                    strong_two_clubs_responses, transfer_answers, weak_two_rebids,
                                                    weak_two_responses)
from tui_games.games.bridge.bidding_openings import opener_rebid, opening, responses_to_one
from tui_games.games.bridge.constants import (DOUBLE, NO_TRUMP, PASS, bid_action, bid_level, bid_strain,
                                              call_name, parse_action)
from tui_games.games.bridge.hand_eval import Hand

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
NOTHING_TO_ADD = rule("pass", "nothing to add")
"""The last resort of every situation."""


class Choice(NamedTuple):
    """A call and the words that explain it ("1NT: 15-17 balanced")."""

    call: int
    explanation: str


def choose_call(cards: Iterable[int] | Hand, dealer: int, vulnerability: str, auction: Sequence[int]) -> Choice:
    """The call the system makes with ``cards`` (card ids, or a :class:`Hand`) for the seat to call
    after ``auction`` (call ids), ``dealer`` (0-3) having called first; always a legal call."""
    hand = cards if isinstance(cards, Hand) else Hand(cards)
    ctx = replay(auction, dealer, vulnerability)
    if ctx.over:
        raise ValueError("the auction is over")
    for tier in situation(ctx):
        for bid in tier:
            if ctx.legal(bid.call) and bid.meaning.fits(hand):
                return Choice(bid.call, bid.explanation)
    return Choice(PASS, NOTHING_TO_ADD.explanation)


def inferences(auction: Sequence[int], dealer: int, vulnerability: str = "none") -> tuple[dict, ...]:
    """What the auction shows about each seat (N, E, S, W) by this system:
    ``{"hcp": (lo, hi), "points": (lo, hi), "lengths": {suit: (lo, hi)}}`` with suits 0..3 = C D H S
    (points: the strength its calls counted for a suit contract). The ranges are what the rules say;
    a hand that made its call by a later rule than the one read back can lie outside them (about one
    seat in fifty on deals the system bids), and a human's calls can contradict the rules (the newer
    call wins)."""
    return tuple(known.as_dict() for known in replay(auction, dealer, vulnerability).knowledge)


def explanations(auction: Sequence[int], dealer: int, vulnerability: str = "none") -> list[str]:
    """What each call of the auction means by this system ("2C: Stayman, asks for a four-card major"),
    or the bare call name where no rule of its situation makes it."""
    ctx = replay(auction, dealer, vulnerability)
    return [rule_.explanation if rule_ is not None else call_name(call) for call, rule_ in zip(ctx.auction, ctx.rules)]


def legal_calls(auction: Sequence[int], dealer: int) -> list[int]:
    """The legal calls after ``auction`` (empty once it is over)."""
    ctx = Context(dealer)
    ctx.auction = list(auction)
    ctx.rules = [None] * len(ctx.auction)
    return [] if ctx.over else ctx.legal_calls()


def replay(auction: Sequence[int], dealer: int, vulnerability: str = "none") -> Context:
    """The auction read call by call: each call's rule and each seat's knowledge. A call is read in the
    first tier of its situation with rules that make it and agree with what the seat has shown, as all
    of those rules at once (the seat holds what one of them says; the first is the call's rule); where
    none agrees, as the first rule that makes it."""
    ctx = Context(dealer, vulnerability)
    for call in auction:
        read_call(ctx, situation(ctx), parse_action(call) if isinstance(call, str) else int(call))
    return ctx


def read_call(ctx: Context, tiers: Sequence[Sequence[Bid]], call: int) -> None:
    """Record ``call`` of the seat to call in ``ctx``, whose situation's rules are ``tiers``, read as
    :func:`replay` says."""
    known = ctx.knowledge[ctx.seat]
    making = [[bid for bid in tier if bid.call == call] for tier in tiers]
    agreeing = next((tier for tier in ([b for b in t if known.allows(b.meaning)] for t in making) if tier), [])
    ctx.record(call, agreeing or next((tier for tier in making if tier), [])[:1])


def situation(ctx: Context) -> list[list[Bid]]:
    """The rules for the seat to call in tiers, in order: the situation's own, the placement's, and
    (the fallbacks) what a forced hand bids and a last pass. A forced hand's pass rules are left out,
    but for a pass that turns partner's takeout double into a penalty double."""
    tiers = [_specific(ctx), placement(ctx) if ctx.last_bid is not None else []]
    fallback = [NOTHING_TO_ADD]
    if ctx.forced():
        tiers = [[bid for bid in tier if bid.call != PASS or bid.tag == "penalty pass"] for tier in tiers]
        fallback = forced_bids(ctx) + fallback
    return tiers + [fallback]


def _specific(ctx: Context) -> list[Bid]:
    if ctx.last_bid is None:
        return opening(ctx)
    blackwood = _blackwood(ctx)
    if blackwood is not None:
        return blackwood
    return _our_auction(ctx) if ctx.we_opened else _their_auction(ctx)


def _blackwood(ctx: Context) -> list[Bid] | None:
    """Answers to Blackwood and the asker's next call."""
    n = len(ctx.auction)
    if n < 2:
        return None
    partner_call, partner_rule = ctx.auction[-2], ctx.rules[-2]
    partner_tag = partner_rule.tag if partner_rule is not None else ""
    suits_bid = any(bid_strain(c) != NO_TRUMP for c in ctx.bids(ctx.seat) + ctx.bids(ctx.partner))
    if partner_call == bid_action(4, NO_TRUMP) and (partner_tag == "blackwood" or (partner_rule is None and suits_bid)):
        return blackwood_answers()
    if partner_tag == "king ask":
        return king_answers()
    if n >= 4 and partner_tag in ("aces", "kings"):
        asked = [i for i in range(n - 4, -1, -4) if ctx.auction[i] == bid_action(4, NO_TRUMP)]
        if asked:
            return after_answer(ctx, agreed_trumps(ctx, asked[0]), partner_tag == "kings")
    return None


def _interference(ctx: Context) -> list[int]:
    """The opponents' calls other than pass since our side's first bid."""
    started, found = False, []
    for i, call in enumerate(ctx.auction):
        if ctx.ours(ctx.caller(i)):
            started = started or is_bid(call)
        elif started and call != PASS:
            found.append(call)
    return found


def _our_auction(ctx: Context) -> list[Bid]:
    seq = ctx.sequence()
    opening_call = parse_action(seq[0])
    interference = _interference(ctx)
    notrump = bid_strain(opening_call) == NO_TRUMP
    if not interference or (notrump and all(call == DOUBLE for call in interference)):
        return _constructive(ctx, seq)
    level, strain = bid_level(opening_call), bid_strain(opening_call)
    if len(seq) == 1:
        rho = ctx.auction[-1]
        if rho == PASS:
            return []
        if notrump and level <= 2:
            return over_notrump_interference(ctx) if is_bid(rho) else []
        if level == 1:
            rules = respond_over_interference(ctx, strain)
            return rules + responses_to_one(strain) if rho == DOUBLE else rules
        if level == 2 and strain != CLUBS:
            return weak_two_responses(strain)
        if level == 3 and not notrump:
            return preempt_responses(strain)
        return []
    if len(seq) == 2 and level == 1 and not notrump:
        partner_rule = ctx.rules[-2]
        if partner_rule is not None and partner_rule.tag == "negative":
            return answer_negative_double(ctx, strain)
        response = ctx.auction[-2]
        if is_bid(response) and bid_strain(response) not in (strain, NO_TRUMP) and partner_rule is not None \
                and partner_rule.tag == "":
            return opener_rebid(strain, response)
    return []


def _constructive(ctx: Context, seq: tuple[str, ...]) -> list[Bid]:
    """Our side's auction with the opponents silent (or only doubling our no trumps)."""
    opening_call = parse_action(seq[0])
    level, strain = bid_level(opening_call), bid_strain(opening_call)
    calls = [parse_action(name) for name in seq]
    if strain == NO_TRUMP and level <= 2:
        lo, hi = ctx.knowledge[ctx.opener].hcp
        return _notrump_auction(calls[1:], lo, hi, level)
    if opening_call == bid_action(2, CLUBS):
        if len(calls) == 1:
            return strong_two_clubs_responses()
        if len(calls) == 2 and calls[1] == bid_action(2, DIAMONDS):
            return strong_two_clubs_rebids()
        if len(calls) >= 3 and calls[1:3] == [bid_action(2, DIAMONDS), bid_action(2, NO_TRUMP)]:
            lo, hi = ctx.knowledge[ctx.opener].hcp
            return _notrump_auction(calls[3:], lo, hi, 2)
        return []
    if level == 1:
        if len(calls) == 1:
            return responses_to_one(strain)
        if len(calls) == 2 and is_bid(calls[1]):
            partner_rule = ctx.rules[-2]
            return opener_rebid(strain, calls[1], partner_rule.tag if partner_rule is not None else "")
        return []
    if level == 2:
        if len(calls) == 1:
            return weak_two_responses(strain)
        if len(calls) == 2 and calls[1] == bid_action(2, NO_TRUMP):
            return weak_two_rebids(strain)
        return []
    if level == 3 and strain != NO_TRUMP and len(calls) == 1:
        return preempt_responses(strain)
    return []


def _notrump_auction(rest: list[int], lo: int, hi: int, level: int) -> list[Bid]:
    """After partner's (or our) no trumps of ``lo``-``hi`` at ``level``, ``rest`` being our calls since."""
    stayman = bid_action(level + 1, CLUBS)
    transfers = {bid_action(level + 1, DIAMONDS): HEARTS, bid_action(level + 1, HEARTS): SPADES}
    if not rest:
        return notrump_responses(lo, hi, level)
    if len(rest) == 1:
        asked = rest[0]
        if asked == stayman:
            return stayman_answers(level + 1)
        if asked in transfers:
            return transfer_answers(transfers[asked], level + 1, hi)
        if level == 1 and asked == bid_action(2, SPADES):
            return [rule("3C", "as asked")]
        if level == 1 and asked == bid_action(2, NO_TRUMP):
            return invitation_answers(lo, hi)
        return []
    if len(rest) == 2:
        asked, answer = rest
        if asked == stayman and is_bid(answer) and bid_level(answer) == level + 1:
            return after_stayman(bid_strain(answer), lo, hi, level)
        if asked in transfers and answer == bid_action(level + 1, transfers[asked]):
            return after_transfer(transfers[asked], lo, hi, level)
        if level == 1 and asked == bid_action(2, SPADES) and answer == bid_action(3, CLUBS):
            return [rule("pass", "to play in clubs", C=6), rule("3D", "to play in diamonds", D=6)]
    return []


def _their_auction(ctx: Context) -> list[Bid]:
    ours = [i for i, call in enumerate(ctx.auction) if ctx.ours(ctx.caller(i)) and call != PASS]
    if not ours:
        return defender_first(ctx)
    first = ours[0]
    first_rule = ctx.rules[first]
    tag = first_rule.tag if first_rule is not None else ""
    first_call = ctx.auction[first]
    by_partner = ctx.caller(first) == ctx.partner
    if tag == "nt overcall" and by_partner and ctx.auction[first + 1:] == [DOUBLE]:
        return escape_from_double(ctx)
    if tag == "nt overcall" and bid_level(first_call) <= 2:
        since = ctx.auction[first + 1:]
        theirs_since = [c for i, c in enumerate(since, first + 1) if not ctx.ours(ctx.caller(i))]
        if all(c == PASS for c in theirs_since):
            rest = [c for i, c in enumerate(since, first + 1) if ctx.ours(ctx.caller(i))]
            lo, hi = ctx.knowledge[ctx.caller(first)].hcp
            return _notrump_auction(rest, lo, hi, bid_level(first_call))
        return []
    if not by_partner or len(ours) != 1 or first != len(ctx.auction) - 2:
        return []
    if tag == "takeout":
        return advance_takeout(ctx)
    if tag in ("overcall", "weak jump"):
        return advance_overcall(ctx, bid_strain(first_call))
    if tag == "penalty" and ctx.auction[-2:] == [DOUBLE, PASS]:
        return [rule("pass", "leaves partner's penalty double in")]
    return []


__all__ = ["Choice", "NOTHING_TO_ADD", "choose_call", "explanations", "inferences", "legal_calls", "read_call",
           "replay", "situation"]
