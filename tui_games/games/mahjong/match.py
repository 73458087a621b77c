"""Mahjong games of many hands: a hanchan, an east-only game or one hand, as Tenhou's ranked rules play
them; and the ``simple`` reading's series of equal hands.

One state is one hand (:mod:`.rules`); a game is a :class:`~tui_games.core.series.Series` of hands whose
:class:`MahjongMatch` rules read each finished hand (who won, whether the dealer keeps the seat, the
riichi sticks left on the table) and set the next hand's internal parameters: the dealer, the round
wind, honba, the sticks and the four scores (:func:`hand_setup` reads them back).

The riichi game (Tenhou's reading, written out in help.md):

* 25,000 points each; the first dealer is seat 0 and the dealer passes to the right (seat + 1).
* The dealer keeps the seat (renchan) when it wins (alone or in a double ron), is tenpai at the
  exhaustive draw (nagashi mangan included), or on an abortive draw. Honba + 1 on a repeat or any
  draw; back to 0 when only non-dealers win. Riichi sticks stay on the table until someone wins.
* A seat below 0 points ends the game at once (exactly 0 plays on).
* From the last hand on (South 4 of a hanchan, East 4 of an east game): a dealer who wins or is tenpai
  at the exhaustive draw and is then first (ties by seat order) with 30,000 or more ends the game
  (agari-yame, tenpai-yame); any other repeat plays on. When the deal passes, the game ends if some seat
  has 30,000 or more; else the next round is played (West, or South of an east game), hand by hand,
  ending as soon as a hand ends with the deal passing and someone at 30,000, and at the latest when
  the deal passes at its fourth hand.
* Sticks left at the end go to the first place; equal points rank by seat order from the first dealer.

The simple reading plays 1, 4 or 8 hands (``hand``, ``east``, ``hanchan``), the deal passing every
hand, and adds up each hand's returns (+1 the winner, -1 the others, 0 a drawn hand); equal totals
share a place.

``Standing.scores`` are the points (riichi) or the summed returns (simple); ``Standing.facts`` holds
``rules`` and ``length`` (the game's), ``dealer`` (the next hand's dealer), ``round`` (its round wind,
'east' ...), ``hand`` (riichi: its number in the round, 1-4; simple: its number in the series),
``honba``, ``sticks`` (riichi sticks on the table), ``over`` and ``ended`` (a key of :data:`ENDINGS`,
'' while the game runs). Once the game is over, dealer, round and hand stay those of the last hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from tui_games.core.errors import InvalidParameterError
from tui_games.core.series import Deal, SeriesRules, SeriesTarget, Standing, TargetKind
from tui_games.games.mahjong import rules
from tui_games.games.mahjong.constants import END_EXHAUSTIVE, END_NAGASHI, GAME_ENDINGS

READINGS = ("riichi", "simple")
"""The ``rules`` parameter's values: Tenhou's riichi, or RLCard's simple game."""
LENGTHS = ("hanchan", "east", "hand")
"""The ``length`` parameter's values."""
WINDS = ("east", "south", "west", "north")
"""Round winds by name, in order."""
START_POINTS = rules.START_POINTS
"""Each seat's points at the start of a riichi game."""
TOTAL_POINTS = rules.SEATS * START_POINTS
"""The points on the table: the four scores and the riichi sticks always add up to this."""
TARGET_POINTS = 30000
"""The points that end a game from its last hand on (Tenhou's 30,000 return)."""
LAST_HAND = {"hanchan": 7, "east": 3}
"""The index (round * 4 + dealer) of each length's last scheduled hand: South 4, East 4."""
FINAL_HAND = {"hanchan": 11, "east": 7}
"""The index of the latest hand the extra round may reach: West 4, South 4."""
SIMPLE_HANDS = {"hand": 1, "east": 4, "hanchan": 8}
"""How many hands the simple reading plays for each length."""
ENDINGS = GAME_ENDINGS
"""Why a game ended (``Standing.facts['ended']``), in words (:data:`.constants.GAME_ENDINGS`: a view may
import that module, which loads no numba)."""
SCORE_PARAMS = tuple(f"score_{seat}" for seat in range(rules.SEATS))
"""The internal parameters holding each seat's points at the start of a hand."""


