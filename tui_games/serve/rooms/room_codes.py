"""Room codes: four letters a person can read out and type without a mix-up, drawn at random.

The alphabet leaves out the letters that look like digits or like each other in a terminal font
(I, L and O; B, S and Z; U and V), which leaves 18 letters and 104,976 codes. Codes are drawn
with :mod:`secrets`, so knowing one room's code says nothing about the next one's, and they are
unique among the rooms open at the time (a closed room's code may come back later).
"""

from __future__ import annotations

import secrets
from typing import Container

ALPHABET = "ACDEFGHJKMNPQRTWXY"
"""The letters of a room code."""

LENGTH = 4
"""Letters in a code."""


def new_code(taken: Container[str], tries: int = 1000) -> str:
    """A random code not in ``taken``; RuntimeError when ``tries`` draws all hit taken codes (the
    server would need tens of thousands of rooms open at once)."""
    for _ in range(tries):
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code
    raise RuntimeError("no free room code")


def normalise_code(text: str) -> str | None:
    """What a person typed as a room code, made canonical ('abcd ', 'ab-cd' -> 'ABCD'), or None when it
    cannot be a code at all (wrong length, a letter the alphabet has not)."""
    if not isinstance(text, str):
        return None
    code = "".join(char for char in text.strip().upper() if char not in " -")
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code


__all__ = ["ALPHABET", "LENGTH", "new_code", "normalise_code"]
