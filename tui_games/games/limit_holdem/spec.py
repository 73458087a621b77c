"""Limit Texas Hold'em: catalogue entry (the entry lives in entry.py, which the rules and tests import too;
no kernels imported here)."""

from .entry import SPEC

__all__ = ["SPEC"]
