"""The `tui-games` command line: the menu by default, and play, list, resume, stats, arena, bench,
precompile, serve, ladder, solve. The Textual UI and the numba kernels are imported only by the commands
that need them."""

from __future__ import annotations

import argparse
import json
import sys

from tui_games import __version__
from tui_games.core.arg_types import positive_int, positive_seconds
from tui_games.core.errors import TuiGamesError


def _parse_sets(pairs: list[str]) -> dict:
    """The ``--set NAME=VALUE`` options as a dict; a name given twice is refused."""
    params: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise TuiGamesError(f"--set takes NAME=VALUE (got {pair!r})")
        name, value = (part.strip() for part in pair.split("=", 1))
        key = name.replace("-", "_")
        if key in {k.replace("-", "_") for k in params}:
            raise TuiGamesError(f"--set {name} is given twice: give each parameter once")
        params[name] = value
    return params


def _print_table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for index, column in enumerate(columns):  # the first column (a game's id) is typed: never cut short
        table.add_column(column, no_wrap=index == 0,
                         min_width=max((len(row[0]) for row in rows), default=0) if index == 0 else None)
    for row in rows:
        table.add_row(*row)
    Console().print(table)


def cmd_list(args) -> int:
    """Print every game with its players, parameters and AI levels."""
    from tui_games import catalog

    rows = []
    for spec in catalog.all_specs():
        players = f"{spec.min_players}" if spec.min_players == spec.max_players else f"{spec.min_players}-{spec.max_players}"
        params = ", ".join(f"{p.name}={p.default} ({p.describe_range()})"
                           for p in spec.params if not p.internal) or "-"
        levels = ", ".join(f"{i + 1} {name}" for i, name in enumerate(spec.level_names))
        rows.append([spec.id, spec.title, players, params, levels])
    _print_table("tui-games", ["id", "game", "players", "parameters", "AI levels"], rows)
    return 0


def _start_from_args(args) -> dict:
    from tui_games import catalog
    from tui_games.core.seats import Seat, check_seat_count_param, check_seats
    from tui_games.core.spec import INT64_MAX, INT64_MIN, whole_number
    from tui_games.match import default_seats

    spec = catalog.get(args.game)
    seed = None if args.seed is None else whole_number(args.seed, "seed", INT64_MIN, INT64_MAX)
    given = _parse_sets(args.set)
    params = spec.resolve_params(given)
    if args.seat:
        seats = [Seat.parse(text) for text in args.seat]
    else:
        count_param = spec.seats_param
        given_count = count_param in {name.replace("-", "_") for name in given}
        seats = default_seats(spec, params[count_param] if given_count else None)
    check_seats(spec, seats)
    check_seat_count_param(spec, given, seats)
    count_param = spec.seats_param
    if count_param:
        params[count_param] = len(seats)
    return {"game": spec.id, "params": params, "seats": seats, "seed": seed}


def cmd_play(args) -> int:
    """Start a game straight away."""
    start = _start_from_args(args)
    from tui_games.ui.app import run_app

    run_app(start)
    return 0


def cmd_resume(args) -> int:
    """Resume a save file, or the most recent unfinished game.

    A file that is not a readable save is reported with the reason (and moved aside when it is in the
    saves folder); the app does not open for it.
    """
    from pathlib import Path

    from tui_games.core.errors import SaveFileError
    from tui_games.store.saves import in_saves_folder, list_saves, read_save, set_aside

    if args.path:
        path = Path(args.path)
        try:
            read_save(path)
        except SaveFileError as error:
            reason = set_aside(path, str(error)) if path.is_file() and in_saves_folder(path) else str(error)
            raise TuiGamesError(f"cannot resume {path}: {reason}") from None
    else:
        entries = [e for e in list_saves() if e.record is not None and not e.finished]
        if not entries:
            print("No unfinished saved game to resume.", file=sys.stderr)
            return 1
        path = entries[0].path
    from tui_games.store.locks import open_elsewhere

    if open_elsewhere(path):
        raise TuiGamesError(f"cannot resume {path}: this game is open in another session; close it there first")
    from tui_games.ui.app import run_app

    run_app({"resume": path})
    return 0


