"""UNO: match the top card by colour, number or symbol; the first to empty their hand wins (official rules and RLCard 1.2.0's reading)."""
