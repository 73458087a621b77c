"""Mahjong state: the protocol adapter over rules.py (one hand), with read-only views for a table.

Tiles are written in the ``mahjong`` package's notation ("123m456p789s1234567z", "0m" a red five).
Actions are :mod:`.constants`' ids and names ("discard 5m", "riichi 0p", "chi 345m", "pon", "kan 5m",
"tsumo", "ron", "pass", "draw nine terminals"); a chance outcome is the tile type coming into sight,
named as a tile ("5m", "0s", "7z"), seen by the seat that takes it (the deal, draws) or by everyone
(dora and ura indicators).

A game of many hands (``length`` hanchan, east, or one hand) is :data:`.match.MATCH`, the series the
definition declares; ``rules`` = ``simple`` plays RLCard's simple game with the same actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.core.players import CHANCE, SIMULTANEOUS
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE
from tui_games.games.mahjong import rules
from tui_games.games.mahjong.constants import (END_EXHAUSTIVE, END_NAGASHI, END_NAMES, END_RON, MAX_ACTIONS, TYPES,
                                               action_name, parse_action, read_type, type_string)
from tui_games.games.mahjong.match import LENGTHS, MATCH, READINGS, initial
from tui_games.games.mahjong.tiles import to_string
from tui_games.games.mahjong.yaku import yaku_names

MELD_TYPES = ("chi", "pon", "open kan", "closed kan", "added kan")
"""Each meld type's name, in the order of scoring's CHI .. ADDED_KAN (``rules.M_TYPE``)."""
PHASES = ("deal", "draw", "rinshan draw", "dora indicator", "ura indicators", "turn", "calls", "chankan",
          "over")
"""Each phase's name, in the order of ``rules.P_*``."""
WINDS = ("east", "south", "west", "north")
"""Wind names, in order."""


