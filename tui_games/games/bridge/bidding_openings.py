"""Opening bids, the responses to one of a suit, and the opener's rebid: the system's first rounds.

Openings (first seat to bid): 2C strong and artificial with 22+ HCP; 2NT 20-21 balanced; 1NT 15-17
balanced without a five-card major; one of a suit with 12-21 HCP (10 or 11 by the rule of 20: HCP plus
the two longest suits make 20): a five-card major, else the longer minor (1D with four-four, 1C with
three-three); weak twos 2D/2H/2S with 6-10 HCP, a good six-card suit and no four-card major besides;
three-level preempts with 5-10 and a good seven-card suit, four of a major with eight. In fourth seat
one opens only by the rule of 15 (HCP + spades) and never preempts.

Responses to one of a major: Jacoby 2NT (game-forcing raise, 4+ trumps, 13+), 4M preemptive (5+ trumps,
under 10 HCP), 3M limit raise (10-12 support points and eight losers or fewer by the Losing Trick Count),
2M (6-10, or 10-12 with nine losers), 1S over 1H (4+ spades, 6+), 3NT (15-17
balanced, at most two trumps), a new suit at the two level (10+, forcing: four cards, five for 2H over
1S, three in a minor when nothing else), 1NT (6-10), pass (0-5). To one of a minor: a four-card major
(6+, up the line; 1D over 1C first with 11+ and longer diamonds), 1D over 1C, 2NT 11-12 and 3NT 13-15
balanced without a major, raises (6-10, limit 10-12) with five clubs or four diamonds, 2C over 1D (10+),
1NT (6-10), pass.

The opener's rebid: after a one-level response, a raise with four trumps (12-15, 16-18 a jump, 19-21
game), a major at the one level, 2NT 18-19 balanced, its six-card suit (12-15, a jump 16-19 that invites
game, game in a major with 20+ points or four losers), a reverse (17+, forcing), 1NT 12-14 balanced, a
lower new suit; after a single raise of a major, game with 19+ points or five losers, a game try with
16-18 and seven losers or fewer (or six losers), else pass; after a limit raise, game with 14+ HCP and
seven losers or with six losers (a single raise shows about nine losers, a limit raise eight: 24 less
the two hands' losers is the tricks the fit takes); after a limit raise of a minor, 3NT with 12+ HCP and
no singleton (22+ HCP and a long fit to run), five of the minor with 16+ points unbalanced; after Jacoby
2NT, four of the major with a minimum and three with slam interest; after a two-level response, a raise,
2NT 12-14, its own suit or a new one.
"""

from __future__ import annotations

from tui_games.games.bridge.bidding_core import (GAME_FORCING, ONE_ROUND, Bid, Context, count_word, holding,
                                                 holdings, rule)
from tui_games.games.bridge.constants import NO_TRUMP, bid_action, bid_level, bid_strain
from tui_games.games.bridge.hand_eval import MAJORS, Hand, opening_suit, response_major
from tui_games.games.bridge.pbn import SUIT_WORDS

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def opening(ctx: Context) -> list[Bid]:
    """The first bid of the auction, in order of preference."""
    fourth = len(ctx.auction) == 3
    rules = [
        rule("2C", "strong and artificial, 22+ HCP", hcp=(22, 37), tag="strong", forcing=ONE_ROUND),
        rule("2NT", "20-21 balanced", hcp=(20, 21), balanced=True),
        rule("1NT", "15-17 balanced", hcp=(15, 17), balanced=True, H=(0, 4), S=(0, 4)),
    ]
    rules += [one_of_a_suit(suit, fourth) for suit in (SPADES, HEARTS, DIAMONDS, CLUBS)]
    if fourth:
        return rules + [rule("pass", "not worth opening in fourth seat (HCP + spades under 15)", hcp=(0, 14))]
    for suit in (SPADES, HEARTS):
        rules.append(rule(bid_action(4, suit), f"preempt: 5-10 HCP, eight or more {SUIT_WORDS[suit]}",
                          hcp=(5, 10), **holding(suit, 8)))
    for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
        rules.append(rule(bid_action(3, suit), f"preempt: 5-10 HCP, a good seven-card {SUIT_WORDS[suit][:-1]} suit",
                          hcp=(5, 10), test=_good(suit), **holding(suit, 7, 7)))
    for suit in (SPADES, HEARTS, DIAMONDS):
        rules.append(rule(bid_action(2, suit), f"weak two: 6-10 HCP, a good six-card {SUIT_WORDS[suit][:-1]} suit",
                          hcp=(6, 10), test=_weak_two(suit), **holding(suit, 6, 6)))
    return rules + [rule("pass", "0-11 HCP, no long suit", hcp=(0, 11))]


