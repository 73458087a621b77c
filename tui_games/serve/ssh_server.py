"""The SSH listener (asyncssh) and each connection: who it is, what it may do, what it is refused.

- Authentication is by public key only (no password, no keyboard-interactive, no host-based, no GSS);
  any key is accepted unless ``--allow-keys`` names the ones that are. The key that authenticated is
  the player's identity (:mod:`~tui_games.serve.identity`); the user name is only a proposed display
  name, or the code of an open room to join at once (``ssh CODE@host``: see
  :class:`~tui_games.serve.ssh_session.GameSession`).
- A new connection counts against its address's rate and the cap on open connections; one over
  either is told so and disconnected as soon as it asks to log in.
- Local and remote port forwarding, Unix-socket forwarding, tun/tap, agent and X11 forwarding are
  refused; so are exec requests and subsystems (sftp, scp) in each session
  (:class:`~tui_games.serve.ssh_session.GameSession`).
- Login timeout, keep-alives, no reverse DNS, no OpenSSH configuration files read.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from tui_games.core.locations import cache_dir
from tui_games.serve.config import ServeConfig
from tui_games.serve.host_key import load_or_create
from tui_games.serve.identity import AllowList, fingerprint
from tui_games.serve.kernel_service import KernelService
from tui_games.serve.printable import display_name
from tui_games.serve.private_files import private_folder
from tui_games.serve.rate_limits import AddressRateLimiter, SessionCaps
from tui_games.serve.room_service import attach_rooms
from tui_games.serve.session_log import log
from tui_games.serve.ssh_session import SAVED, GameSession

STOP_MESSAGE = f"The server is stopping. {SAVED} Goodbye."
"""What every player is told when the server stops."""

SERVER_VERSION = "tui-games"
"""The software name in the server's SSH version string."""


