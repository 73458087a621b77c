"""Contract Bridge: four seats in two partnerships, an auction, the play with the dummy, Chicago and
duplicate scoring (OpenSpiel's ``bridge``, play included)."""
