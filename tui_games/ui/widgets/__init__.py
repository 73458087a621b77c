"""Shared widgets: board grid, playing cards, 2048 tiles, move log, thinking spinner, headings."""
