"""Chat in a room: what a line may hold, and how often one identity may speak.

A line reaches other people's terminals, so it is cleaned before anyone sees it: escape sequences
(CSI, OSC and the rest) are cut out whole, every other character that is not printable (control,
format, bidirectional-override, unassigned characters; line breaks and tabs become spaces) is
dropped, runs of spaces become one, and the line is cut to :data:`LINE_LIMIT` characters
(:mod:`~tui_games.serve.printable`, which cleans display names too). Each identity has a token bucket
(:class:`ChatLimiter`), shared by every room of the server, so that opening rooms does not buy more
lines.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Callable

from tui_games.serve.config import Rate
from tui_games.serve.printable import clean_text
from tui_games.serve.rate_limits import TokenBucket

LINE_LIMIT = 200
"""The longest chat line, in characters."""

DEFAULT_RATE = Rate(5, 10)
"""Chat lines allowed per identity: a burst of 5, one more every 2 seconds."""


def clean_line(text: object) -> str:
    """A chat line as others may see it (:func:`~tui_games.serve.printable.clean_text`, at most
    :data:`LINE_LIMIT` characters); '' when nothing printable is left."""
    return clean_text(text, LINE_LIMIT)


class ChatLimiter:
    """One :class:`TokenBucket` of ``rate`` per identity (at most ``max_entries``: full buckets, then
    the least recently used, are forgotten first)."""

    def __init__(self, rate: Rate = DEFAULT_RATE, max_entries: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        """The lines allowed per identity."""
        self._clock = clock
        self._max_entries = max_entries
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, identity: str) -> bool:
        """Count one line of ``identity``: True when it is within the rate."""
        bucket = self._buckets.pop(identity, None)
        if bucket is None:
            if len(self._buckets) >= self._max_entries:
                for key in [key for key, old in self._buckets.items() if old.is_full()]:
                    del self._buckets[key]
                while len(self._buckets) >= self._max_entries:
                    self._buckets.popitem(last=False)
            bucket = TokenBucket(self.rate, self._clock)
        self._buckets[identity] = bucket
        return bucket.take()

    def retry_after(self, identity: str) -> float:
        """Seconds until ``identity`` may send a line again (0: now)."""
        bucket = self._buckets.get(identity)
        return 0.0 if bucket is None else bucket.seconds_until(1)


__all__ = ["ChatLimiter", "DEFAULT_RATE", "LINE_LIMIT", "clean_line"]
