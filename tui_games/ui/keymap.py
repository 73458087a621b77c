"""Key remapping: the bindings a player may remap (those with an id) and how keys read in ASCII mode.

Bindings carry ids such as ``game.hint`` or ``menu.resume``; the ``keymap`` setting maps an id to the
keys that replace the default ones (``{"game.hint": "h"}``) and the app hands it to Textual's
``App.set_keymap``. The settings file can be edited by hand, or keys remapped in the app's Keys screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from textual.binding import Binding

ASCII_KEY_NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "enter": "Enter",
                   "backspace": "Bksp"}
"""Keys whose usual display is a symbol (arrows, the return sign) and their ASCII names."""

GROUPS = {"app": "Everywhere", "menu": "Menu", "game": "Game"}
"""Binding id prefix -> where the binding works."""


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
        """Where it works: 'Everywhere', 'Menu' or 'Game'."""
        return GROUPS.get(self.id.split(".", 1)[0], self.id.split(".", 1)[0])


def remappable_keys(owners: Iterable[type]) -> list[RemappableKey]:
    """Every binding with an id on ``owners`` (the app, the menu and the game screen), in that order."""
    found: dict[str, RemappableKey] = {}
    for owner in owners:
        for binding in owner.BINDINGS:
            if isinstance(binding, Binding) and binding.id and binding.id not in found:
                description = binding.description or binding.action.replace("_", " ").capitalize()
                found[binding.id] = RemappableKey(binding.id, description, binding.key)
    return list(found.values())


def key_clash(remappable: Iterable[RemappableKey], keymap: dict[str, str], binding_id: str,
              keys: str) -> str | None:
    """Why ``keys`` cannot be given to ``binding_id`` (another of the ``remappable`` bindings where it
    works uses one of them), or None when they are free."""
    wanted = set(keys.split(","))
    mine = binding_id.split(".", 1)[0]
    for other in remappable:
        if other.id == binding_id:
            continue
        scope = other.id.split(".", 1)[0]
        if scope not in (mine, "app") and mine != "app":
            continue
        used = set(keymap.get(other.id, other.default_keys).split(","))
        common = wanted & used
        if common:
            return f"{sorted(common)[0]} is already {other.description} ({other.group.lower()})"
    return None
