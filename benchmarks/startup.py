"""Cold-start measurements: how long until the menu's data is ready, and how long each game takes
to prepare with an empty kernel cache (first use) and with a warm one (every later use).

    python benchmarks/startup.py [GAME ...] [--json]

Each measurement runs in a fresh interpreter with its own empty TUI_GAMES_HOME.
"""

from __future__ import annotations

import argparse
import json
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
    "from tui_games.match import prepare\n"
    "spec = catalog.get(sys.argv[1])\n"
    "prepare(spec, list(range(1, spec.max_level + 1)), isolated=False)\n"
    "print(time.perf_counter() - t)\n"
)


def _run(code: str, home: str, *args: str) -> str:
    env = {"TUI_GAMES_HOME": home, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=True)
    return done.stdout.strip().splitlines()[-1]


def main() -> None:
    """Measure and print (or emit JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from tui_games import catalog

    results: dict = {}
    with tempfile.TemporaryDirectory() as home:
        seconds, numba_loaded = _run(MENU_CODE, home).split()
        results["menu_data_s"] = float(seconds)
        results["menu_imports_numba"] = numba_loaded == "True"
        for game_id in args.games or catalog.ids():
            started = time.perf_counter()
            cold = float(_run(PREPARE_CODE, home, game_id))
            warm = float(_run(PREPARE_CODE, home, game_id))
            results[game_id] = {"cold_prepare_s": cold, "warm_prepare_s": warm,
                                "cold_process_s": time.perf_counter() - started - warm}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"menu data ready in {results['menu_data_s'] * 1000:.0f} ms (numba imported: {results['menu_imports_numba']})")
    for game_id, entry in results.items():
        if isinstance(entry, dict):
            print(f"{game_id:14} first use {entry['cold_prepare_s']:6.1f} s   later {entry['warm_prepare_s']:5.2f} s")


if __name__ == "__main__":
    main()
