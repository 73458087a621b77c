"""Bridge's double-dummy analysis: tables, par and card scores against DDS called directly through
endplay, against results DDS publishes with its examples (dds-bridge/dds, examples/hands.cpp), and
against deals and endings worked out by hand; PBN reading; and ``tui-games solve``."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import numpy as np
import pytest
from endplay.dds import calc_dd_table
from endplay.dds import par as endplay_par
from endplay.types import Deal, Denom, Penalty, Player, Vul

from toy_catalog import registered
from tui_games.cli import main
from tui_games.core.spec import GameSpec
from tui_games.games.bridge import double_dummy
from tui_games.games.bridge.constants import parse_action
from tui_games.games.bridge.double_dummy import Par, ParContract, Position, dd_table, dd_tables, par, solve_position
from tui_games.games.bridge.pbn import PbnError, format_deal, parse_deal

ISSUE_DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75"
DENOMS = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)  # our strains C D H S NT
VULS = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}

# DDS's examples: the deals, each one's double-dummy table (strains S H D C NT, each for N E S W) and
# its dealer par (dealer, vulnerability, score for NS, contract as DDS writes it).
DDS_EXAMPLES = [
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
     (5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6), (0, "none", -110, "2SEW")),
    ("E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
     (4, 9, 4, 9, 10, 2, 10, 2, 8, 3, 8, 3, 6, 7, 6, 7, 9, 3, 9, 3), (1, "ns", 100, "4SXEW")),
    ("N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
     (3, 10, 3, 10, 9, 4, 9, 4, 8, 4, 8, 4, 3, 9, 3, 9, 4, 8, 4, 8), (0, "none", -300, "5HXNS")),
]


def endplay_table(hands) -> tuple[tuple[int, ...], ...]:
    """DDS's table of the deal through endplay alone (its own PBN reading), as [seat][strain]."""
    table = calc_dd_table(Deal(format_deal(hands)))
    return tuple(tuple(table[denom, Player(seat)] for denom in DENOMS) for seat in range(4))


def random_hands(rng) -> list[list[int]]:
    cards = rng.permutation(52)
    return [sorted(int(card) for card in cards[13 * seat:13 * seat + 13]) for seat in range(4)]


def cards(text: str) -> list[int]:
    return [parse_action(word, play=True) for word in text.split()]


def names(scores: dict[int, int]) -> dict[str, int]:
    from tui_games.games.bridge.constants import card_name

    return {card_name(card): tricks for card, tricks in scores.items()}


# -- tables and par -----------------------------------------------------------------------------

def test_the_issues_deal_equals_dds_called_directly():
    deal = parse_deal(ISSUE_DEAL)
    table = dd_table(deal.hands)
    assert table == endplay_table(deal.hands)
    assert table == ((6, 6, 5, 4, 6), (7, 7, 6, 9, 7), (6, 6, 5, 4, 6), (7, 7, 8, 9, 7))
    reference = calc_dd_table(Deal(ISSUE_DEAL))
    for vulnerability, vul in VULS.items():
        ours = par(table, vulnerability, dealer=0)
        theirs = endplay_par(reference, vul, Player.north)
        assert ours.score == theirs.score
        assert sorted((c.level, DENOMS.index(c.denom), "NESW"[c.declarer], c.penalty != Penalty.passed, c.result)
                      for c in theirs) == sorted((c.level, c.strain, seat, c.doubled, c.result)
                                                 for c in ours.contracts for seat in c.declarers)
    assert par(table) == Par(-140, (ParContract(2, 3, False, "EW", 1),))


@pytest.mark.parametrize("text, entries, dealer_par", DDS_EXAMPLES)
def test_the_tables_and_par_dds_publishes(text, entries, dealer_par):
    table = dd_table(parse_deal(text).hands)
    dds_order = (3, 2, 1, 0, 4)  # DDS lists spades, hearts, diamonds, clubs, no trumps
    assert [table[seat][strain] for strain in dds_order for seat in range(4)] == list(entries)
    dealer, vulnerability, score, contract = dealer_par
    found = par(table, vulnerability, dealer)
    assert (found.score, [str(c) for c in found.contracts]) == (score, [contract])


