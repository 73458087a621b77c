"""Load on the SSH front end: N players connect at once, each gets the menu; how long that takes, and
what each session costs in memory.

    python benchmarks/serve_load.py [--sessions 50] [--ramp PER_SECOND] [--json]

It runs the real command, ``python -m tui_games serve --ssh 0``, on an ephemeral loopback port with a
fresh data folder (``--max-sessions`` raised to fit, the connection rate opened up: every client comes
from 127.0.0.1), and opens ``--sessions`` SSH connections, each with a key of its own (so the cap per
identity does not bite), each asking for an 80x24 pseudo-terminal and reading it through the ``pyte``
terminal emulator until the menu is drawn. All start at once, or ``--ramp`` a second.

Then, with every session open, it reads the memory of each session (its UI process and anything that
process started) from ``/proc/PID/smaps_rollup``: RSS, and PSS, which shares each page out among the
processes that map it, so that the interpreter and libraries every session maps are counted once in
all. The session processes are the server's children that run ``tui_games.serve.session_main``; any
other child of the server (a worker pool) is reported as the pool. Then it closes every connection
and checks that no session process, nor any process of a session's group, is left.

Output: a table, or with ``--json`` one object: ``sessions``; ``first_screen_p50_s``,
``first_screen_p95_s``, ``first_screen_max_s`` (from a session's connect to its menu on screen);
``mib_per_session_rss`` and ``mib_per_session_pss`` (means over the sessions); ``mib_per_session``,
the same figure as ``mib_per_session_pss`` (PSS is the fair cost of one more session);
``session_pss_max_mib``; ``server_mib`` (the server process's own RSS); ``pool_mib`` (the RSS of its
other children); ``all_closed_s`` (from closing the connections until no session process is left);
``left_over_processes``. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

MENU_TEXT = ("tui-games", "Tic Tac Toe")
"""Text the menu always shows: the title and the first game."""

COLS, ROWS = 80, 24
"""Each client's terminal size (the smallest the app lays out for)."""

SESSION_MODULE = b"tui_games.serve.session_main"
"""What a session's command line runs (see ``tui_games.serve.session_process.session_command``)."""

MIB = 1024 * 1024

REPO = str(Path(__file__).resolve().parents[1])
"""The checkout this benchmark belongs to: the server runs its ``tui_games``."""


# ----- processes, from /proc -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Proc:
    """One process as /proc shows it."""

    pid: int
    """Its process id."""
    ppid: int
    """Its parent's pid."""
    pgid: int
    """Its process group's id."""


def processes() -> dict[int, Proc]:
    """Every process visible now, by pid (one that ends while being read is left out)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold anything
        found[int(entry.name)] = Proc(int(entry.name), int(fields[1]), int(fields[2]))
    return found


def descendants(pid: int, table: dict[int, Proc]) -> list[int]:
    """``pid`` and every process below it in ``table``."""
    children: dict[int, list[int]] = {}
    for proc in table.values():
        children.setdefault(proc.ppid, []).append(proc.pid)
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, ()))
    return tree


def is_session_process(pid: int) -> bool:
    """True when ``pid`` runs a session's UI module."""
    try:
        return SESSION_MODULE in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False


def memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of ``pid`` in bytes, from ``/proc/PID/smaps_rollup`` ((0, 0) once it is gone)."""
    values = {}
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name in ("Rss", "Pss"):
            values[name] = int(rest.split()[0]) * 1024
    return values.get("Rss", 0), values.get("Pss", 0)


def session_pids(server_pid: int) -> list[int]:
    """The server's children that are session UI processes."""
    return sorted(proc.pid for proc in processes().values()
                  if proc.ppid == server_pid and is_session_process(proc.pid))


def left_over(server_pid: int, sessions: list[int]) -> list[int]:
    """Processes still there of the given sessions: a session process (even a zombie), a child the
    server has not reaped, or any process of a session's own group."""
    groups = set(sessions)
    return sorted(proc.pid for proc in processes().values()
                  if proc.pid != server_pid
                  and (proc.pid in groups or proc.pgid in groups
                       or (proc.ppid == server_pid and is_session_process(proc.pid))))


