"""Game views shared by several games: the Hold'em table (Limit, No-limit, the tournament), the poker
table it builds on (and Leduc's), and the heaps of Nim and Nim3P. A game's own view.py subclasses one."""
