"""Save files: one JSON document per game, replayed through the kernels on load.

A save holds the format version, game id, rules version, parameters, seed, seats and the action
history (chance outcomes included), so it can never describe an impossible position. Writes are
atomic. A damaged or newer-format file is moved aside to ``saves/unreadable/`` with a note of the
reason, never deleted or overwritten.
"""

from __future__ import annotations

import json
import secrets
import shutil
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path

from tui_games import __version__
from tui_games.core.errors import SaveFileError
from tui_games.core.locations import quarantine_dir, saves_dir
from tui_games.store.atomic import write_atomic

SAVE_FORMAT = 1
"""The save format this version writes and the newest it reads."""

REASON_SUFFIX = ".reason.txt"


@dataclass
class SaveRecord:
    """The content of a save file."""

    game: str
    params: dict
    seed: int
    seats: list[str]
    history: list[int]
    rules_version: int = 1
    redo: list[int] = field(default_factory=list)
    finished: bool = False
    result: str = ""
    title: str = ""
    created: str = ""
    updated: str = ""
    format: int = SAVE_FORMAT
    app_version: str = __version__

    def to_json(self) -> str:
        """The record as a JSON document."""
        return json.dumps(asdict(self), indent=1) + "\n"


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


def write_save(path: Path, record: SaveRecord) -> Path:
    """Write ``record`` to ``path`` atomically (creating folders); returns the path."""
    record.updated = now_iso()
    if not record.created:
        record.created = record.updated
    write_atomic(path, record.to_json())
    return path


def parse_record(text: str) -> SaveRecord:
    """A SaveRecord from JSON text; raises SaveFileError with the reason when it is not one."""
    try:
        raw = json.loads(text)
    except ValueError as error:
        raise SaveFileError(f"not valid JSON ({error})") from None
    if not isinstance(raw, dict):
        raise SaveFileError("not a save document (expected a JSON object)")
    version = raw.get("format")
    if not isinstance(version, int):
        raise SaveFileError("no save format version")
    if version > SAVE_FORMAT:
        raise SaveFileError(
            f"written by a newer tui-games (save format {version}, this version reads up to {SAVE_FORMAT})"
        )
    try:
        record = SaveRecord(
            game=str(raw["game"]),
            params=dict(raw.get("params") or {}),
            seed=int(raw["seed"]),
            seats=[str(s) for s in raw["seats"]],
            history=[int(a) for a in raw["history"]],
            rules_version=int(raw.get("rules_version", 1)),
            redo=[int(a) for a in raw.get("redo", [])],
            finished=bool(raw.get("finished", False)),
            result=str(raw.get("result", "")),
            title=str(raw.get("title", "")),
            created=str(raw.get("created", "")),
            updated=str(raw.get("updated", "")),
            format=version,
            app_version=str(raw.get("app_version", "")),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise SaveFileError(f"missing or malformed field ({error!r})") from None
    return record


def read_save(path: Path) -> SaveRecord:
    """The record in ``path``; raises SaveFileError with the reason when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SaveFileError("not a text file") from None
    except OSError as error:
        raise SaveFileError(f"cannot read it ({error.strerror or error})") from None
    return parse_record(text)


def quarantine(path: Path, reason: str) -> Path:
    """Move an unreadable save aside with a note of ``reason``; never deletes it. Returns the new path."""
    path = Path(path)
    target_dir = quarantine_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / path.name
    while target.exists():
        target = target_dir / f"{path.stem}.{time.time_ns()}{path.suffix}"
    shutil.move(str(path), str(target))
    (target.parent / (target.name + REASON_SUFFIX)).write_text(reason + "\n", encoding="utf-8")
    return target


def _quarantined_entries() -> list[SaveEntry]:
    folder = quarantine_dir()
    if not folder.is_dir():
        return []
    entries = []
    for path in sorted(folder.iterdir()):
        if path.name.endswith(REASON_SUFFIX) or not path.is_file():
            continue
        note = path.parent / (path.name + REASON_SUFFIX)
        reason = note.read_text(encoding="utf-8").strip() if note.exists() else "unreadable"
        entries.append(SaveEntry(path=path, error=f"moved aside: {reason}"))
    return entries


def list_saves() -> list[SaveEntry]:
    """Every user save, newest first; unreadable ones are moved aside and listed with the reason."""
    folder = saves_dir()
    readable: list[SaveEntry] = []
    if folder.is_dir():
        for path in folder.glob("*.json"):
            try:
                readable.append(SaveEntry(path=path, record=read_save(path)))
            except SaveFileError as error:
                quarantine(path, str(error))
    readable.sort(key=lambda e: e.updated, reverse=True)
    return readable + _quarantined_entries()


def bundled_examples() -> list[SaveEntry]:
    """The example saves shipped with the program (puzzles, openings, late positions)."""
    entries = []
    folder = resources.files("tui_games").joinpath("saves")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".json"):
            continue
        try:
            entries.append(SaveEntry(path=Path(str(item)), record=parse_record(item.read_text("utf-8"))))
        except SaveFileError as error:
            entries.append(SaveEntry(path=Path(str(item)), error=str(error)))
    return entries