# ----- the server --------------------------------------------------------------------------------------
class ServerProcess:
    """``python -m tui_games serve`` on an ephemeral loopback port; its log lines are kept."""

    def __init__(self, process: asyncio.subprocess.Process, port: int, lines: list[str],
                 drain: asyncio.Task) -> None:
        self.process = process
        self.pid = process.pid
        """The server's process id."""
        self.port = port
        """The SSH port it listens on."""
        self.lines = lines
        """Its standard error so far."""
        self._drain = drain

    @classmethod
    async def start(cls, data_dir: Path, max_sessions: int, timeout: float = 60.0) -> "ServerProcess":
        """Start the server and wait for its "listening" line."""
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [REPO, os.environ.get("PYTHONPATH")])))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui_games", "serve", "--ssh", "0", "--host", "127.0.0.1",
            "--data", str(data_dir), "--max-sessions", str(max_sessions), "--per-identity", "1",
            "--rate", f"{max_sessions * 100}/1", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=env)
        lines: list[str] = []
        listening = asyncio.get_running_loop().create_future()

        async def drain() -> None:
            while raw := await process.stderr.readline():
                text = raw.decode(errors="replace").rstrip()
                lines.append(text)
                found = re.search(r"\blistening\b.*\bport=(\d+)", text)
                if found and not listening.done():
                    listening.set_result(int(found.group(1)))
            if not listening.done():
                listening.set_exception(RuntimeError("the server ended before it listened:\n" + "\n".join(lines)))

        task = asyncio.get_running_loop().create_task(drain())
        try:
            port = await asyncio.wait_for(listening, timeout)
        except BaseException:
            process.kill()
            await process.wait()
            task.cancel()
            raise
        return cls(process, port, lines, task)

    async def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM, then SIGKILL after ``timeout``; the exit status."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except asyncio.TimeoutError:
                self.process.kill()
        status = await self.process.wait()
        await asyncio.wait([self._drain], timeout=2)
        return status


