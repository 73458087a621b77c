"""Sim: colour the edges of a complete graph; whoever completes a triangle of their colour loses."""