def cmd_stats(args) -> int:
    """Print the statistics table, then each game's records as the game names them."""
    from tui_games import catalog
    from tui_games.match import record_pending_results
    from tui_games.store.stats import overview, take_notices

    record_pending_results()
    table, figures = overview()
    for notice in take_notices():
        print(notice)

    def title(game_id: str) -> str:
        return catalog.get(game_id).title if game_id in catalog.ids() else game_id

    rows = []
    for row in table:
        streak = f"{'W' if row.current_streak > 0 else 'L'}{abs(row.current_streak)}" if row.current_streak else "-"
        rows.append([title(row.game_id), row.opponent, str(row.played), str(row.won), str(row.lost), str(row.drawn),
                     f"{row.win_pct:.0f}%", streak, str(row.best_streak)])
    if not rows:
        print("No finished games yet.")
        return 0
    _print_table("Statistics", ["game", "opponent", "played", "won", "lost", "drawn", "win %", "streak",
                                "best streak"], rows)
    for entry in figures:
        print(f"{title(entry.game_id)}: {', '.join(entry.lines())}")
    for row in table:
        if row.lines():
            print(f"{title(row.game_id)} against {row.opponent}: {', '.join(row.lines())}")
    return 0


def cmd_ladder(args) -> int:
    """Print a game variant's ladder of ratings from the server's data folder (AI levels included)."""
    from tui_games import catalog
    from tui_games.ratings.ladder import COLUMNS, heading, ladder_rows, table_cells
    from tui_games.ratings.store import RatingStore
    from tui_games.ratings.variants import parse_variant, unrated_reason

    spec = catalog.get(args.game)
    reason = unrated_reason(spec)
    if reason:
        raise TuiGamesError(f"{reason}, so it has no ladder (ratings rank players against each other)")
    if args.data is None:
        from tui_games.serve.config import default_data_dir

        folder = default_data_dir()
    else:
        from pathlib import Path

        folder = Path(args.data).expanduser()
    variant = parse_variant(spec, args.variant)
    store = RatingStore(folder)
    everyone = ladder_rows(store, spec, variant)
    rows = everyone[:args.top] if args.top else everyone
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    title = heading(spec, variant, folder)
    if not any(row["games"] for row in everyone):
        print(f"No rated games of {spec.title}{' [' + variant.describe() + ']' if variant.params else ''} "
              f"yet in {folder}.")
        if not rows:
            print("Its AI levels are not seeded in this variant: they start from openskill's default rating.")
            return 0
        title = "Where the AI levels start (seeded from arena matches)"
    _print_table(title, COLUMNS, table_cells(rows))
    return 0


def cmd_arena(args) -> int:
    """AI against AI without a screen: two alternating seats (or each alone in a solo game), or three
    and more seats rotating, ranked by places."""
    from tui_games import catalog
    from tui_games.arena import run_arena, run_places_arena

    spec = catalog.get(args.game)
    seats = _arena_seats(args)
    for seat in seats:
        if not 1 <= seat.level <= spec.max_level:
            raise TuiGamesError(f"{spec.title} AI levels are 1..{spec.max_level} (got {seat.level})")

    def progress(done: int, total: int) -> None:
        print(f"\r  {done}/{total} games", end="", file=sys.stderr, flush=True)

    if len(seats) > 2:
        result = run_places_arena(spec.id, [seat.level for seat in seats], args.games, _parse_sets(args.set),
                                  args.seed, progress=None if args.quiet else progress)
    else:
        a, b = seats
        result = run_arena(spec.id, a.level, b.level, args.games, _parse_sets(args.set), args.seed,
                           progress=None if args.quiet else progress)
    if not args.quiet:
        print(file=sys.stderr)
    print(result.report())
    return 0


