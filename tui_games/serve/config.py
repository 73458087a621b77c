"""The server's settings and limits, and the ``tui-games serve`` options that set them.

Pure Python (no asyncssh): the command line's parser imports this module to describe the command.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Rate:
    """At most ``count`` events in any ``seconds`` (a token bucket: a burst of ``count``, refilled at
    ``count / seconds`` a second)."""

    count: float
    """The burst: how many may come at once."""
    seconds: float
    """Over how long ``count`` are allowed."""

    @property
    def per_second(self) -> float:
        """The refill rate."""
        return self.count / self.seconds

    def __str__(self) -> str:
        return f"{self.count:g}/{self.seconds:g}"


def parse_rate(text: str) -> Rate:
    """An argparse type: ``COUNT/SECONDS`` (both above 0), e.g. ``10/60``."""
    count_text, slash, seconds_text = text.partition("/")
    try:
        count, seconds = float(count_text), float(seconds_text)
    except ValueError:
        count = seconds = 0.0
    if not slash or not (math.isfinite(count) and math.isfinite(seconds) and count >= 1 and seconds > 0):
        raise argparse.ArgumentTypeError(f"takes COUNT/SECONDS, e.g. 10/60 (got {text!r})")
    return Rate(count, seconds)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number 0..65535 (0: any free port) (got {text!r})")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1 (got {text!r})")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 (got {text!r})")
    return value


def default_data_dir() -> Path:
    """The server's folder when ``--data`` is not given: ``<user data>/server``."""
    from tui_games.core.locations import data_dir

    return data_dir() / "server"


@dataclass(frozen=True)
class ServeConfig:
    """Everything the server needs to know; the defaults are the command's."""

    data_dir: Path = field(default_factory=default_data_dir)
    """The host key, and one folder per player (settings, saves, statistics)."""
    host: str = "127.0.0.1"
    """The address to listen on (loopback unless told otherwise)."""
    ssh_port: int = 2222
    """The SSH port (0: any free port, as the tests use)."""
    max_sessions: int = 64
    """Sessions at once, over all players."""
    per_identity: int = 3
    """Sessions at once of one key."""
    allow_keys: Path | None = None
    """An authorized_keys file: only its keys may connect (None: any key)."""
    idle_timeout_s: float = 900.0
    """A session that sends no input for this long is ended (its game saved)."""
    max_session_s: float = 8 * 3600.0
    """The longest a session may last."""
    connect_rate: Rate = Rate(10, 60)
    """New connections from one address (an IPv6 /64 counts as one)."""
    input_rate: Rate = Rate(32768, 4)
    """Input bytes of one session; beyond it the session is throttled (read later, never dropped)."""
    login_timeout_s: float = 20.0
    """How long a connection may take to authenticate."""
    keepalive_interval_s: float = 30.0
    """How often a quiet client is asked whether it is still there."""
    keepalive_count_max: int = 3
    """Unanswered keep-alives after which the connection is dropped."""
    hangup_grace_s: float = 5.0
    """After a hang-up (or a stop), how long the UI process has to save and exit before it is killed."""

    @property
    def max_connections(self) -> int:
        """Connections open at once, logged in or not: room for every session and for that many again
        still logging in (a connection beyond it is closed at once)."""
        return 2 * self.max_sessions + 16

    @property
    def players_dir(self) -> Path:
        """``<data>/players``: one folder per identity."""
        return self.data_dir / "players"

    @property
    def host_key_file(self) -> Path:
        """``<data>/ssh_host_ed25519_key``."""
        return self.data_dir / "ssh_host_ed25519_key"


DESCRIPTION = """\
Serve the games over SSH: anyone with an SSH key runs `ssh -p 2222 HOST` and is at the menu.
A player is their key (its SHA256 fingerprint): their settings, saves and statistics are kept
apart from everyone else's, under the data folder. Passwords are never asked; any key is welcome
unless --allow-keys lists the ones that are."""

EPILOG = """\
safety:
  Each session runs the tui-games app alone, in its own process on a pseudo-terminal, started
  without a shell. Commands (ssh HOST cmd), sftp/scp, agent, X11 and port forwarding are refused.

behind a firewall:
  The server listens on 127.0.0.1 unless --host says otherwise. To let players in from outside,
  either listen on every address (--host 0.0.0.0, or :: for IPv6) and open only the SSH port in
  the firewall, e.g. `ufw allow 2222/tcp` or `nft add rule inet filter input tcp dport 2222 accept`;
  or keep loopback and forward one public port to it (a router's port forward, or a TCP proxy).
  Behind a proxy every player seems to come from the proxy's address: raise --rate to match.

behind a TLS proxy:
  Where only HTTPS gets through (port 443), keep the server on loopback and let a TLS terminator
  (stunnel, haproxy, nginx's stream module) accept TLS on 443 and pass the plain TCP stream to
  127.0.0.1:2222. Players then connect with
    ssh -o ProxyCommand="openssl s_client -quiet -connect HOST:443 -servername HOST" HOST
  SSH keeps its own encryption and host key inside the TLS tunnel.

stopping:
  SIGTERM (or Ctrl-C) stops the server: every session's app saves its game and ends, and each
  player is told the server is stopping."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``."""
    defaults = ServeConfig.__dataclass_fields__
    parser.add_argument("--ssh", type=_port, default=defaults["ssh_port"].default, metavar="PORT",
                        help="the SSH port (default %(default)s)")
    parser.add_argument("--host", default=defaults["host"].default,
                        help="the address to listen on (default %(default)s: this machine only)")
    parser.add_argument("--data", type=Path, default=None, metavar="DIR",
                        help="the server's folder: host key and players' data (default: <user data>/server)")
    parser.add_argument("--max-sessions", type=_count, default=defaults["max_sessions"].default, metavar="N",
                        help="sessions at once (default %(default)s)")
    parser.add_argument("--per-identity", type=_count, default=defaults["per_identity"].default, metavar="N",
                        help="sessions at once of one key (default %(default)s)")
    parser.add_argument("--allow-keys", type=Path, default=None, metavar="FILE",
                        help="an authorized_keys file: only its keys get in (default: any key)")
    parser.add_argument("--idle-timeout", type=_seconds, default=defaults["idle_timeout_s"].default,
                        metavar="SECONDS", help="end a session without input for this long (default %(default)g)")
    parser.add_argument("--max-session-length", type=_seconds, default=defaults["max_session_s"].default,
                        metavar="SECONDS", help="the longest a session may last (default %(default)g)")
    parser.add_argument("--rate", type=parse_rate, default=defaults["connect_rate"].default,
                        metavar="COUNT/SECONDS",
                        help="new connections allowed from one address (default %(default)s)")
    parser.add_argument("--input-rate", type=parse_rate, default=defaults["input_rate"].default,
                        metavar="BYTES/SECONDS",
                        help="input one session may send; faster input waits (default %(default)s)")


def config_from_args(args: argparse.Namespace) -> ServeConfig:
    """The :class:`ServeConfig` the parsed ``serve`` options describe."""
    return ServeConfig(data_dir=args.data if args.data is not None else default_data_dir(),
                       host=args.host, ssh_port=args.ssh, max_sessions=args.max_sessions,
                       per_identity=args.per_identity, allow_keys=args.allow_keys,
                       idle_timeout_s=args.idle_timeout, max_session_s=args.max_session_length,
                       connect_rate=args.rate, input_rate=args.input_rate)