def one_of_a_suit(suit: int, fourth: bool = False) -> Bid:
    """One of ``suit``: opening values and ``suit`` the hand's opening suit (:func:`opening_suit`)."""
    def opens(hand: Hand) -> bool:
        strong_enough = hand.hcp >= 12 or hand.rule_of_20()
        if fourth:
            strong_enough = hand.hcp + hand.lengths[SPADES] >= 15
        return strong_enough and opening_suit(hand) == suit
    least = 5 if suit in MAJORS else 3
    words = {SPADES: "five or more spades", HEARTS: "five or more hearts",
             DIAMONDS: "three or more diamonds (usually four)", CLUBS: "three or more clubs"}[suit]
    return rule(bid_action(1, suit), f"12-21 points, {words}", hcp=(10, 21), points=(12, 24),
                test=opens, **holding(suit, least))


def _good(suit: int):
    return lambda hand: hand.good_suit(suit)


def _weak_two(suit: int):
    """A good suit, and no four cards in a major besides."""
    def fits(hand: Hand) -> bool:
        return hand.good_suit(suit) and all(hand.lengths[m] < 4 for m in MAJORS if m != suit)
    return fits


def responses_to_major(opened: int) -> list[Bid]:
    """Responses to one of a major, partner's right-hand opponent having passed."""
    word = SUIT_WORDS[opened]
    other = SPADES + HEARTS - opened
    rules = [
        rule("2NT", f"Jacoby: a game-forcing raise, four or more {word}, 13+ points", points=(13, 37),
             trumps=opened, hcp=(10, 37), tag="jacoby", forcing=GAME_FORCING, **holding(opened, 4)),
        rule(bid_action(4, opened), f"to play: five or more {word}, under 10 HCP", hcp=(0, 9),
             **holding(opened, 5)),
        rule(bid_action(3, opened), f"limit raise: 10-12 points, three or more {word}", points=(10, 12),
             trumps=opened, hcp=(7, 12), test=lambda h: h.losers <= 8, **holding(opened, 3)),
        rule(bid_action(2, opened), f"6-10 points, three or more {word}", points=(6, 10), trumps=opened,
             hcp=(4, 10), **holding(opened, 3)),
        rule(bid_action(2, opened), f"10-12 points but nine losers or more, three or more {word}", points=(10, 12),
             trumps=opened, hcp=(7, 12), test=lambda h: h.losers >= 9, **holding(opened, 3)),
    ]
    if opened == HEARTS:
        rules.append(rule("1S", "four or more spades, 6+ HCP, forcing", hcp=(6, 37), forcing=ONE_ROUND, S=4))
    rules.append(rule("3NT", f"15-17 balanced, at most two {word}", hcp=(15, 17), balanced=True,
                      **holdings((opened, 0, 2), (other, 0, 3))))
    rules += new_suits_at_two(opened)
    rules += [rule("1NT", "6-10 HCP, no fit and nothing to show at the one level", hcp=(6, 10)),
              rule("pass", "0-5 HCP", hcp=(0, 5))]
    return rules


def new_suits_at_two(opened: int) -> list[Bid]:
    """New suits at the two level below the opened suit: 10+ HCP, forcing; four cards (five in
    hearts), then a three-card minor when nothing else fits."""
    lower = [s for s in (HEARTS, DIAMONDS, CLUBS) if s < opened]
    rules = []
    for suit in lower:
        least = 5 if suit == HEARTS else 4
        rules.append(rule(bid_action(2, suit), f"10+ HCP, {'five' if least == 5 else 'four'} or more "
                          f"{SUIT_WORDS[suit]}, forcing", hcp=(10, 37), forcing=ONE_ROUND,
                          test=_best_new_suit(suit, lower), **holding(suit, least)))
    for suit in (CLUBS, DIAMONDS):
        if suit in lower:
            rules.append(rule(bid_action(2, suit), f"10+ HCP, three or more {SUIT_WORDS[suit]}, forcing",
                              hcp=(10, 37), forcing=ONE_ROUND, **holding(suit, 3)))
    return rules


