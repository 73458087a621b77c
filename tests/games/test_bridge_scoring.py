"""Duplicate scoring against endplay's ``Contract.score`` for every contract (35), doubling (3),
vulnerability (2) and trick count (0-13), declared from both sides; a few results worked out by hand;
and the game's returns from its scoring."""

from __future__ import annotations

import itertools

import pytest

from tui_games.games.bridge import scoring

endplay_types = pytest.importorskip("endplay.types")

DENOMS = ("clubs", "diamonds", "hearts", "spades", "nt")
"""endplay's Denom names in our strain order (C D H S NT)."""
PENALTIES = ("passed", "doubled", "redoubled")
"""endplay's Penalty names for undoubled, doubled, redoubled."""


def endplay_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int, declarer: str) -> int:
    """endplay's score for the declaring side (``declarer`` 'north' or 'east')."""
    Contract, Denom, Penalty, Player, Vul = (endplay_types.Contract, endplay_types.Denom, endplay_types.Penalty,
                                             endplay_types.Player, endplay_types.Vul)
    contract = Contract(level=level, denom=getattr(Denom, DENOMS[strain]), declarer=getattr(Player, declarer),
                        penalty=getattr(Penalty, PENALTIES[doubled]), result=tricks - 6 - level)
    side = "ns" if declarer == "north" else "ew"
    return contract.score(getattr(Vul, side) if vulnerable else Vul.none)


def test_every_contract_doubling_vulnerability_and_trick_count_scores_as_endplay():
    compared = 0
    for level, strain, doubled, vulnerable, tricks in itertools.product(range(1, 8), range(5), range(3), (0, 1),
                                                                       range(14)):
        ours = int(scoring.duplicate_score(level, strain, doubled, vulnerable, tricks))
        for declarer in ("north", "east"):
            theirs = endplay_score(level, strain, doubled, bool(vulnerable), tricks, declarer)
            assert ours == theirs, (level, "CDHSN"[strain], doubled, vulnerable, tricks, declarer, ours, theirs)
            compared += 1
    assert compared == 35 * 3 * 2 * 14 * 2


@pytest.mark.parametrize("level, strain, doubled, vulnerable, tricks, score", [
    (4, 2, 0, 0, 10, 420),       # 4H= : 120 + 300
    (4, 2, 0, 1, 11, 650),       # 4H+1 vulnerable: 120 + 500 + 30
    (3, 4, 0, 0, 7, -100),       # 3NT-2: 50 a trick
    (1, 0, 1, 0, 7, 140),        # 1CX=: 40 + 50 part-score + 50 insult
    (2, 2, 1, 1, 8, 670),        # 2HX= vulnerable: 120 is game, 500 + 50
    (1, 4, 2, 0, 8, 760),        # 1NTXX+1: 160 game 300, insult 100, overtrick 200
    (4, 3, 1, 0, 6, -800),       # 4SX-4 not vulnerable: 100 + 200 + 200 + 300
    (6, 4, 0, 1, 12, 1440),      # 6NT= vulnerable: 190 + 500 + 750
    (7, 4, 2, 1, 0, -7600),      # 7NTXX-13 vulnerable: the largest penalty
    (7, 0, 0, 0, 13, 1440),      # 7C= not vulnerable: 140 + 300 + 1000
])
def test_results_worked_out_by_hand(level, strain, doubled, vulnerable, tricks, score):
    assert scoring.duplicate_score(level, strain, doubled, vulnerable, tricks) == score


def test_a_deal_passed_out_scores_nothing():
    assert scoring.duplicate_score(0, 0, 0, 1, 0) == 0


def test_the_trick_score_below_the_line():
    assert [scoring.trick_score(1, strain, 0) for strain in range(5)] == [20, 20, 30, 30, 40]
    assert scoring.trick_score(3, 4, 0) == 100 and scoring.trick_score(2, 1, 2) == 160
