"""`tui-games arena` for poker: hands scored in chips (each AI's net chips, and bb/100 with a 95%
interval) as well as hands won, for two seats and for three and more."""

from __future__ import annotations

import math

from tui_games.arena import ArenaResult, PlacesResult, chip_rate, run_arena, run_places_arena
from tui_games.cli import main


def test_chip_rates_are_big_blinds_per_100_hands_with_a_95_percent_interval():
    low, mean, high = chip_rate([4.0, -2.0, 10.0, 0.0], big_blind=2)
    assert mean == 150.0  # 3 chips a hand = 1.5 big blinds a hand
    half = 1.96 * math.sqrt(((1 ** 2) + (5 ** 2) + (7 ** 2) + (3 ** 2)) / 3 / 4) / 2 * 100
    assert math.isclose(high - mean, half) and math.isclose(mean - low, half)
    assert chip_rate([6.0], big_blind=0)[1] == 6.0  # no big blind (Leduc's antes): chips a hand


def test_two_seats_report_each_ais_net_chips_and_bb_per_100():
    result = run_arena("no-limit-holdem", 3, 1, 12, seed=4)
    assert isinstance(result, ArenaResult) and result.big_blind == 2 and len(result.chips_a) == 12
    assert result.wins_a == sum(chips > 0 for chips in result.chips_a)
    assert result.wins_b == sum(chips < 0 for chips in result.chips_a)
    report = result.report()
    net = sum(result.chips_a)
    low, mean, high = chip_rate(result.chips_a, 2)
    assert f"A net {net:+g} chips in 12 hands: {mean:+.1f} bb/100 (95% CI {low:+.1f} to {high:+.1f})" in report
    assert f"B net {-net:+g} chips" in report and f"{-mean:+.1f} bb/100" in report


def test_leduc_has_no_big_blind_in_the_ante_variant_so_chips_per_hand(capsys):
    assert main(["arena", "leduc-holdem", "--a", "ai:3", "--b", "ai:1", "--games", "6", "--set",
                 "betting=ante", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "A net " in out and "chips a hand (95% CI" in out


def test_three_seats_report_chips_per_player_whatever_seat_it_sat_in():
    result = run_places_arena("limit-holdem", [3, 1, 2], 6, seed=2)
    assert result.big_blind == 2 and all(len(chips) == 6 for chips in result.returns)
    assert math.isclose(sum(sum(chips) for chips in result.returns), 0.0, abs_tol=1e-9)  # zero-sum
    report = result.report()
    for player, letter in enumerate("ABC"):
        low, mean, high = chip_rate(result.returns[player], 2)
        assert f"{letter} net {sum(result.returns[player]):+g} chips in 6 hands: {mean:+.1f} bb/100" in report


def test_games_not_played_for_chips_keep_their_report():
    result = run_arena("nim", 1, 2, 2, seed=1)
    assert result.big_blind is None and not result.chips_a and "bb/100" not in result.report()
