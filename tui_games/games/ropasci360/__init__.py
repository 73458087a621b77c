"""RoPaSci 360: rock-paper-scissors tokens thrown onto a hexagon, both players moving at once."""
