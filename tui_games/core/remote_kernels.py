"""Kernels run elsewhere: the remote-kernel mode of a server's session process, and the registry a
server's engine worker looks kernels up in.

A session process of ``tui-games serve`` runs with ``TUI_GAMES_KERNELS=remote`` and never imports
numba. There :func:`~tui_games.engine.jit.kernel` returns a :class:`KernelProxy` instead of compiling:
calling it asks the server, through the :class:`Transport` the session installed
(:func:`install_transport`), to run the real kernel (named by its module and name) in a worker
process with the same arguments; whatever the kernel wrote into its array arguments is copied back into
the caller's arrays, and its result is returned. numba's types and signatures evaluate to
:class:`Placeholder` objects, which nothing in the session uses.

In every other process (the local app, the server's workers) ``jit.kernel`` compiles as usual and
records each kernel here (:func:`register`), so that a worker runs only the project's own kernels
(:func:`find_kernel`: a module under ``tui_games.games`` or ``tui_games.engine``, a kernel it defines).

This module imports neither numba nor anything that does.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import os
import re
from typing import Any, Callable, Protocol

MODE_VARIABLE = "TUI_GAMES_KERNELS"
"""The environment variable that selects the mode; ``remote`` in a server's session process."""

REMOTE = os.environ.get(MODE_VARIABLE) == "remote"
"""True in a server's session process (decided once, when this module is first imported)."""


class Placeholder:
    """Stands for a numba object in remote mode (``types.int64[::1]``, a signature, an intrinsic):
    every attribute, index or call of it is another placeholder, and nothing can be done with one."""

    __slots__ = ("_name",)

    def __init__(self, name: str = "numba") -> None:
        self._name = name

    def __getattr__(self, name: str) -> "Placeholder":
        if name.startswith("__"):
            raise AttributeError(name)
        return Placeholder(f"{self._name}.{name}")

    def __getitem__(self, key) -> "Placeholder":
        return Placeholder(f"{self._name}[]")

    def __call__(self, *args, **kwargs) -> "Placeholder":
        return Placeholder(f"{self._name}()")

    def __repr__(self) -> str:
        return f"<placeholder {self._name} (remote kernels)>"


class Transport(Protocol):
    """How a session process reaches its server (see :mod:`tui_games.serve.session_kernels`)."""

    def call(self, op: str, body: Any, *, on_part: Callable[[Any], None] | None = None,
             timeout: float | None = None) -> Any:
        """Send request ``op`` with ``body`` and wait for its answer (raises the server's refusal)."""

    def push(self, op: str, body: Any) -> None:
        """Send ``op`` with ``body``, expecting no answer."""


_transport: Transport | None = None


def install_transport(transport: Transport | None) -> None:
    """Route every kernel proxy's calls (and the pool runner's requests) through ``transport``."""
    global _transport
    _transport = transport


def transport() -> Transport:
    """The installed transport; RuntimeError when there is none."""
    if _transport is None:
        raise RuntimeError("no kernel server: this process runs with TUI_GAMES_KERNELS=remote but was given "
                           "no channel to a server")
    return _transport


def prepare_remotely(spec, levels: list[int], report: Callable[[str, int, int], None]) -> None:
    """Prepare a game in remote mode: the server's engine pool compiles or loads its rules and AI
    ``levels`` (its progress passed on to ``report(message, step, steps)``), then the game module is
    loaded here (kernel proxies, and the tables it builds at import through them)."""
    def part(value) -> None:
        if isinstance(value, dict):
            report(str(value.get("message", "")), int(value.get("step", 0)), int(value.get("steps", 0)))

    transport().call("prepare", {"game": spec.id, "levels": [int(level) for level in levels]}, on_part=part)
    spec.definition()
    report(f"{spec.title} is ready", 1, 1)


def kernel_key(function: Callable) -> str:
    """'module:name', which names a kernel between processes."""
    return f"{function.__module__}:{function.__qualname__}"


Path = tuple
"""Where an array sits in a call's arguments: its index, then indices into nested tuples or lists."""


def arrays_in(args, path: Path = ()) -> list[tuple[Path, Any]]:
    """Every numpy array among ``args`` (a list or tuple, nested tuples and lists too), with its path."""
    found = []
    for index, value in enumerate(args):
        if isinstance(value, (tuple, list)):
            found += arrays_in(value, path + (index,))
        elif hasattr(value, "__array_interface__") and hasattr(value, "shape"):
            found.append((path + (index,), value))
    return found