def test_a_deal_of_one_suit_a_hand_worked_out_by_hand():
    # North holds the spades, East the diamonds, South the hearts, West the clubs. In no trumps the
    # opening leader runs a whole suit: nothing for any declarer. In a suit, its holder ruffs the lead
    # or leads trumps: all thirteen for his side, none for the other.
    hands = parse_deal("N:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432").hands
    ns, ew = (0, 0, 13, 13, 0), (13, 13, 0, 0, 0)
    assert dd_table(hands) == (ns, ew, ns, ew)
    # NS bid seven of their suits, and no sacrifice pays (7NT doubled goes down thirteen): 7S or 7H
    # making, 1510 not vulnerable, 2210 vulnerable.
    assert par(dd_table(hands)) == Par(1510, (ParContract(7, 3, False, "NS", 0), ParContract(7, 2, False, "NS", 0)))
    assert par(dd_table(hands), "ns", dealer=1).score == 2210
    assert par(dd_table(hands), "ew").score == 1510


def test_par_of_a_deal_nobody_can_bid_is_a_pass_out():
    assert par(((6, 6, 6, 6, 6),) * 4) == Par(0, ())


def test_random_deals_equal_dds_one_by_one_and_in_batches(monkeypatch):
    rng = np.random.default_rng(28)
    deals = [random_hands(rng) for _ in range(5)]
    expected = [endplay_table(hands) for hands in deals]
    assert [dd_table(hands) for hands in deals[:2]] == expected[:2]
    monkeypatch.setattr(double_dummy, "MAX_TABLES_PER_CALL", 2)  # three batch calls: 2 + 2 + 1
    assert dd_tables(deals) == expected


def test_tables_refuse_what_is_no_whole_deal():
    hands = [list(hand) for hand in parse_deal(ISSUE_DEAL).hands]
    with pytest.raises(ValueError, match="13 cards a hand"):
        dd_table([hand[:12] for hand in hands])
    with pytest.raises(ValueError, match="twice: SA"):
        dd_table([hands[0][:12] + [51], hands[1], hands[2], hands[3]])
    with pytest.raises(ValueError, match="vulnerability"):
        par(((6, 6, 6, 6, 6),) * 4, "red")


# -- the play, card by card --------------------------------------------------------------------------

ENDING = "N:AQ.2.. K3.A.. 2.43.. ...432"
"""North SA SQ H2, East SK S3 HA, South S2 H4 H3, West three clubs; North to lead.

In no trumps: cashing SA lets East keep SK over SQ, then HA: one trick. SQ: East covers, then cashes
HA: one. H2 first: East wins HA and must lead from SK-3 into North's SA-Q (or South's spade lets
North's SQ win): two. With hearts trumps, SA first also takes two: East wins HA on H2 and his SK is
ruffed by South's last heart. With clubs trumps West ruffs everything: none."""


@pytest.mark.parametrize("strain, expected", [
    (4, {"SA": 1, "SQ": 1, "H2": 2}),
    (2, {"SA": 2, "SQ": 1, "H2": 2}),
    (0, {"SA": 0, "SQ": 0, "H2": 0}),
])
def test_a_three_card_ending_worked_out_by_hand(strain, expected):
    hands = parse_deal(ENDING, cards=None).hands
    assert names(solve_position(Position(hands, strain, leader=0))) == expected


def test_in_the_middle_of_a_trick_only_the_legal_cards_are_scored_for_the_side_to_play():
    hands = [list(hand) for hand in parse_deal(ENDING, cards=None).hands]
    led = cards("H2")
    hands[0].remove(led[0])
    # East must follow with HA; East-West then take that trick and no other.
    assert names(solve_position(Position(hands, 4, leader=0, trick=led))) == {"HA": 1}
    hands[1].remove(cards("HA")[0])
    assert names(solve_position(Position(hands, 4, leader=0, trick=led + cards("HA")))) == {"H3": 2, "H4": 2}