def tile_ids(counts, reds) -> list[int]:
    """Tile ids (0-135) for 34 counts and the three red-five flags: a red five is its kind's copy 0,
    the other copies follow; which plain copy a tile is does not matter to the notation."""
    ids = []
    for kind, count in enumerate(counts):
        red = kind < 27 and kind % 9 == 4 and reds[kind // 9] > 0
        first = 0 if red or not (kind < 27 and kind % 9 == 4) else 1
        ids.extend(kind * 4 + first + copy for copy in range(int(count)))
    return ids


@dataclass(frozen=True)
class Meld:
    """One called meld (or closed kan) of a seat."""

    type: str
    """'chi', 'pon', 'open kan', 'closed kan' or 'added kan'."""
    tiles: str
    """Its tiles in the notation ('345m', '0555p' with a red five)."""
    called: str | None
    """The tile taken from a discard ('5m'), None for a closed kan."""
    from_seat: int | None
    """The seat it was taken from, None for a closed kan."""

    def __str__(self) -> str:
        return self.tiles


@dataclass(frozen=True)
class Discard:
    """One tile of a seat's pond, with what happened to it."""

    tile: str
    """The tile in the notation ('5m', '0p')."""
    riichi: bool
    """Discarded declaring riichi."""
    called: bool
    """Taken by another seat's chi, pon or open kan (a tile won on by ron is not marked)."""
    tsumogiri: bool
    """The tile just drawn."""

    def __str__(self) -> str:
        return self.tile


class MahjongState(KernelState):
    """One hand of four-player riichi mahjong, with read-only views for the table."""

    __slots__ = ()

    def _int(self, index: int) -> int:
        return int(self.array[index])

    @property
    def phase(self) -> str:
        """What happens next: 'deal', 'draw', 'turn', 'calls', 'chankan', ... or 'over'."""
        return PHASES[self._int(rules.PHASE)]

    def hand(self, player: int) -> str:
        """``player``'s concealed tiles in the notation ('123m406p...', '0' a red five; the tile just
        drawn included); '' where this view may not see them."""
        counts = self.field("hands")[player * rules.KINDS:(player + 1) * rules.KINDS]
        reds = self.field("reds")[player * 3:player * 3 + 3]
        if min(counts) < 0 or min(reds) < 0:
            return ""
        return to_string(tile_ids(counts, reds))

    def hand_size(self, player: int) -> int:
        """The number of ``player``'s concealed tiles (seen by everyone)."""
        return self._int(rules.HAND_SIZE + player)

    @property
    def drawn(self) -> str | None:
        """The tile the seat on turn just drew ('5m'), None after a call or where this view may not see it."""
        t = self._int(rules.DRAWN)
        return type_string(t) if self._int(rules.PHASE) == rules.P_TURN and 0 <= t < TYPES else None

    def melds(self, player: int) -> list[Meld]:
        """``player``'s called melds and closed kans, in the order made (an added kan where its pon was)."""
        found = []
        for m in range(self._int(rules.MELD_N + player)):
            base = rules.MELDS + (player * 4 + m) * rules.MELD.size
            kind_type, kind, called, from_seat, reds = (int(x) for x in self.array[base:base + 5])
            counts = [0] * rules.KINDS
            if kind_type == 0:
                for k in range(kind, kind + 3):
                    counts[k] = 1
            else:
                counts[kind] = 3 if kind_type == 1 else 4
            red_flags = [0, 0, 0]
            if reds:
                red_flags[kind // 9] = 1
            found.append(Meld(MELD_TYPES[kind_type], to_string(tile_ids(counts, red_flags)),
                              type_string(called) if called >= 0 else None, from_seat if from_seat >= 0 else None))
        return found

    def pond(self, player: int) -> list[Discard]:
        """``player``'s discards in order, with the riichi, called and tsumogiri marks."""
        base = rules.DISCARDS + player * rules.MAX_DISCARDS
        codes = self.array[base:base + self._int(rules.DISCARD_N + player)]
        return [Discard(type_string(int(c) & 63), bool(c & rules.D_RIICHI), bool(c & rules.D_CALLED),
                        bool(c & rules.D_TSUMOGIRI)) for c in codes]

    def discards(self, player: int) -> list[str]:
        """``player``'s discards in order, in the notation ('5m', '0p'), called ones included."""
        return [d.tile for d in self.pond(player)]

    @property
    def dora_indicators(self) -> list[str]:
        """The dora indicators turned, in order ('4m' makes 5m dora)."""
        return [type_string(int(t)) for t in self.field("dora")[:self._int(rules.DORA_N)]]

    @property
    def ura_indicators(self) -> list[str]:
        """The ura dora indicators (turned only when a seat in riichi wins)."""
        return [type_string(int(t)) for t in self.field("ura")[:self._int(rules.URA_N)]]

    @property
    def scores(self) -> list[int]:
        """Each seat's points (riichi sticks already paid are off them)."""
        return [int(x) for x in self.field("scores")]

    @property
    def riichi_sticks(self) -> int:
        """Riichi sticks on the table (1,000 points each, to the next winner)."""
        return self._int(rules.RIICHI_STICKS)

    @property
    def honba(self) -> int:
        """Honba counters (300 points each to a winner)."""
        return self._int(rules.HONBA)

    @property
    def dealer(self) -> int:
        """The dealer's seat (east)."""
        return self._int(rules.DEALER)

    @property
    def round_wind(self) -> str:
        """'east', 'south', 'west' or 'north'."""
        return WINDS[self._int(rules.ROUND_WIND) - 27]

    def seat_wind(self, player: int) -> str:
        """``player``'s wind this hand."""
        return WINDS[(player - self.dealer) % rules.SEATS]

    @property
    def turn(self) -> int:
        """The seat whose turn it is (who draws, discards, or declared the kan)."""
        return self._int(rules.TURN)

    @property
    def wall_left(self) -> int:
        """Draws left in the live wall."""
        return self._int(rules.LIVE_LEFT)

    def in_riichi(self, player: int) -> bool:
        """Whether ``player`` has declared riichi (and its stick was paid or is pending)."""
        return self._int(rules.IN_RIICHI + player) > 0

    @property
    def end(self) -> str:
        """How the hand ended ('tsumo', 'ron', 'exhaustive draw', 'four winds' ...); '' while it runs."""
        return END_NAMES[self._int(rules.END)]

    @property
    def winners(self) -> list[int]:
        """The seats that won the hand (two for a double ron)."""
        bits = self._int(rules.WINNERS)
        return [seat for seat in range(rules.SEATS) if bits >> seat & 1]

    def yaku(self, player: int) -> list[str]:
        """The yaku of ``player``'s win, by name ([] unless it won)."""
        return yaku_names(self._int(rules.YAKU + player))

    @property
    def reading(self) -> str:
        """'riichi' (Tenhou's rules) or 'simple' (RLCard's: no riichi, dora, yaku or scoring)."""
        return READINGS[self._int(rules.RULES)]

    @property
    def hand_number(self) -> int:
        """The hand's number in its round, 1-4 (the first dealer, seat 0, deals hand 1)."""
        return self.dealer + 1

    @property
    def win_from(self) -> int | None:
        """The seat that dealt in to a ron (or whose added kan was robbed); None for a tsumo or no win."""
        seat = self._int(rules.WIN_FROM)
        return seat if seat >= 0 and self.winners else None

    def han(self, player: int) -> int:
        """The han of ``player``'s win (0 unless it won; 13 or more: a yakuman)."""
        return self._int(rules.HAN + player)

    def fu(self, player: int) -> int:
        """The fu of ``player``'s win (0 unless it won)."""
        return self._int(rules.FU + player)

    def yakuman(self, player: int) -> int:
        """How many yakuman ``player``'s win holds (0 for a hand of han and fu, or a counted yakuman)."""
        return self._int(rules.YAKUMAN + player)

    def pao(self, player: int) -> int | None:
        """The seat liable for ``player``'s daisangen or daisuushii (it fed the last dragon or wind set),
        or None."""
        seat = self._int(rules.PAO + player)
        return seat if seat >= 0 else None

    @property
    def tenpai(self) -> list[int]:
        """The seats tenpai at an exhaustive draw ([] before it, or after any other end)."""
        if self._int(rules.END) not in (END_EXHAUSTIVE, END_NAGASHI):
            return []
        bits = self._int(rules.TENPAI)
        return [seat for seat in range(rules.SEATS) if bits >> seat & 1]

    @property
    def renchan(self) -> bool:
        """Once the hand is over: whether the dealer keeps the seat (it won, was tenpai at the draw, or
        the hand was aborted)."""
        return self._int(rules.PHASE) == rules.P_OVER and bool(self._int(rules.RENCHAN))


# ----- names ------------------------------------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    if state.current_player == CHANCE:
        if 0 <= action < TYPES:
            return type_string(action)
        raise IllegalActionError(_why_illegal(state, action))
    if not 0 <= action < MAX_ACTIONS:
        raise IllegalActionError(_why_illegal(state, action))
    return action_name(action)


def _read_action(state: KernelState, text: str) -> int:
    if state.current_player == CHANCE:
        try:
            return read_type(text)
        except ValueError:
            raise IllegalActionError(f"{text!r} is not a tile: write '5m', '0p' (red five), '7z'") from None
    try:
        return parse_action(text)
    except ValueError:
        raise IllegalActionError(f"{text!r} is not an action: write 'discard 5m', 'riichi 5m', 'chi 345m', "
                                 "'pon', 'kan 5m', 'tsumo', 'ron', 'pass' or 'draw nine terminals'") from None


def _why_illegal(state: KernelState, action: int) -> str:
    s: MahjongState = state  # type: ignore[assignment]
    if s.is_terminal:
        return "the hand is over"
    if s.current_player == CHANCE:
        if not 0 <= action < TYPES:
            return f"a tile coming into sight is a tile type 0-{TYPES - 1}, not {action}"
        return f"no {type_string(action)} is left among the unseen tiles"
    if not 0 <= action < MAX_ACTIONS:
        return f"there is no action {action}: actions are 0-{MAX_ACTIONS - 1}"
    if s.current_player == SIMULTANEOUS:
        return f"{action_name(action)} is not an answer some seat may give to this discard"
    legal = ", ".join(action_name(a) for a in s.legal_actions())
    return f"{action_name(action)} is not playable now: {legal}"


def _audience(state: KernelState, action: int) -> int:
    """A tile dealt or drawn is seen by its taker alone; indicators and the seats' actions by everyone."""
    if state.current_player != CHANCE:
        return EVERYONE
    a = state.array
    phase = int(a[rules.PHASE])
    if phase == rules.P_DEAL:
        dealt = rules.SEATS * rules.HAND_TILES - int(a[rules.DEAL_LEFT])
        if dealt < rules.SEATS * rules.HAND_TILES:
            return (int(a[rules.DEALER]) + dealt // rules.HAND_TILES) % rules.SEATS
        return EVERYONE
    if phase in (rules.P_DRAW, rules.P_RINSHAN):
        return int(a[rules.TURN])
    return EVERYONE


def _observe(state: KernelState, player: int) -> str:
    s: MahjongState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    if s.reading == "simple":
        lines = [f"Simple mahjong, {name(s.dealer)} deals; wall {s.wall_left}"]
    else:
        lines = [f"{s.round_wind.capitalize()} {s.hand_number}, {name(s.dealer)} deals; honba {s.honba}, riichi "
                 f"sticks {s.riichi_sticks}; wall {s.wall_left}; dora indicators: "
                 f"{' '.join(s.dora_indicators) or '-'}"]
    for seat in range(s.num_players):
        you = " (you)" if seat == player else ""
        riichi = " riichi" if s.in_riichi(seat) else ""
        hand = s.hand(seat) or f"{s.hand_size(seat)} tiles"
        melds = " ".join(f"[{m.tiles}]" for m in s.melds(seat))
        points = f", {s.scores[seat]}{riichi}" if s.reading == "riichi" else ""
        lines.append(f"{name(seat)}{you} ({s.seat_wind(seat)}{points}): {hand}" + (f" {melds}" if melds else ""))
        lines.append(f"  discards: {' '.join(s.discards(seat)) or '-'}")
    if s.is_terminal:
        lines.append(result_text(s))
    elif s.current_player >= 0:
        options = ""
        if s.current_player == player or s.observer is None:
            options = ": " + ", ".join(action_name(a) for a in s.legal_actions())
        lines.append(f"{name(s.current_player)} to play{options}")
    elif s.current_player == SIMULTANEOUS:
        lines.append("The other seats answer the discard")
    return "\n".join(lines)


KERNELS = GameKernels.from_rules(
    rules,
    initial=initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    audience=_audience,
    hidden_name="a tile face down",
)


# ----- results ----------------------------------------------------------------------------------------
def limit_name(han: int, fu: int, yakuman: int) -> str:
    """The limit a win reaches ('mangan' ... 'yakuman', 'counted yakuman'), '' below mangan (Tenhou: 4 han
    30 fu is 7,700, not mangan)."""
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    if han >= 13:
        return "counted yakuman"
    for least, name in ((11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return name
    if han == 4 and fu >= 40 or han == 3 and fu >= 70:
        return "mangan"
    return ""


def _win_text(state: MahjongState, seat: int, gain: float) -> str:
    name = state.spec.seat_name
    how = "tsumo" if state.win_from is None else f"ron from {name(state.win_from)}"
    if state.reading == "simple":
        return f"{name(seat)} wins by {how}"
    han, fu, yakuman = state.han(seat), state.fu(seat), state.yakuman(seat)
    value = limit_name(han, fu, yakuman)
    if not yakuman:
        value = f"{han} han {fu} fu" + (f", {value}" if value else "")
    liable = state.pao(seat)
    paid = f" ({name(liable)} liable)" if liable is not None and yakuman else ""
    return f"{name(seat)} wins by {how}: {value}, {gain:+,.0f}{paid}"


def result_text(state: MahjongState) -> str:
    """'Player 2 wins by ron from Player 1: 3 han 30 fu, +3,900' per winner (the point change), or how
    the hand was drawn ('Drawn hand: exhaustive draw, tenpai: Player 1, Player 3')."""
    if not state.end:
        return ""
    if not state.winners:
        text = f"Drawn hand: {state.end}"
        if state.reading == "riichi" and state.end in (END_NAMES[END_EXHAUSTIVE], END_NAMES[END_NAGASHI]):
            seats = ", ".join(state.spec.seat_name(seat) for seat in state.tenpai) or "nobody"
            text += f"; tenpai: {seats}"
        return text
    change = state.returns()
    return "; ".join(_win_text(state, seat, change[seat]) for seat in state.winners)


def figures(state: MahjongState, seat: int) -> SeatFigures:
    """Hands won, deals-in, riichi declared, the hand's point change (``points``) and the best win's gain."""
    gain = state.returns()[seat]
    won = seat in state.winners
    dealt_in = state._int(rules.END) == END_RON and state.win_from == seat
    counts = {"hands_won": int(won), "dealt_in": int(dealt_in), "points": gain}
    if state.reading == "riichi":
        counts["riichi"] = int(state.in_riichi(seat))
    return SeatFigures(counts=counts, peaks={"best_hand": gain} if won else {})


DEFINITION = GameDefinition(state_class=MahjongState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.mahjong.ai"),
                            result_text=result_text, figures=figures, series=MATCH)
"""One hand of Mahjong as a state; a game of hands as :data:`.match.MATCH`."""

__all__ = ["DEFINITION", "Discard", "KERNELS", "LENGTHS", "MATCH", "MELD_TYPES", "MahjongState", "Meld", "PHASES",
           "WINDS", "figures", "limit_name", "result_text", "tile_ids"]
