"""Decks inside state arrays, and seeded draws and shuffles, as kernels.

A deck is a run of ``kinds`` slots in a game's state array, ``s[at + card]`` = copies of card id
``card`` still in it (one each for the 52-card deck; UNO or a blackjack shoe hold several). Dealing
is a chance node whose outcomes are the card ids left, each with probability copies / cards left
(:func:`deck_outcomes`); :func:`deck_take` removes the one dealt. Searches and playouts draw with an
explicit splitmix ``rng`` array (:mod:`tui_games.engine.rng`), never numba's unseeded np.random.
"""

from tui_games.engine.header import CHANCE, PLAYER
from tui_games.engine.jit import kernel, np
from tui_games.engine.rng import randint


@kernel()
def deck_fill(s, at, kinds, copies):
    """Put ``copies`` of every card id 0..kinds-1 into the deck at ``s[at:at+kinds]``."""
    for card in range(kinds):
        s[at + card] = copies
    return 0


@kernel()
def deck_count(s, at, kinds):
    """Cards left in the deck."""
    total = 0
    for card in range(kinds):
        total += s[at + card]
    return total


@kernel()
def deck_outcomes(s, at, kinds, actions, probs):
    """The chance outcomes of dealing one card: writes the card ids left into actions[:n] and their
    probabilities (copies / cards left) into probs[:n]; returns n (0 for an empty deck)."""
    total = deck_count(s, at, kinds)
    n = 0
    for card in range(kinds):
        copies = s[at + card]
        if copies > 0:
            actions[n] = card
            probs[n] = copies / total
            n += 1
    return n


@kernel()
def chance_cards(s, at, kinds, actions, probs):
    """:func:`deck_outcomes` at a chance node (the state header's player is CHANCE); none at a seat's
    turn or once the game is over."""
    if s[PLAYER] != CHANCE:
        return 0
    return deck_outcomes(s, at, kinds, actions, probs)


@kernel()
def deck_take(s, at, card):
    """Remove one copy of ``card`` from the deck: 1, or 0 when none is left (nothing changes)."""
    if s[at + card] <= 0:
        return 0
    s[at + card] -= 1
    return 1


@kernel()
def deck_return(s, at, card):
    """Put one copy of ``card`` back into the deck."""
    s[at + card] += 1
    return 0


@kernel()
def deck_draw(s, at, kinds, rng):
    """Draw a card uniformly from the copies left (removing it) with the splitmix ``rng``; -1 when
    the deck is empty."""
    total = deck_count(s, at, kinds)
    if total == 0:
        return -1
    pick = randint(rng, total)
    for card in range(kinds):
        pick -= s[at + card]
        if pick < 0:
            s[at + card] -= 1
            return card
    return -1


@kernel()
def shuffle(cards, n, rng):
    """Shuffle cards[:n] in place (Fisher-Yates) with the splitmix ``rng``."""
    for i in range(n - 1, 0, -1):
        j = randint(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return 0


@kernel()
def deal_hands(rng, deck_size, hands, cards_per_hand, out):
    """Deal ``hands`` independent random hands of ``cards_per_hand`` different cards from a fresh
    deck of ``deck_size`` card ids each time: out[h * cards_per_hand + k] (benchmarks, equity
    sampling)."""
    deck = np.arange(deck_size)
    for h in range(hands):
        for k in range(cards_per_hand):
            j = k + randint(rng, deck_size - k)
            deck[k], deck[j] = deck[j], deck[k]
            out[h * cards_per_hand + k] = deck[k]
    return 0


__all__ = ["chance_cards", "deal_hands", "deck_count", "deck_draw", "deck_fill", "deck_outcomes", "deck_return",
           "deck_take", "shuffle"]
