"""Argparse types the command lines share: whole numbers of at least 1, seconds above 0, port numbers.
Each refuses anything else with a message argparse prints beside the option's name."""

from __future__ import annotations

import argparse
import math


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1 (got {text!r})")
    return value


def positive_seconds(text: str) -> float:
    """A finite number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 (got {text!r})")
    return value


def port_number(text: str) -> int:
    """A TCP port 0..65535 (0: any free port)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number 0..65535 (0: any free port) (got {text!r})")
    return value