class PlayerConnection(asyncssh.SSHServer):
    """One client connection: its address, its key and display name once logged in, its refusals."""

    def __init__(self, server: "GameServer") -> None:
        self.server = server
        """The server that accepted the connection."""
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        """The client's IP address."""
        self.user_name = ""
        """The user name the client sent (raw; see :attr:`display_name`)."""
        self.display_name: str | None = None
        """The sanitised user name: the name the player proposes to be shown by."""
        self.key: asyncssh.SSHKey | None = None
        """The public key the client logged in with."""
        self.fingerprint: str | None = None
        """The player's identity: the key's SHA256 fingerprint."""
        self._refusal: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        """Count the connection against the rate and the cap."""
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self._refusal = self.server.connection_opened(self)

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection."""
        self.server.connection_closed(self)

    def begin_auth(self, username: str) -> bool:
        """Keep the proposed name; disconnect a refused connection with the reason."""
        self.user_name = username
        self.display_name = display_name(username)
        if self._refusal is not None:
            log("refused", what="connection", why=self._refusal, addr=self.address)
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"tui-games: {self._refusal}")
        return True

    def public_key_auth_supported(self) -> bool:
        """Keys are the only way in."""
        return True

    def password_auth_supported(self) -> bool:
        """No passwords."""
        return False

    def kbdint_auth_supported(self) -> bool:
        """No keyboard-interactive login."""
        return False

    def host_based_auth_supported(self) -> bool:
        """No host-based login."""
        return False

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Accept ``key`` (unless an allow list leaves it out) and take it as the identity.

        asyncssh asks about a key both when the client offers it and when it signs with it, and the
        login ends at the first good signature: the last key accepted here is the one that logged in.
        """
        allow = self.server.allow_list
        if allow is not None and not allow.allows(key, self.address):
            log("refused", what="key", fp=fingerprint(key), addr=self.address)
            return False
        self.key = key
        self.fingerprint = fingerprint(key)
        return True

    def session_requested(self) -> GameSession:
        """A session channel: a game session (it requires a terminal)."""
        return GameSession(self.server, self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        """Refuse local port forwarding."""
        self.refused("local port forwarding")
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        """Refuse remote port forwarding."""
        self.refused("remote port forwarding")
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        """Refuse Unix-socket forwarding."""
        self.refused("unix socket forwarding")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        """Refuse remote Unix-socket forwarding."""
        self.refused("unix socket forwarding")
        return False

    def tun_requested(self, unit: int | None) -> bool:
        """Refuse tunnels."""
        self.refused("tun")
        return False

    def tap_requested(self, unit: int | None) -> bool:
        """Refuse tunnels."""
        self.refused("tap")
        return False

    def refused(self, what: str) -> None:
        """Log one refused request of this connection."""
        log("refused", what=what, fp=self.fingerprint, addr=self.address)


class GameServer:
    """The SSH front end of ``tui-games serve``: :meth:`start`, then :meth:`stop`."""

    def __init__(self, config: ServeConfig, *, engines: KernelService | None = None) -> None:
        self.config = config
        """The settings and limits."""
        self.engines = engines or KernelService()
        """Runs every session's kernels, AI moves and hints in its engine pool (shared with the web front end)."""
        self._own_engines = engines is None
        self.caps = SessionCaps(config.max_sessions, config.per_identity)
        """Sessions open, against their caps."""
        self.rate = AddressRateLimiter(config.connect_rate)
        """New connections per address."""
        self.allow_list = AllowList(config.allow_keys) if config.allow_keys is not None else None
        """The keys let in (None: any key)."""
        self.shared_cache: Path = cache_dir()
        """The cache every session shares (compiled kernels): this process's own."""
        self.sessions: set[GameSession] = set()
        """The sessions running now."""
        self.connections: set[PlayerConnection] = set()
        """The connections open now, logged in or not."""
        self.host_key: asyncssh.SSHKey | None = None
        """The server's host key (after :meth:`start`)."""
        self.port: int | None = None
        """The port listened on (after :meth:`start`)."""
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> int:
        """Make the data folder and host key if needed, open the rooms (shared with the web front end
        through the kernel service), and listen; the port."""
        config = self.config
        private_folder(config.data_dir)
        private_folder(config.players_dir)
        self.host_key = load_or_create(config.host_key_file)
        attach_rooms(self.engines, config.data_dir)
        self._acceptor = await asyncssh.listen(
            config.host, config.ssh_port, server_factory=lambda: PlayerConnection(self),
            server_host_keys=[self.host_key], server_version=SERVER_VERSION,
            public_key_auth=True, password_auth=False, kbdint_auth=False, host_based_auth=False,
            gss_auth=False, gss_kex=False,
            login_timeout=config.login_timeout_s, keepalive_interval=config.keepalive_interval_s,
            keepalive_count_max=config.keepalive_count_max, rdns_lookup=False,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
            line_editor=False, encoding=None, allow_pty=True)
        self.port = self._acceptor.get_port()
        return self.port

    def connection_opened(self, connection: PlayerConnection) -> str | None:
        """Count a new connection; the reason it is refused, or None."""
        self.connections.add(connection)
        if len(self.connections) > self.config.max_connections:
            return "too many connections to this server: please try again later."
        if not self.rate.allow(connection.address):
            wait_s = max(1, round(self.rate.retry_after(connection.address)))
            return f"too many connections from your address: please wait {wait_s} s."
        return None

    def room_code(self, user_name: str) -> str | None:
        """The code of the open room ``user_name`` names (``ssh CODE@host``), or None."""
        rooms = self.engines.rooms
        return rooms.open_code(user_name) if rooms is not None else None

    def returning_name(self, code: str, fingerprint: str) -> str | None:
        """The name the key ``fingerprint`` sits under in room ``code`` (a player coming back), or None."""
        rooms = self.engines.rooms
        return rooms.held_name(code, fingerprint) if rooms is not None else None

    def connection_closed(self, connection: PlayerConnection) -> None:
        """Forget a closed connection."""
        self.connections.discard(connection)

    async def stop(self, message: str = STOP_MESSAGE) -> None:
        """Stop listening, end every session (each app saves its game; each player reads ``message``),
        wait for them, and close every connection."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        sessions = list(self.sessions)
        for session in sessions:
            session.request_end("server stopping", message)
        if sessions:
            await asyncio.wait([asyncio.ensure_future(session.finished.wait()) for session in sessions],
                               timeout=self.config.hangup_grace_s + 5)
        for connection in list(self.connections):
            if connection.conn is not None:
                connection.conn.close()
        if self._own_engines:
            await self.engines.close()
