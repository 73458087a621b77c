"""Save files: one JSON document per game, replayed through the kernels on load.

A save holds the format version, game id, rules version, parameters, seed, seats and the action
history (chance outcomes included), so it can never describe an impossible position. A match of many
deals (format 2) also holds its series: every earlier deal's seed, parameters and history, the
running scores and the deal being played (see :mod:`tui_games.series_replay`); a format 1 file, which holds
one deal, still loads. Writes are atomic. A damaged or newer-format file is moved aside to ``saves/unreadable/`` with a note of the
reason, never deleted or overwritten. Only regular files of at most :data:`MAX_SAVE_BYTES` are read,
and a save holding more moves than its game allows (:attr:`~tui_games.core.spec.GameSpec.max_plies`
per deal, :data:`MAX_SAVE_ACTIONS` in all) is refused before anything is replayed.
"""

from __future__ import annotations

import json
import math
import secrets
import shutil
import time
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from tui_games import __version__
from tui_games.core.errors import InvalidParameterError, SaveFileError, SaveInUseError, UnknownGameError
from tui_games.core.locations import bundled_saves_dir, quarantine_dir, saves_dir
from tui_games.core.registry import get
from tui_games.core.results import OUTCOMES, SeatResult
from tui_games.core.seats import Seat, check_seat_count_param, check_seats
from tui_games.core.spec import INT64_MAX, INT64_MIN, GameSpec
from tui_games.store import locks
from tui_games.store.atomic import remove_stale_temp_files, write_atomic
from tui_games.store.reading import FileTooLarge, NotARegularFile, read_text_capped

SAVE_FORMAT = 2
"""The save format this version writes and the newest it reads (1: one deal; 2: adds ``series``)."""

REASON_SUFFIX = ".reason.txt"
MAX_SAVE_BYTES = 8 << 20
"""The largest save file read (8 MiB: a long series of deals takes a few hundred kB)."""
MAX_SAVE_ACTIONS = 250_000
"""The most actions one save may hold over all its deals (its history, redo and earlier deals)."""


@dataclass
class SaveRecord:
    """The content of a save file.

    Once the game has ended, ``outcome`` holds its result as the statistics record it (the opponent
    label and one row per human seat) and ``stats_recorded`` says whether the statistics have it
    yet: the save is written first, so a game is never counted without its save agreeing, and a
    result the statistics missed (full disk, a kill between the two writes) is recorded later from
    here, once, under ``game_key``.
    """

    game: str
    params: dict
    seed: int
    seats: list[str]
    history: list[int | list[int]]
    """Every action in order; a joint move of a simultaneous-move game is a list, one action per seat."""
    rules_version: int = 1
    redo: list[int | list[int]] = field(default_factory=list)
    finished: bool = False
    result: str = ""
    title: str = ""
    created: str = ""
    updated: str = ""
    format: int = SAVE_FORMAT
    app_version: str = __version__
    game_key: str = ""
    outcome: dict = field(default_factory=dict)
    stats_recorded: bool = False
    series: dict | None = None
    """A match of many deals: the earlier deals, the standing and the current deal's seed and
    parameters (the form is in :mod:`tui_games.series_replay`); None for a one-deal match, or a series still
    at its first deal saved by format 1."""

    def to_json(self) -> str:
        """The record as a JSON document."""
        return json.dumps(asdict(self), indent=1) + "\n"

    @property
    def result_pending(self) -> bool:
        """True when the game's result is in this save but not yet in the statistics."""
        return bool(self.outcome) and not self.stats_recorded

    @property
    def deals_finished(self) -> int:
        """How many earlier deals of a series the save holds (0 for a one-deal match)."""
        return len(self.series["deals"]) if self.series else 0

    @property
    def started(self) -> bool:
        """True once a move was made: in the current deal, or in an earlier deal of the series."""
        return bool(self.history) or self.deals_finished > 0


def outcome_payload(opponent: str, results: list[SeatResult]) -> dict:
    """A finished game's result as a save keeps it (see :attr:`SaveRecord.outcome`)."""
    return {"opponent": opponent, "seats": [asdict(r) for r in results]}


def outcome_results(payload: dict) -> tuple[str, list[SeatResult]]:
    """(opponent, seat results) back from :func:`outcome_payload`'s form."""
    return payload["opponent"], [SeatResult(**row) for row in payload["seats"]]


