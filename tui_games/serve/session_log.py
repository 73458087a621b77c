"""The server's log: one line per session when it ends, and one per refusal, as ``key=value`` pairs.

A value that is not a plain word (a client's user name or terminal type may hold anything) is written
as a JSON string, so that no client can start a line of its own or send escape sequences to the
operator's terminal.
"""

from __future__ import annotations

import json
import logging
import re

LOGGER = logging.getLogger("tui_games.serve")
"""The logger every line goes to (the runner sends it to standard error)."""

_PLAIN = re.compile(r"[A-Za-z0-9_.:/@+=,-]+")


def _value(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.1f}"
    text = str(value)
    return text if _PLAIN.fullmatch(text) else json.dumps(text)


def line(event: str, **fields: object) -> str:
    """``event key=value ...`` (fields that are None left out)."""
    return " ".join([event] + [f"{key}={_value(value)}" for key, value in fields.items() if value is not None])


def log(event: str, **fields: object) -> None:
    """Log one line (see :func:`line`) at INFO level."""
    LOGGER.info(line(event, **fields))
