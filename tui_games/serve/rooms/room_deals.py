"""A room's deals and ratings: the end of each deal, the pause before the next one, rating a game.

:class:`RoomDeals` is a part of :class:`~tui_games.serve.rooms.room.Room` (a mixin: it reads the
room's table and slots and sends through the room). A match of many deals goes on to the next deal
on its own after ``deal_pause_s``; once the match is over the room is finished. A rated room rates
each game once (an open-ended sitting, such as Blackjack's, each deal), under a key naming the room,
its game number and the deal, so that a rematch's game is rated on its own.
"""

from __future__ import annotations

from tui_games.core.errors import StorageError
from tui_games.ratings.model import ai_player
from tui_games.serve import session_log
from tui_games.serve.rooms.room_messages import RatingChange, RatingsUpdated
from tui_games.serve.rooms.room_ratings import rate_finished, rated_by_deal
from tui_games.serve.rooms.room_settings import RoomStatus


class RoomDeals:
    """The deals and ratings of a :class:`~tui_games.serve.rooms.room.Room`."""

    def _rated_seats(self) -> None:
        """Fix who each seat counts as in the ratings of the game (or deal) that starts now."""
        for slot in self.slots:
            level = slot.ai_level
            slot.rated_as = ai_player(level) if level is not None else slot.identity

    def _deal_over(self) -> None:
        match = self.table.match
        key = (self.game_number, match.deal_number)
        if key in self._deals_done:
            return
        self._deals_done.add(key)
        self.deals_played += 1
        by_deal = rated_by_deal(match)
        if self.options.rated and (by_deal or match.match_over):
            self._rate(by_deal)
        if match.match_over:
            self.status = RoomStatus.FINISHED
            self._finished_at = self.clock.time()
            self._notice_all(f"Game over: {match.result_text} ({self._who_sat()})")
            session_log.log("room-finished", room=self.code, game=self.spec.id, result=match.result_text)
        elif match.can_next_deal:
            pause = self.settings.deal_pause_s
            deal = match.series.rules.deal_name
            self._notice_all(f"{match.result_text}. The next {deal} starts in {pause:g} s")
            self._deal_timer = self.clock.call_later(pause, self._next_deal)
            self._next_deal_at = self.clock.time() + pause

    def _who_sat(self) -> str:
        """Who played each seat, for the result line: 'X: alice, O: ben', an AI seat by its level."""
        def player(slot) -> str:
            if slot.name and slot.planned_ai is None:
                return slot.name if slot.taken_over is None else f"{slot.name}'s seat, AI"
            return f"AI {self.spec.level_name(slot.ai_level)}" if slot.ai_level is not None else "nobody"
        return ", ".join(f"{self.spec.seat_name(slot.seat)}: {player(slot)}" for slot in self.slots)

    def _next_deal(self) -> None:
        self._deal_timer = None
        self._next_deal_at = None
        table = self.table
        if self.status is not RoomStatus.PLAYING or table is None or not table.match.can_next_deal:
            return
        if rated_by_deal(table.match):
            self._rated_seats()
        table.next_deal()
        pending, self._pending_takeover = sorted(self._pending_takeover), set()
        for seat in pending:
            self._give_table_seat_to_ai(seat)

    def _rate(self, by_deal: bool) -> None:
        match = self.table.match
        players = [slot.rated_as for slot in self.slots]
        names = {slot.identity: slot.name for slot in self.slots if slot.identity is not None}
        key = f"{self.code}/{self.uid}/{self.game_number}" + (f"/{match.deal_number}" if by_deal else "")
        try:
            rated = rate_finished(self.ratings, match, players, names, key, by_deal)
        except (StorageError, ValueError) as error:
            self._notice_all(f"The ratings could not be updated: {error}")
            session_log.log("room-ratings-failed", room=self.code, error=str(error))
            return
        if rated is None:
            return
        self.rated_games.append(rated)
        changes = tuple(RatingChange(seat.seat, self._seat_name(seat.seat), seat.before.conservative,
                                     seat.after.conservative) for seat in rated.seats)
        for member in self.members:
            self._send(member, "send_event", RatingsUpdated(changes))


__all__ = ["RoomDeals"]
