"""The match controller: turns, undo/redo around AI moves, examples, results."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.core.errors import IllegalActionError
from tui_games.match import Match, Seat, default_seats, prepare

TTT = catalog.get("tic-tac-toe")
NIM = catalog.get("nim")


def _ai_reply(match: Match) -> None:
    while match.ai_to_move:
        match.play(match.ai(match.to_move).choose(match.state.clone()))


def test_seat_parsing():
    assert Seat.parse("human") == Seat()
    assert Seat.parse("ai:3") == Seat("ai", 3)
    assert Seat.parse("AI") == Seat("ai", 1)
    with pytest.raises(ValueError, match="human.*ai:LEVEL"):
        Seat.parse("robot")


def test_default_seats_put_a_human_first():
    assert default_seats(TTT) == [Seat(), Seat("ai", 2)]


def test_wrong_number_of_seats_or_levels_are_refused(home):
    with pytest.raises(ValueError, match="takes 2-2 players"):
        Match.new(TTT, {}, [Seat()])
    with pytest.raises(ValueError, match="levels are 1..3"):
        Match.new(TTT, {}, [Seat(), Seat("ai", 9)])


def test_undo_against_the_ai_goes_back_to_the_human_turn_and_redo_replays(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 3)], seed=4)
    match.play(0)
    _ai_reply(match)
    match.play(8)
    _ai_reply(match)
    history = list(match.state.history)
    assert len(history) == 4 and match.human_to_move
    assert match.undo()
    assert match.state.history == history[:2] and match.human_to_move
    assert match.undo()
    assert match.state.history == [] and not match.can_undo
    assert match.redo()
    assert match.state.history == history[:2]
    assert match.redo()
    assert match.state.history == history and not match.can_redo
    assert match.move_log[0] == "X: a1"


def test_a_new_move_clears_redo(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    match.play(4)
    match.undo()
    assert match.can_redo
    match.play(0)
    assert not match.can_redo and match.state.history == [0]


def test_illegal_move_leaves_the_match_unchanged(home):
    match = Match.new(NIM, {"heaps": 2, "size": 3, "max_take": 2}, [Seat(), Seat()], seed=1)
    with pytest.raises(IllegalActionError, match="at most 2"):
        match.play(match.state.encode(0, 3))
    assert match.state.history == [] and match.move_log == []


def test_result_text_and_last_action(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    for action in (0, 3, 1, 4, 2):
        match.play(action)
    assert match.result_text == "X wins"
    assert match.last_action == 2
    assert match.record().finished and match.record().result == "X wins"


def test_handoff_only_for_hidden_information_hotseat(home):
    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    assert not match.needs_handoff(1)


def test_hint_uses_the_top_level(home):
    match = Match.new(NIM, {"heaps": 3, "size": 5, "max_take": 7}, [Seat(), Seat()], seed=1)
    hint = match.hint()
    child = match.state.clone()
    child.apply(hint.best)
    assert child.nim_sum == 0


def test_prepare_reports_progress_to_the_end():
    steps = []
    prepare(TTT, [1, 3], lambda message, step, total: steps.append((step, total, message)))
    assert steps[0][0] == 0 and steps[-1][0] == steps[-1][1] == 4
    assert steps[-1][2] == "Tic Tac Toe is ready"


def test_blackjack_rounds_record_chips_against_the_dealer(home):
    from tui_games.store import stats

    spec = catalog.get("blackjack")
    total = 0.0
    for seed in range(6):
        match = Match.new(spec, {"rules": "american"}, [Seat(), Seat("ai", 3)], seed=seed)
        assert match.state.num_players == 2
        while not match.is_over:
            if match.human_to_move:
                match.play(match.state.legal_actions()[0])
            else:
                match.play(match.ai(match.to_move).choose(match.state.clone()))
        total += match.state.returns()[0]
        assert match.result_text.startswith("Seat 1 ")
    (row,) = stats.summary()
    assert row.opponent == "dealer" and row.played == 6
    assert stats.records()["blackjack_bankroll"][-1] == pytest.approx(total)


def test_the_log_hides_dealt_cards_until_the_round_ends(home):
    match = Match.new(catalog.get("blackjack"), {"rules": "simple"}, [Seat()], seed=3)
    assert "  (dealt)" in match.move_log
    assert not any(line.startswith("  (") and line != "  (dealt)" for line in match.move_log)
    while not match.is_over:
        match.play(1)  # stand
    assert "  (dealt)" not in match.move_log


def test_no_undo_at_the_blackjack_table(home):
    match = Match.new(catalog.get("blackjack"), {"rules": "simple"}, [Seat()], seed=3)
    match.play(0 if 0 in match.state.legal_actions() else match.state.legal_actions()[0])
    assert not match.can_undo
    assert match.undo() is False


def test_a_finished_2048_game_records_its_score_and_best_tile(home):
    from tui_games.store import stats

    match = Match.new(catalog.get("2048"), {}, [Seat()], seed=7)
    moves = 0
    while not match.is_over:
        match.play(match.state.legal_actions()[moves % len(match.state.legal_actions())])
        moves += 1
    score, tile = match.state.score, match.state.max_tile
    assert score > 0 and tile >= 16
    assert match.result_text == f"No moves left: score {score}, best tile {tile}"
    (row,) = stats.summary()
    assert (row.played, row.lost, row.best_score, row.best_tile) == (1, 1, score, tile)
    assert stats.records()["best_2048_tile"] == tile
