"""No-limit Texas Hold'em: any bet from the minimum raise to all in, 2-10 seats."""
