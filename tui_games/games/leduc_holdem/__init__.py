"""Leduc Hold'em: the six-card, two-round poker of the research literature, with ante and blind variants."""
