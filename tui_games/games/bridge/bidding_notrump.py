"""No-trump openings and what follows them, the strong 2C, and the responses to preempts.

Over partner's no trumps of ``lo``-``hi`` HCP (1NT 15-17, 2NT 20-21, 2C-2D-2NT 22-24, a 1NT overcall
15-18) at the one or two level: Jacoby transfers (2D shows five hearts, 2H five spades; 3D and 3H over
2NT), Stayman (2C or 3C: a four-card major and game interest, or invitational over 1NT), 2S over 1NT a
weak hand with a long minor (opener bids 3C, responder passes or corrects to 3D), and natural raises in
no trumps by the count: 25 between the hands for game, 33 for a small slam, 37 for a grand; a
quantitative 4NT invites six; over an invitational 2NT the 1NT opener bids 3NT with the top two
points of its range or a good five-card suit. The opener answers Stayman with 2H (four hearts, perhaps four spades), 2S
(four spades, not four hearts) or 2D (neither), and completes a transfer (over 1NT it jumps with four
trumps and a maximum: a super-accept).

2C (22+, artificial, forcing to game): 2D waiting, or a positive with a good five-card suit and 8+
(2NT with 8+ balanced); the opener then shows 2NT (22-24 balanced), 3NT (25+) or its longest suit.

Over a weak two: 4M to play (with support and game values; with four trumps, preemptive with 0-12 HCP or
with 13+), 2NT asks (the opener rebids three of the suit with a minimum, 3NT or four of a major with a
maximum), 3NT to play, a new suit (five cards, 16+, forcing), a raise to three (three trumps, to
compete), pass. Over a three-level preempt: game in the suit with support and 15+, 3NT with 16+ and
stoppers, pass.
"""

from __future__ import annotations

from tui_games.games.bridge.bidding_core import (GAME_FORCING, ONE_ROUND, Bid, count_word, holding, holdings,
                                                 rule)
from tui_games.games.bridge.constants import NO_TRUMP, bid_action
from tui_games.games.bridge.hand_eval import MAJORS, Hand
from tui_games.games.bridge.pbn import SUIT_WORDS

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
GAME, SLAM, GRAND = 25, 33, 37
"""The points between two hands for game in no trumps or a major, a small slam and a grand slam."""


def notrump_responses(lo: int, hi: int, level: int) -> list[Bid]:
    """Responses to partner's no trumps of ``lo``-``hi`` HCP at ``level`` (1 or 2); a range wider than
    four points (a stray no-trump bid) is counted as its bottom four."""
    hi = min(hi, lo + 4)
    stayman, hearts, spades = bid_action(level + 1, CLUBS), bid_action(level + 1, DIAMONDS), \
        bid_action(level + 1, HEARTS)
    has_room = level == 1
    game_from = GAME - lo if has_room else GAME - hi
    invite = (GAME - hi, GAME - lo - 1)
    rules = [
        rule(hearts, "transfer: five or more hearts, asks partner to bid hearts", tag="transfer",
             forcing=ONE_ROUND, test=_longer_major(HEARTS), H=5),
        rule(spades, "transfer: five or more spades, asks partner to bid spades", tag="transfer",
             forcing=ONE_ROUND, test=_longer_major(SPADES), S=5),
        rule(stayman, "Stayman, asks for a four-card major", hcp=(invite[0] if has_room else game_from, 37),
             tag="stayman", forcing=ONE_ROUND, test=_four_card_major),
    ]
    if has_room:
        rules.append(rule("2S", "asks for 3C, to play in a long minor (0-7 HCP)", hcp=(0, invite[0] - 1),
                          tag="minor relay", forcing=ONE_ROUND,
                          test=lambda hand: max(hand.lengths[CLUBS], hand.lengths[DIAMONDS]) >= 6))
    rules += [
        rule("7NT", f"{GRAND}+ HCP between us", hcp=(GRAND - lo, 37)),
        rule("6NT", f"{SLAM}+ HCP between us", hcp=(SLAM - lo, GRAND - lo - 1)),
        rule("4NT", "quantitative: invites 6NT", hcp=(SLAM - hi, SLAM - lo - 1), tag="quantitative"),
        rule("3NT", f"to play: {GAME}+ HCP between us",
             hcp=(game_from, SLAM - hi - 1)),
    ]
    if has_room:
        rules.append(rule("2NT", "invitational: asks partner to bid 3NT with a maximum", hcp=invite,
                          tag="invite"))
    weak = max(0, (invite[0] if has_room else game_from) - 1)
    return rules + [rule("pass", f"0-{weak} HCP, no game", hcp=(0, weak))]


