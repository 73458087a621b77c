"""Text from one player shown on other people's terminals (chat lines, display names), made safe.

Escape sequences (CSI, OSC and the rest) are cut out whole; every other character that is not
printable (control, format, bidirectional-override, unassigned; line breaks and tabs become spaces)
is dropped; the text is normalised (NFC), runs of spaces become one, and it is cut to a limit.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 24
"""The longest display name, in characters."""

DEFAULT_NAME = "player"
"""The display name of a proposed name with nothing printable in it."""

_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"            # CSI ... final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC ... BEL or ST
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"       # DCS, SOS, PM, APC ... ST
    r"|\x1b[ -/]*[0-~]?"                    # any other escape
    r"|\x9b[0-?]*[ -/]*[@-~]")              # the 8-bit CSI


def clean_text(text: object, limit: int) -> str:
    """``text`` as it may be shown on another person's terminal (see the module notes), at most
    ``limit`` characters; '' when nothing printable is left (or it is not text)."""
    if not isinstance(text, str):
        return ""
    text = _ESCAPES.sub("", unicodedata.normalize("NFC", text[:limit * 8]))
    text = "".join(char if char.isprintable() else (" " if char in "\t\r\n" else "") for char in text)
    return " ".join(text.split())[:limit].strip()


def display_name(name: object) -> str:
    """A proposed name (an SSH user name, a name typed in a room) as a display name: cleaned, at most
    :data:`NAME_LIMIT` characters, :data:`DEFAULT_NAME` when nothing is left."""
    return clean_text(name, NAME_LIMIT) or DEFAULT_NAME
