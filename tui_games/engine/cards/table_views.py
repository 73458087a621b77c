"""Read-only views of the betting table (:mod:`.betting`) for a poker state adapter: stacks, bets,
pots, blinds and seat marks, as the card-table views and the AI read them.

A state class mixes :class:`TableViews` in before :class:`~tui_games.engine.kernel_state.KernelState`
and sets ``TABLE_AT`` to the offset of its ``table`` field.
"""

from __future__ import annotations

import numpy as np

from tui_games.engine.cards import betting as bt
from tui_games.engine.cards.pots import side_pots


class TableViews:
    """Properties over the betting table at ``self.array[TABLE_AT:]``."""

    __slots__ = ()
    TABLE_AT = 0
    """The offset of the game's ``table`` field in its state array."""

    def _table(self, field: int, seat: int = 0) -> int:
        return int(self.array[self.TABLE_AT + field + seat])

    @property
    def stacks(self) -> list[int]:
        """Chips behind each seat now (not yet in the pot)."""
        return [self._table(bt.STACKS, seat) for seat in range(self.num_players)]

    @property
    def pot(self) -> int:
        """All chips in the middle: antes, blinds and bets of every round."""
        return int(bt.pot_size(self.array, self.TABLE_AT))

    @property
    def bets(self) -> list[int]:
        """Each seat's chips put in during this betting round (blinds included in the first)."""
        return [self._table(bt.BETS, seat) for seat in range(self.num_players)]

    @property
    def committed(self) -> list[int]:
        """Each seat's chips in the pot this hand."""
        return [self._table(bt.TOTALS, seat) for seat in range(self.num_players)]

    def pots(self, collected: bool = False) -> list[tuple[int, list[int]]]:
        """The main pot and side pots so far: (chips, seats that can win it), the main pot first.
        ``collected``: only the chips gathered from the betting rounds before this one (what a table
        shows in the middle while this round's bets still lie in front of the seats)."""
        n = self.num_players
        totals = np.array(self.committed, dtype=np.int64)
        if collected:
            totals -= np.array(self.bets, dtype=np.int64)
        live = np.array([int(bt.is_live(self.array, self.TABLE_AT, seat)) for seat in range(n)], dtype=np.int64)
        amounts = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)
        eligible = np.zeros(bt.MAX_SEATS + 1, dtype=np.int64)  # a bitmask of seats per pot
        count = int(side_pots(totals, live, n, amounts, eligible))
        return [(int(amounts[p]), [seat for seat in range(n) if eligible[p] >> seat & 1]) for p in range(count)]

    @property
    def small_blind_seat(self) -> int | None:
        """The seat that posted the small blind (None when there is none)."""
        seat = self._table(bt.SMALL_BLIND_SEAT)
        return None if seat == bt.NOBODY else seat

    @property
    def big_blind_seat(self) -> int | None:
        """The seat that posted the big blind (None when there is none)."""
        seat = self._table(bt.BIG_BLIND_SEAT)
        return None if seat == bt.NOBODY else seat

    def folded(self, seat: int) -> bool:
        """True once ``seat`` has folded this hand."""
        return bool(self._table(bt.FOLDED, seat))

    @property
    def to_call(self) -> int:
        """Chips the seat to act must add to call (0: it may check)."""
        return int(bt.to_call(self.array, self.TABLE_AT)) if self.current_player >= 0 else 0

    @property
    def winners(self) -> list[int]:
        """The seats that took chips from the pots, once the hand is over."""
        if not self.is_terminal:
            return []
        return [seat for seat in range(self.num_players) if self._table(bt.WON, seat) > 0]

    def won(self, seat: int) -> int:
        """Chips ``seat`` took from the pots (0 before the hand is settled)."""
        return self._table(bt.WON, seat)


__all__ = ["TableViews"]
