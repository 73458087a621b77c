"""Bluff poker view: every seat's penalties, the three dice (open, under the cup, or unseen), the bid
on the table in words, what the player to move must do, and buttons for it.

The dice are drawn as the shown seat may see them (``self.state``, the redacted copy): a die under the
cup reads as '?' to every seat that has not looked at it. Bids are chosen with a selector (the lowest
legal bid first, Left/Right or the < > buttons to change it, Enter or the Bid button to bid); dice to
reroll are picked with 1-3 (or their buttons) and thrown with u (under the cup) or o (open).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from tui_games.games.bluff_poker.bids import index_of_value, value_of, value_words
from tui_games.games.bluff_poker.constants import BELIEVE, CALL, LOOK, NUM_VALUES
from tui_games.ui.action_keys import ActionBarKeys
from tui_games.ui.game_view import GameView
from tui_games.ui.widgets.action_bar import ActionBar

LOWER_BID, HIGHER_BID, BID_BUTTON = -10, -11, -12
"""Button ids of the bid selector (negative: they choose, they play no action)."""

TOGGLE_DIE = (-1, -2, -3)
"""Button ids that pick die 1, 2 or 3 for a reroll."""


def die_text(face: int | None, is_open: bool) -> str:
    """'[5]' for an open die, '(5)' for a die under the cup its viewer has seen, '(?)' for one unseen,
    '[ ]' before the round's first throw."""
    if face == 0:
        return "[ ]"
    if face is None:
        return "(?)"
    return f"[{face}]" if is_open else f"({face})"


def penalty_marks(count: int, limit: int, glyphs) -> str:
    """Filled and empty marks up to ``limit`` (at most 10, else only the numbers), then 'count/limit'."""
    if limit > 10:
        return f"{count}/{limit}"
    return glyphs.token * count + glyphs.empty * (limit - count) + f" {count}/{limit}"