# ----- one client --------------------------------------------------------------------------------------
class Client:
    """One player: an SSH connection with an 80x24 pty whose output is drawn by pyte until the menu shows."""

    def __init__(self, index: int) -> None:
        self.index = index
        """Its number (its user name is ``load<index>``)."""
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        """Its own key: its own identity on the server."""
        self.screen = pyte.Screen(COLS, ROWS)
        """What its terminal shows (drawn until the menu is there)."""
        self._stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.started = 0.0
        self.first_screen_s: float | None = None
        """Seconds from the connect to the menu on screen (None: not yet)."""
        self.menu = asyncio.Event()
        """Set when the menu showed, or when the session ended without it."""
        self.error: BaseException | None = None
        """What ended the session early, if anything did."""

    @property
    def text(self) -> str:
        """What the screen shows."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def run(self, port: int) -> None:
        """Connect, open the pty and read until the connection closes (recording when the menu shows)."""
        self.started = time.monotonic()
        try:
            self.conn = await asyncssh.connect(
                "127.0.0.1", port, username=f"load{self.index}", client_keys=[self.key], known_hosts=None,
                agent_path=None, config=None, preferred_auth="publickey", keepalive_interval=0)
            process = await self.conn.create_process(term_type="xterm-256color", term_size=(COLS, ROWS),
                                                     encoding=None)
            while data := await process.stdout.read(65536):
                if self.first_screen_s is None:  # after the menu, the output is read and dropped
                    self._stream.feed(data)
                    text = self.text
                    if all(part in text for part in MENU_TEXT):
                        self.first_screen_s = time.monotonic() - self.started
                        self.menu.set()
        except Exception as error:  # noqa: BLE001  (kept for the report; the other sessions go on)
            self.error = error
        finally:
            self.menu.set()  # wake the waiter whatever happened; first_screen_s says which

    def close(self) -> None:
        """Drop the connection."""
        if self.conn is not None:
            self.conn.close()


# ----- the measurement ---------------------------------------------------------------------------------
@dataclass
class LoadResult:
    """What one run measured (see the module docstring for the summary's keys)."""

    first_screen_s: list[float]
    """Per session: seconds from its connect to its menu on screen."""
    session_rss: list[int]
    """Per session process (and its descendants): RSS in bytes."""
    session_pss: list[int]
    """Per session process (and its descendants): PSS in bytes."""
    server_rss: int
    """The server process's own RSS in bytes."""
    pool_rss: int
    """The RSS of the server's children that are not sessions, in bytes."""
    all_closed_s: float
    """From closing the connections until no session process was left."""
    left_over: list[int]
    """The pids left after closing (see :func:`left_over`)."""
    server_log: list[str] = field(default_factory=list)
    """The server's standard error."""

    def summary(self) -> dict:
        """The JSON object ``--json`` prints."""
        times = sorted(self.first_screen_s)
        pss = statistics.fmean(self.session_pss) / MIB if self.session_pss else 0.0
        return {
            "sessions": len(times),
            "first_screen_p50_s": round(statistics.median(times), 3),
            "first_screen_p95_s": round(percentile(times, 0.95), 3),
            "first_screen_max_s": round(times[-1], 3),
            "mib_per_session_rss": round(statistics.fmean(self.session_rss) / MIB, 1) if self.session_rss else 0.0,
            "mib_per_session_pss": round(pss, 1),
            "mib_per_session": round(pss, 1),
            "session_pss_max_mib": round(max(self.session_pss, default=0) / MIB, 1),
            "server_mib": round(self.server_rss / MIB, 1),
            "pool_mib": round(self.pool_rss / MIB, 1),
            "all_closed_s": round(self.all_closed_s, 2),
            "left_over_processes": len(self.left_over),
        }


def percentile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of the sorted ``ordered`` (nearest rank)."""
    rank = math.ceil(q * len(ordered) - 1e-9)
    return ordered[min(len(ordered), max(rank, 1)) - 1]


def measure_memory(server_pid: int) -> tuple[list[int], list[int], int, int]:
    """Per session (its UI process and its descendants): RSS and PSS; the server's RSS; the RSS of the
    server's other children (and theirs)."""
    table = processes()
    rss, pss, pool = [], [], 0
    for child in sorted(proc.pid for proc in table.values() if proc.ppid == server_pid):
        tree = [memory(pid) for pid in descendants(child, table)]
        if is_session_process(child):
            rss.append(sum(r for r, _ in tree))
            pss.append(sum(p for _, p in tree))
        else:
            pool += sum(r for r, _ in tree)
    return rss, pss, memory(server_pid)[0], pool


async def wait_until(predicate, timeout: float, interval: float = 0.1) -> bool:
    """Poll ``predicate()`` until true (True) or ``timeout`` passes (False)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(interval)
    return True


async def run_load(sessions: int = 50, ramp: float | None = None, timeout: float = 300.0,
                   close_timeout: float = 30.0) -> LoadResult:
    """Start a server, open ``sessions`` clients (``ramp`` a second, or all at once), wait up to
    ``timeout`` seconds for every menu, measure, close everything. Raises AssertionError, with a
    screen and the server's log, when a session gets no menu."""
    clients = [Client(index) for index in range(sessions)]
    with tempfile.TemporaryDirectory(prefix="serve-load-") as data:
        server = await ServerProcess.start(Path(data), max_sessions=sessions)
        tasks: list[asyncio.Task] = []
        try:
            loop = asyncio.get_running_loop()
            for client in clients:
                if ramp and tasks:
                    await asyncio.sleep(1 / ramp)
                tasks.append(loop.create_task(client.run(server.port)))
            waiters = [asyncio.ensure_future(client.menu.wait()) for client in clients]
            await asyncio.wait(waiters, timeout=timeout)
            for waiter in waiters:
                waiter.cancel()
            missing = [client for client in clients if client.first_screen_s is None]
            if missing:
                client = missing[0]
                raise AssertionError(
                    f"{len(missing)} of {sessions} sessions got no menu within {timeout:g} s; "
                    f"session {client.index} ({client.error!r}) shows:\n{client.text}\n"
                    "server log:\n" + "\n".join(server.lines[-20:]))
            pids = session_pids(server.pid)
            rss, pss, server_rss, pool_rss = measure_memory(server.pid)
            for client in clients:
                client.close()
            closed_at = time.monotonic()
            await wait_until(lambda: not left_over(server.pid, pids), close_timeout)
            all_closed_s = time.monotonic() - closed_at
            remaining = left_over(server.pid, pids)
            first = [client.first_screen_s for client in clients]
            assert len(pids) == sessions, f"{len(pids)} session processes for {sessions} sessions"
            return LoadResult(first, rss, pss, server_rss, pool_rss, all_closed_s, remaining, server.lines)
        finally:
            for client in clients:
                client.close()
            if tasks:
                await asyncio.wait(tasks, timeout=10)
            for task in tasks:
                task.cancel()
            await server.stop()


def print_table(summary: dict) -> None:
    """The summary as two aligned columns."""
    width = max(map(len, summary))
    for name, value in summary.items():
        print(f"{name:<{width}}  {value}")


def main() -> None:
    """Measure and print (or emit JSON)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=50, help="concurrent sessions (default %(default)s)")
    parser.add_argument("--ramp", type=float, default=None, metavar="PER_SECOND",
                        help="sessions started per second (default: all at once)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds every session has to show the menu (default %(default)g)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.sessions < 1 or (args.ramp is not None and args.ramp <= 0):
        parser.error("--sessions and --ramp must be above 0")
    result = asyncio.run(run_load(args.sessions, args.ramp, args.timeout))
    summary = result.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        print_table(summary)
    if summary["left_over_processes"]:
        sys.exit(f"left over after closing: pids {result.left_over}")


if __name__ == "__main__":
    main()
