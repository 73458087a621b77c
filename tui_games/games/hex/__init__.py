"""Hex: join your two sides of the rhombus (spec.py, rules.py, game.py, ai.py, view.py, help.md)."""