def _best_new_suit(suit: int, choices: list[int]):
    """``suit`` is the one to bid: the longest of those long enough (four cards, five in hearts), of
    two as long the higher with five cards, the lower with four (up the line)."""
    def best(hand: Hand) -> bool:
        eligible = [s for s in choices if hand.lengths[s] >= (5 if s == HEARTS else 4)]
        if suit not in eligible:
            return False
        top = max(hand.lengths[s] for s in eligible)
        longest = [s for s in eligible if hand.lengths[s] == top]
        return suit == (max(longest) if top >= 5 else min(longest))
    return best


def responses_to_minor(opened: int) -> list[Bid]:
    """Responses to one of a minor, partner's right-hand opponent having passed."""
    word = SUIT_WORDS[opened]
    support = 5 if opened == CLUBS else 4
    no_major = {"H": (0, 3), "S": (0, 3)}
    rules = []
    if opened == CLUBS:
        rules.append(rule("1D", "four or more diamonds, 11+ HCP, longer than any major", hcp=(11, 37),
                          forcing=ONE_ROUND, test=_diamonds_first, D=5))
    for major in (HEARTS, SPADES):
        rules.append(rule(bid_action(1, major), f"four or more {SUIT_WORDS[major]}, 6+ HCP, forcing",
                          hcp=(6, 37), forcing=ONE_ROUND, test=_shows_major(major), **holding(major, 4)))
    if opened == CLUBS:
        rules.append(rule("1D", "four or more diamonds, 6+ HCP, forcing", hcp=(6, 37), forcing=ONE_ROUND, D=4))
    rules += [
        rule("3NT", "13-15 balanced, no four-card major", hcp=(13, 15), balanced=True, **no_major),
        rule("2NT", "11-12 balanced, no four-card major, invitational", hcp=(11, 12), balanced=True, tag="invite",
             **no_major),
        rule(bid_action(3, opened), f"limit raise: 10-12 points, {count_word(support)} or more {word}", points=(10, 12),
             trumps=opened, hcp=(7, 12), **holding(opened, support), **no_major),
        rule(bid_action(2, opened), f"6-10 points, {count_word(support)} or more {word}", points=(6, 10), trumps=opened,
             hcp=(5, 10), **holding(opened, support), **no_major),
    ]
    if opened == DIAMONDS:
        rules.append(rule("2C", "10+ HCP, four or more clubs, forcing", hcp=(10, 37), forcing=ONE_ROUND, C=4))
    rules += [rule("1NT", "6-10 HCP, no four-card major", hcp=(6, 10), **no_major),
              rule("2NT", "11-12 HCP, no four-card major, invitational", hcp=(11, 12), tag="invite", **no_major),
              rule("3NT", "13-15 HCP, no four-card major", hcp=(13, 15), **no_major),
              rule("pass", "0-5 HCP", hcp=(0, 5))]
    return rules


def _shows_major(major: int):
    return lambda hand: response_major(hand) == major


def _diamonds_first(hand: Hand) -> bool:
    return hand.lengths[DIAMONDS] > max(hand.lengths[HEARTS], hand.lengths[SPADES])


def responses_to_one(opened: int) -> list[Bid]:
    """Responses to one of ``opened`` (a suit)."""
    return responses_to_major(opened) if opened in MAJORS else responses_to_minor(opened)


def opener_rebid(opened: int, response: int, tag: str = "") -> list[Bid]:
    """The opener's second bid after one of ``opened`` and partner's response (a call id, ``tag`` the
    convention it was), the opponents silent or out of the way (a call no longer legal is skipped)."""
    level, strain = bid_level(response), bid_strain(response)
    if strain == opened:
        return _after_raise(opened, level)
    if strain == NO_TRUMP:
        return _after_notrump(opened, level, tag)
    if level == 1:
        return _after_new_suit(opened, strain)
    if level == 2:
        return _after_two_over_one(opened, strain)
    return []