def with_saved_times(results: list[SeatResult], stated: dict) -> list[SeatResult]:
    """``results``, computed by replaying a save, with the one figure no replay can know, a timed
    game's time, taken from the result the save states (``stated``, in :func:`outcome_payload`'s form)
    for each seat whose stated row agrees with the replay in everything else. No other stated figure
    is ever taken."""
    rows = {row["seat"]: row for row in (stated or {}).get("seats", [])}
    kept = []
    for result in results:
        row, computed = rows.get(result.seat), asdict(result)
        if (result.seconds is None and row is not None and row.get("seconds") is not None
                and row["seconds"] >= 0 and all(computed.get(k) == v for k, v in row.items() if k != "seconds")):
            result = replace(result, seconds=row["seconds"])
        kept.append(result)
    return kept


@dataclass
class SaveEntry:
    """One line of the resume list: a readable save, or an unreadable one with the reason."""

    path: Path
    record: SaveRecord | None = None
    error: str | None = None

    @property
    def game_id(self) -> str:
        """The game id, or '' when unreadable."""
        return self.record.game if self.record else ""

    @property
    def finished(self) -> bool:
        """True when the saved game has ended."""
        return bool(self.record and self.record.finished)

    @property
    def updated(self) -> str:
        """When the save was last written (ISO time), or ''."""
        return self.record.updated if self.record else ""


def now_iso() -> str:
    """The current UTC time in ISO 8601, to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def new_save_path(game_id: str) -> Path:
    """A fresh, unused file name for a new game's save."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"{game_id}-{stamp}-{secrets.token_hex(3)}.json"


def write_save(path: Path, record: SaveRecord, touch: bool = True) -> Path:
    """Write ``record`` to ``path`` atomically (creating folders); returns the path.

    ``touch`` stamps it as updated now (a bookkeeping rewrite passes False). A failed write raises
    OSError and leaves the previous file whole.
    """
    if touch or not record.updated:
        record.updated = now_iso()
    if not record.created:
        record.created = record.updated
    record.format = SAVE_FORMAT  # a format 1 record is a format 2 one without a series
    write_atomic(path, record.to_json())
    return path


# ----- reading, strictly: a save is refused rather than silently converted ----------------------
def _malformed(detail: str) -> SaveFileError:
    return SaveFileError(f"missing or malformed field: {detail}")


