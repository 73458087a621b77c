"""Blackjack against the dealer: American casino rules, or the simple hit/stand game of OpenSpiel."""