@dataclass(frozen=True)
class HandSetup:
    """What one hand starts from, read from a state's parameters."""

    reading: str
    """'riichi' or 'simple'."""
    dealer: int
    """The dealer's seat."""
    round_wind: int
    """The round: 0 east, 1 south, 2 west, 3 north."""
    honba: int
    sticks: int
    """Riichi sticks on the table."""
    scores: tuple[int, ...]
    """Each seat's points (riichi); zeros in the simple reading, which scores each hand alone."""


def _whole(params: dict, name: str, default: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidParameterError(f"{name} must be a whole number (got {value!r})")
    return int(value)


def hand_setup(params: dict) -> HandSetup:
    """The hand ``params`` describe; InvalidParameterError for an unknown reading, length or round, a
    dealer outside 0-3, negative honba or sticks, or riichi scores and sticks that do not add up to
    100,000."""
    reading = params.get("rules", "riichi")
    length = params.get("length", "hanchan")
    if reading not in READINGS:
        raise InvalidParameterError(f"rules must be one of {', '.join(READINGS)} (got {reading!r})")
    if length not in LENGTHS:
        raise InvalidParameterError(f"length must be one of {', '.join(LENGTHS)} (got {length!r})")
    wind = params.get("round_wind", "east")
    if wind not in WINDS:
        raise InvalidParameterError(f"round_wind must be one of {', '.join(WINDS)} (got {wind!r})")
    dealer = _whole(params, "dealer", 0)
    honba = _whole(params, "honba", 0)
    sticks = _whole(params, "sticks", 0)
    if not 0 <= dealer < rules.SEATS or honba < 0 or sticks < 0:
        raise InvalidParameterError(f"dealer must be 0-3 and honba and sticks at least 0 (got dealer {dealer}, "
                                    f"honba {honba}, sticks {sticks})")
    if reading == "simple":
        return HandSetup(reading, dealer, 0, 0, 0, (0,) * rules.SEATS)
    scores = tuple(_whole(params, name, START_POINTS) for name in SCORE_PARAMS)
    if sum(scores) + 1000 * sticks != TOTAL_POINTS:
        raise InvalidParameterError(f"the scores {list(scores)} and {sticks} riichi sticks must add up to "
                                    f"{TOTAL_POINTS:,} points")
    return HandSetup(reading, dealer, WINDS.index(wind), honba, sticks, scores)


def initial(seed: int, params: dict) -> np.ndarray:
    """The state array of the hand ``params`` describe (the seed plays no part: the tiles are chance
    outcomes drawn by the match)."""
    setup = hand_setup(params)
    scores = np.array(setup.scores, dtype=np.int64)
    return rules.new_hand(READINGS.index(setup.reading), setup.dealer, 27 + setup.round_wind, setup.honba,
                          setup.sticks, scores)


@dataclass(frozen=True)
class HandEnd:
    """What a finished hand tells the series."""

    dealer: int
    winners: tuple[int, ...]
    renchan: bool
    """The dealer keeps the seat."""
    dealer_tenpai: bool
    """The dealer was tenpai at the exhaustive draw (nagashi mangan included)."""
    sticks: int
    """Riichi sticks left on the table."""


def final_array(seed: int, params: dict, history: list) -> np.ndarray:
    """The state array after ``history`` (a finished hand's own, replayed unchecked through the kernels)."""
    s = initial(seed, params)
    for entry in history:
        if isinstance(entry, (list, tuple)):
            rules.apply_joint(s, np.array(entry, dtype=np.int64))
        else:
            rules.apply_action(s, int(entry))
    return s


def hand_end(deal: Deal) -> HandEnd:
    """The end of a finished hand, read from its replayed state."""
    s = final_array(deal.seed, deal.params, deal.history)
    if int(s[rules.PLAYER]) != rules.TERMINAL:
        raise ValueError("the hand is not over")
    dealer = int(s[rules.DEALER])
    bits = int(s[rules.WINNERS])
    drawn = int(s[rules.END]) in (END_EXHAUSTIVE, END_NAGASHI)
    return HandEnd(dealer=dealer, winners=tuple(seat for seat in range(rules.SEATS) if bits >> seat & 1),
                   renchan=bool(s[rules.RENCHAN]), dealer_tenpai=drawn and bool(int(s[rules.TENPAI]) >> dealer & 1),
                   sticks=int(s[rules.RIICHI_STICKS]))


def ranking(scores) -> list[int]:
    """Seats from first to last: by points, equal points by seat order from the first dealer (seat 0)."""
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


@dataclass(frozen=True)
class RoundsTarget(SeriesTarget):
    """A riichi game's end, in words for the side panel (the match checks it with the standing)."""

    length: str = "hanchan"

    def describe(self, deal_name: str = "hand", score_name: str = "points") -> str:
        """'East and South rounds' / 'East round', with the extra round."""
        if self.length == "east":
            return "East round (South while nobody has 30,000)"
        return "East and South rounds (West while nobody has 30,000)"


def hand_index(facts: dict) -> int:
    """The next hand's place in a riichi game: round * 4 + dealer (0 East 1 ... 7 South 4, 8 West 1)."""
    return WINDS.index(facts["round"]) * 4 + int(facts["dealer"])


def in_last_hands(facts: dict) -> bool:
    """Whether the next hand of a riichi game is its last scheduled hand or later (all-last: South 4 of a
    hanchan, East 4 of an east game, and the extra round), where 30,000 points can end the game."""
    length = facts.get("length", "hanchan")
    return facts.get("rules") == "riichi" and length in LAST_HAND and hand_index(facts) >= LAST_HAND[length]


def _opening(seats: int, params: dict) -> Standing:
    reading = params.get("rules", "riichi")
    facts = {"rules": reading, "length": params.get("length", "hanchan"), "dealer": 0, "round": "east", "hand": 1,
             "honba": 0, "sticks": 0, "over": False, "ended": ""}
    start = float(START_POINTS if reading == "riichi" else 0)
    return Standing(scores=(start,) * seats, facts=facts)


def _next_hand(standing: Standing, params: dict) -> dict:
    """The next hand's parameters: the game's, with the dealer, round, honba, sticks and scores."""
    facts = standing.facts
    following = {**params, "dealer": int(facts["dealer"])}
    if facts["rules"] == "riichi":
        following.update({"round_wind": facts["round"], "honba": int(facts["honba"]),
                          "sticks": int(facts["sticks"])})
        following.update({name: int(round(score)) for name, score in zip(SCORE_PARAMS, standing.scores)})
    return following


def _ended(facts: dict, scores: list[float], reason: str) -> None:
    """Ends the game: the sticks left go to the first place."""
    first = ranking(scores)[0]
    scores[first] += 1000 * int(facts["sticks"])
    facts.update(sticks=0, over=True, ended=reason)


def _riichi_reason(facts: dict, end: HandEnd, scores: list[float]) -> str:
    """Why the game ends after this hand, or ''."""
    length = facts["length"]
    if length == "hand":
        return "one hand"
    if min(scores) < 0:
        return "bust"
    index = hand_index(facts)
    if index < LAST_HAND[length]:
        return ""
    if end.renchan:
        stops = end.dealer in end.winners or end.dealer_tenpai
        if stops and ranking(scores)[0] == end.dealer and scores[end.dealer] >= TARGET_POINTS:
            return "agari-yame" if end.dealer in end.winners else "tenpai-yame"
        return ""
    if max(scores) >= TARGET_POINTS:
        return "last hand" if index == LAST_HAND[length] else "sudden death"
    return "final hand" if index >= FINAL_HAND[length] else ""


def _after_hand(standing: Standing, deal: Deal) -> Standing:
    facts = dict(standing.facts)
    scores = [score + gain for score, gain in zip(standing.scores, deal.returns)]
    if facts["rules"] == "simple":
        dealer = (int(facts["dealer"]) + 1) % rules.SEATS
        facts["dealer"] = dealer
        facts["hand"] = standing.deals + 2
        if standing.deals + 1 >= SIMPLE_HANDS[facts["length"]]:
            facts.update(over=True, ended="hands played" if facts["length"] != "hand" else "one hand")
        return replace(standing, scores=tuple(scores), deals=standing.deals + 1, button=dealer, facts=facts)
    end = hand_end(deal)
    facts["sticks"] = end.sticks
    facts["honba"] = int(facts["honba"]) + 1 if end.renchan or not end.winners else 0
    reason = _riichi_reason(facts, end, scores)
    if not end.renchan and not reason:
        dealer = (end.dealer + 1) % rules.SEATS
        if dealer == 0:
            facts["round"] = WINDS[min(WINDS.index(facts["round"]) + 1, len(WINDS) - 1)]
        facts["dealer"] = dealer
        facts["hand"] = dealer + 1
    if reason:
        _ended(facts, scores, reason)
    return replace(standing, scores=tuple(scores), deals=standing.deals + 1, button=int(facts["dealer"]),
                   facts=facts)


@dataclass(frozen=True)
class MahjongMatch(SeriesRules):
    """A riichi game (a hanchan, an east game, one hand) or the simple reading's series of hands."""

    def target_for(self, params: dict) -> SeriesTarget:
        """The rounds of a riichi game, or a number of hands (one hand; the simple reading)."""
        length = params.get("length", "hanchan")
        if params.get("rules", "riichi") == "simple":
            return SeriesTarget.deals(SIMPLE_HANDS[length])
        if length == "hand":
            return SeriesTarget.deals(1)
        return RoundsTarget(TargetKind.POINTS, TARGET_POINTS, length=length)

    def add(self, standing: Standing, returns) -> Standing:
        """Refused: a hand's returns alone cannot say whether the dealer keeps the seat."""
        raise TypeError("a Mahjong hand is counted from the hand itself: MATCH.add_finished(standing, deal)")

    def add_finished(self, standing: Standing, deal: Deal) -> Standing:
        """The standing after a hand: points, dealer, round, honba, sticks, and whether the game is over."""
        return _after_hand(standing, deal)

    def reached(self, standing: Standing, target: SeriesTarget) -> bool:
        """True once the game is over (:data:`ENDINGS` says why)."""
        return bool(standing.facts.get("over"))

    def places(self, standing: Standing) -> tuple[int, ...]:
        """Riichi: by points, equal points by seat order from the first dealer; simple: equal totals share
        a place."""
        if standing.facts.get("rules") == "simple":
            return super().places(standing)
        order = ranking(standing.scores)
        return tuple(order.index(seat) + 1 for seat in range(standing.seats))


MATCH = MahjongMatch(target=SeriesTarget.deals(1), deal_name="hand", score_name="points", opening=_opening,
                     next_params=_next_hand)
"""The game of hands the ``rules`` and ``length`` parameters choose (see the module's notes)."""


def ended_text(standing: Standing) -> str:
    """Why the game ended, in words ('' while it runs)."""
    return ENDINGS.get(standing.facts.get("ended", ""), "")


__all__ = ["ENDINGS", "FINAL_HAND", "HandEnd", "HandSetup", "LAST_HAND", "LENGTHS", "MATCH", "MahjongMatch",
           "READINGS", "RoundsTarget", "SCORE_PARAMS", "SIMPLE_HANDS", "START_POINTS", "TARGET_POINTS",
           "TOTAL_POINTS", "WINDS", "ended_text", "final_array", "hand_end", "hand_index", "hand_setup",
           "in_last_hands", "initial", "ranking"]
