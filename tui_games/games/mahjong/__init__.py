"""Mahjong: Japanese Riichi (and a simple four-sets-and-a-pair reading), built on the tiles, shanten
and winning-hand kernels of this package."""
