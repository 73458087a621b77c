"""The Texas Hold'em tournament: 2-10 players, equal stacks, hands until one player holds every chip."""
