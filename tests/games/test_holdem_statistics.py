"""Poker statistics per game and opponent level: a recorded cash sitting (Limit, No-limit) counts its
hands, hands won, net chips and bb/100, the biggest pot won and the showdowns won; a recorded
tournament its place and hands; ``tui-games stats`` prints them. Also the figures' sums over deals and
their trip through a save's pending result."""

from __future__ import annotations

import pytest

from tui_games.cli import main
from tui_games.core import registry
from tui_games.core.definition import SeatFigures
from tui_games.core.results import SeatResult
from tui_games.games.holdem_tournament.spec import SPEC as TOURNAMENT
from tui_games.games.limit_holdem.entry import SPEC as LIMIT
from tui_games.games.no_limit_holdem.entry import SPEC as NO_LIMIT
from tui_games.match import Match, Seat
from tui_games.store import saves, stats
from seat_ais import seat_ai

CALL = 1


@pytest.fixture
def catalogued():
    """The poker games in the catalogue (before their spec.py puts them there), for figure labels."""
    added = []
    for spec in (LIMIT, NO_LIMIT, TOURNAMENT):
        if spec.id not in registry.ids():
            registry.register(spec)
            added.append(spec.id)
    yield
    for game_id in added:
        registry.unregister(game_id)


def play_sitting(spec, params: dict, hands: int, seed: int) -> tuple[Match, list[dict]]:
    """A sitting of ``hands`` hands, the human (seat 0) checking or calling, the AI (level 2) playing
    its level; returns the match (left) and what each hand showed of the human's seat."""
    match = Match.new(spec, params, [Seat(), Seat("ai", 2)], seed=seed)
    seen = []
    for number in range(hands):
        if number:
            match.next_deal()
        while not match.is_over:
            seat = match.to_move
            match.play(seat_ai(match, seat).choose(match.state.clone()) if match.seats[seat].is_ai else CALL)
        state = match.state
        net = state.returns()[0]
        seen.append({"net": net, "pot": state.pot, "big_blind": state.big_blind,
                     "showdown": state.showdown and not state.folded(0)})
    match.leave()
    return match, seen


@pytest.mark.parametrize("spec, params", [(LIMIT, {}), (NO_LIMIT, {"stack": 50})])
def test_a_cash_sitting_records_hands_won_net_chips_bb_per_100_biggest_pot_and_showdowns(spec, params, home,
                                                                                       catalogued, capsys):
    match, seen = play_sitting(spec, params, hands=12, seed=4)
    (row,) = stats.summary()
    assert (row.game_id, row.opponent, row.played, row.deals) == (spec.id, "AI Solid (2)", 1, 12)
    won = [hand for hand in seen if hand["net"] > 0]
    showdowns = [hand for hand in seen if hand["showdown"]]
    assert row.counts["hands"] == 12 and row.counts["hands_won"] == len(won) > 0
    assert row.counts["showdowns"] == len(showdowns) > 0
    assert row.counts["showdowns_won"] == sum(1 for hand in showdowns if hand["net"] > 0)
    assert row.peaks["biggest_pot"] == max(hand["pot"] for hand in won)
    net = sum(hand["net"] for hand in seen)
    assert row.chips_history == [net]
    bb_per_100 = 100 * sum(hand["net"] / hand["big_blind"] for hand in seen) / 12
    assert row.lines() == [
        f"net chips {net:+g}", "hands 12", f"hands won {len(won)}", f"bb/100 {bb_per_100:+.1f}",
        f"biggest pot {row.peaks['biggest_pot']:g}", f"showdowns {len(showdowns)}",
        f"showdowns won {row.counts['showdowns_won']:g}",
    ]
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert f"{spec.title} against AI Solid (2): " + ", ".join(row.lines()) in out


def test_a_tournament_records_the_place_and_the_hands(home, catalogued, capsys):
    """The human moves all in every hand against two AIs: the tournament is over in a few hands."""
    match = Match.new(TOURNAMENT, {"players": 3, "stack": 60, "betting": "no-limit"},
                      [Seat(), Seat("ai", 1), Seat("ai", 3)], seed=2)
    hands_in = 0
    while not match.is_over:
        state = match.state
        if match.seats[match.to_move].is_ai:
            match.play(seat_ai(match, match.to_move).choose(state.clone()))
        else:
            match.play(state.parse_action("allin") if state.raise_range() else CALL)
    state = match.state
    hands_in = sum(1 for hand in range(1, state.hand_number + 1)
                   if state.out_in_hand(0) is None or hand <= state.out_in_hand(0))
    (row,) = stats.summary()
    assert (row.game_id, row.opponent, row.played, row.deals) == ("holdem-tournament", "AI Shark (3)", 1, 1)
    place = state.place(0)
    assert row.places == {place: 1}
    assert row.counts["hands"] == hands_in and "big_blinds" not in row.counts and not row.chips_history
    assert row.lines()[0] == f"hands {hands_in}"
    assert (row.won, row.lost) == ((1, 0) if place == 1 else (0, 1))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert f"Hold'em tournament against AI Shark (3): hands {hands_in}" in out
    if place == 3:
        assert "places 3rd x1" in out


def test_figures_add_up_over_deals():
    hands = [SeatFigures(chips=5.0, counts={"hands": 1, "hands_won": 1}, peaks={"biggest_pot": 12}),
             SeatFigures(chips=-2.0, counts={"hands": 1, "hands_won": 0}),
             SeatFigures(chips=8.0, counts={"hands": 1, "hands_won": 1}, peaks={"biggest_pot": 30})]
    total = SeatFigures.combined(hands)
    assert total == SeatFigures(chips=11.0, counts={"hands": 3, "hands_won": 2}, peaks={"biggest_pot": 30})
    assert SeatFigures.combined([]) == SeatFigures()


def test_tallies_survive_a_pending_result_in_a_save(home):
    result = SeatResult(seat=0, outcome="won", chips=4.0, deals=3, counts={"hands": 3, "hands_won": 2},
                        peaks={"biggest_pot": 9})
    opponent, (back,) = saves.outcome_results(saves.outcome_payload("AI Solid (2)", [result]))
    assert back == result
    assert stats.record_game("limit-holdem", opponent, [back], game_key="k1")
    (row,) = stats.summary()
    assert row.counts == {"hands": 3, "hands_won": 2} and row.peaks == {"biggest_pot": 9}
    assert stats.record_game("tic-tac-toe", "hotseat", [SeatResult(seat=0, outcome="won")], game_key="k2")
    assert [r.lines() for r in stats.summary() if r.game_id == "tic-tac-toe"] == [[]]
