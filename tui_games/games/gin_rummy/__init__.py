"""Gin Rummy: two players draw and discard to form melds, knock, lay off and score (OpenSpiel's rules)."""
