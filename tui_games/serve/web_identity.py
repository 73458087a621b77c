"""Who a browser is: a random pseudo-identity in a cookie the server signed (HMAC-SHA256).

A browser without the cookie, or with one the server did not sign, gets a new identity; one with a
valid cookie keeps its identity, and so its folder under the server's ``players/`` folder (settings,
saves, statistics), exactly as an SSH key keeps its own (:mod:`~tui_games.serve.identity`).

The cookie's value is ``<32 hex digits>.<signature>``: the identity's random token and the HMAC of it
under the server's secret, a file of random bytes in the data folder (made on first start, mode 0600;
deleting it makes every cookie invalid). The identity is ``web:<token>``, its folder ``web-<token>``
(hex, so the name is the same on case-insensitive file systems). The cookie says nothing but the
token: it is ``HttpOnly``, ``SameSite=Lax``, and ``Secure`` when the page is served over HTTPS.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from tui_games.core.errors import TuiGamesError
from tui_games.serve.private_files import private_secret

COOKIE_NAME = "tui_games_id"
"""The identity cookie's name."""

COOKIE_MAX_AGE_S = 400 * 24 * 3600
"""How long a browser keeps the cookie (400 days: the longest browsers allow)."""

SECRET_BYTES = 32
"""The length of the signing secret."""

_TOKEN = re.compile(r"[0-9a-f]{32}")
_CONTEXT = b"tui-games web identity v1\0"


@dataclass(frozen=True)
class WebIdentity:
    """One browser's pseudo-identity."""

    token: str
    """32 random hex digits."""

    @property
    def name(self) -> str:
        """The identity as the server counts and logs it: ``web:<token>``."""
        return f"web:{self.token}"

    @property
    def folder_name(self) -> str:
        """The name of its folder under ``players/``: ``web-<token>``."""
        return f"web-{self.token}"


def web_home(players_dir: Path, identity: WebIdentity) -> Path:
    """The identity's folder under ``players_dir``, created (owner-only) if missing."""
    home = Path(players_dir) / identity.folder_name
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    return home


def load_or_create_secret(path: Path) -> bytes:
    """The signing secret in ``path``, made there first (random, mode 0600) if the file does not exist.

    Written to a temporary file and linked into place, so that two servers starting at once share one
    secret and a crash never leaves half of one. A file others may read, or of the wrong length, is
    refused.
    """
    path = Path(path)
    secret = private_secret(path, lambda: secrets.token_bytes(SECRET_BYTES), "the cookie key")
    if len(secret) != SECRET_BYTES:
        raise TuiGamesError(f"the cookie key {path} is not {SECRET_BYTES} bytes long: move it aside to make a new "
                            "one (every browser then gets a new identity)")
    return secret


class CookieSigner:
    """Makes identities and their cookie values, and tells a valid cookie value from any other."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _signature(self, token: str) -> str:
        digest = hmac.new(self._secret, _CONTEXT + token.encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def new(self) -> WebIdentity:
        """A new identity (128 random bits)."""
        return WebIdentity(secrets.token_hex(16))

    def cookie_value(self, identity: WebIdentity) -> str:
        """``<token>.<signature>``."""
        return f"{identity.token}.{self._signature(identity.token)}"

    def identity(self, value: str | None) -> WebIdentity | None:
        """The identity a cookie value carries, when this server signed it; else None."""
        if not value:
            return None
        token, dot, signature = value.partition(".")
        if not dot or not _TOKEN.fullmatch(token):
            return None
        if not hmac.compare_digest(signature.encode("ascii", "replace"), self._signature(token).encode("ascii")):
            return None
        return WebIdentity(token)