def _after_raise(opened: int, level: int) -> list[Bid]:
    word = SUIT_WORDS[opened]
    if opened in MAJORS and level == 2:
        return [rule(bid_action(4, opened), "game: 19+ points with the fit", points=(19, 37), trumps=opened),
                rule(bid_action(4, opened), "game: five losers or fewer", points=(14, 37), trumps=opened,
                     test=lambda h: h.losers <= 5),
                rule(bid_action(3, opened), "game try: 16-18 points, asks for a maximum", points=(16, 18),
                     trumps=opened, tag="invite", test=lambda h: h.losers <= 7),
                rule(bid_action(3, opened), "game try: six losers, asks for a maximum", points=(14, 18),
                     trumps=opened, tag="invite", test=lambda h: h.losers <= 6),
                rule("pass", "12-15 points, no game opposite a single raise", points=(0, 15), trumps=opened),
                rule("pass", "16-18 points but seven losers or more, no game opposite a single raise",
                     points=(16, 18), trumps=opened)]
    if opened in MAJORS and level == 3:
        return [rule(bid_action(4, opened), "game: accepts the limit raise, 14+ HCP", hcp=(14, 37),
                     test=lambda h: h.losers <= 7),
                rule(bid_action(4, opened), "game: accepts the limit raise, six losers or fewer", points=(13, 37),
                     trumps=opened, test=lambda h: h.losers <= 6),
                rule("pass", "declines the limit raise: a minimum with seven losers or more", hcp=(0, 17))]
    if level == 2:
        return [rule("2NT", "18-19 balanced, invitational", hcp=(18, 19), balanced=True, tag="invite"),
                rule(bid_action(3, opened), f"16-18 points, six or more {word}", points=(16, 18),
                     **holding(opened, 6)),
                rule("pass", "12-17, no game opposite a single raise", hcp=(0, 17))]
    if level == 3:
        return [rule("3NT", "12+ HCP and no singleton, to play: the long minor runs", hcp=(12, 37),
                     test=lambda h: h.shape[-1] >= 2),
                rule(bid_action(5, opened), "game: 16+ points, unbalanced", points=(16, 37), trumps=opened),
                rule("pass", "declines the limit raise", hcp=(0, 15))]
    return []


def _after_notrump(opened: int, level: int, tag: str) -> list[Bid]:
    word = SUIT_WORDS[opened]
    if level == 1:
        rules = [rule("2NT", "18-19 balanced, invitational", hcp=(18, 19), balanced=True, tag="invite")]
        rules += _own_suit_jumps(opened)
        rules += _reverses(opened)
        rules += [rule(bid_action(2, opened), f"12-15 points, six or more {word}", points=(11, 16),
                       **holding(opened, 6))]
        rules += _lower_new_suits(opened, ())
        return rules + [rule("pass", "minimum, nothing to add", hcp=(0, 17))]
    if tag == "jacoby":
        return [rule(bid_action(3, opened), "slam interest: 15+ points", points=(15, 37), trumps=opened),
                rule(bid_action(4, opened), "minimum: 12-14 points, no slam interest", points=(0, 14),
                     trumps=opened)]
    if level == 2:
        return [rule("3NT", "accepts: 13+ HCP", hcp=(13, 37)),
                rule(bid_action(3, opened), f"declines: six or more {word}", **holding(opened, 6)),
                rule("pass", "declines: a minimum", hcp=(0, 12))]
    return [rule("pass", "to play", hcp=(0, 37))] if level == 3 else []


def _after_new_suit(opened: int, response: int) -> list[Bid]:
    """After 1x - 1y: raise a major with four, else show a major at the one level before raising a
    minor; then no trumps, the own suit, a new suit."""
    word, theirs = SUIT_WORDS[opened], SUIT_WORDS[response]
    raises = [rule(bid_action(3, response), f"16-18 points, four or more {theirs}", points=(16, 18),
                   trumps=response, **holding(response, 4)),
              rule(bid_action(2, response), f"12-15 points, four or more {theirs}", points=(11, 15),
                   trumps=response, **holding(response, 4))]
    if response in MAJORS:
        raises.insert(0, rule(bid_action(4, response), f"game: 19-21 points, four or more {theirs}",
                              points=(19, 21), trumps=response, **holding(response, 4)))
    majors = [rule(bid_action(1, suit), f"four or more {SUIT_WORDS[suit]}, 12-18 points", hcp=(11, 18),
                   **holding(suit, 4)) for suit in range(4) if response < suit != opened]
    rules = raises + majors if response in MAJORS else majors + raises
    rules += [rule("2NT", "18-19 balanced", hcp=(18, 19), balanced=True)]
    rules += _own_suit_jumps(opened)
    rules += _reverses(opened, response)
    rules += [rule("1NT", "12-14 balanced", hcp=(11, 14), balanced=True),
              rule(bid_action(2, opened), f"12-15 points, six or more {word}", points=(11, 16),
                   **holding(opened, 6))]
    rules += _lower_new_suits(opened, (response,))
    rules += [rule(bid_action(2, opened), f"a minimum, five or more {word}", hcp=(11, 16), **holding(opened, 5)),
              rule("1NT", "12-14, nothing better to say", hcp=(11, 14))]
    return rules