class BluffPokerView(ActionBarKeys, GameView):
    """Penalties, the cup and the bid above two button rows: the dice to reroll and the moves."""

    KEYS_HELP = """\
- **Left/Right** choose a bid (it starts at what you know the dice show, when that is a legal bid, else
  at the lowest legal bid), **Enter** bids it; or click the `<` and `>` buttons, then Bid.
- **b** believe the bid, **c** call bluff, **l** look under the cup, **r** throw all three again (the
  opening: up to three throws, the third blind).
- **1-3** pick dice to reroll (a picked die is marked), **u** rerolls them under the cup, **o** rerolls
  them open; click the die buttons (1 2 3, a picked one starred) and Cup / Open likewise.
- Dice: `[5]` lies open, `(5)` is under the cup and you have seen it, `(?)` is under the cup unseen.
- In hotseat the cup is passed behind a 'pass to' screen, so no one sees another's dice.
"""

    BINDINGS = [
        Binding("left", "bid_step(-1)", "Lower bid", show=False),
        Binding("right", "bid_step(1)", "Higher bid", show=False),
        Binding("enter", "bid", "Bid", show=False),
        *[Binding(str(n), f"toggle_die({n - 1})", f"Die {n}", show=False) for n in (1, 2, 3)],
        *[Binding(key, f"letter('{key}')", f"Key {key}", show=False) for key in ("b", "c", "l", "r", "u", "o")],
    ]

    DEFAULT_CSS = """
    BluffPokerView { layout: vertical; padding: 0 1; }
    BluffPokerView #bluff-table { height: 1fr; }
    BluffPokerView #bluff-dice-actions, BluffPokerView #bluff-actions { height: auto; width: 1fr; }
    BluffPokerView ActionBar Button { min-width: 3; }
    """

    def __init__(self, glyphs, **kwargs) -> None:
        super().__init__(glyphs, **kwargs)
        self.table = Static(id="bluff-table")
        self.dice_actions = ActionBar(id="bluff-dice-actions")
        self.actions = ActionBar(id="bluff-actions")
        self.bid_choice: int | None = None
        """The bid index the selector shows (None when no bid may be made)."""
        self.picked: set[int] = set()
        """Dice (0-based) picked for the next reroll."""
        self._turn_key: tuple = ()

    def compose(self) -> ComposeResult:
        """The table text above the dice buttons and the move buttons."""
        yield self.table
        yield self.dice_actions
        yield self.actions

    # ----- what may be played now ------------------------------------------------------------------------
    def _bids(self) -> list[int]:
        return [a for a in self.legal() if a < NUM_VALUES]

    def _rerolls(self) -> dict[tuple[frozenset, bool], int]:
        """(dice, open) -> reroll action, for the rerolls legal now."""
        state = self.state
        found = {}
        for action in self.legal():
            choice = state.reroll_choice(action)
            if choice is not None:
                found[(frozenset(choice[0]), choice[1])] = action
        return found

    def _rerollable(self) -> set[int]:
        """Dice that may be picked for a reroll (the opening throws all three: none is picked)."""
        if self.state.phase_name == "opening":
            return set()
        return {die for dice, _ in self._rerolls() for die in dice}

    def _reroll_action(self, thrown_open: bool) -> int | None:
        """The reroll of the picked dice (all three in the opening), thrown open or under the cup."""
        rerolls = self._rerolls()
        if self.state.phase_name == "opening":
            return rerolls.get((frozenset(range(3)), False)) if not thrown_open else None
        return rerolls.get((frozenset(self.picked), thrown_open))

    def _letter_action(self, key: str) -> int | None:
        """The action of letter ``key`` now: b believe, c call, l look, r throw again, u/o reroll."""
        legal = self.legal()
        if key in "bcl":
            action = {"b": BELIEVE, "c": CALL, "l": LOOK}[key]
            return action if action in legal else None
        if key == "r" and self.state.phase_name == "opening":
            return self._reroll_action(False)
        if key in "uo" and self.state.phase_name != "opening":
            return self._reroll_action(key == "o")
        return None

    # ----- keys and buttons --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The selector and die keys work only when they can."""
        if self.match is None or self.match.is_over:
            return False
        if action in ("bid_step", "bid"):
            return self.bid_choice is not None
        if action == "toggle_die":
            return bool(self._rerollable())
        return super().check_action(action, parameters)

    def action_bid_step(self, step: int) -> None:
        """Show the next higher (1) or lower (-1) legal bid in the selector."""
        bids = self._bids()
        if bids and self.bid_choice in bids:
            self.bid_choice = bids[max(0, min(len(bids) - 1, bids.index(self.bid_choice) + step))]
            self.redraw()

    def action_bid(self) -> None:
        """Bid the selector's value."""
        if self.bid_choice is not None and self.bid_choice in self.legal():
            self.choose(self.bid_choice)

    def action_toggle_die(self, die: int) -> None:
        """Pick or unpick die ``die`` (0-based) for the next reroll; a die that cannot be rerolled now
        is refused with the reason."""
        if die not in self._rerollable():
            self.app.notify(f"Die {die + 1} cannot be rerolled now (each die once a turn)", severity="warning")
            return
        self.picked ^= {die}
        self.redraw()

    def on_button_action(self, message) -> None:
        """Selector and die buttons choose; the other buttons play their action."""
        message.stop()
        if message.action == LOWER_BID:
            self.action_bid_step(-1)
        elif message.action == HIGHER_BID:
            self.action_bid_step(1)
        elif message.action == BID_BUTTON:
            self.action_bid()
        elif message.action in TOGGLE_DIE:
            self.action_toggle_die(TOGGLE_DIE.index(message.action))
        else:
            self.choose(message.action)

    # ----- drawing ----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """The table, then the buttons of the human to move."""
        state = self.state
        turn_key = (len(self.match.state.history), self.match.observer_seat)
        if turn_key != self._turn_key:  # a new decision: the selector starts at the lowest bid
            self._turn_key = turn_key
            bids = self._bids()
            truth = self._known_value(state)
            self.bid_choice = truth if truth in bids else (bids[0] if bids else None)
            self.picked &= self._rerollable()
        if not self._bids():
            self.bid_choice = None
        self.table.update(self._table_text(state))
        self._show_buttons(state)

    def _show_buttons(self, state) -> None:
        legal = self.legal()
        rerollable = self._rerollable()
        dice_buttons: list[tuple[int, str]] = []
        if rerollable and state.phase_name != "opening":
            for die in range(3):
                if die in rerollable:
                    mark = "*" if die in self.picked else ""
                    dice_buttons.append((TOGGLE_DIE[die], f"{die + 1}{mark}"))
            for thrown_open, label in ((False, "u Cup"), (True, "o Open")):
                action = self._reroll_action(thrown_open)
                if action is not None:  # only once the picked dice make a legal reroll
                    dice_buttons.append((action, label))
        self.dice_actions.show(dice_buttons, hinted=None)
        move_buttons: list[tuple[int, str]] = []
        if self.bid_choice is not None:
            value = self._value(self.bid_choice)
            move_buttons += [(LOWER_BID, "<"), (BID_BUTTON, f"Bid {value}"), (HIGHER_BID, ">")]
        for action, label in ((BELIEVE, "b Believe"), (CALL, "c Call bluff"), (LOOK, "l Look")):
            if action in legal:
                move_buttons.append((action, label))
        again = self._reroll_action(False) if state.phase_name == "opening" else None
        if again is not None:
            move_buttons.append((again, "r Throw again"))
        self.actions.show(move_buttons, hinted=self.hinted)

    @staticmethod
    def _known_value(state) -> int | None:
        """The bid index of the dice when the shown seat knows all three, else None."""
        faces = state.dice
        if any(face is None or face == 0 for face in faces):
            return None
        high, middle, low = sorted(faces, reverse=True)
        return index_of_value(100 * high + 10 * middle + low)

    def move_name(self, action: int) -> str:
        """'bid 652' for a bid (the log is narrow), else the state's name."""
        if 0 <= action < NUM_VALUES and self.state.current_player >= 0:
            return f"bid {self._value(action)}"
        return self.state.action_to_string(action)

    @staticmethod
    def _value(index: int) -> int:
        return value_of(index)

    def _table_text(self, state) -> Content:
        match = self.match
        name = match.spec.seat_name
        lines: list[str | tuple[str, str]] = [(f"Penalties (the game is lost at {state.penalty_limit})", "bold")]
        to_move = None if state.is_terminal else state.mover
        for seat in range(state.num_players):
            arrow = self.glyphs.arrows["right"] if seat == to_move else " "
            bid = "  bid " + str(self._value(state.bid)) if seat == state.bidder and state.bid is not None else ""
            lines.append(f"{arrow} {name(seat):<10} "
                         f"{penalty_marks(state.penalties[seat], state.penalty_limit, self.glyphs)}{bid}")
        lines.append("")
        dice = "  ".join(die_text(face, is_open) for face, is_open in zip(state.dice, state.open_dice))
        lines.append(("The dice:  " + dice, "bold"))
        if self.picked:
            marks = "  ".join((" ^ " if die in self.picked else "   ") for die in range(3))
            lines.append("           " + marks + "  (to reroll)")
        lines.append("[n] open  (n) under the cup  (?) unseen")
        lines.append("Bid: " + (state.bid_words if state.bid is not None else "none yet")
                     + (f" by {name(state.bidder)}" if state.bidder is not None else ""))
        if self.bid_choice is not None:
            lines.append(("Your bid: " + value_words(self.bid_choice) + f" ({self._value(self.bid_choice)})"
                          + "  Left/Right, Enter", "bold"))
        lines.append("")
        lines.append((self._prompt(state), "bold"))
        showdown = state.last_showdown
        if showdown is not None:
            shown, bid, loser = showdown
            faces = "-".join(str(f) for f in sorted(shown, reverse=True))
            who = f"{name(loser)} took a penalty" if loser is not None else "no penalty"
            lines.append(f"Last showdown: {faces} against {self._value(bid)}: {who}")
        return Content.assemble(*[part for line in lines
                                  for part in ((line if isinstance(line, tuple) else (line, "")), "\n")][:-1])

    def _prompt(self, state) -> str:
        """What the player to move must do, in words."""
        match = self.match
        if state.is_terminal:
            return match.result_text
        mover = match.spec.seat_name(state.mover)
        phase = state.phase_name
        bid = state.bid_words
        if phase == "throw":
            return f"{mover} throws..."
        if phase == "opening":
            blind = " (the next throw is blind)" if state.throws == 2 else ""
            return f"{mover} opens, throw {state.throws} of 3: bid any value or throw again{blind}"
        if phase == "respond":
            return f"{mover}: believe {bid} or call bluff"
        if phase == "believed":
            return f"{mover} believed {bid}: bid higher blind, or look and reroll"
        if phase == "looked":
            return f"{mover}: reroll at least one die: pick 1-3, then u (under the cup) or o (open)"
        if phase == "rolled":
            return f"{mover}: bid higher than {bid}, or reroll dice not yet rerolled (1-3, u or o)"
        if phase == "challenge":
            return f"Poker challenge: {mover} has {3 - state.throws} open throws to match {bid}"
        return ""


__all__ = ["BluffPokerView", "die_text", "penalty_marks"]
