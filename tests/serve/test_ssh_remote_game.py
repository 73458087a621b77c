"""A game over SSH with the server's engine pool: a real asyncssh client opens Tic Tac Toe against the
AI, plays a move and sees the AI's answer drawn, while the session's process has neither numba nor
llvmlite mapped (its kernels and the AI ran in the pool's workers) and stays small."""

from __future__ import annotations

import re
from pathlib import Path

from ssh_helpers import Terminal, make_key
from waiting import until

MENU = ("tui-games", "Tic Tac Toe")

SESSION_RSS_BUDGET_MIB = 100
"""A session in a game stays under this resident size (it was 191 MiB with numba in the process)."""


def resident_mib(pid: int) -> float:
    """The resident set size of process ``pid`` in MiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


def logged_moves(text: str, mark: str) -> list[str]:
    """The cells the Moves panel says ``mark`` (X or O) took."""
    return re.findall(rf"{mark}: ([abc][123])", text)


async def test_a_game_against_the_ai_runs_its_kernels_and_ai_in_the_pool(start_server):
    server = await start_server()
    term = await Terminal.open(server.port, make_key(), cols=100, rows=30)
    await term.wait_for(*MENU)
    (session,) = server.sessions
    at_menu = resident_mib(session.process.pid)
    term.send(b"\r")  # the new-game dialog of the first game, Tic Tac Toe: you (X) against the AI
    await term.wait_for("Start")
    term.send(b"\r")
    await term.wait_for("Your move", timeout=120)  # the game, ready (the pool prepared it)
    term.send(b"5")  # the centre
    await until(lambda: logged_moves(term.text, "O"), timeout=60, what="the AI's answer")
    assert logged_moves(term.text, "X") == ["b2"] and logged_moves(term.text, "O")[0] != "b2"
    cell = logged_moves(term.text, "O")[0]
    board = "\n".join(line[:68] for line in term.screen.display)
    await until(lambda: cell not in "\n".join(line[:68] for line in term.screen.display), timeout=10,
                     what="the AI's mark drawn over its cell's name")
    assert "b2" not in board and "c3" in board or cell == "c3"
    pid = session.process.pid
    maps = Path(f"/proc/{pid}/maps").read_text()
    assert "llvmlite" not in maps and "numba" not in maps
    assert server.engines.pool.pids, "the pool's worker ran the game"
    for worker in server.engines.pool.pids:
        assert "llvmlite" in Path(f"/proc/{worker}/maps").read_text()
    rss = resident_mib(pid)
    print(f"session RSS: {at_menu:.1f} MiB at the menu, {rss:.1f} MiB in a game")
    assert rss < SESSION_RSS_BUDGET_MIB
    await term.close()
