"""Files and folders only the server's user may read: its data folder, the SSH host key, the cookie
secret. A secret is made once, written whole to a temporary file (mode 0600) and linked into place,
so two servers starting at once end up with the same one and a crash never leaves half of one
behind; a secret file that others may read is refused, as sshd refuses such a host key."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

from tui_games.core.errors import TuiGamesError


def private_folder(path: Path) -> Path:
    """Create the folder ``path`` (and its parents) if missing, the last one readable by its owner only."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def private_secret(path: Path, make: Callable[[], bytes], what: str) -> bytes:
    """The bytes of the secret file ``path``, made first from ``make()`` if it does not exist yet;
    TuiGamesError (naming ``what``, e.g. 'the host key') when others may read it."""
    path = Path(path)
    if not path.exists():
        private_folder(path.parent)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(make())
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass  # another server made it first: use theirs
        finally:
            temporary.unlink(missing_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        raise TuiGamesError(f"{what} {path} may be read by others (mode {mode:04o}): "
                            f"run `chmod 600 {path}` and start again")
    return path.read_bytes()
