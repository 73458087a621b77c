"""Exceptions shared by all layers."""


class TuiGamesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(TuiGamesError, ValueError):
    """An action that the rules do not allow in this state; the message says why."""


class InvalidMoveError(IllegalActionError):
    """Typed text that names no move at all (a typo), as opposed to a move the rules refuse now."""


class InvalidParameterError(TuiGamesError, ValueError):
    """A game parameter outside its allowed range or of the wrong type."""


class UnknownGameError(TuiGamesError, KeyError):
    """A game id that is not in the catalogue."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class SaveFileError(TuiGamesError):
    """A save file that cannot be loaded: damaged, from a newer version, or for an unknown game."""


class SaveInUseError(TuiGamesError):
    """A save another session (another running tui-games) has open: one session writes a save at a
    time, so it cannot be opened here until that session closes it or ends."""


class StorageError(TuiGamesError):
    """A save or the statistics could not be written or read now (read-only folder, full disk,
    database busy for too long); the message says which and why. Nothing already stored is lost.

    ``reason`` is the short cause alone ('disk full', 'read-only'), for one-line notices.
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message
