"""Key remapping: the bindings a player may remap (those with an id) and how keys read in ASCII mode.

Bindings carry ids such as ``game.hint`` or ``menu.resume``; the ``keymap`` setting maps an id to the
keys that replace the default ones (``{"game.hint": "x"}``) and the app hands it to Textual's
``App.set_keymap``. The settings file can be edited by hand, or keys remapped in the app's Keys screen,
which lists the app's, the menu's and the game screen's bindings with an id (and the online screens'
where the app plays online: ``online.create``, ``ladder.refresh`` ...), then those of the shared
widgets in :data:`WIDGET_KEY_OWNERS` (the hand of cards: ``hand.next`` ...).

Bindings that share one key on purpose, because only one of them works at a time, share one id, so
that one remap moves them together: ``game.new_game`` is the game screen's 'New game', a series'
'Next deal' and a finished room's 'Play again'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from textual.binding import Binding

from tui_games.ui.widgets.hand import Hand

ASCII_KEY_NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "enter": "Enter",
                   "backspace": "Bksp"}
"""Keys whose usual display is a symbol (arrows, the return sign) and their ASCII names."""

GROUPS = {"app": "Everywhere", "menu": "Menu", "game": "Game", "hand": "Hand of cards", "online": "Play online",
          "ladder": "Ladder"}
"""Binding id prefix -> where the binding works."""

INSIDE = {"hand": "game"}
"""A shared widget's binding id prefix -> the screen's whose keys work at the same time (a hand of cards
is on the game screen), so the two cannot share a key."""

WIDGET_KEY_OWNERS: tuple[type, ...] = (Hand,)
"""The shared widgets whose bindings with an id may be remapped: the hand of cards (UNO, Dou Dizhu). A
view that relays a widget's keys (:meth:`Hand.relayed_bindings`) uses the same ids: one remap moves both."""


@dataclass(frozen=True)
class RemappableKey:
    """One binding the player can remap."""

    id: str
    """The binding's id ('game.hint')."""
    description: str
    """What it does ('Hint')."""
    default_keys: str
    """Its keys without remapping ('t')."""

    @property
    def group(self) -> str:
        """Where it works: 'Everywhere', 'Menu', 'Game' or a shared widget ('Hand of cards')."""
        return GROUPS.get(self.scope, self.scope)

    @property
    def scope(self) -> str:
        """The id's prefix: 'app', 'menu', 'game', 'hand'."""
        return self.id.split(".", 1)[0]


def remappable_keys(owners: Iterable[type]) -> list[RemappableKey]:
    """Every binding with an id on ``owners`` (the app, the menu, the game screen and the shared widgets),
    in that order."""
    found: dict[str, RemappableKey] = {}
    for owner in owners:
        for binding in owner.BINDINGS:
            if isinstance(binding, Binding) and binding.id and binding.id not in found:
                description = binding.description or binding.action.replace("_", " ").capitalize()
                found[binding.id] = RemappableKey(binding.id, description, binding.key)
    return list(found.values())


def key_clash(remappable: Iterable[RemappableKey], keymap: dict[str, str], binding_id: str,
              keys: str) -> str | None:
    """Why ``keys`` cannot be given to ``binding_id`` (another of the ``remappable`` bindings that works at
    the same time uses one of them), or None when they are free."""
    wanted = set(keys.split(","))
    mine = binding_id.split(".", 1)[0]
    for other in remappable:
        if other.id == binding_id or not together(mine, other.scope):
            continue
        used = set(keymap.get(other.id, other.default_keys).split(","))
        common = wanted & used
        if common:
            return f"{sorted(common)[0]} is already {other.description} ({other.group.lower()})"
    return None


def together(scope: str, other: str) -> bool:
    """True when the keys of binding id prefixes ``scope`` and ``other`` work at the same time: the same
    one, either everywhere ('app'), or a shared widget and the screen it is on (:data:`INSIDE`)."""
    return "app" in (scope, other) or scope == other or INSIDE.get(scope) == other or INSIDE.get(other) == scope
