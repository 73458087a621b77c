"""The match controller: turns, undo/redo around AI moves, examples, results."""

from __future__ import annotations

import pytest

from tui_games import catalog
from tui_games.games.blackjack import rules as blackjack_rules
from tui_games.games.blackjack.game import card_name
from tui_games.core.errors import IllegalActionError
from tui_games.match import Match, Seat, default_seats, prepare
from tui_games.table import InlineRunner, MoveRequest, PlayerCache, Table

TTT = catalog.get("tic-tac-toe")
NIM = catalog.get("nim")


def _ai_reply(match: Match, players: PlayerCache) -> None:
    while match.ai_to_move:
        match.play(players.for_seat(match, match.to_move).choose(match.state.clone()))


def test_seat_parsing():
    assert Seat.parse("human") == Seat()
    assert Seat.parse("ai:3") == Seat("ai", 3)
    assert Seat.parse("AI") == Seat("ai", 1)
    with pytest.raises(ValueError, match="human.*ai:LEVEL"):
        Seat.parse("robot")


def test_default_seats_put_a_human_first():
    assert default_seats(TTT) == [Seat(), Seat("ai", 2)]


def test_wrong_number_of_seats_or_levels_are_refused(home):
    with pytest.raises(ValueError, match="takes 2 players, not 1"):
        Match.new(TTT, {}, [Seat()])
    with pytest.raises(ValueError, match="levels are 1..3"):
        Match.new(TTT, {}, [Seat(), Seat("ai", 9)])


def test_undo_against_the_ai_goes_back_to_the_human_turn_and_redo_replays(home):
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 3)], seed=4)
    players = PlayerCache()
    match.play(0)
    _ai_reply(match, players)
    match.play(8)
    _ai_reply(match, players)
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
    hint = PlayerCache().hint(MoveRequest.for_hint(match, 0))
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
    match = Match.new(spec, {"rules": "american"}, [Seat(), Seat("ai", 3)], seed=1)
    players = PlayerCache()
    for round_number in range(6):  # one sitting of six rounds
        if round_number:
            match.next_deal()
        assert match.state.num_players == 2
        while not match.is_over:
            if match.human_to_move:
                match.play(match.state.legal_actions()[0])
            else:
                match.play(players.for_seat(match, match.to_move).choose(match.state.clone()))
        total += match.state.returns()[0]
        assert match.result_text.startswith("Seat 1 ")
    assert stats.summary() == []  # the sitting goes on
    match.leave()
    (row,) = stats.summary()
    assert row.opponent == "dealer" and row.played == 1 and row.deals == 6
    (figures,) = stats.game_figures()
    assert figures.chips_history[-1] == pytest.approx(total) and figures.chips_deals == 6


def test_the_log_hides_only_the_hole_card_until_the_round_ends(home):
    match = Match.new(catalog.get("blackjack"), {"rules": "simple"}, [Seat()], seed=3)
    hole = match.state.array[blackjack_rules.DEALER_CARDS]  # the simple rules' first dealer card
    hole_name = card_name(int(hole))
    chance_lines = [line for line in match.move_log if line.startswith("  (")]
    assert chance_lines.count("  (a face-down card)") == 1 and len(chance_lines) == 4
    assert match.shown_state().array[blackjack_rules.DEALER_CARDS] == -1
    while not match.is_over:
        match.play(1)  # stand
    assert "  (a face-down card)" not in match.move_log
    assert f"  ({hole_name})" in match.move_log


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
    (figures,) = stats.game_figures()
    assert (figures.best_score, figures.best_tile) == (score, tile)


def test_a_seat_count_parameter_that_disagrees_with_the_seats_is_refused(home):
    from tui_games.core.errors import InvalidParameterError

    blackjack = catalog.get("blackjack")
    with pytest.raises(InvalidParameterError, match="seats=2 but 1 seat given"):
        Match.new(blackjack, {"seats": 2}, [Seat()])
    match = Match.new(blackjack, {"seats": 2}, [Seat(), Seat("ai", 3)], seed=1)
    assert match.params["seats"] == 2 and match.state.num_players == 2
    assert Match.new(blackjack, {}, [Seat(), Seat()], seed=1).params["seats"] == 2


@pytest.mark.parametrize("game_id", ["2048", "tic-tac-toe", "nim"])
def test_negative_seeds_give_working_ai_moves_and_hints(home, game_id):
    spec = catalog.get(game_id)
    seats = [Seat("ai", 1)] * spec.min_players
    match = Match.new(spec, {}, [Seat()] + seats[1:], seed=-1_000_003)  # the seats' AI seeds are negative too
    assert PlayerCache().hint(MoveRequest.for_hint(match, 0)).best in match.state.legal_actions()
    match.seats = [Seat("ai", spec.max_level)] * len(match.seats)
    assert PlayerCache().move(MoveRequest.for_seat(match, 0)) in match.state.legal_actions()


def test_old_saves_without_a_kept_result_resume_as_recorded(home):
    import json

    from tui_games.store import stats

    match = Match.new(TTT, {}, [Seat(), Seat()], seed=1)
    for action in (0, 3, 1, 4, 2):
        match.play(action)
    raw = json.loads(match.save_path.read_text())
    for name in ("outcome", "stats_recorded", "game_key"):
        raw.pop(name)
    match.save_path.write_text(json.dumps(raw))
    resumed = Match.resume(match.save_path)
    assert resumed.stats_recorded and resumed.is_over
    assert [r.played for r in stats.summary()] == [1, 1]


def test_prepare_ais_builds_and_prepares_every_ai_seat_and_no_human_one(home, monkeypatch):
    from tui_games.engine.players import NegamaxPlayer

    prepared = []
    monkeypatch.setattr(NegamaxPlayer, "prepare", lambda self, state=None: prepared.append((self, state)))
    match = Match.new(TTT, {}, [Seat(), Seat("ai", 3)], seed=2)
    match.play(4)
    runner = InlineRunner()
    Table(match, None, runner, lambda callback: None).prepare_ais()
    assert [player for player, _ in prepared] == [runner.players.for_seat(match, 1)]
    assert prepared[0][1].history == match.state.history and prepared[0][1] is not match.state