def invitation_answers(lo: int, hi: int) -> list[Bid]:
    """The 1NT opener's answer to partner's invitational 2NT: 3NT with the top two points of its range
    (or a five-card suit to run), else pass."""
    return [rule("3NT", f"accepts the invitation: {hi - 1}-{hi} HCP", hcp=(hi - 1, hi)),
            rule("3NT", "accepts the invitation: a five-card suit to run", hcp=(lo, hi),
                 test=lambda hand: hand.shape[0] >= 5 and hand.good_suit(hand.longest())),
            rule("pass", f"declines the invitation: {lo}-{hi - 2} HCP" if hi - 2 > lo else
                 f"declines the invitation: {lo} HCP", hcp=(lo, hi - 2))]


def _longer_major(major: int):
    """``major`` is the major to transfer to: five or more, and the longer (spades with five-five)."""
    other = SPADES + HEARTS - major

    def longer(hand: Hand) -> bool:
        held, beside = hand.lengths[major], hand.lengths[other]
        return held >= 5 and (held > beside or (major == SPADES and held == beside))
    return longer


def _four_card_major(hand: Hand) -> bool:
    return hand.lengths[HEARTS] == 4 or hand.lengths[SPADES] == 4


def stayman_answers(level: int) -> list[Bid]:
    """The no-trump opener's answer to Stayman (bid at ``level``, 2 or 3)."""
    return [rule(bid_action(level, HEARTS), "four hearts (perhaps four spades too)", H=(4, 5)),
            rule(bid_action(level, SPADES), "four spades, not four hearts", S=(4, 5), H=(0, 3)),
            rule(bid_action(level, DIAMONDS), "no four-card major", H=(0, 3), S=(0, 3))]


def transfer_answers(major: int, level: int, top: int) -> list[Bid]:
    """The no-trump opener's answer to a transfer to ``major`` bid at ``level``: a super-accept over
    1NT with four trumps and ``top`` HCP (a maximum), else the major at the cheapest level."""
    rules = []
    if level == 2:
        rules.append(rule(bid_action(3, major), f"super-accept: a maximum with four {SUIT_WORDS[major]}",
                          hcp=(top, top), **holding(major, 4)))
    return rules + [rule(bid_action(level, major), "completes the transfer")]


def after_stayman(answer: int, lo: int, hi: int, level: int) -> list[Bid]:
    """Responder's rebid after Stayman's answer ``answer`` (a suit), the no trumps being ``lo``-``hi``.
    A fit goes to the placement rules; these say what no fit means."""
    game_from = GAME - lo if level == 1 else GAME - hi
    rules = []
    if answer == DIAMONDS and level == 1:
        for major in (HEARTS, SPADES):
            other = SPADES + HEARTS - major
            rules.append(rule(bid_action(2, major), f"five {SUIT_WORDS[major]} and four {SUIT_WORDS[other]}, "
                              "invitational", hcp=(GAME - hi, game_from - 1), tag="invite",
                              **holdings((major, 5, 5), (other, 4, 4))))
            rules.append(rule(bid_action(3, major), f"five {SUIT_WORDS[major]} and four {SUIT_WORDS[other]}, "
                              "forcing to game", hcp=(game_from, SLAM - hi - 1), forcing=GAME_FORCING,
                              **holdings((major, 5, 5), (other, 4, 4))))
    shows = {HEARTS: holdings((SPADES, 4, 4), (HEARTS, 0, 3)), SPADES: holdings((HEARTS, 4, 4), (SPADES, 0, 3))}
    words = {HEARTS: ", four spades", SPADES: ", four hearts", DIAMONDS: ""}[answer]
    needs = shows.get(answer, {})
    if level == 1:
        rules.append(rule("2NT", f"invitational{words}", hcp=(GAME - hi, game_from - 1), tag="invite", **needs))
    rules.append(rule("3NT", f"to play{words}", hcp=(game_from, SLAM - hi - 1), **needs))
    return rules


def after_transfer(major: int, lo: int, hi: int, level: int) -> list[Bid]:
    """Responder's rebid after the no-trump opener completed a transfer to ``major``, counting its
    support points (the long trumps and the short suits)."""
    word = SUIT_WORDS[major]
    game_from = GAME - lo if level == 1 else GAME - hi
    invite, game = (GAME - hi, game_from - 1), (game_from, SLAM - hi - 1)
    rules = []
    if level == 1:
        rules += [rule("pass", "0-7 points, to play", points=(0, invite[0] - 1), trumps=major),
                  rule("2NT", f"invitational, exactly five {word}", points=invite, trumps=major, tag="invite",
                       **holding(major, 5, 5)),
                  rule(bid_action(3, major), f"invitational, six or more {word}", points=invite, trumps=major,
                       tag="invite", **holding(major, 6))]
    else:
        rules.append(rule("pass", "too weak for game, to play", points=(0, game_from - 1), trumps=major))
    return rules + [rule("3NT", f"game, exactly five {word}: partner chooses", points=game, trumps=major,
                         **holding(major, 5, 5)),
                    rule(bid_action(4, major), f"game, six or more {word}", points=game, trumps=major,
                         **holding(major, 6))]


