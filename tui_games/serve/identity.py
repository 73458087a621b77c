"""Who a player is: the SHA256 fingerprint of their SSH public key (as ssh-chat names its users).

The user name a client sends (``ssh NAME@host``) proves nothing; it is only the name the player
proposes to be shown by (:func:`~tui_games.serve.printable.display_name`). Each key has its own folder under the server's
``players/`` folder (settings, saves, statistics), named from the key's digest in hex so that the
name is safe on every file system, case-insensitive ones included.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import asyncssh

from tui_games.core.errors import TuiGamesError

def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's identity as OpenSSH prints it: ``SHA256:<base64, no padding>``."""
    return key.get_fingerprint("sha256")


def folder_name(key: asyncssh.SSHKey) -> str:
    """The name of the key's folder: ``sha256-<64 hex digits>`` (the digest of the fingerprint)."""
    return "sha256-" + hashlib.sha256(key.public_data).hexdigest()


def player_home(players_dir: Path, key: asyncssh.SSHKey) -> Path:
    """The key's folder under ``players_dir``, created (owner-only) if missing."""
    home = Path(players_dir) / folder_name(key)
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    return home


class AllowList:
    """The keys of an authorized_keys file (``--allow-keys``); its ``from=`` options are honoured.

    The file is read once, when the server starts.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        """The file the keys were read from."""
        try:
            self._keys = asyncssh.read_authorized_keys(str(self.path))
        except OSError as error:
            raise TuiGamesError(f"cannot read --allow-keys {self.path}: {error.strerror or error}") from None
        except (asyncssh.KeyImportError, ValueError) as error:
            raise TuiGamesError(f"--allow-keys {self.path} is not an authorized_keys file: {error}") from None

    def allows(self, key: asyncssh.SSHKey, address: str) -> bool:
        """True when ``key`` is listed (and its entry's ``from=``, if any, matches ``address``)."""
        return self._keys.validate(key, address, address) is not None
