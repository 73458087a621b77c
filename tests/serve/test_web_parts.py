"""The web front end's parts on their own: the identity cookie and its secret, where a request comes
from, the page, the options, and the session process's environment."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from tui_games.cli import build_parser
from tui_games.core.errors import TuiGamesError
from tui_games.serve.config import ServeConfig, config_from_args
from tui_games.serve.web_identity import CookieSigner, WebIdentity, load_or_create_secret, web_home
from tui_games.serve.web_page import PAGE, SCRIPT, static_dir
from tui_games.serve.web_process import packet, web_session_command, web_session_environment
from tui_games.serve.web_request import client_address, normal_origin, origin_allowed, page_origin


def test_cookie_secret_is_made_once_owner_only_and_reused(tmp_path):
    path = tmp_path / "data" / "web_cookie_key"
    secret = load_or_create_secret(path)
    assert len(secret) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_secret(path) == secret
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    assert load_or_create_secret(tmp_path / "other") != secret
    os.chmod(path, 0o644)
    with pytest.raises(TuiGamesError, match="may be read by others"):
        load_or_create_secret(path)
    os.chmod(path, 0o600)
    path.write_bytes(b"short")
    with pytest.raises(TuiGamesError, match="not 32 bytes long"):
        load_or_create_secret(path)


def test_a_signed_cookie_keeps_its_identity_and_any_other_gets_none():
    signer = CookieSigner(b"k" * 32)
    identity = signer.new()
    assert len(identity.token) == 32 and identity.name == f"web:{identity.token}"
    value = signer.cookie_value(identity)
    assert signer.identity(value) == identity
    token, signature = value.split(".")
    assert signer.identity(f"{token}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}") is None
    other_token = ("0" if token[0] != "0" else "1") + token[1:]
    assert signer.identity(f"{other_token}.{signature}") is None  # a signature belongs to its token
    assert CookieSigner(b"j" * 32).identity(value) is None  # another server's secret
    for bad in (None, "", token, f"{token}.", f"{token.upper()}.{signature}", "x" * 500, f"../..{value}"):
        assert signer.identity(bad) is None
    assert signer.new() != identity


def test_a_browser_has_one_folder_named_by_its_token(tmp_path):
    identity = WebIdentity("0123456789abcdef" * 2)
    home = web_home(tmp_path / "players", identity)
    assert home == tmp_path / "players" / f"web-{identity.token}" and home.is_dir()
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


def test_the_client_address_comes_from_the_proxy_only_behind_one():
    headers = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}
    assert client_address("127.0.0.1", headers, behind_proxy=False) == "127.0.0.1"
    assert client_address("127.0.0.1", headers, behind_proxy=True) == "198.51.100.7"  # the proxy's own entry
    assert client_address("127.0.0.1", {"X-Forwarded-For": "2001:db8::1"}, behind_proxy=True) == "2001:db8::1"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "not-an-address"}, behind_proxy=True) == "127.0.0.1"
    assert client_address("127.0.0.1", {}, behind_proxy=True) == "127.0.0.1"


def test_origins_are_compared_by_scheme_host_and_port():
    assert normal_origin("HTTP://Example.org") == "http://example.org:80"
    assert normal_origin("https://example.org:443/") == "https://example.org:443"
    assert normal_origin("http://[::1]:8000") == "http://[::1]:8000"
    assert normal_origin("null") is None and normal_origin("file:///x") is None
    own = page_origin("http", "127.0.0.1:8000", {}, behind_proxy=False, public_url=None)
    assert own == "http://127.0.0.1:8000"
    assert origin_allowed("http://127.0.0.1:8000", own)
    for foreign in ("http://evil.example:8000", "http://127.0.0.1:8001", "https://127.0.0.1:8000", "null", "", None):
        assert not origin_allowed(foreign, own)
    assert page_origin("http", "evil\r\nx", {}, behind_proxy=False, public_url=None) is None
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org"}
    assert page_origin("http", "127.0.0.1:8000", forwarded, behind_proxy=False, public_url=None) == own
    assert page_origin("http", "127.0.0.1:8000", forwarded, behind_proxy=True, public_url=None) == \
        "https://games.example.org:443"
    public = page_origin("http", "127.0.0.1:8000", forwarded, behind_proxy=True, public_url="https://play.example")
    assert public == "https://play.example:443"  # --public-url wins over everything the request says
    assert origin_allowed("https://play.example", public) and not origin_allowed("http://play.example", public)


def test_the_page_loads_only_this_servers_files():
    assert "//" not in PAGE.replace("<!DOCTYPE html>", "")  # no address of another site
    for name in ("js/textual.js", "css/xterm.css", "fonts/RobotoMono-VariableFont_wght.ttf"):
        assert f"static/{name}" in PAGE
        assert (static_dir() / name).is_file()
    assert 'folder + "ws"' in SCRIPT


def test_the_session_process_runs_the_web_driver_without_the_servers_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SERVE_TEST_SECRET", "hunter2")
    env = web_session_environment(tmp_path / "home", tmp_path / "cache", 120, 40)
    assert "SERVE_TEST_SECRET" not in env
    assert env["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"
    assert (env["COLUMNS"], env["ROWS"], env["COLORTERM"]) == ("120", "40", "truecolor")
    assert env["TUI_GAMES_HOME"] == str(tmp_path / "home") and env["TUI_GAMES_CACHE"] == str(tmp_path / "cache")
    assert web_session_command() == [sys.executable, "-m", "tui_games.serve.web_session_main"]
    assert packet(b"D", b"abc") == b"D\x00\x00\x00\x03abc"


def test_web_options_choose_the_front_ends(tmp_path):
    def config(*argv: str) -> ServeConfig:
        return config_from_args(build_parser().parse_args(["serve", "--data", str(tmp_path), *argv]))

    assert (config().ssh_port, config().web_port) == (2222, None)  # SSH alone, as before
    assert (config("--web", "8000").ssh_port, config("--web", "8000").web_port) == (None, 8000)
    both = config("--ssh", "2200", "--web", "0", "--public-url", "https://games.example.org/", "--behind-proxy")
    assert (both.ssh_port, both.web_port, both.public_url, both.behind_proxy) == \
        (2200, 0, "https://games.example.org", True)
    assert both.host == "127.0.0.1"  # loopback unless told otherwise
    for bad in ("ftp://example.org", "https://", "example.org", "https://example.org/?x=1"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", "--public-url", bad])


def test_help_says_how_to_run_the_web_front_end_behind_a_tls_proxy(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    help_text = capsys.readouterr().out
    for text in ("--web PORT", "--public-url URL", "--behind-proxy", "proxy_set_header Upgrade",
                 "X-Forwarded-Proto", "--public-url https://HOST --behind-proxy"):
        assert text in help_text