def strong_two_clubs_responses() -> list[Bid]:
    """Responses to 2C: a positive with 8+ and a good five-card suit (2NT balanced), else 2D waiting."""
    rules = []
    for suit, call in ((HEARTS, "2H"), (SPADES, "2S"), (CLUBS, "3C"), (DIAMONDS, "3D")):
        rules.append(rule(call, f"positive: 8+ HCP, a good five-card {SUIT_WORDS[suit][:-1]} suit",
                          hcp=(8, 37), forcing=GAME_FORCING, test=_good_long(suit), **holding(suit, 5)))
    return rules + [rule("2NT", "positive: 8+ HCP, balanced", hcp=(8, 37), balanced=True, forcing=GAME_FORCING),
                    rule("2D", "waiting: any hand without a positive", tag="waiting", forcing=ONE_ROUND)]


def _good_long(suit: int):
    return lambda hand: hand.good_suit(suit) and hand.longest() == suit


def strong_two_clubs_rebids() -> list[Bid]:
    """The 2C opener's rebid after 2D: 2NT 22-24 balanced, 3NT 25+ balanced, else its longest suit
    (five cards, or four with a 4-4-4-1 shape)."""
    rules = [rule("3NT", "25+ balanced", hcp=(25, 37), balanced=True),
             rule("2NT", "22-24 balanced", hcp=(22, 24), balanced=True)]
    for least in (5, 4):
        for suit, call in ((HEARTS, "2H"), (SPADES, "2S"), (CLUBS, "3C"), (DIAMONDS, "3D")):
            rules.append(rule(call, f"{count_word(least)} or more {SUIT_WORDS[suit]}, forcing to game",
                              forcing=GAME_FORCING, test=lambda hand, s=suit: hand.longest() == s,
                              **holding(suit, least)))
    return rules


def weak_two_responses(suit: int) -> list[Bid]:
    """Responses to partner's weak two in ``suit``."""
    word = SUIT_WORDS[suit]
    game = bid_action(4 if suit in MAJORS else 5, suit)
    rules = [rule(game, "to play: support and game values", points=(16, 37), trumps=suit, hcp=(11, 37),
                  **holding(suit, 2)),
             rule(game, f"to play: four or more {word}, preemptive", hcp=(0, 12), **holding(suit, 4)),
             rule(game, f"to play: four or more {word}, ten trumps and 13+ HCP", hcp=(13, 37), **holding(suit, 4)),
             rule("2NT", "asks for a maximum (16+ HCP)", hcp=(16, 37), tag="feature ask", forcing=ONE_ROUND),
             rule("3NT", "to play: 16+ HCP and the other suits stopped", hcp=(16, 37),
                  test=lambda hand: all(hand.stopper(s) for s in range(4) if s != suit))]
    for other in range(4):
        if other != suit:
            rules.append(rule(bid_action(2 if other > suit else 3, other),
                              f"five or more {SUIT_WORDS[other]}, 16+ HCP, forcing", hcp=(16, 37),
                              forcing=ONE_ROUND, **holding(other, 5)))
    return rules + [rule(bid_action(3, suit), f"to compete: three or more {word}", hcp=(0, 15), **holding(suit, 3)),
                    rule("pass", "no game opposite a weak two", hcp=(0, 15))]


def weak_two_rebids(suit: int) -> list[Bid]:
    """The weak-two opener's answer to 2NT: a maximum bids game (four of a major, 3NT over 2D)."""
    maximum = bid_action(4, suit) if suit in MAJORS else bid_action(3, NO_TRUMP)
    return [rule(maximum, "a maximum (9-10 HCP)", hcp=(9, 10)),
            rule(bid_action(3, suit), "a minimum (6-8 HCP)", hcp=(0, 8))]


def preempt_responses(suit: int) -> list[Bid]:
    """Responses to partner's three-level preempt in ``suit``."""
    game = bid_action(4 if suit in MAJORS else 5, suit)
    return [rule("3NT", "to play: 16+ HCP and the other suits stopped", hcp=(16, 37),
                 test=lambda hand: all(hand.stopper(s) for s in range(4) if s != suit) and hand.lengths[suit] >= 1),
            rule(game, "to play: support and game values", points=(15, 37), trumps=suit, hcp=(11, 37),
                 **holding(suit, 2)),
            rule(game, f"to play: four or more {SUIT_WORDS[suit]}, preemptive", hcp=(0, 12), **holding(suit, 4)),
            rule("pass", "no game opposite a preempt", hcp=(0, 15))]


__all__ = ["GAME", "GRAND", "SLAM", "after_stayman", "after_transfer", "invitation_answers", "notrump_responses",
           "preempt_responses", "stayman_answers", "strong_two_clubs_rebids", "strong_two_clubs_responses",
           "transfer_answers", "weak_two_rebids", "weak_two_responses"]