def _arena_seats(args) -> list:
    """The arena's players from --a, --b and any of --c .. --j (given in order, none skipped)."""
    from tui_games.arena import PLAYER_LETTERS
    from tui_games.match import Seat

    given = [getattr(args, letter.lower()) for letter in PLAYER_LETTERS]
    count = next((i for i, text in enumerate(given) if text is None), len(given))
    if any(text is not None for text in given[count:]):
        skipped = PLAYER_LETTERS[count].lower()
        raise TuiGamesError(f"arena players are given in order: --{skipped} is missing")
    seats = [Seat.parse(text) for text in given[:count]]
    if not all(seat.is_ai for seat in seats):
        raise TuiGamesError("arena plays AI against AI: use --a ai:N --b ai:M (and --c ai:K ... for more seats)")
    return seats


def cmd_bench(args) -> int:
    """Random-playout speed of the engine, beside the peer engine each game names (OpenSpiel, RLCard)."""
    from tui_games import catalog
    from tui_games.bench import run_bench

    ids = args.games or catalog.ids()
    for game_id in ids:
        catalog.get(game_id)
    results = run_bench(ids, args.seconds, compare=not args.no_compare)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    rows = []
    for game_id, entry in results.items():
        reference = entry.get("peer_playouts_per_s")
        rows.append([game_id, f"{entry['playouts_per_s']:,.0f}", entry.get("peer", "-"),
                     f"{reference:,.0f}" if reference else "-", f"{entry['speedup_vs_peer']:.1f}x" if reference else "-"])
    _print_table("Random playouts a second (one thread; actions/s in --json)",
                 ["game", "ours", "peer", "peer's", "speed-up"], rows)
    notes = sorted({entry["peer_note"] for entry in results.values() if "peer_note" in entry})
    if notes:
        print(f"- : no peer figure ({'; '.join(notes)})")
    return 0


def cmd_solve(args) -> int:
    """Analyse a position with the game's own solver: its options are read here, from the solver."""
    from tui_games import catalog

    spec = catalog.get(args.game)
    if not spec.solver:
        others = [other.id for other in catalog.all_specs() if other.solver]
        raise TuiGamesError(f"{spec.title} has no solver (games with one: {', '.join(others) or 'none'})")
    solver = spec.load_solver()
    parser = argparse.ArgumentParser(prog=f"tui-games solve {spec.id}", description=solver.description or None)
    parser.add_argument("position", help=solver.position)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    for option in solver.options:
        parser.add_argument(f"--{option.name.replace('_', '-')}", dest=option.name, default=option.default,
                            metavar="|".join(option.choices) if option.choices else option.name.upper(),
                            help=f"{option.help} ({option.describe_range()}; default {option.default})")
    given = parser.parse_args(args.rest)
    options = {option.name: option.coerce(getattr(given, option.name)) for option in solver.options}
    solution = solver.solve(given.position, **options)
    print(json.dumps(solution.data) if given.json else solution.text)
    return 0


def cmd_precompile(args) -> int:
    """Compile (or load from the cache) every game's kernels and AI levels."""
    from tui_games import catalog
    from tui_games.match import prepare

    ids = args.games or catalog.ids()
    for game_id in ids:
        spec = catalog.get(game_id)

        def report(message: str, step: int, steps: int) -> None:
            print(f"[{step}/{steps}] {message}", flush=True)

        levels = list(range(1, spec.max_level + 1))
        if args.levels:
            try:
                levels = [int(word) for word in args.levels.split(",")]
            except ValueError:
                raise TuiGamesError(f"--levels takes numbers separated by commas (got {args.levels!r})") from None
        prepare(spec, levels, report, isolated=False)
    return 0