def _whole(value, name: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and INT64_MIN <= value <= INT64_MAX:
        return value
    raise _malformed(f"{name} is not a whole number ({value!r})")


def _whole_list(value, name: str) -> list[int]:
    if not isinstance(value, list):
        raise _malformed(f"{name} is not a list")
    return [_whole(item, f"{name}[{index}]") for index, item in enumerate(value)]


MAX_JOINT_ACTIONS = 64
"""The most actions one joint move may hold in a save (one per seat; no game has more seats)."""


def _history(value, name: str) -> list[int | list[int]]:
    """A history (or redo list): each entry a whole number, or a joint move: a list of 1 to
    :data:`MAX_JOINT_ACTIONS` whole numbers, one per seat (the replay checks each against its seat)."""
    if not isinstance(value, list):
        raise _malformed(f"{name} is not a list")
    if len(value) > MAX_SAVE_ACTIONS:
        raise SaveFileError(f"too many moves: {name} holds {len(value):,}, at most {MAX_SAVE_ACTIONS:,} are read")
    entries: list[int | list[int]] = []
    for index, item in enumerate(value):
        if isinstance(item, list):
            if not 1 <= len(item) <= MAX_JOINT_ACTIONS:
                raise _malformed(f"{name}[{index}] is not a joint move (one action per seat, "
                                 f"1 to {MAX_JOINT_ACTIONS} of them; got {len(item)})")
            entries.append(_whole_list(item, f"{name}[{index}]"))
        else:
            entries.append(_whole(item, f"{name}[{index}]"))
    return entries


def _text(value, name: str) -> str:
    if isinstance(value, str):
        return value
    raise _malformed(f"{name} is not text ({value!r})")


def _flag(value, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise _malformed(f"{name} is not true or false ({value!r})")


def _figure(value, name: str) -> float | None:
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                         and math.isfinite(value)):
        return value
    raise _malformed(f"{name} is not a finite number ({value!r})")


def _outcome(value) -> dict:
    if value in (None, {}):
        return {}
    if not isinstance(value, dict) or not isinstance(value.get("seats"), list):
        raise _malformed("outcome is not a result")
    rows = []
    for index, row in enumerate(value["seats"]):
        name = f"outcome.seats[{index}]"
        if not isinstance(row, dict) or row.get("outcome") not in OUTCOMES:
            raise _malformed(f"{name} has no outcome ({', '.join(OUTCOMES)})")
        rows.append({"seat": _whole(row.get("seat"), f"{name}.seat"), "outcome": row["outcome"],
                     **{key: _figure(row.get(key), f"{name}.{key}") for key in ("score", "best_tile", "chips",
                                                                                "points", "seconds")},
                     **{key: _optional_whole(row.get(key), f"{name}.{key}") for key in ("place", "deals", "moves")}})
    return {"opponent": _text(value.get("opponent"), "outcome.opponent"), "seats": rows}


def _number(value, name: str) -> float:
    if value is None:
        raise _malformed(f"{name} is not a finite number (None)")
    return _figure(value, name)


def _optional_whole(value, name: str) -> int | None:
    return None if value is None else _whole(value, name)


def _object(value, name: str) -> dict:
    if isinstance(value, dict):
        return value
    raise _malformed(f"{name} is not an object")


def _deal_setup(value, name: str) -> dict:
    value = _object(value, name)
    return {"seed": _whole(value.get("seed"), f"{name}.seed"),
            "params": _object(value.get("params", {}), f"{name}.params")}


def _series(value) -> dict | None:
    """A save's series (see :mod:`tui_games.series_replay`), its fields checked like the rest of the save;
    the replay checks that they hold together."""
    if value is None:
        return None
    value = _object(value, "series")
    for name in ("deals", "current", "standing"):
        if name not in value:
            raise _malformed(f"series has no {name!r}")
    if not isinstance(value["deals"], list):
        raise _malformed("series.deals is not a list")
    deals = []
    for index, raw_deal in enumerate(value["deals"]):
        name = f"series.deals[{index}]"
        deal = _deal_setup(raw_deal, name)
        deal["history"] = _history(raw_deal.get("history"), f"{name}.history")
        deals.append(deal)
    standing = _object(value["standing"], "series.standing")
    scores = standing.get("scores")
    if not isinstance(scores, list):
        raise _malformed("series.standing.scores is not a list")
    return {
        "deals": deals,
        "current": _deal_setup(value["current"], "series.current"),
        "standing": {
            "scores": [_number(score, f"series.standing.scores[{index}]") for index, score in enumerate(scores)],
            "deals": _whole(standing.get("deals"), "series.standing.deals"),
            "button": _whole(standing.get("button"), "series.standing.button"),
            "blind_level": _whole(standing.get("blind_level"), "series.standing.blind_level"),
            "eliminated": _whole_list(standing.get("eliminated"), "series.standing.eliminated"),
            "facts": _object(standing.get("facts", {}), "series.standing.facts"),
        },
        "left": _flag(value.get("left", False), "series.left"),
    }


def _record_from_json(raw: dict, version: int) -> SaveRecord:
    for name in ("game", "seed", "seats", "history"):
        if name not in raw:
            raise _malformed(f"no {name!r}")
    params = raw.get("params") or {}
    if not isinstance(params, dict):
        raise _malformed("params is not an object")
    seats = raw["seats"]
    if not isinstance(seats, list):
        raise _malformed("seats is not a list")
    return SaveRecord(
        game=_text(raw["game"], "game"),
        params=params,
        seed=_whole(raw["seed"], "seed"),
        seats=[_text(seat, f"seats[{index}]") for index, seat in enumerate(seats)],
        history=_history(raw["history"], "history"),
        rules_version=_whole(raw.get("rules_version", 1), "rules_version"),
        redo=_history(raw.get("redo", []), "redo"),
        finished=_flag(raw.get("finished", False), "finished"),
        result=_text(raw.get("result", ""), "result"),
        title=_text(raw.get("title", ""), "title"),
        created=_text(raw.get("created", ""), "created"),
        updated=_text(raw.get("updated", ""), "updated"),
        format=version,
        app_version=_text(raw.get("app_version", ""), "app_version"),
        game_key=_text(raw.get("game_key", ""), "game_key"),
        outcome=_outcome(raw.get("outcome")),
        stats_recorded=_flag(raw.get("stats_recorded", False), "stats_recorded"),
        series=_series(raw.get("series")) if version >= 2 else None,
    )


def check_record(record: SaveRecord) -> None:
    """Raise SaveFileError unless the catalogue knows the game and its rules version, and the seats
    and parameters suit it (all without compiling anything; the moves are checked on replay)."""
    try:
        spec = get(record.game)
    except UnknownGameError:
        raise SaveFileError(f"unknown game {record.game!r}") from None
    if record.rules_version > spec.rules_version:
        raise SaveFileError(f"saved with newer {spec.title} rules (version {record.rules_version}, "
                            f"this version knows up to {spec.rules_version})")
    try:
        seats = [Seat.parse(text) for text in record.seats]
        check_seats(spec, seats)
        spec.resolve_params(record.params)
        check_seat_count_param(spec, record.params, seats)
        if record.series is not None:
            if len(record.series["standing"]["scores"]) != len(seats):
                raise InvalidParameterError(f"the series has {len(record.series['standing']['scores'])} "
                                            f"scores for {len(seats)} seats")
            for setup in [*record.series["deals"], record.series["current"]]:
                spec.resolve_params(setup["params"])
    except InvalidParameterError as error:
        raise SaveFileError(f"does not suit {spec.title}: {error}") from None
    _check_lengths(spec, record)


def _check_lengths(spec: GameSpec, record: SaveRecord) -> None:
    """SaveFileError when a deal holds more actions than ``spec.max_plies``, or the save more than
    :data:`MAX_SAVE_ACTIONS` (a replay of that many would take minutes and gigabytes)."""
    deals = [len(deal["history"]) for deal in record.series["deals"]] if record.series else []
    deals.append(len(record.history) + len(record.redo))
    longest = max(deals)
    if longest > spec.max_plies:
        raise SaveFileError(f"too many moves: a deal holds {longest:,}, and {spec.title} has at most "
                            f"{spec.max_plies:,}")
    if sum(deals) > MAX_SAVE_ACTIONS:
        raise SaveFileError(f"too many moves: {sum(deals):,} in all, at most {MAX_SAVE_ACTIONS:,} are read")


def parse_record(text: str) -> SaveRecord:
    """A SaveRecord from JSON text; raises SaveFileError with the reason when it is not one.

    Values are refused, never converted: a fractional or out-of-range number, text where a number
    belongs, an unknown game, seats or parameters the game does not have.
    """
    try:
        raw = json.loads(text)
    except RecursionError:
        raise SaveFileError("not a save document (JSON nested too deeply)") from None
    except ValueError as error:
        raise SaveFileError(f"not valid JSON ({error})") from None
    if not isinstance(raw, dict):
        raise SaveFileError("not a save document (expected a JSON object)")
    version = raw.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError("no save format version")
    if version > SAVE_FORMAT:
        raise SaveFileError(
            f"written by a newer tui-games (save format {version}, this version reads up to {SAVE_FORMAT})"
        )
    try:
        record = _record_from_json(raw, version)
    except RecursionError:
        raise SaveFileError("not a save document (nested too deeply)") from None
    check_record(record)
    return record


def read_save(path: Path) -> SaveRecord:
    """The record in ``path``; raises SaveFileError with the reason when it cannot be read (a named
    pipe, a device or a folder is never opened for reading, and a file over MAX_SAVE_BYTES never read
    whole)."""
    try:
        text = read_text_capped(Path(path), MAX_SAVE_BYTES)
    except UnicodeDecodeError:
        raise SaveFileError("not a text file") from None
    except FileNotFoundError:
        raise SaveFileError(f"no save file at {path}") from None
    except (NotARegularFile, FileTooLarge) as error:
        raise SaveFileError(f"{error}") from None
    except OSError as error:
        raise SaveFileError(f"cannot read it ({error.strerror or error})") from None
    return parse_record(text)


# ----- moving unreadable saves aside -------------------------------------------------------------
def quarantine(path: Path, reason: str) -> Path:
    """Move an unreadable save aside with a note of ``reason``; never deletes it. Returns the new path.

    Raises OSError when it cannot be moved (a read-only saves folder): the file then stays put.
    """
    path = Path(path)
    target_dir = quarantine_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / path.name
    while target.exists():
        target = target_dir / f"{path.stem}.{time.time_ns()}{path.suffix}"
    shutil.move(str(path), str(target))
    try:
        (target.parent / (target.name + REASON_SUFFIX)).write_text(reason + "\n", encoding="utf-8")
    except OSError:
        pass  # the file is safe; only the note of why is missing
    return target


def set_aside(path: Path, reason: str) -> str:
    """Quarantine ``path`` if it can be moved; returns ``reason`` with where it went, or why it stays."""
    try:
        target = quarantine(path, reason)
    except OSError as error:
        return f"{reason} (it could not be moved aside: {error.strerror or error})"
    return f"{reason} (moved aside to {target})"


def in_saves_folder(path: Path) -> bool:
    """True when ``path`` is a user save in the saves folder (not an example or a file elsewhere)."""
    try:
        return Path(path).resolve().parent == saves_dir().resolve()
    except OSError:
        return False


def _quarantined_entries() -> list[SaveEntry]:
    folder = quarantine_dir()
    try:
        paths = sorted(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return []
    entries = []
    for path in paths:
        if path.name.endswith(REASON_SUFFIX) or path.is_dir():
            continue
        note = path.parent / (path.name + REASON_SUFFIX)
        try:
            reason = note.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            reason = "unreadable"
        entries.append(SaveEntry(path=path, error=f"moved aside: {reason}"))
    return entries


def list_saves() -> list[SaveEntry]:
    """Every user save, newest first; unreadable ones are moved aside and listed with the reason.

    A save that cannot be moved aside (read-only folder) is listed where it is, with the reason.
    Temp files left by a killed writer are removed on the way.
    """
    folder = saves_dir()
    readable: list[SaveEntry] = []
    stuck: list[SaveEntry] = []
    if folder.is_dir():
        remove_stale_temp_files(folder)
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError:
            paths = []
        for path in paths:
            try:
                readable.append(SaveEntry(path=path, record=read_save(path)))
            except SaveFileError as error:
                try:
                    quarantine(path, str(error))
                except OSError as move_error:
                    stuck.append(SaveEntry(path=path, error=(
                        f"{error} (it could not be moved aside: {move_error.strerror or move_error})")))
    readable.sort(key=lambda e: e.updated, reverse=True)
    return readable + stuck + _quarantined_entries()


def bundled_examples() -> list[SaveEntry]:
    """The example saves shipped with the program (puzzles, openings, late positions)."""
    entries = []
    folder = bundled_saves_dir()
    for item in sorted(folder.glob("*.json"), key=lambda p: p.name):
        if not item.name.endswith(".json"):
            continue
        try:
            entries.append(SaveEntry(path=Path(str(item)), record=read_save(Path(str(item)))))
        except SaveFileError as error:
            entries.append(SaveEntry(path=Path(str(item)), error=str(error)))
    return entries


def delete_save(path: Path) -> None:
    """Delete the user's save ``path`` because the player asked to (the resume screen, after asking).

    Only a ``.json`` file directly in the saves folder, or one moved aside with its note, can be
    deleted; anything else (a bundled example, a file elsewhere) raises SaveFileError, and so does a
    save another session has open. A file that is already gone is not an error. A folder that refuses
    the deletion raises SaveFileError saying why.
    """
    target = Path(path)
    try:
        folder = target.resolve().parent
        allowed = {saves_dir().resolve(), quarantine_dir().resolve()}
    except (OSError, RuntimeError) as error:
        raise SaveFileError(f"cannot find {target.name} ({error})") from None
    if folder not in allowed or target.suffix != ".json":
        raise SaveFileError(f"{target.name} is not one of your saved games")
    try:
        lock = locks.claim(target) if folder == saves_dir().resolve() else None
    except SaveInUseError as error:
        raise SaveFileError(f"{target.name} cannot be deleted: {error}") from None
    try:
        target.unlink(missing_ok=True)
        if folder == quarantine_dir().resolve():
            (target.parent / (target.name + REASON_SUFFIX)).unlink(missing_ok=True)
    except OSError as error:
        raise SaveFileError(f"{target.name} could not be deleted ({error.strerror or error})") from None
    finally:
        if lock is not None:
            lock.release()
