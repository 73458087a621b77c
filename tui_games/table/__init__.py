"""The table: a match, the controllers of its seats (people at this screen, AIs, people elsewhere)
and the one place that decides who is asked to move next. The app's game screen, a server room and
the tests all play through it; it imports no UI.

- :mod:`~tui_games.table.table`: :class:`Table`, the turn logic;
- :mod:`~tui_games.table.controllers`: :class:`HumanSeat`, :class:`AISeat`, the controller protocol;
- :mod:`~tui_games.table.runners`: :class:`MoveRequest` and the runners that work out AI moves and hints;
- :mod:`~tui_games.table.events`: what a table tells its listeners.
"""

from tui_games.table.controllers import AISeat, HumanSeat, SeatController, controllers_for
from tui_games.table.runners import InlineRunner, MoveRequest, PlayerCache, ThreadRunner
from tui_games.table.table import Table

__all__ = ["AISeat", "HumanSeat", "InlineRunner", "MoveRequest", "PlayerCache", "SeatController", "Table",
           "ThreadRunner", "controllers_for"]
