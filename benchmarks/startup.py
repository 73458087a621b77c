"""Start-up measurements: how long until the menu's data is ready, how long each game takes to open
with an empty kernel cache (first use), after ``tui-games precompile``, and after the menu's background
warm-up, and how responsive the menu stays while it warms up.

    python benchmarks/startup.py [GAME ...] [--json] [--skip-cold] [--repeat N]

Each measurement runs in a fresh interpreter. ``cold_prepare_s``: preparing a game in a process whose
kernel cache is empty (compiling everything). ``after_precompile``: in a home where
``tui-games precompile`` ran, ``prepare_s`` is what opening the game does before the board shows (the
default seats' levels, as the new-game dialog proposes) and ``app_open_s`` the whole open in the headless
app (from the key press to the board with the match loaded); medians of ``--repeat`` fresh processes.
``after_warm_up_open_s``: the same open in an
app whose background warm-up finished while the menu was shown. ``menu_warm_up``: how long the warm-up
of every game took, and the longest the menu's event loop was kept waiting meanwhile.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

MENU_CODE = (
    "import sys, time; t = time.perf_counter()\n"
    "from tui_games import catalog\n"
    "[s.help_text() for s in catalog.all_specs()]\n"
    "print(time.perf_counter() - t, 'numba' in sys.modules)\n"
)

PREPARE_CODE = (
    "import sys, time; t = time.perf_counter()\n"
    "from tui_games import catalog\n"
    "from tui_games.match import default_seats, prepare\n"
    "spec = catalog.get(sys.argv[1])\n"
    "levels = list(range(1, spec.max_level + 1)) if sys.argv[2] == 'all' else "
    "sorted({s.level for s in default_seats(spec) if s.kind == 'ai'}) or [1]\n"
    "prepare(spec, levels, isolated=sys.argv[2] != 'all')\n"
    "print(time.perf_counter() - t)\n"
)

APP_OPEN_CODE = """
import asyncio, sys, time
from tui_games.store.settings import Settings
from tui_games.ui.app import TuiGamesApp
from tui_games.ui.screens.game import GameRequest, GameScreen

async def main(game_id, warm):
    app = TuiGamesApp(settings=Settings(animation="off"), warm_up=warm)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lag = 0.0
        if warm:
            app.start_warm_up()
            started = time.perf_counter()
            loop = asyncio.get_running_loop()
            while not app.warmer.finished.is_set():
                before = loop.time()
                await asyncio.sleep(0.01)
                lag = max(lag, loop.time() - before - 0.01)
            warm_s = time.perf_counter() - started
        started = time.perf_counter()
        app.open_game(GameRequest(game_id=game_id))
        while not (isinstance(app.screen, GameScreen) and app.screen.match is not None
                   and app.screen.view is not None):
            await pilot.pause(0.01)
        opened = time.perf_counter() - started
        print(opened, warm_s if warm else 0.0, lag)
        app.stop_warm_up()

asyncio.run(main(sys.argv[1], sys.argv[2] == "warm"))
"""


def _run(code: str, home: str, *args: str) -> str:
    env = {"TUI_GAMES_HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"measurement failed ({args}):\n{done.stderr[-2000:]}")
    return done.stdout.strip().splitlines()[-1]


def _precompile(home: str, games: list[str]) -> float:
    env = {"TUI_GAMES_HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tui_games", "precompile", *games], capture_output=True, env=env,
                   check=True)
    return time.perf_counter() - started


def main() -> None:
    """Measure and print (or emit JSON)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--skip-cold", action="store_true", help="skip the empty-cache measurements")
    parser.add_argument("--repeat", type=int, default=3,
                        help="fresh processes per after-precompile measurement, median kept (default 3)")
    args = parser.parse_args()
    from tui_games import catalog

    games = args.games or catalog.ids()
    results: dict = {}
    with tempfile.TemporaryDirectory() as home:
        seconds, numba_loaded = _run(MENU_CODE, home).split()
        results["menu_data_s"] = float(seconds)
        results["menu_imports_numba"] = numba_loaded == "True"
        if not args.skip_cold:
            for game_id in games:
                with tempfile.TemporaryDirectory() as cold_home:
                    results.setdefault(game_id, {})["cold_prepare_s"] = float(
                        _run(PREPARE_CODE, cold_home, game_id, "all"))
        results["precompile_s"] = _precompile(home, games)
        if args.repeat < 1:
            parser.error("--repeat must be at least 1")
        for game_id in games:
            entry = results.setdefault(game_id, {})
            prepares = [float(_run(PREPARE_CODE, home, game_id, "default")) for _ in range(args.repeat)]
            opens = [float(_run(APP_OPEN_CODE, home, game_id, "cold").split()[0]) for _ in range(args.repeat)]
            entry["after_precompile"] = {"prepare_s": statistics.median(prepares),
                                         "app_open_s": statistics.median(opens),
                                         "app_open_max_s": max(opens)}
        warm_total = lag = 0.0
        for game_id in games:
            opened, warm_s, lag_s = map(float, _run(APP_OPEN_CODE, home, game_id, "warm").split())
            results[game_id]["after_warm_up_open_s"] = opened
            warm_total, lag = max(warm_total, warm_s), max(lag, lag_s)
        results["menu_warm_up"] = {"all_games_s": warm_total, "longest_event_loop_stall_s": lag}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"menu data ready in {results['menu_data_s'] * 1000:.0f} ms "
          f"(numba imported: {results['menu_imports_numba']})")
    print(f"precompile (all listed games): {results['precompile_s']:.1f} s")
    print(f"menu warm-up of every game: {warm_total:.1f} s, longest event-loop stall {lag * 1000:.0f} ms")
    print(f"{'game':14} {'empty cache':>12} {'after precompile':>17} {'(prepare)':>10} {'after warm-up':>14}")
    for game_id in games:
        entry = results[game_id]
        cold = f"{entry['cold_prepare_s']:.1f} s" if "cold_prepare_s" in entry else "-"
        after = entry["after_precompile"]
        print(f"{game_id:14} {cold:>12} {after['app_open_s']:>15.2f} s {after['prepare_s']:>8.2f} s "
              f"{entry['after_warm_up_open_s']:>12.2f} s")


if __name__ == "__main__":
    main()