def test_the_opening_lead_dds_publishes():
    # DDS's first example with spades trumps and North on lead: every card takes 5 tricks for NS but
    # the hearts, which take 4.
    hands = parse_deal(DDS_EXAMPLES[0][0]).hands
    scores = names(solve_position(Position(hands, 3, leader=0)))
    assert scores == {name: (4 if name[0] == "H" else 5) for name in
                      "SQ SJ S6 HK H6 H5 H2 DJ D8 D5 CT C9 C8".split()}


def test_many_positions_at_once_equal_one_at_a_time(monkeypatch):
    rng = np.random.default_rng(7)
    positions = []
    for k in range(6):
        hands = random_hands(rng)
        leader = k % 4
        trick = [hands[(leader + i) % 4].pop(0) for i in range(k % 4)]
        positions.append(Position(hands, k % 5, leader, trick))
    one_by_one = [solve_position(position) for position in positions]
    monkeypatch.setattr(double_dummy, "MAX_BOARDS_PER_CALL", 4)
    assert double_dummy.solve_positions(positions) == one_by_one
    for position, scores in zip(positions, one_by_one):
        held = position.hands[position.to_play]
        assert set(scores) <= set(held) and scores
        assert all(0 <= tricks <= 13 for tricks in scores.values())


def test_two_threads_solving_at_once_get_the_right_answers():
    hands = parse_deal(ENDING, cards=None).hands
    answers: list[dict[str, int]] = []

    def solve(strain: int) -> None:
        for _ in range(30):
            answers.append(names(solve_position(Position(hands, strain, leader=0))))

    threads = [threading.Thread(target=solve, args=(strain,)) for strain in (4, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers.count({"SA": 1, "SQ": 1, "H2": 2}) == 30
    assert answers.count({"SA": 2, "SQ": 1, "H2": 2}) == 30


def test_positions_that_cannot_be_are_refused():
    hands = [list(hand) for hand in parse_deal(ENDING, cards=None).hands]
    with pytest.raises(ValueError, match="as many cards"):
        solve_position(Position(hands, 4, leader=0, trick=cards("C5")))
    with pytest.raises(ValueError, match="twice"):
        solve_position(Position(hands, 4, leader=1, trick=cards("H2")))
    with pytest.raises(ValueError, match="strains are 0..4"):
        solve_position(Position(hands, 5, leader=0))


# -- PBN ------------------------------------------------------------------------------------------

def test_pbn_reads_hands_by_seat_whichever_seat_it_starts_from():
    deal = parse_deal(ISSUE_DEAL)
    assert deal.first == 0 and deal.text() == ISSUE_DEAL
    assert cards("SQ SJ S6")[0] in deal.hands[0] and len(deal.hands[3]) == 13
    rotated = parse_deal("w:at942.aq4.2.kj75 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632")
    assert rotated.first == 3 and rotated.hands == deal.hands
    assert format_deal(deal.hands, 2).startswith("S:K5.T83.KQ93.A632 ")


@pytest.mark.parametrize("text, message", [
    ("QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "starts with the seat"),
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632", "four hands separated by spaces"),
    ("N:QJ6.K652.J85T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "North's hand .* has 3 suits"),
    ("N:QJ6.K652.J85.T9 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "North holds 12 cards, not 13"),
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q54 K5.T83.KQ93.A632 AT942.AQ4.2.KJ7", "East holds 14 cards, not 13"),
    ("N:QJ6.K652.J85.T98 A73.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "SA is dealt to both East and West"),
    ("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ55", "C5 is dealt twice to West"),
    ("N:QJ6.K652.J85.X98 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "unknown rank 'X' in North's clubs"),
    ("N:QJ6.K652.J85.1098 873.J97.AT764.Q4 K5.T83.KQ93.A632 AT942.AQ4.2.KJ75", "unknown rank '1'"),
])
def test_pbn_errors_say_what_is_wrong(text, message):
    with pytest.raises(PbnError, match=message):
        parse_deal(text)


def test_an_ending_needs_as_many_cards_in_every_hand():
    assert [len(hand) for hand in parse_deal(ENDING, cards=None).hands] == [3, 3, 3, 3]
    with pytest.raises(PbnError, match="as many cards as each other"):
        parse_deal("N:AQ.2.. K3.A.. 2.4.. ...432", cards=None)
    with pytest.raises(PbnError, match="North holds 3 cards, not 13"):
        parse_deal(ENDING)


# -- tui-games solve ---------------------------------------------------------------------------------

ANALYSIS = GameSpec(id="bridge-analysis", title="Bridge analysis", group="Test games",
                    description="The double-dummy solver alone.", package="tui_games.games.bridge",
                    min_players=4, max_players=4, max_level=1, level_names=("-",), solver=".double_dummy:SOLVER")


def test_solve_prints_the_table_and_par_as_json(capsys):
    with registered(ANALYSIS):
        assert main(["solve", "bridge-analysis", ISSUE_DEAL, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data == {"tricks": {"N": {"C": 6, "D": 6, "H": 5, "S": 4, "NT": 6},
                                   "E": {"C": 7, "D": 7, "H": 6, "S": 9, "NT": 7},
                                   "S": {"C": 6, "D": 6, "H": 5, "S": 4, "NT": 6},
                                   "W": {"C": 7, "D": 7, "H": 8, "S": 9, "NT": 7}},
                        "par": {"score": -140, "contracts": ["2SEW"]}}
        example = DDS_EXAMPLES[1][0]
        assert main(["solve", "bridge-analysis", "--json", example]) == 0
        assert json.loads(capsys.readouterr().out)["par"] == {"score": 100, "contracts": ["4SXEW"]}
        assert main(["solve", "bridge-analysis", example, "--vulnerability", "ew", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["par"] == {"score": 200, "contracts": ["4SXEW"]}


def test_solve_prints_a_table_without_json(capsys):
    with registered(ANALYSIS):
        assert main(["solve", "bridge-analysis", ISSUE_DEAL, "--vulnerability", "both"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Deal {ISSUE_DEAL}"
    assert lines[3].split() == ["C", "D", "H", "S", "NT"]
    assert [line.split() for line in lines[4:8]] == [
        ["N", "6", "6", "5", "4", "6"], ["E", "7", "7", "6", "9", "7"],
        ["S", "6", "6", "5", "4", "6"], ["W", "7", "7", "8", "9", "7"]]
    assert lines[-1] == "Par -140 for NS: 1SEW+2 (dealer North, vulnerable: both)"


def test_solve_refuses_clearly(capsys):
    with registered(ANALYSIS):
        assert main(["solve", "bridge-analysis", ISSUE_DEAL[:-1]]) == 2
        assert "tui-games: West holds 12 cards, not 13" in capsys.readouterr().err
        assert main(["solve", "bridge-analysis", ISSUE_DEAL, "--vulnerability", "red"]) == 2
        assert "vulnerability must be one of none, ns, ew, both" in capsys.readouterr().err
        with pytest.raises(SystemExit) as done:
            main(["solve", "bridge-analysis", "-h"])
        assert done.value.code == 0
        assert "--vulnerability" in capsys.readouterr().out
    assert main(["solve", "nim", "3 4 5"]) == 2
    assert "Nim has no solver (games with one:" in capsys.readouterr().err


def test_importing_the_solver_loads_no_endplay():
    code = ("import sys\nimport tui_games.games.bridge.double_dummy\n"
            "assert 'endplay' not in sys.modules and 'numba' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_command_of_the_issue(home):
    done = subprocess.run([sys.executable, "-m", "tui_games", "solve", "bridge", ISSUE_DEAL, "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["tricks"]["W"] == {"C": 7, "D": 7, "H": 8, "S": 9, "NT": 7}
    assert data["par"] == {"score": -140, "contracts": ["2SEW"]}
