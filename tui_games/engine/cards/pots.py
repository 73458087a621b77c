"""Main and side pots from what each seat put in, and their settlement, as kernels over plain arrays.

``totals[i]`` is every chip seat ``i`` put into the pot this hand (blinds, antes and bets), folded
seats included: their chips stay in the pot. ``live[i]`` is 1 for a seat still contending (dealt in
and not folded). Each distinct total is a level: the chips between one level and the next form a
pot that every live seat who reached the upper level may win. Consecutive pots with the same
eligible seats are one pot (as pokerkit counts them, which matters for odd chips). Chips above every
live seat's total (an uncalled bet) come back to the one live seat eligible for them.

Settlement: hands that win no pot are mucked; each pot then goes to its eligible seats with the
highest hand value; a tie splits it, and the odd chips go to the first of the winners left of the
button (``first_seat`` is the seat after the button; seats follow clockwise in index order).
"""

from tui_games.engine.jit import kernel, np


@kernel()
def side_pots(totals, live, n, amounts, eligible):
    """The main pot and the side pots: amounts[k] chips each, eligible[k] a bitmask of the live
    seats that may win pot k (bit i = seat i); returns the number of pots, the main pot first.
    Chips at levels no live seat reached go to the pot below them."""
    count = 0
    previous = 0
    carried = 0
    while True:
        level = -1
        for i in range(n):
            if totals[i] > previous and (level < 0 or totals[i] < level):
                level = totals[i]
        if level < 0:
            break
        amount = carried
        mask = 0
        for i in range(n):
            amount += min(totals[i], level) - min(totals[i], previous)
            if live[i] and totals[i] >= level:
                mask |= 1 << i
        previous = level
        if mask == 0:
            if count > 0:
                amounts[count - 1] += amount
                carried = 0
            else:
                carried = amount
        elif count > 0 and eligible[count - 1] == mask:
            amounts[count - 1] += amount
            carried = 0
        else:
            amounts[count] = amount
            eligible[count] = mask
            count += 1
            carried = 0
    if carried > 0:  # no live seat reached any level: the live seats share it
        mask = 0
        for i in range(n):
            if live[i]:
                mask |= 1 << i
        if mask:
            amounts[count] = carried
            eligible[count] = mask
            count += 1
    return count


@kernel()
def _best_in_pots(values, pots, eligible, n, winners):
    """winners[i] = 1 for each seat with the best value among the eligible seats of some pot."""
    for i in range(n):
        winners[i] = 0
    for k in range(pots):
        best = -1
        for i in range(n):
            if (eligible[k] >> i) & 1 and values[i] > best:
                best = values[i]
        for i in range(n):
            if (eligible[k] >> i) & 1 and values[i] == best:
                winners[i] = 1
    return 0


@kernel()
def award_pots(totals, live, values, n, first_seat, won):
    """Settle the hand: won[i] = chips seat i takes from the pots. Hands that win no pot are mucked
    first (so pots that the same remaining hands contest are one pot, as pokerkit pushes them);
    then every pot goes to its eligible seats with the highest values[i], split on a tie, with the
    odd chips to the first winner from ``first_seat`` on. With one live seat left it takes
    everything, whatever the values. Returns the number of pots split."""
    amounts = np.zeros(n + 1, dtype=np.int64)
    eligible = np.zeros(n + 1, dtype=np.int64)
    contenders = np.zeros(n, dtype=np.int64)
    pots = side_pots(totals, live, n, amounts, eligible)
    _best_in_pots(values, pots, eligible, n, contenders)
    pots = side_pots(totals, contenders, n, amounts, eligible)
    for i in range(n):
        won[i] = 0
    for k in range(pots):
        best = -1
        winners = 0
        for i in range(n):
            if (eligible[k] >> i) & 1:
                if values[i] > best:
                    best = values[i]
                    winners = 1
                elif values[i] == best:
                    winners += 1
        share = amounts[k] // winners
        odd = amounts[k] - share * winners
        for step in range(n):
            i = (first_seat + step) % n
            if (eligible[k] >> i) & 1 and values[i] == best:
                won[i] += share + odd
                odd = 0
    return pots


__all__ = ["award_pots", "side_pots"]
