"""The server's ed25519 host key: made on first start (mode 0600), read on every later one.

Players' SSH clients remember this key; keeping it is what lets them trust the server the next time.
A key file that others may read is refused, as sshd refuses one.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

from tui_games.core.errors import TuiGamesError

KEY_TYPE = "ssh-ed25519"
"""The host key's algorithm."""


def private_folder(path: Path) -> Path:
    """Create the folder ``path`` (and its parents) if missing, the last one readable by its owner only."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def load_or_create(path: Path) -> asyncssh.SSHKey:
    """The host key in ``path``, made there first if the file does not exist yet.

    The new key is written to a temporary file (mode 0600) and linked into place, so two servers
    starting at once end up with the same key and a crash never leaves half a key behind.
    """
    path = Path(path)
    if not path.exists():
        private_folder(path.parent)
        key = asyncssh.generate_private_key(KEY_TYPE, comment="tui-games serve")
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(key.export_private_key())
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
        raise TuiGamesError(f"the host key {path} may be read by others (mode {mode:04o}): "
                            f"run `chmod 600 {path}` and start again")
    try:
        return asyncssh.read_private_key(path)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise TuiGamesError(f"the host key {path} cannot be read ({error}): move it aside to make a new one") \
            from None
