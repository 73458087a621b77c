"""Nim3P: three-player Nim where the player after the one who takes the last item wins."""
