"""The server's settings and limits, and the ``tui-games serve`` options that set them.

Pure Python (no asyncssh): the command line's parser imports this module to describe the command.
"""

from __future__ import annotations

import argparse
import math
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from tui_games.core.arg_types import port_number, positive_int, positive_seconds


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


def _public_url(text: str) -> str:
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.username or parts.password:
        raise argparse.ArgumentTypeError(f"must be an http:// or https:// address, e.g. https://games.example.org "
                                         f"(got {text!r})")
    return text.rstrip("/")


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
    ssh_port: int | None = 2222
    """The SSH port (0: any free port, as the tests use; None: no SSH front end)."""
    web_port: int | None = None
    """The web front end's HTTP port (0: any free port; None: no web front end)."""
    public_url: str | None = None
    """The web front end's address as players open it (``https://games.example.org``): the only
    origin its websocket accepts, and the cookie is made ``Secure`` when it is HTTPS. None: the page's
    own address, as the browser asked for it."""
    behind_proxy: bool = False
    """The web front end is reached through a reverse proxy: take the client's address and the page's
    scheme and host from the proxy's ``X-Forwarded-For``, ``-Proto`` and ``-Host`` (never otherwise)."""
    max_sessions: int = 64
    """Sessions at once, over all players."""
    per_identity: int = 3
    """Sessions at once of one identity (a key, or a browser's cookie)."""
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

    @property
    def cookie_key_file(self) -> Path:
        """``<data>/web_cookie_key``: the secret that signs the web front end's identity cookies."""
        return self.data_dir / "web_cookie_key"


DESCRIPTION = """\
Serve the games over SSH and in the browser: anyone with an SSH key runs `ssh -p 2222 HOST` and
is at the menu; with --web 8000, anyone opens http://HOST:8000/ and is at the same menu.
A player is their key (its SHA256 fingerprint), or in the browser a signed cookie: their settings,
saves and statistics are kept apart from everyone else's, under the data folder. Passwords are
never asked; any key is welcome unless --allow-keys lists the ones that are.
With neither --ssh nor --web, SSH runs on port 2222; name both to run both in one process."""

EPILOG = """\
safety:
  Each session runs the tui-games app alone, in its own process (on a pseudo-terminal for SSH,
  on pipes for the browser), started without a shell. Commands (ssh HOST cmd), sftp/scp, agent,
  X11 and port forwarding are refused. The browser's websocket is refused (403) unless it comes
  from the page's own origin (--public-url's, when given).

behind a firewall:
  The server listens on 127.0.0.1 unless --host says otherwise. To let players in from outside,
  either listen on every address (--host 0.0.0.0, or :: for IPv6) and open only the server's ports
  in the firewall, e.g. `ufw allow 2222/tcp` or `nft add rule inet filter input tcp dport 2222 accept`;
  or keep loopback and forward one public port to it (a router's port forward, or a TCP proxy).
  Behind a proxy every player seems to come from the proxy's address: raise --rate to match
  (an HTTP proxy can say who the player is: see --behind-proxy below).

behind a TLS proxy:
  Where only HTTPS gets through (port 443), keep the server on loopback and let a TLS terminator
  (stunnel, haproxy, nginx's stream module) accept TLS on 443 and pass the plain TCP stream to
  127.0.0.1:2222. Players then connect with
    ssh -o ProxyCommand="openssl s_client -quiet -connect HOST:443 -servername HOST" HOST
  SSH keeps its own encryption and host key inside the TLS tunnel.
  The web front end speaks plain HTTP: put it behind an HTTPS reverse proxy that passes
  websockets on, e.g. nginx:
    location / {
      proxy_pass http://127.0.0.1:8000;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
    }
  and run `tui-games serve --web 8000 --public-url https://HOST --behind-proxy`. Only with
  --behind-proxy are X-Forwarded-For (the player's address, for --rate), X-Forwarded-Proto and
  X-Forwarded-Host believed: use it only when nothing but the proxy can reach the port.

stopping:
  SIGTERM (or Ctrl-C) stops the server: every session's app saves its game and ends, and each
  player is told the server is stopping."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``."""
    defaults = ServeConfig.__dataclass_fields__
    parser.add_argument("--ssh", type=port_number, default=None, metavar="PORT",
                        help=f"serve over SSH on this port (default {defaults['ssh_port'].default} "
                             "unless only --web is given)")
    parser.add_argument("--web", type=port_number, default=None, metavar="PORT",
                        help="serve in the browser on this HTTP port (default: not)")
    parser.add_argument("--public-url", type=_public_url, default=None, metavar="URL",
                        help="the web page's address as players open it, e.g. https://games.example.org: "
                             "the only origin the websocket accepts (default: the page's own)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="the web port is reached through a reverse proxy: believe its X-Forwarded-* headers")
    parser.add_argument("--host", default=defaults["host"].default,
                        help="the address to listen on (default %(default)s: this machine only)")
    parser.add_argument("--data", type=Path, default=None, metavar="DIR",
                        help="the server's folder: host key and players' data (default: <user data>/server)")
    parser.add_argument("--max-sessions", type=positive_int, default=defaults["max_sessions"].default, metavar="N",
                        help="sessions at once (default %(default)s)")
    parser.add_argument("--per-identity", type=positive_int, default=defaults["per_identity"].default, metavar="N",
                        help="sessions at once of one key or browser (default %(default)s)")
    parser.add_argument("--allow-keys", type=Path, default=None, metavar="FILE",
                        help="an authorized_keys file: only its keys get in (default: any key)")
    parser.add_argument("--idle-timeout", type=positive_seconds, default=defaults["idle_timeout_s"].default,
                        metavar="SECONDS", help="end a session without input for this long (default %(default)g)")
    parser.add_argument("--max-session-length", type=positive_seconds, default=defaults["max_session_s"].default,
                        metavar="SECONDS", help="the longest a session may last (default %(default)g)")
    parser.add_argument("--rate", type=parse_rate, default=defaults["connect_rate"].default,
                        metavar="COUNT/SECONDS",
                        help="new connections allowed from one address (default %(default)s)")
    parser.add_argument("--input-rate", type=parse_rate, default=defaults["input_rate"].default,
                        metavar="BYTES/SECONDS",
                        help="input one session may send; faster input waits (default %(default)s)")


def config_from_args(args: argparse.Namespace) -> ServeConfig:
    """The :class:`ServeConfig` the parsed ``serve`` options describe (SSH on its default port when
    neither ``--ssh`` nor ``--web`` is given)."""
    ssh_port = args.ssh
    if ssh_port is None and args.web is None:
        ssh_port = ServeConfig.__dataclass_fields__["ssh_port"].default
    return ServeConfig(data_dir=args.data if args.data is not None else default_data_dir(),
                       host=args.host, ssh_port=ssh_port, web_port=args.web, public_url=args.public_url,
                       behind_proxy=args.behind_proxy, max_sessions=args.max_sessions,
                       per_identity=args.per_identity, allow_keys=args.allow_keys,
                       idle_timeout_s=args.idle_timeout, max_session_s=args.max_session_length,
                       connect_rate=args.rate, input_rate=args.input_rate)
