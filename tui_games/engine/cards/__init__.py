"""The card table shared by the card games: card ids and names, decks, the poker hand evaluator,
chips and pots, and the betting round.

Pure-Python modules (safe for views and menus, no numba): :mod:`.names` (card ids, names, parsing,
suit symbols), :mod:`.hand_names` (hand categories and their descriptions) and :mod:`.betting_actions`
(the betting table's action ids: fold, check or call, raise). Jitted modules:
:mod:`.deck` (a deck as copies per card id in a state array; seeded draws and shuffles),
:mod:`.masks` (a hand as a bit mask of card ids: its size, its cards),
:mod:`.poker_hand` (5- to 7-card hand values and the best five cards), :mod:`.pots` (main and side
pots, settlement) and :mod:`.betting` (a table of up to ten seats in a state array: blinds, turns,
legal bets and raises for limit and no-limit).
"""