def cmd_serve(args) -> int:
    """Serve the games over SSH until SIGTERM or Ctrl-C."""
    from tui_games.serve.config import config_from_args
    from tui_games.serve.runner import serve

    return serve(config_from_args(args))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the `tui-games` command."""
    parser = argparse.ArgumentParser(prog="tui-games", description="Classic board, card and dice games.")
    parser.add_argument("--version", action="version", version=f"tui-games {__version__}")
    parser.add_argument("--precompile", action="store_true", help="compile every game's kernels and exit")
    commands = parser.add_subparsers(dest="command")

    commands.add_parser("list", help="list the games").set_defaults(handler=cmd_list)

    play = commands.add_parser("play", help="start a game")
    play.add_argument("game")
    play.add_argument("--seat", action="append", default=[], help="human or ai:LEVEL, once per seat in order")
    play.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game parameter")
    play.add_argument("--seed", type=int, default=None)
    play.set_defaults(handler=cmd_play)

    resume = commands.add_parser("resume", help="resume a saved game (the latest by default)")
    resume.add_argument("path", nargs="?")
    resume.set_defaults(handler=cmd_resume)

    commands.add_parser("stats", help="show statistics").set_defaults(handler=cmd_stats)

    ladder = commands.add_parser("ladder", help="the ratings of a game on this server, AI levels included")
    ladder.add_argument("game")
    ladder.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE",
                        help="the rules, as parameters (default: the game's defaults); repeat or join with commas")
    ladder.add_argument("--data", default=None, metavar="DIR",
                        help="the server's data folder (default: the one `tui-games serve` uses)")
    ladder.add_argument("--json", action="store_true", help="print the ladder as JSON")
    ladder.add_argument("--top", type=positive_int, default=None, metavar="N", help="only the first N places")
    ladder.set_defaults(handler=cmd_ladder)

    arena = commands.add_parser("arena", help="AI against AI without a screen")
    arena.add_argument("game")
    arena.add_argument("--a", required=True, help="ai:LEVEL")
    arena.add_argument("--b", required=True, help="ai:LEVEL")
    for letter in "cdefghij":
        arena.add_argument(f"--{letter}", default=None, metavar="ai:LEVEL",
                           help="a third seat (and --d ... --j for more): places are reported"
                           if letter == "c" else argparse.SUPPRESS)
    arena.add_argument("--games", type=positive_int, default=20, help="games to play (at least 1)")
    arena.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--quiet", action="store_true")
    arena.set_defaults(handler=cmd_arena)

    bench = commands.add_parser("bench", help="random-playout speed of the engine")
    bench.add_argument("games", nargs="*")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--seconds", type=positive_seconds, default=3.0, help="seconds per game (above 0)")
    bench.add_argument("--no-compare", action="store_true", help="skip the peer engines (OpenSpiel, RLCard)")
    bench.set_defaults(handler=cmd_bench)

    solve = commands.add_parser("solve", help="analyse a position with the game's solver",
                                description="Analyse a position with the game's own solver. "
                                "`tui-games solve GAME -h` says what the position is and the solver's options.")
    solve.add_argument("game")
    solve.add_argument("rest", nargs=argparse.REMAINDER, metavar="POSITION [--json] [OPTIONS]",
                       help="the position, written as the game's solver reads it, then its options")
    solve.set_defaults(handler=cmd_solve)

    precompile = commands.add_parser("precompile", help="compile every game's kernels")
    precompile.add_argument("games", nargs="*")
    precompile.add_argument("--levels", default="", help="AI levels to prepare, e.g. 1,3 (default all)")
    precompile.set_defaults(handler=cmd_precompile)

    from tui_games.serve import config as serve_config

    serve = commands.add_parser("serve", help="serve the games over SSH and in the browser",
                                description=serve_config.DESCRIPTION,
                                epilog=serve_config.EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    serve_config.add_arguments(serve)
    serve.set_defaults(handler=cmd_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.precompile:
            args.games, args.levels = [], ""
            return cmd_precompile(args)
        if args.command is None:
            from tui_games.ui.app import run_app

            run_app(None)
            return 0
        return args.handler(args)
    except TuiGamesError as error:
        print(f"tui-games: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
