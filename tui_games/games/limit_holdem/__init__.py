"""Limit Texas Hold'em: fixed bets and raises (the big blind, doubled on the turn and river), 2-10 seats."""
