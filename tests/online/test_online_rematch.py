"""Playing again in a room, in two apps at 80x24 over one in-process lobby: after Ann (X) wins, both
press n ("Play again"); the next game is drawn on the same screens with the seats swapped (Ben is X
and moves first), and a move in it works."""

from __future__ import annotations

from online_helpers import online_app, play_together, screen_text
from test_online_screens import create_room, join_by_code, open_online, play_cells, registry_here, wait_in_room
from test_room_screens import until
from tui_games.ui.widgets.room_seats import room_status_text


async def test_both_press_n_after_a_game_and_the_next_is_drawn_with_the_seats_swapped(tmp_path, home):
    registry = registry_here(tmp_path)
    shared: dict = {}

    async def ask_again(app, pilot, name: str) -> None:
        screen = app.screen
        await until(lambda: "n play again" in screen_text(app), f"{name}'s offer to play again")
        assert screen.check_action("rematch", ()) is True and "n Play again" in screen_text(app)
        await pilot.press("n")

    async def ann(app, pilot) -> None:
        await open_online(app, pilot)
        screen = await create_room(app, pilot, "tic-tac-toe")
        table = screen.request.room
        await until(lambda: table.match.view.get("code"), "the room's view")
        shared["code"] = table.match.view["code"]
        await play_cells(app, pilot, ["1", "2", "3"])
        await ask_again(app, pilot, "Ann")
        await until(lambda: "waiting for the others to play again" in screen_text(app), "Ann's wait")
        assert table.rematch_asked and screen.check_action("rematch", ()) is None  # greyed once asked
        shared["asked"] = True
        await until(lambda: table.match.view.get("game_number") == 2 and table.match.state is not None, "game 2")
        await until(lambda: "O: Ann (you)" in screen_text(app) and "X: Ben" in screen_text(app), "Ann as O")
        assert screen.check_action("rematch", ()) is False and not table.match.is_over
        await until(lambda: len(table.match.log_entries) == 1, "Ben's first move, drawn at Ann's")
        assert table.match.log_entries[0].action == 4 and table.match.human_to_move

    async def ben(app, pilot) -> None:
        await open_online(app, pilot)
        await until(lambda: "code" in shared, "Ann's room")
        await join_by_code(app, pilot, shared["code"])
        screen = await wait_in_room(app)
        table = screen.request.room
        await play_cells(app, pilot, ["4", "5"])
        await until(lambda: "asked" in shared and table.match.seat_infos[0].get("rematch"), "Ann's ask in Ben's view")
        await until(lambda: "X: Ann · play again" in screen_text(app), "Ann's ask in Ben's seats panel", 10)
        assert "1 of 2 play again" in room_status_text(table).plain and "Ben (you) · play again" not in screen_text(app)
        await ask_again(app, pilot, "Ben")
        await until(lambda: table.match.view.get("game_number") == 2 and table.match.human_to_move, "Ben to move")
        await until(lambda: "X: Ben (you)" in screen_text(app) and "Your move" in screen_text(app), "game 2 drawn")
        assert table.match.viewer == 0 and table.match.log_entries == [] and not table.match.is_over
        await pilot.press("5")
        await until(lambda: len(table.match.log_entries) == 1, "Ben's move in game 2")

    await play_together([(online_app(registry, "id-a", "Ann"), ann), (online_app(registry, "id-b", "Ben"), ben)])
    (room,) = registry.rooms.values()
    assert room.game_number == 2 and [slot.name for slot in room.slots] == ["Ben", "Ann"]
    assert room.table.match.state.history[0] == 4  # (the AI played the seats out as the apps left the room)
