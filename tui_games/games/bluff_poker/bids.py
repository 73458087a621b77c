"""Bluff poker's bids in numbers and words ('652', 'six-five-two', 'poker of fours'): plain Python over
:mod:`constants`, for the game module and the view alike (no numba)."""

from tui_games.games.bluff_poker.constants import FIRST_POKER, VALUES

FACE_WORDS = ("one", "two", "three", "four", "five", "six")
"""Die faces 1..6 in words."""


def value_of(index: int) -> int:
    """The dice value (e.g. 652) of bid index ``index``."""
    return VALUES[index]


def value_words(index: int) -> str:
    """A bid in words: 'six-five-two', 'poker of fours'."""
    value = value_of(index)
    digits = [value // 100, value // 10 % 10, value % 10]
    if index >= FIRST_POKER:
        return f"poker of {FACE_WORDS[digits[0] - 1]}{'es' if digits[0] == 6 else 's'}"
    return "-".join(FACE_WORDS[d - 1] for d in digits)


def index_of_value(value: int) -> int | None:
    """The bid index of dice value ``value`` (652 -> its index), None when no dice make it."""
    return VALUES.index(value) if value in VALUES else None


__all__ = ["FACE_WORDS", "index_of_value", "value_of", "value_words"]
