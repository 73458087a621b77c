"""The server's ed25519 host key: made on first start (mode 0600), read on every later one.

Players' SSH clients remember this key; keeping it is what lets them trust the server the next time.
A key file that others may read is refused, as sshd refuses one.
"""

from __future__ import annotations

from pathlib import Path

import asyncssh

from tui_games.core.errors import TuiGamesError
from tui_games.serve.private_files import private_secret

KEY_TYPE = "ssh-ed25519"
"""The host key's algorithm."""


def load_or_create(path: Path) -> asyncssh.SSHKey:
    """The host key in ``path``, made there first if the file does not exist yet.

    The new key is written to a temporary file (mode 0600) and linked into place, so two servers
    starting at once end up with the same key and a crash never leaves half a key behind.
    """
    path = Path(path)
    data = private_secret(path, lambda: asyncssh.generate_private_key(KEY_TYPE, comment="tui-games serve")
                          .export_private_key(), "the host key")
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise TuiGamesError(f"the host key {path} cannot be read ({error}): move it aside to make a new one") \
            from None
