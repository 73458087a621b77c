"""Dou Dizhu: three players, a landlord against two peasants, RLCard's 27,472 moves (see rules.py)."""