def _after_two_over_one(opened: int, response: int) -> list[Bid]:
    """After 1x - 2y (10+, forcing)."""
    word, theirs = SUIT_WORDS[opened], SUIT_WORDS[response]
    support = 3 if response in MAJORS else 4
    rules = [rule(bid_action(3, response), f"{count_word(support)} or more {theirs}", hcp=(11, 21),
                  **holding(response, support)),
             rule("3NT", "18-19 balanced", hcp=(18, 19), balanced=True),
             rule("2NT", "12-14 balanced", hcp=(11, 14), balanced=True),
             rule(bid_action(3, opened), f"16+ points, six or more {word}", points=(16, 37), **holding(opened, 6))]
    for suit in range(4):
        if suit not in (opened, response):
            rules.append(rule(bid_action(2, suit), f"four or more {SUIT_WORDS[suit]}", hcp=(11, 21),
                              **holding(suit, 4)))
    rules.append(rule(bid_action(2, opened), f"five or more {word}, a minimum", hcp=(11, 15),
                      **holding(opened, 5)))
    for suit in range(4):
        if suit not in (opened, response):
            rules.append(rule(bid_action(3, suit), f"four or more {SUIT_WORDS[suit]}, extra values", hcp=(15, 21),
                              **holding(suit, 4)))
    return rules + [rule("2NT", "no better bid", hcp=(11, 21))]


JUMP_GAME_LOSERS = 4
"""The most losers a six-card major bids game with opposite a one-level response (about ten losers:
24 - 4 - 10 = 10 tricks)."""


def _own_suit_jumps(opened: int) -> list[Bid]:
    """A six-card suit again with extra values: game in a major with 20+ points, a jump with 16-19."""
    word = SUIT_WORDS[opened]
    rules = []
    if opened in MAJORS:
        rules.append(rule(bid_action(4, opened), f"game: 20+ points, six or more {word}", points=(20, 37),
                          hcp=(13, 21), **holding(opened, 6)))
        rules.append(rule(bid_action(4, opened), f"game: six or more {word}, four losers or fewer", points=(16, 37),
                          hcp=(13, 21), test=lambda h: h.losers <= JUMP_GAME_LOSERS, **holding(opened, 6)))
    return rules + [rule(bid_action(3, opened), f"16-19 points, six or more {word}, invitational", points=(16, 19),
                         tag="invite", **holding(opened, 6))]


def _reverses(opened: int, response: int | None = None) -> list[Bid]:
    """A new suit at the two level ranking above the opened suit: 17+, longer first suit, forcing."""
    rules = []
    for suit in range(opened + 1, 4):
        if suit != response:
            rules.append(rule(bid_action(2, suit), f"reverse: 17+ points, four or more {SUIT_WORDS[suit]}, longer "
                              f"{SUIT_WORDS[opened]}, forcing", points=(17, 37), forcing=ONE_ROUND,
                              **holdings((suit, 4, 5), (opened, 5, 13))))
    return rules


def _lower_new_suits(opened: int, bid: tuple[int, ...]) -> list[Bid]:
    """A new suit at the two level ranking below the opened suit: four or more cards, 12-18."""
    return [rule(bid_action(2, suit), f"four or more {SUIT_WORDS[suit]}, 12-18 points", hcp=(11, 18),
                 **holding(suit, 4)) for suit in range(opened - 1, -1, -1) if suit not in bid]


__all__ = ["new_suits_at_two", "one_of_a_suit", "opener_rebid", "opening", "responses_to_major",
           "responses_to_minor", "responses_to_one"]
