"""The server's parts on their own: limits, identity, host key, options and the command's help."""

from __future__ import annotations

import argparse
import os
import stat

import asyncssh
import pytest

from tui_games.cli import build_parser
from tui_games.core.errors import TuiGamesError
from tui_games.serve.config import Rate, ServeConfig, config_from_args, parse_rate
from tui_games.serve.host_key import load_or_create
from tui_games.serve.identity import AllowList, folder_name, player_home
from tui_games.serve.printable import display_name
from tui_games.serve.rate_limits import AddressRateLimiter, SessionCaps, TokenBucket, address_key
from tui_games.serve.session_log import line
from tui_games.serve.session_process import session_environment, terminal_type


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_token_bucket_bursts_then_refills_at_its_rate():
    clock = Clock()
    bucket = TokenBucket(Rate(4, 2), clock)  # 4 at once, 2 a second
    assert [bucket.take() for _ in range(5)] == [True] * 4 + [False]
    assert bucket.seconds_until(1) == pytest.approx(0.5)
    clock.now += 0.5
    assert bucket.take() and not bucket.take()
    clock.now += 100
    assert bucket.available() == 4  # never more than the burst
    assert not bucket.take(5) and bucket.take(4)


def test_address_rate_limiter_counts_each_address_and_an_ipv6_64_as_one():
    clock = Clock()
    limiter = AddressRateLimiter(Rate(2, 60), clock=clock)
    assert [limiter.allow("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert limiter.allow("10.0.0.2")
    assert limiter.retry_after("10.0.0.1") == pytest.approx(30)
    assert limiter.allow("2001:db8::1") and limiter.allow("2001:db8::ffff")
    assert not limiter.allow("2001:db8::1234")  # the same /64
    assert limiter.allow("2001:db8:0:1::1")  # the next /64
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1"
    clock.now += 30
    assert limiter.allow("10.0.0.1")


def test_address_rate_limiter_keeps_at_most_its_entries_forgetting_full_buckets_first():
    clock = Clock()
    limiter = AddressRateLimiter(Rate(1, 60), max_entries=2, clock=clock)
    assert limiter.allow("10.0.0.1") and limiter.allow("10.0.0.2")
    assert limiter.allow("10.0.0.3")  # makes room: the oldest (10.0.0.1) goes
    assert not limiter.allow("10.0.0.3")
    assert len(limiter._buckets) == 2


def test_session_caps_in_all_and_per_identity():
    caps = SessionCaps(total=3, per_identity=2)
    assert caps.open("a") is None and caps.open("a") is None
    assert "already has 2 sessions" in caps.open("a")
    assert caps.open("b") is None
    assert "server is full (3 sessions)" in caps.open("c")
    caps.close("a")
    assert caps.count == 2 and caps.of("a") == 1
    assert caps.open("c") is None


def test_display_name_is_printable_and_short():
    assert display_name("alice") == "alice"
    assert display_name("\x1b[31mred\x07") == "red"  # the escape sequence is cut out whole
    assert display_name("evil\u202egnp.exe") == "evilgnp.exe"  # the bidi override is no character of it
    assert display_name("a  \t b\n") == "a b"
    assert display_name("x" * 40) == "x" * 24
    assert display_name("\x00\x01") == "player"
    assert display_name("Zoë") == "Zoë"


def test_a_key_has_one_folder_named_by_its_digest(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    name = folder_name(key)
    assert name.startswith("sha256-") and len(name) == 7 + 64 and name[7:].isalnum()
    home = player_home(tmp_path / "players", key)
    assert home == tmp_path / "players" / name and home.is_dir()
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert folder_name(asyncssh.generate_private_key("ssh-ed25519")) != name


def test_allow_list_lets_in_only_its_keys_and_honours_from(tmp_path):
    listed, other, local_only = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    path = tmp_path / "authorized_keys"
    path.write_text(listed.export_public_key().decode()
                    + 'from="10.1.2.3" ' + local_only.export_public_key().decode())
    allow = AllowList(path)
    listed, other, local_only = (asyncssh.import_public_key(key.export_public_key())  # as a client offers it
                                 for key in (listed, other, local_only))
    assert allow.allows(listed, "127.0.0.1")
    assert not allow.allows(other, "127.0.0.1")
    assert allow.allows(local_only, "10.1.2.3") and not allow.allows(local_only, "127.0.0.1")
    with pytest.raises(TuiGamesError, match="cannot read --allow-keys"):
        AllowList(tmp_path / "missing")


def test_host_key_is_made_once_owner_only_and_reused(tmp_path):
    path = tmp_path / "data" / "ssh_host_ed25519_key"
    key = load_or_create(path)
    assert key.algorithm == b"ssh-ed25519"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    again = load_or_create(path)
    assert again.get_fingerprint() == key.get_fingerprint()
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    os.chmod(path, 0o644)
    with pytest.raises(TuiGamesError, match="may be read by others"):
        load_or_create(path)


def test_session_environment_is_built_from_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "hunter2")
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/agent")
    env = session_environment("screen-256color", {"COLORTERM": "truecolor", "LD_PRELOAD": "/x.so"},
                              tmp_path / "home", tmp_path / "cache")
    assert "AWS_SECRET_ACCESS_KEY" not in env and "SSH_AUTH_SOCK" not in env and "LD_PRELOAD" not in env
    assert env["TERM"] == "screen-256color" and env["COLORTERM"] == "truecolor"
    assert env["LANG"].endswith("UTF-8")
    assert env["TUI_GAMES_HOME"] == str(tmp_path / "home") and env["TUI_GAMES_CACHE"] == str(tmp_path / "cache")
    assert "COLORTERM" not in session_environment("xterm", {"COLORTERM": "rainbow"}, tmp_path, tmp_path)
    assert terminal_type("xterm;rm -rf /") == "xterm-256color" and terminal_type("") == "xterm-256color"


def test_log_lines_quote_what_a_client_chose():
    assert line("session", user="bob", size="80x24", duration=1.25, pid=None) == \
        "session user=bob size=80x24 duration=1.2"
    assert line("session", user='x\ny "z"') == 'session user="x\\ny \\"z\\""'
    assert "\x1b" not in line("session", term="\x1b[2J")


def test_rate_option_takes_count_per_seconds():
    assert parse_rate("10/60") == Rate(10, 60) and Rate(10, 60).per_second == pytest.approx(1 / 6)
    for bad in ("10", "0/5", "5/0", "a/b", "5/-1", "inf/1"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_rate(bad)


def test_serve_command_options_and_help(tmp_path, capsys):
    args = build_parser().parse_args(["serve", "--ssh", "0", "--data", str(tmp_path), "--max-sessions", "5",
                                      "--per-identity", "2", "--idle-timeout", "60", "--rate", "3/10",
                                      "--max-session-length", "600", "--input-rate", "100/1"])
    config = config_from_args(args)
    assert config == ServeConfig(data_dir=tmp_path, ssh_port=0, max_sessions=5, per_identity=2,
                                 idle_timeout_s=60, max_session_s=600, connect_rate=Rate(3, 10),
                                 input_rate=Rate(100, 1))
    assert config.host == "127.0.0.1"  # loopback unless told otherwise
    defaults = config_from_args(build_parser().parse_args(["serve"]))
    assert (defaults.ssh_port, defaults.max_sessions, defaults.idle_timeout_s) == (2222, 64, 900)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    help_text = capsys.readouterr().out
    assert "behind a firewall" in help_text and "behind a TLS proxy" in help_text
    assert "--web PORT" in help_text
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--max-sessions", "0"])
