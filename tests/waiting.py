"""Waiting in async tests: :func:`until` polls a condition while the running loop (servers, apps,
rooms) goes on, and fails with what it waited for once the bound is passed."""

from __future__ import annotations

import asyncio
import time

WAIT_S = 30.0
"""The longest a test waits by default (a first start on a loaded machine can take seconds)."""


async def until(condition, what: str = "condition", timeout: float = WAIT_S, poll_s: float = 0.02) -> None:
    """Wait until ``condition()`` is true; AssertionError naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await asyncio.sleep(poll_s)
