"""A seat's match, built from the room's views only: what it shows, what it hides, what it offers."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import numpy as np

from online_helpers import Events, make_lobby, seat_tables
from tui_games import catalog
from tui_games.engine.observer import PUBLIC_VIEW, redacted_array
from tui_games.online import RoomTable, SeatMatch
from tui_games.serve.rooms import from_payload, to_payload
from tui_games.table import events

ROOT = Path(__file__).resolve().parents[2] / "tui_games"


def loaded(tables) -> None:
    """Load every table (prepare the kernels, wait for the game) as the screen's worker would."""
    for table in tables:
        table.load(timeout=60)


def test_seat_match_offers_everything_the_views_and_the_screen_read():
    used = set()
    sources = [*ROOT.glob("games/*/view.py"), *ROOT.glob("ui/shared_views/*.py"), ROOT / "ui/game_view.py",
               ROOT / "ui/screens/game.py", *ROOT.glob("ui/widgets/*.py")]
    for path in sources:
        used |= set(re.findall(r"\bmatch\.([a-z_]+)", path.read_text(encoding="utf-8")))
    assert {"state", "shown_state", "log_for", "human_to_move", "observer_seat"} <= used
    match = SeatMatch(catalog.get("leduc-holdem"))
    missing = sorted(name for name in used if not hasattr(match, name))
    assert not missing, missing


def test_each_seat_sees_its_own_card_and_never_the_others(tmp_path):
    lobby, clock = make_lobby(tmp_path, deal_pause_s=60)
    room, (ann, ben), (wes,) = seat_tables(lobby, "leduc-holdem", lambda call: call(), watchers=1)
    clock.drain()
    loaded([ann, ben, wes])
    seen = [Events(ann), Events(ben)]
    rng = random.Random(5)
    checked = 0
    while room.deals_played == 0:
        full = room.table.match.state
        for table in (ann, ben, wes):
            match = table.match
            viewer = match.viewer
            assert np.array_equal(match.state.array, redacted_array(full.kernels, full.array, viewer))
            assert match.shown_state() is match.state
            assert match.observer_seat == (None if viewer == PUBLIC_VIEW else viewer)
            assert match.human_seats == ([] if viewer == PUBLIC_VIEW else [viewer])
            assert match.to_move == full.current_player
            assert match.seed is None and not match.can_undo and not match.can_redo
            assert len(match.log_entries) == len(full.history)
            for seat in range(2):
                card = full.private_cards(seat)
                shown = match.state.private_cards(seat)
                if seat == viewer or full.is_terminal and full.showdown:
                    assert shown == card
                else:
                    assert shown != card
                    assert not any(name in " ".join(match.move_log) for name in card)
            checked += 1
        mover = next(t for t in (ann, ben) if t.match.human_to_move)
        other = ben if mover is ann else ann
        assert not other.match.human_to_move
        assert mover.match.state.legal_actions() == mover.match.legal
        assert mover.submit(mover.match.viewer, rng.choice(mover.match.legal))
        clock.drain()
    assert checked >= 6
    assert not any(s.of(events.PositionChanged) for s in seen)  # no screen started: no redraw asked
    assert ann.match.is_over and ann.match.result_text == room.table.match.result_text


def test_refusals_come_back_with_the_reason(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    room, (ann, ben), (wes,) = seat_tables(lobby, "leduc-holdem", lambda call: call(), watchers=1)
    clock.drain()
    loaded([ann, ben, wes])
    for table in (ann, ben, wes):
        table.start()
    log = {table: Events(table) for table in (ann, ben, wes)}
    idle = ben if ann.match.human_to_move else ann
    mover = ann if idle is ben else ben
    before = room.table.token
    idle.submit(idle.match.viewer, mover.match.legal[0])
    wes.submit(PUBLIC_VIEW, mover.match.legal[0])
    clock.drain()
    assert room.table.token == before
    name = room.spec.seat_name(idle.match.viewer)
    assert [e.reason for e in log[idle].of(events.MoveRefused)] == [f"it is not {name}'s turn"]
    assert [e.reason for e in log[wes].of(events.MoveRefused)] == ["spectators cannot move"]
    assert log[wes].of(events.MoveRefused)[0].seat == PUBLIC_VIEW and wes.controllers[PUBLIC_VIEW].at_screen
    assert not log[mover].of(events.MoveRefused)
    mover.submit(mover.match.viewer, mover.match.legal[0])
    clock.drain()
    assert room.table.token != before and log[idle].of(events.PositionChanged)


def test_views_read_the_same_from_their_json_payload(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    room, (ann, ben), _ = seat_tables(lobby, "leduc-holdem", lambda call: call())
    clock.drain()
    loaded([ann])
    view = room.view_for(0)
    direct, again = SeatMatch(ann.spec), SeatMatch(ann.spec)
    direct.use_template(ann.match._template)
    again.use_template(ann.match._template)
    direct.update(view)
    again.update(to_payload(view))
    assert np.array_equal(direct.state.array, again.state.array)
    assert direct.log_for() == again.log_for() and direct.legal == again.legal and direct.seats == again.seats
    assert from_payload(to_payload(view)) == view


def test_chat_and_notices_are_kept_and_told(tmp_path):
    from tui_games.online import ChatReceived, NoticeReceived
    lobby, clock = make_lobby(tmp_path)
    room, (ann, ben), _ = seat_tables(lobby, "leduc-holdem", lambda call: call())
    told = Events(ben)
    assert ann.send_chat("hello  there")
    clock.drain()
    chats = told.of(ChatReceived)
    assert [(c.name, c.seat, c.text) for c in chats] == [("Ann", 0, "hello there")]
    assert any(isinstance(line, NoticeReceived) for line in ann.chat)  # 'Ben sits down as ...'
    assert list(ben.chat)[-1] == chats[0]


def test_a_spectator_waiting_for_the_game_is_released_when_the_room_closes(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    first = RoomTable("leduc-holdem", lambda call: call())
    first.attach(lobby.create("leduc-holdem", "id-0", "Ann", first.connection))
    failure = []

    def load():
        try:
            first.load(timeout=60)
        except Exception as error:
            failure.append(error)

    worker = threading.Thread(target=load)
    worker.start()
    first.member.room.close("the server is going down")
    clock.drain()
    worker.join(60)
    assert not worker.is_alive() and "going down" in str(failure[0])
