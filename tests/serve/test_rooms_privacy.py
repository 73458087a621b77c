"""What a room sends each person is what their seat may see, frame by frame: no other seat's
private cards reach a player or a spectator, and a secret choice stays secret until all are in."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from room_helpers import FakeConnection, make_lobby, play_randomly, settle
from tui_games.core.players import CHANCE
from tui_games.engine.observer import PUBLIC_VIEW, UNSEEN, redacted_array


class FrameChecker:
    """Checks each view a connection receives against the room's whole (unredacted) game at that
    moment. The view's state must be the viewer's own redaction; and each other seat's private cards
    (its cards in the layout's ``card_field``, ``per_seat`` a seat, that the public view does not show
    at that moment) must show nowhere in the view: not in its state (UNSEEN there), not in its
    history (-1 for the deals of them), not by name in its text, log, result or actions."""

    def __init__(self, room, viewer: int, card_field: str, per_seat: int) -> None:
        self.room, self.viewer, self.card_field, self.per_seat = room, viewer, card_field, per_seat
        self.frames = 0
        self.hidden_checked = 0
        self.own_seen = 0

    def __call__(self, view) -> None:
        table = self.room.table
        if table is None:
            return
        match = table.match
        full = match.state.array.copy()
        kernels = match.state.kernels
        layout = kernels.layout
        self.frames += 1
        assert view.state == tuple(int(x) for x in redacted_array(kernels, full, self.viewer))
        cards = layout.value(full, self.card_field)
        public = layout.value(redacted_array(kernels, full, PUBLIC_VIEW), self.card_field)
        seen = layout.value(np.array(view.state, dtype=np.int64), self.card_field)
        private = {}  # card -> its seat, for the cards only their seat may see now
        for slot, card in enumerate(cards):
            seat = slot // self.per_seat
            if card >= 0 and public[slot] != card:
                private[card] = seat
                if seat != self.viewer:
                    assert seen[slot] == UNSEEN != card
        words = " ".join([view.text, view.result, *view.log, *(a.name for a in view.legal),
                          view.my_choice.name if view.my_choice else ""])
        for index, entry in enumerate(match.log_entries):
            if entry.mover != CHANCE or private.get(entry.action, -9) != entry.audience:
                continue
            if entry.audience == self.viewer:
                self.own_seen += re.search(rf"(?<!\w){re.escape(entry.name)}(?!\w)", words) is not None
                continue
            self.hidden_checked += 1
            assert not re.search(rf"(?<!\w){re.escape(entry.name)}(?!\w)", words), (entry.name, view)
            assert view.history[index] == -1


@pytest.mark.parametrize("game_id, seats, card_field, per_seat", [
    ("leduc-holdem", [None, None], "cards", 1),
    ("limit-holdem", [None, None, 1], "hole", 2),
])
def test_no_view_shows_another_seats_private_cards(tmp_path, game_id, seats, card_field, per_seat):
    lobby, clock = make_lobby(tmp_path)
    connections = [FakeConnection(), FakeConnection(), FakeConnection()]
    first = lobby.create(game_id, "id-0", "Ann", connections[0], seats=seats)
    room = first.room
    checkers = [FrameChecker(room, viewer, card_field, per_seat) for viewer in (0, 1, PUBLIC_VIEW)]
    for connection, checker in zip(connections, checkers):
        connection.on_view = checker
    watcher = lobby.watch(room.code, "id-w", "Wes", connections[2])
    second = lobby.join(room.code, "id-1", "Ben", connections[1])
    try:
        play_randomly(lobby, clock, [first, second], random.Random(11), max_moves=120,
                      until=lambda room: room.deals_played >= 4)
    finally:
        for connection in connections:
            if connection.failures:
                raise connection.failures[0]
    assert room.deals_played >= 3 and room.handovers_asked == 0
    assert watcher.move(0) is False
    for checker in checkers:
        assert checker.frames > 10 and checker.hidden_checked > 10
    assert checkers[0].own_seen and checkers[1].own_seen and not checkers[2].own_seen


def test_a_secret_choice_stays_secret_until_every_seat_is_in(tmp_path):
    lobby, clock = make_lobby(tmp_path)
    one, two, watcher = FakeConnection(), FakeConnection(), FakeConnection()
    a = lobby.create("ropasci360", "id-a", "Ann", one)
    b = lobby.join(a.room.code, "id-b", "Ben", two)
    lobby.watch(a.room.code, "id-c", "Cat", watcher)
    room = a.room
    clock.drain()
    assert one.view.legal and two.view.legal and not watcher.view.legal
    before = {name: (c.view.state, c.view.log, c.view.history) for name, c in
              (("two", two), ("watcher", watcher))}
    choice = one.view.legal[-1]
    assert a.move(choice.action, one.view.position)
    clock.drain()
    assert one.view.my_choice == choice and not one.view.legal
    assert a.move(choice.action) is False and "chosen already" in one.refusals[-1]
    for name, connection in (("two", two), ("watcher", watcher)):
        view = connection.view
        assert (view.state, view.log, view.history) == before[name]
        assert view.my_choice is None
        assert [(info.chosen, info.to_move) for info in view.seats] == [(True, False), (False, True)]
        assert choice.name not in view.text
    assert two.view.legal and room.table.match.joint_choices == {0: choice.action}
    reply = two.view.legal[0]
    assert b.move(reply.action, two.view.position)
    clock.drain()
    joint = one.view.log[-1]
    assert choice.name in joint and reply.name in joint and watcher.view.log[-1] == joint
    assert one.view.my_choice is None and room.handovers_asked == 0


def test_simultaneous_games_play_through_with_remote_seats(tmp_path):
    lobby, clock = make_lobby(tmp_path, threads=True)
    one, two = FakeConnection(), FakeConnection()
    a = lobby.create("ropasci360", "id-a", "Ann", one)
    b = lobby.join(a.room.code, "id-b", "Ben", two)
    play_randomly(lobby, clock, [a, b], random.Random(5), max_moves=600)
    settle(lobby, clock)
    assert a.room.deals_played == 1 and one.view.match_over and one.view.result == two.view.result
    assert a.room.handovers_asked == 0
