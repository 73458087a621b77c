"""The server's limits: token buckets (new connections per address, input bytes per session) and the
session caps (in all, and per key).

Ideas from charmbracelet/wish's rate limiter (a bucket per remote address, in a bounded cache) and
ssh-chat's input limiter (a fast typist and a paste pass, a flood does not).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from typing import Callable

from tui_games.serve.config import Rate


class TokenBucket:
    """Up to ``rate.count`` tokens, refilled at ``rate.per_second``; it starts full."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        """The burst and the refill."""
        self._clock = clock
        self._tokens = float(rate.count)
        self._stamp = clock()

    def available(self) -> float:
        """The tokens there now."""
        now = self._clock()
        self._tokens = min(float(self.rate.count), self._tokens + (now - self._stamp) * self.rate.per_second)
        self._stamp = now
        return self._tokens

    def take(self, amount: float = 1.0) -> bool:
        """Spend ``amount`` tokens if there are that many (True), else spend none (False)."""
        if self.available() >= amount:
            self._tokens -= amount
            return True
        return False

    def seconds_until(self, amount: float) -> float:
        """How long until ``amount`` tokens (at most a full bucket) are there; 0 when they are now."""
        missing = min(amount, self.rate.count) - self.available()
        return max(0.0, missing / self.rate.per_second)

    def is_full(self) -> bool:
        """True when the bucket has refilled completely (nothing would be lost by forgetting it)."""
        return self.available() >= self.rate.count


def address_key(address: str) -> str:
    """What one client is, for the connection rate: its IPv4 address, or the /64 network of an IPv6
    one (a host has a whole /64 to pick from); other strings (a Unix socket) are taken as they are."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class AddressRateLimiter:
    """One :class:`TokenBucket` per client address (see :func:`address_key`), at most ``max_entries``
    of them: when more addresses come, full buckets are forgotten first, then the least recently used."""

    def __init__(self, rate: Rate, max_entries: int = 4096, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        """Connections allowed per address."""
        self._max_entries = max_entries
        self._clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, address: str) -> bool:
        """Count one new connection from ``address``: True when it is within the rate."""
        key = address_key(address)
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            self._make_room()
            bucket = TokenBucket(self.rate, self._clock)
        self._buckets[key] = bucket
        return bucket.take()

    def retry_after(self, address: str) -> float:
        """Seconds until ``address`` may connect again (0: now)."""
        bucket = self._buckets.get(address_key(address))
        return 0.0 if bucket is None else bucket.seconds_until(1)

    def _make_room(self) -> None:
        if len(self._buckets) < self._max_entries:
            return
        for key in [key for key, bucket in self._buckets.items() if bucket.is_full()]:
            del self._buckets[key]
        while len(self._buckets) >= self._max_entries:
            self._buckets.popitem(last=False)


class SessionCaps:
    """Counts the sessions open, in all and per identity, against their caps."""

    def __init__(self, total: int, per_identity: int) -> None:
        self.total = total
        """The most sessions at once."""
        self.per_identity = per_identity
        """The most sessions at once of one identity."""
        self._open: dict[str, int] = {}

    @property
    def count(self) -> int:
        """Sessions open now."""
        return sum(self._open.values())

    def of(self, identity: str) -> int:
        """Sessions of ``identity`` open now."""
        return self._open.get(identity, 0)

    def open(self, identity: str) -> str | None:
        """Count a new session of ``identity``; or, when a cap is reached, count nothing and return
        the sentence that tells the client why."""
        if self.count >= self.total:
            return f"The server is full ({self.total} sessions): please try again later."
        if self.of(identity) >= self.per_identity:
            return (f"Your key already has {self.per_identity} session{'s' if self.per_identity != 1 else ''} "
                    "open here: close one first.")
        self._open[identity] = self.of(identity) + 1
        return None

    def close(self, identity: str) -> None:
        """Count one session of ``identity`` as ended."""
        left = self.of(identity) - 1
        if left > 0:
            self._open[identity] = left
        else:
            self._open.pop(identity, None)
