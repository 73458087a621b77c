"""Exceptions shared by all layers."""


class TuiGamesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(TuiGamesError, ValueError):
    """An action that the rules do not allow in this state; the message says why."""


class InvalidParameterError(TuiGamesError, ValueError):
    """A game parameter outside its allowed range or of the wrong type."""


class UnknownGameError(TuiGamesError, KeyError):
    """A game id that is not in the catalogue."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class SaveFileError(TuiGamesError):
    """A save file that cannot be loaded: damaged, from a newer version, or for an unknown game."""
