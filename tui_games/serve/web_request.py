"""What a web request says about where it comes from: the client's address, and the origin the page
was served from (which a websocket's ``Origin`` must equal).

``X-Forwarded-For``, ``X-Forwarded-Proto`` and ``X-Forwarded-Host`` are believed only when the server
was told it is behind a reverse proxy (``--behind-proxy``); otherwise anyone could claim any address
and escape the rate limit. Of ``X-Forwarded-For`` only the last address counts: it is the one the
proxy itself saw (the ones before it are whatever the client wrote).
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from typing import Mapping

DEFAULT_PORTS = {"http": 80, "https": 443}
"""The port an origin without one means."""

_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:[0-9]{1,5})?")


def _last(headers: Mapping[str, str], name: str) -> str | None:
    """The last comma-separated value of header ``name`` (stripped), if any."""
    value = headers.get(name)
    if not value:
        return None
    last = value.rsplit(",", 1)[-1].strip()
    return last or None


def client_address(peer: str | None, headers: Mapping[str, str], behind_proxy: bool) -> str:
    """The client's IP address: the proxy's last ``X-Forwarded-For`` entry when behind a proxy (and it
    is an IP address), else the address of the connection's other end."""
    if behind_proxy:
        forwarded = _last(headers, "X-Forwarded-For")
        if forwarded:
            try:
                return str(ipaddress.ip_address(forwarded.strip("[]")))
            except ValueError:
                pass
    return peer or "?"


def normal_origin(url: str) -> str | None:
    """``scheme://host:port`` of ``url`` (lower case, the port always written), or None when ``url``
    is no http(s) address."""
    try:
        parts = urllib.parse.urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or DEFAULT_PORTS[scheme]}"


def page_origin(scheme: str, host_header: str | None, headers: Mapping[str, str], *, behind_proxy: bool,
                public_url: str | None) -> str | None:
    """The origin the page is served from: ``public_url``'s when given; else the request's own scheme
    and ``Host`` (the proxy's ``X-Forwarded-Proto`` and ``-Host`` instead, when behind one). None when
    the host is not a host name or address."""
    if public_url:
        return normal_origin(public_url)
    if behind_proxy:
        scheme = (_last(headers, "X-Forwarded-Proto") or scheme).lower()
        host_header = _last(headers, "X-Forwarded-Host") or host_header
    if scheme not in DEFAULT_PORTS or not host_header or not _HOST.fullmatch(host_header):
        return None
    return normal_origin(f"{scheme}://{host_header}")


def origin_allowed(origin_header: str | None, expected: str | None) -> bool:
    """True when the websocket's ``Origin`` is the page's own origin (a missing one never is)."""
    if not origin_header or expected is None:
        return False
    return normal_origin(origin_header) == expected