def at(args, path) -> Any:
    """The argument at ``path`` (see :func:`arrays_in`)."""
    for index in path:
        args = args[index]
    return args


_SCALARS = frozenset({int, float, bool})
MEMO_SIZE = 1 << 14
"""Answers a kernel proxy remembers (then it starts afresh)."""


def _scalar_key(args: list) -> tuple | None:
    """A key for arguments that are all numbers (with their types: numba tells np.uint64 from int),
    else None."""
    key = []
    for value in args:
        kind = type(value)
        if kind not in _SCALARS and not (kind.__module__ == "numpy" and kind.__name__ != "ndarray"
                                         and getattr(value, "shape", None) == ()):  # a numpy scalar
            return None
        key.append((kind, value))
    return tuple(key)


class KernelProxy:
    """A kernel of this package run by the server (remote mode; see the module docstring).

    A kernel is a pure function of its arguments (it draws from no hidden random state, and the
    tables it reads are constants compiled into it), so a call whose arguments and answer are plain
    numbers is remembered: views that ask for a slot number or a distance cell by cell ask the server
    once.
    """

    def __init__(self, function: Callable) -> None:
        functools.update_wrapper(self, function)
        self.key = kernel_key(function)
        """'module:name' of the kernel."""
        self._parameters = inspect.signature(function).parameters
        self._arity = len(self._parameters)
        self._memo: dict[tuple, Any] = {}

    def _positional(self, args: tuple, kwargs: dict) -> list:
        if not kwargs and len(args) == self._arity:
            return list(args)
        bound = inspect.Signature(list(self._parameters.values())).bind(*args, **kwargs)
        bound.apply_defaults()  # as numba fills in defaults
        return list(bound.args)

    def __call__(self, *args, **kwargs):
        args = self._positional(args, kwargs)
        memo_key = _scalar_key(args)
        if memo_key is not None and memo_key in self._memo:
            return self._memo[memo_key]
        answer = transport().call("kernel", {"fn": self.key, "args": args})
        for path, value in answer.get("w", ()):
            target = at(args, path)
            target[...] = value
        same = answer.get("same")
        result = at(args, same) if same is not None else answer.get("r")
        if memo_key is not None and _scalar_key([result]) is not None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            self._memo[memo_key] = result
        return result

    def __repr__(self) -> str:
        return f"<remote kernel {self.key}>"


# ----- the workers' side: which kernels may be called ---------------------------------------------

_registry: dict[str, Any] = {}

KERNEL_NAME = re.compile(r"(tui_games\.(?:games|engine)(?:\.[A-Za-z_][A-Za-z0-9_]*)+):([A-Za-z_][A-Za-z0-9_]*)")
"""What a callable kernel's key looks like: a module of the games or the engine, a top-level name."""

NOT_KERNEL_MODULES = ("view", "look", "spec", "__main__")
"""Modules that define no kernel (a view imports Textual): never imported to look for one."""


class UnknownKernel(LookupError):
    """A kernel name that is not one of this package's registered kernels."""


def register(function: Callable, dispatcher: Any) -> None:
    """Record ``dispatcher`` (the compiled ``function``) as callable by its key."""
    _registry[kernel_key(function)] = dispatcher


def find_kernel(key: Any) -> Any:
    """The compiled kernel named ``key`` ('module:name'), importing its module if needed; UnknownKernel
    unless the module is one of the games' or the engine's and the name one of its kernels."""
    match = KERNEL_NAME.fullmatch(key) if isinstance(key, str) and len(key) <= 200 else None
    if match is None:
        raise UnknownKernel(f"{str(key)[:80]!r} does not name a kernel of tui-games")
    module = match.group(1)
    if key not in _registry and module.rsplit(".", 1)[-1] not in NOT_KERNEL_MODULES:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            importlib.import_module(module)
    try:
        return _registry[key]
    except KeyError:
        raise UnknownKernel(f"{key} is not a kernel of tui-games") from None


__all__ = ["KernelProxy", "MODE_VARIABLE", "Placeholder", "REMOTE", "Transport", "UnknownKernel", "arrays_in",
           "at", "find_kernel", "install_transport", "kernel_key", "prepare_remotely", "register", "transport"]
