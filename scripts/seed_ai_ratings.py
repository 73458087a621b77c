"""Seed the AI levels' ratings (tui_games/ratings/ai_ratings.json) from arena matches.

For every rated game of the catalogue (two seats or more, not against the house) the levels of its
default variant play each other through ``tui_games.arena``:

* two-seat games: every adjacent pair of levels (1-2, 2-3 ...) and every pair two apart (1-3, 2-4
  ...), plus the lowest against the highest when a game has four levels or more; ``--games`` games a
  pair, the seats alternating (each level plays each seat order equally often);
* games of three seats or more (the default variant's number): the same pairs of levels, each at two
  tables alternating the two levels round the table (A B A ... and B A B ...), the seats rotating every
  game (``arena.run_places_arena``), ``--games`` games a pair in all, rounded up to whole rotations.

Then each variant's levels are fitted jointly (``tui_games.ratings.fit``: the maximum a posteriori
ratings under openskill's Plackett-Luce model and prior; a level's sigma says how sure the fit is).
A game whose finished states declare ``sides`` (``ratings.model.sides_of``: Dou Dizhu's landlord
against the two peasants) is fitted by those sides, each placed by its mean return
(``ratings.model.side_places``), and each side's role (its place in the declared order: the landlord 0,
the peasants 1) gets its own fitted offset: the teams' sums stay as openskill rates them, while the
offset takes up what the role itself is worth (the landlord's lead and kitty, the peasants' second
level), so that the levels are compared role for role.

A table is played in chunks of one seat rotation (two games for two seats), each from its own seed,
and stops early once it has taken ``--table-seconds``: AIs that think for a set time a move (Othello's
and Hex's strongest levels) would take hours otherwise. The file says which tables were cut short and
how many games each pair played; ``--cap GAME=LEVEL`` leaves the levels above LEVEL out altogether,
``--only``/``--skip`` choose games. Tables run in ``--jobs`` processes. Games whose AIs are
deterministic for a given seed (Tic Tac Toe, Nim ...) give the same file for the same options;
AIs on a clock depend on the machine's speed.

The file: ``format``; ``made_by`` (the last run's command, date, versions and options); ``model``
(the openskill model and its constants, how the fit was made); ``variants``, by variant key: the game,
its rules version, seats, ``made_by`` (the command and date of the run that seeded it: ``--update``
reseeds some games and keeps the others), ``levels`` (mu, sigma, conservative value, and games played by each level) and
``tables`` (levels, games, seconds, whether cut short, and the results: for two seats A's wins, B's
wins and draws, A's score (draws half) and the score the fitted ratings give A
(``ratings.model.win_chance``); for more seats each player's count of each place, and for a game with
sides each player's count of each side's place, ``role_games`` (games in each role) and ``role_wins``
(first places in each role)); ``role_offsets`` for a game with sides (each role's fitted offset, role 0
the reference);
``skipped``: the rated games left out and why. Unrated games (one seat, or against the house) are not
listed.

    python scripts/seed_ai_ratings.py --games 24 --jobs 2          # the shipped file (see its made_by)
    python scripts/seed_ai_ratings.py --games 4 --only nim --out /tmp/seeds.json   # a quick trial
    python scripts/seed_ai_ratings.py --games 48 --only doudizhu --update          # reseed one game
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tui_games import __version__, catalog  # noqa: E402
from tui_games.ratings.ai_seeds import FILE_NAME, FORMAT, read_seeds  # noqa: E402
from tui_games.ratings.fit import Observation, fit_levels  # noqa: E402
from tui_games.ratings.model import BETA, MU, SIGMA, TAU, Z, side_places, sides_of, win_chance  # noqa: E402
from tui_games.ratings.variants import unrated_reason, variant_of  # noqa: E402

OUT = ROOT / "tui_games" / "ratings" / FILE_NAME
"""Where the shipped seeds live."""


@dataclass(frozen=True)
class Table:
    """One set of games: a variant, the level of each player (A, B ...), how many games, the seed."""

    game_id: str
    variant: str
    levels: tuple[int, ...]
    games: int
    seed: int
    seconds: float


def level_pairs(levels: int) -> list[tuple[int, int]]:
    """The pairs of levels that play: adjacent ones, those two apart, and lowest-highest from four levels."""
    pairs = [(a, a + 1) for a in range(1, levels)]
    pairs += [(a, a + 2) for a in range(1, levels - 1)]
    if levels >= 4:
        pairs.append((1, levels))
    return pairs


def table_seed(seed: int, variant: str, levels: tuple[int, ...]) -> int:
    """A table's seed: a 62-bit hash of the run's seed, the variant and the levels (far from any other
    table's, since the arena derives each game's seed by adding the game's number)."""
    text = f"{seed}/{variant}/{','.join(map(str, levels))}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 2


def tables_for(spec, games: int, seed: int, seconds: float, cap: int | None) -> tuple[str, int, list[Table]]:
    """(variant key, seats, tables) of ``spec``'s default variant."""
    variant = variant_of(spec, {})
    params = dict(variant.params)
    seats = params[spec.seats_param] if spec.seats_param else spec.min_players
    top = min(spec.max_level, cap) if cap else spec.max_level
    tables = []
    for a, b in level_pairs(top):
        if seats == 2:
            count = games + games % 2
            tables.append(Table(spec.id, variant.key, (a, b), count, table_seed(seed, variant.key, (a, b)), seconds))
            continue
        half = -(-games // 2)
        count = max(seats, -(-half // seats) * seats)
        for first, second in ((a, b), (b, a)):
            levels = tuple(first if seat % 2 == 0 else second for seat in range(seats))
            tables.append(Table(spec.id, variant.key, levels, count, table_seed(seed, variant.key, levels),
                                seconds))
    return variant.key, seats, tables


def play_table(table: Table) -> dict:
    """Play one table in chunks of one rotation until its games are done or its time is up; the
    results, and each game as (sides, places, roles) for the fit."""
    from tui_games.arena import run_arena, run_places_arena
    from tui_games.warmup import prepare

    spec = catalog.get(table.game_id)
    seats = len(table.levels)
    by_sides = seats > 2 and hasattr(spec.definition().state_class, "sides")
    chunk = 2 if seats == 2 else seats
    prepare(spec, sorted(set(table.levels)), isolated=False)  # kernels loaded before the clock starts
    started = time.perf_counter()
    observations: list[tuple] = []
    wins_a = wins_b = draws = played = 0
    places = [[0] * seats for _ in range(seats)]
    role_games = [[0] * seats for _ in range(seats)]
    role_wins = [[0] * seats for _ in range(seats)]
    most_sides = 0
    cut = False
    while played < table.games:
        if played and time.perf_counter() - started > table.seconds:
            cut = True
            break
        seed = table.seed + 1000 * (played // chunk)
        if seats == 2:
            a, b = table.levels
            result = run_arena(table.game_id, a, b, chunk, seed=seed)
            wins_a, wins_b, draws = wins_a + result.wins_a, wins_b + result.wins_b, draws + result.draws
            observations += [(((a,), (b,)), (1, 2), None)] * result.wins_a
            observations += [(((a,), (b,)), (2, 1), None)] * result.wins_b
            observations += [(((a,), (b,)), (1, 1), None)] * result.draws
        elif by_sides:
            for sides, ranks, roles in play_with_sides(spec, table.levels, chunk, seed):
                most_sides = max(most_sides, len(sides))
                for side, rank, role in zip(sides, ranks, roles or [None] * len(sides)):
                    for player in side:
                        places[player][rank - 1] += 1
                        if role is not None:
                            role_games[player][role] += 1
                            role_wins[player][role] += rank == 1
                observations.append((tuple(tuple(table.levels[player] for player in side) for side in sides),
                                     tuple(ranks), roles))
        else:
            result = run_places_arena(table.game_id, list(table.levels), chunk, seed=seed)
            for game in range(result.games):
                for player in range(seats):
                    places[player][result.place_lists[player][game] - 1] += 1
                observations.append((tuple((level,) for level in table.levels),
                                     tuple(p[game] for p in result.place_lists), None))
        played += chunk
    entry = {"levels": list(table.levels), "games": played, "seconds": round(time.perf_counter() - started, 1),
             "cut_short": cut}
    if seats == 2:
        entry["results"] = {"a_wins": wins_a, "b_wins": wins_b, "draws": draws}
    elif by_sides:
        entry["results"] = {"places": [row[:most_sides] for row in places],
                            "role_games": [row[:most_sides] for row in role_games],
                            "role_wins": [row[:most_sides] for row in role_wins]}
    else:
        entry["results"] = {"places": places}
    return {"variant": table.variant, "entry": entry, "observations": observations}


def play_with_sides(spec, levels: tuple[int, ...], games: int, seed: int) -> list[tuple]:
    """``games`` games of a game that declares sides, seated and seeded as ``arena.run_places_arena``
    seats and seeds them (player p, level ``levels[p]``, in seat (p + game) mod seats): each game's
    sides as lists of players in the order the finished state declares them, each side's place by its
    mean return, and the sides' roles (0, 1 ...: that order). A game that declares no sides gives every
    player a side of their own, and no roles (None)."""
    from tui_games.arena import _play_out
    from tui_games.engine.seeds import derive_seed

    count = len(levels)
    params = spec.resolve_params({spec.seats_param: count} if spec.seats_param else {})
    played = []
    for index in range(games):
        player_at = [(seat - index) % count for seat in range(count)]
        players = [spec.ai(levels[player], seed=derive_seed(seed, count * index + player)) for player in player_at]
        state = _play_out(spec, params, players, derive_seed(seed, index))
        declared = sides_of(state)
        sides = declared or [[seat] for seat in range(count)]
        played.append(([[player_at[seat] for seat in side] for side in sides], side_places(state.returns(), sides),
                       tuple(range(len(sides))) if declared else None))
    return played


def parse_caps(texts: list[str]) -> dict[str, int]:
    """``--cap GAME=LEVEL`` options as {game: level}."""
    caps = {}
    for text in texts:
        game, _, level = text.partition("=")
        if not level.isdigit():
            raise SystemExit(f"--cap takes GAME=LEVEL (got {text!r})")
        catalog.get(game)
        caps[game] = int(level)
    return caps


def build_parser() -> argparse.ArgumentParser:
    """The script's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24, help="games per pair of levels (default 24)")
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="processes")
    parser.add_argument("--table-seconds", type=float, default=60.0,
                        help="a table stops after its chunk that passes this many seconds (default 60)")
    parser.add_argument("--cap", action="append", default=[], metavar="GAME=LEVEL",
                        help="seed GAME's levels up to LEVEL only")
    parser.add_argument("--only", nargs="*", default=[], metavar="GAME", help="these games only")
    parser.add_argument("--skip", nargs="*", default=[], metavar="GAME", help="leave these games out")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--date", default=None, help="the date to record (default: today, UTC)")
    parser.add_argument("--update", action="store_true",
                        help="keep the variants of the games this run leaves out from the --out file")
    parser.add_argument("--quiet", action="store_true")
    return parser


def _merged(old: dict, variants: dict[str, dict], skipped: dict[str, str]) -> tuple[dict, dict]:
    """The variants of this run over those of ``old`` (an earlier file) for the games this run left
    out, each keeping the ``made_by`` of the run that made it; the games neither seeded are skipped."""
    games = {entry["game"] for entry in variants.values()}
    kept = {key: {**entry, "made_by": entry.get("made_by", {k: old["made_by"][k] for k in ("command", "date")})}
            for key, entry in old["variants"].items() if entry["game"] not in games}
    merged = {**kept, **variants}
    seeded = {entry["game"] for entry in merged.values()}
    still = {game: why for game, why in {**old.get("skipped", {}), **skipped}.items() if game not in seeded}
    return merged, still


def main(argv: list[str] | None = None) -> int:
    """Play the tables, fit the levels, write the file."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("--games and --jobs take a whole number of at least 1")
    caps = parse_caps(args.cap)
    for game in args.only + args.skip:
        catalog.get(game)
    tables: list[Table] = []
    variants: dict[str, dict] = {}
    skipped: dict[str, str] = {}
    for spec in catalog.all_specs():
        if unrated_reason(spec) is not None:
            continue
        if (args.only and spec.id not in args.only) or spec.id in args.skip:
            skipped[spec.id] = "left out of this run (--only/--skip)"
            continue
        key, seats, found = tables_for(spec, args.games, args.seed, args.table_seconds, caps.get(spec.id))
        variants[key] = {"game": spec.id, "rules_version": spec.rules_version, "seats": seats,
                         "params": dict(variant_of(spec, {}).params), "levels": {}, "tables": []}
        if spec.id in caps:
            variants[key]["note"] = f"levels above {caps[spec.id]} not seeded (--cap)"
        tables += found
    started = time.perf_counter()
    played_tables: dict[tuple, dict] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(play_table, table): table for table in tables}
        for done, future in enumerate(futures, 1):
            table = futures[future]
            played_tables[(table.variant, table.levels)] = future.result()
            if not args.quiet:
                entry = played_tables[(table.variant, table.levels)]["entry"]
                print(f"[{done}/{len(tables)}] {table.variant} {entry['levels']}: {entry['games']} games, "
                      f"{entry['seconds']} s{' (cut short)' if entry['cut_short'] else ''}", file=sys.stderr,
                      flush=True)
    for key, variant in variants.items():
        mine = [played_tables[(t.variant, t.levels)] for t in tables if t.variant == key]
        observations = [Observation(*game) for found in mine for game in found["observations"]]
        fitted = fit_levels(observations)
        played: dict[int, int] = {}
        for found in mine:
            entry = found["entry"]
            variant["tables"].append(entry)
            for level in set(entry["levels"]):
                played[level] = played.get(level, 0) + entry["games"]
            if len(entry["levels"]) == 2 and entry["games"]:
                a, b = entry["levels"]
                tally = entry["results"]
                tally["a_score"] = round((tally["a_wins"] + tally["draws"] / 2) / entry["games"], 4)
                tally["a_score_fitted"] = round(win_chance([fitted.ratings[a]], [fitted.ratings[b]]), 4)
        variant["levels"] = {str(level): {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4),
                                          "rating": round(r.conservative, 4), "games": played.get(level, 0)}
                             for level, r in sorted(fitted.ratings.items())}
        if fitted.role_offsets:
            variant["role_offsets"] = {str(role): round(value, 4) for role, value in fitted.role_offsets.items()}
        variant["log_likelihood"] = round(float(fitted.log_likelihood), 4)
    from openskill import __version__ as openskill_version

    run = {"command": shlex.join(["python", "scripts/seed_ai_ratings.py", *argv]),
           "date": args.date or datetime.now(timezone.utc).strftime("%Y-%m-%d")}
    for variant in variants.values():
        variant["made_by"] = run
    if args.update and args.out.exists():
        variants, skipped = _merged(read_seeds(args.out), variants, skipped)
    document = {
        "format": FORMAT,
        "made_by": {**run, "tui_games": __version__, "openskill": openskill_version,
                    "games_per_pair": args.games, "table_seconds": args.table_seconds, "seed": args.seed,
                    "wall_seconds": round(time.perf_counter() - started, 1)},
        "model": {"name": "PlackettLuce", "mu": MU, "sigma": SIGMA, "beta": BETA, "tau": TAU, "z": Z,
                  "fit": "joint maximum a posteriori (tui_games/ratings/fit.py)"},
        "variants": variants,
        "skipped": skipped,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    if not args.quiet:
        for key, variant in variants.items():
            levels = ", ".join(f"{level} {v['mu']:.1f}±{v['sigma']:.1f}" for level, v in variant["levels"].items())
            print(f"{key}: {levels}", file=sys.stderr)
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
