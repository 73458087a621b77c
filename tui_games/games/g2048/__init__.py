"""2048: slide and merge tiles on a 4x4 board (rules, state adapter, AI levels)."""
