"""Gin Rummy state: the protocol adapter over rules.py, with read-only views for the card table.

Actions are OpenSpiel's ids, named as players write them: a card "As", "Td" (a discard, a layoff, or at a
chance node the card dealt), "draw upcard", "draw stock", "pass", "knock", and a meld by its cards run
together, "As2s3s". ``parse_action`` also reads "discard As", "lay off As", "meld 7s 7c 7d" and the ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.series import SeriesRules, SeriesTarget, Standing
from tui_games.core.spec import switch_value
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE
from tui_games.games.gin_rummy import melds, rules
from tui_games.games.gin_rummy.constants import (DRAW_STOCK, DRAW_UPCARD, KNOCK, MELD_BASE, MELD_OF, MELDS,
                                                 NUM_ACTIONS, NUM_CARDS, PASS, card_name, card_of, meld_name)

WORDS = {"draw upcard": DRAW_UPCARD, "draw stock": DRAW_STOCK, "pass": PASS, "knock": KNOCK}
"""The actions that are no card or meld, by name."""
ALIASES = {"upcard": DRAW_UPCARD, "take upcard": DRAW_UPCARD, "take": DRAW_UPCARD, "stock": DRAW_STOCK,
           "draw": DRAW_STOCK, "draw from stock": DRAW_STOCK, "done": PASS}
"""Other words parse_action reads."""
PHASES = ("deal", "first upcard", "draw", "discard", "knock", "layoff", "wall", "over")
"""Each phase's name (``GinRummyState.phase``), in the order of ``rules.PHASE_*``."""
HAND_BONUS = 25
"""Points a match adds for each hand a player won (a 'box'), once a player reaches the target."""
GAME_BONUS = 100
"""Points a match adds for its winner."""


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, in increasing order."""
    return [card for card in range(NUM_CARDS) if (mask >> card) & 1]


class GinRummyState(KernelState):
    """One hand of Gin Rummy, with read-only views for the table."""

    __slots__ = ()

    @property
    def phase(self) -> str:
        """'deal', 'first upcard', 'draw', 'discard', 'knock', 'layoff', 'wall' or 'over'."""
        return PHASES[int(self.array[rules.PHASE])]

    def hand_mask(self, player: int) -> int | None:
        """``player``'s cards as a mask; None where this view may not see them."""
        mask = int(self.array[rules.HANDS + player])
        return None if mask < 0 else mask

    def hand_cards(self, player: int) -> list[int]:
        """``player``'s card ids, in increasing order; only the cards it took from the upcard where this
        view may not see its hand."""
        mask = self.hand_mask(player)
        return cards_of(int(self.array[rules.KNOWN + player]) if mask is None else mask)

    def hand(self, player: int) -> list[str]:
        """``player``'s cards as strings ("As", "Td"), by suit s c d h and rank; where this view may not
        see the hand, only the cards it took from the upcard."""
        return [card_name(card) for card in self.hand_cards(player)]

    def known(self, player: int) -> list[str]:
        """The cards ``player`` holds that it took from the upcard (seen by both)."""
        return [card_name(card) for card in cards_of(int(self.array[rules.KNOWN + player]))]

    @property
    def hand_sizes(self) -> list[int]:
        """Cards in each hand."""
        return [int(x) for x in self.array[rules.SIZES:rules.SIZES + 2]]

    def deadwood(self, player: int) -> int | None:
        """The least deadwood of ``player``'s hand as it is now (eleven cards: after the best discard, as
        OpenSpiel counts it); None where this view may not see the hand."""
        mask = self.hand_mask(player)
        return None if mask is None else int(melds.deadwood(mask))

    def best_melds(self, player: int) -> list[list[str]]:
        """A best arrangement of ``player``'s hand into melds (OpenSpiel's first), as card strings; empty
        where this view may not see the hand."""
        mask = self.hand_mask(player)
        if mask is None:
            return []
        import numpy as np
        out = np.empty(4, np.int64)
        n = melds.first_best_group(mask, out)
        return [[card_name(card) for card in MELDS[int(meld)]] for meld in out[:n]]

    @property
    def upcard(self) -> str | None:
        """The face-up card that may be drawn, or None."""
        card = int(self.array[rules.UPCARD])
        return card_name(card) if card >= 0 else None

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return int(self.array[rules.STOCK_SIZE])

    @property
    def discard_pile(self) -> list[str]:
        """The cards out of play under the upcard, oldest first."""
        n = int(self.array[rules.DISCARD_COUNT])
        return [card_name(int(c)) for c in self.array[rules.DISCARDS:rules.DISCARDS + n]]

    @property
    def first(self) -> int:
        """The seat dealt first, which has the first upcard's option (the dealer's opponent)."""
        return int(self.array[rules.FIRST])

    @property
    def knock_card(self) -> int:
        """The most deadwood a knock may leave (Oklahoma: set by the first upcard)."""
        return int(self.array[rules.KNOCK_CARD])

    @property
    def knocker(self) -> int | None:
        """The seat that knocked, or None."""
        for seat in range(2):
            if self.array[rules.KNOCKED + seat]:
                return seat
        return None

    @property
    def turn(self) -> int:
        """The seat whose turn it is (while a stock card is dealt: the drawer)."""
        a = self.array
        if int(a[rules.PHASE]) == rules.PHASE_DEAL and int(a[rules.STOCK_SIZE]) < NUM_CARDS - 20:
            return int(a[rules.PREV])
        return int(a[rules.TURN])

    def laid_melds(self, player: int) -> list[list[str]]:
        """The melds ``player`` has laid, as card strings."""
        a = self.array
        base = rules.LAID + player * rules.MAX_LAID
        return [[card_name(c) for c in MELDS[int(m)]] for m in a[base:base + int(a[rules.LAID_COUNT + player])]]

    @property
    def layoffs(self) -> list[str]:
        """The cards laid off on the knocker's melds, in order."""
        n = int(self.array[rules.LAYOFF_COUNT])
        return [card_name(int(c)) for c in self.array[rules.LAYOFFS:rules.LAYOFFS + n]]

    def final_deadwood(self, player: int) -> int | None:
        """Once the hand is over after a knock: the points ``player`` was left with; else None."""
        if not self.is_terminal or self.knocker is None:
            return None
        return int(self.array[rules.DEADWOOD + player])

    @property
    def gin(self) -> bool:
        """True when the hand ended in gin (the knocker laid every card)."""
        knocker = self.knocker
        return self.is_terminal and knocker is not None and int(self.array[rules.DEADWOOD + knocker]) == 0

    @property
    def undercut(self) -> bool:
        """True when the hand ended with the knocker undercut."""
        knocker = self.knocker
        return self.is_terminal and knocker is not None and self.returns()[knocker] < 0


# ----- names ------------------------------------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    if 0 <= action < NUM_CARDS:
        return card_name(action)
    if state.current_player == CHANCE:
        raise IllegalActionError(_why_illegal(state, action))
    for word, number in WORDS.items():
        if number == action:
            return word
    if MELD_BASE <= action < NUM_ACTIONS:
        return meld_name(action - MELD_BASE)
    raise IllegalActionError(_why_illegal(state, action))


_CARD = r"(?:10|[a2-9tjqk])[scdh]"


def _read_action(state: KernelState, text: str) -> int:
    word = " ".join(text.lower().split())
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    if word in WORDS:
        return WORDS[word]
    if word in ALIASES:
        return ALIASES[word]
    for prefix in ("discard ", "lay off ", "layoff ", "meld ", "lay "):
        if word.startswith(prefix):
            word = word[len(prefix):]
            break
    cards = re.findall(_CARD, word)
    if cards and "".join(cards) == word.replace(" ", "").replace(",", ""):
        ids = tuple(sorted(card_of(card) for card in cards))
        if len(ids) == 1:
            return ids[0]
        if ids in MELD_OF:
            return MELD_BASE + MELD_OF[ids]
        raise IllegalActionError(f"{text!r} is no meld: a set of 3 or 4 cards of one rank, or a run of 3 to 5 "
                                 "cards of one suit")
    raise IllegalActionError(f"{text!r} is not an action: write a card ('As', 'Td'), a meld ('7s7c7d', "
                             "'As2s3s'), or draw upcard, draw stock, pass, knock")


def _why_illegal(state: KernelState, action: int) -> str:
    s: GinRummyState = state  # type: ignore[assignment]
    if not 0 <= action < NUM_ACTIONS:
        return (f"there is no action {action}: cards are 0-51, 52 draw upcard, 53 draw stock, 54 pass, "
                "55 knock, 56-240 melds")
    if s.is_terminal:
        return "the hand is over"
    if s.current_player == CHANCE:
        return f"{card_name(action)} is not in the stock" if action < NUM_CARDS else "chance deals a card"
    legal = ", ".join(s.action_to_string(x) for x in s.legal_actions())
    seat = s.current_player
    phase = s.phase
    mine = s.hand_cards(seat)
    if phase in ("first upcard", "draw", "wall"):
        if phase == "wall" and action == KNOCK:
            return f"taking the upcard would leave more than {s.knock_card} deadwood: you cannot knock"
        return f"draw first: {legal}"
    if action < NUM_CARDS and action not in mine:
        return f"you hold no {card_name(action)}"
    if phase == "discard" and action == KNOCK:
        return f"your deadwood is {s.deadwood(seat)}: a knock needs {s.knock_card} or less"
    if phase == "knock" and action < NUM_CARDS:
        return f"discarding {card_name(action)} would leave more than {s.knock_card} deadwood"
    if phase == "knock" and action == PASS:
        return f"lay melds until your unmelded cards count {s.knock_card} or less"
    if action >= MELD_BASE:
        if any(card not in mine for card in MELDS[action - MELD_BASE]):
            return f"you do not hold all of {meld_name(action - MELD_BASE)}"
        return f"laying {meld_name(action - MELD_BASE)} would leave too much deadwood: {legal}"
    if phase == "layoff" and action < NUM_CARDS:
        return f"{card_name(action)} does not fit the knocker's melds"
    return f"not now: {legal}"


def _audience(state: KernelState, action: int) -> int:
    """A card dealt to a hand or drawn from the stock is seen by its taker alone; the upcard and every
    move by all."""
    a = state.array
    if state.current_player != CHANCE:
        return EVERYONE
    before = int(a[rules.STOCK_SIZE])
    first = int(a[rules.FIRST])
    if before > NUM_CARDS - 10:
        return first
    if before > NUM_CARDS - 20:
        return 1 - first
    if before == NUM_CARDS - 20:
        return EVERYONE
    return int(a[rules.PREV])


def _observe(state: KernelState, player: int) -> str:
    s: GinRummyState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    lines = [f"Gin Rummy, knock card {s.knock_card}; stock {counted(s.stock_size, 'card')}, upcard "
             + (s.upcard or "none")]
    if s.discard_pile:
        lines.append("Discards: " + " ".join(s.discard_pile))
    for seat in range(2):
        you = " (you)" if seat == player else ""
        dealer = ", dealer" if seat != s.first else ""
        size = s.hand_sizes[seat]
        shown = s.hand_mask(seat) is not None
        cards = " ".join(s.hand(seat))
        line = f"{name(seat)}{you}{dealer}: {counted(size, 'card')}"
        if shown:
            line += f": {cards}; deadwood {s.deadwood(seat)}"
        elif cards:
            line += f", among them {cards}"
        lines.append(line)
        laid = s.laid_melds(seat)
        if laid:
            lines.append("  laid: " + " ".join("".join(meld) for meld in laid))
    if s.layoffs:
        lines.append("Laid off: " + " ".join(s.layoffs))
    if s.current_player >= 0:
        options = ""
        if s.current_player == player or s.observer is None:
            options = ": " + ", ".join(s.action_to_string(x) for x in s.legal_actions())
        lines.append(f"{name(s.current_player)} to play ({s.phase}){options}")
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    knock_card = int(params.get("knock_card", 10))
    gin_bonus = int(params.get("gin_bonus", 25))
    undercut_bonus = int(params.get("undercut_bonus", 25))
    oklahoma = switch_value(params.get("oklahoma", "off"), "oklahoma") == "on"
    first = int(params.get("first", 0))
    if not 0 <= knock_card <= 10:
        raise InvalidParameterError(f"knock_card must be 0..10 (got {knock_card})")
    if first not in (0, 1):
        raise InvalidParameterError(f"first must be 0 or 1 (got {first})")
    return rules.initial_state(int(oklahoma), knock_card, gin_bonus, undercut_bonus, first)


KERNELS = GameKernels.from_rules(
    rules,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
    audience=_audience,
    hidden_name="a card face down",
)


# ----- results ----------------------------------------------------------------------------------------
def result_text(state: GinRummyState) -> str:
    """'Player 1 goes gin: 37 points', 'Player 2 undercuts: 29 points', 'Player 1 knocks: 12 points',
    or 'A dead hand: no score'."""
    if not state.is_terminal:
        return ""
    knocker = state.knocker
    if knocker is None:
        return "A dead hand: no score"
    points = state.returns()
    name = state.spec.seat_name
    if state.gin:
        return f"{name(knocker)} goes gin: {points[knocker]:g} points"
    if points[knocker] < 0:
        return f"{name(1 - knocker)} undercuts: {points[1 - knocker]:g} points"
    if points[knocker] == 0:
        return f"{name(knocker)} knocks and ties: no score"
    return f"{name(knocker)} knocks: {points[knocker]:g} points"


def figures(state: GinRummyState, seat: int) -> SeatFigures:
    """Hands won, gins, undercuts and the points ``seat`` scored."""
    points = state.returns()[seat]
    knocker = state.knocker
    return SeatFigures(counts={
        "hands_won": int(points > 0),
        "gins": int(state.gin and knocker == seat),
        "undercuts": int(state.undercut and knocker == 1 - seat),
        "points": max(points, 0.0),
    })


def _opening(seats: int, params: dict) -> Standing:
    first = int(params.get("first", 0))
    return Standing(scores=(0.0, 0.0), button=1 - first,
                    facts={"target": int(params.get("target", 100)), "boxes": [0, 0], "first": first, "winner": None})


def match_end(scores: list[float], boxes: list[int], winner: int) -> list[float]:
    """Each player's final total once ``winner`` has reached the target with ``scores`` (the points of
    the hands each won) and ``boxes`` (hands each won): the winner adds GAME_BONUS, each player
    HAND_BONUS a hand won, and a winner whose opponent won no hand (a shutout) doubles its total."""
    final = [score + HAND_BONUS * won for score, won in zip(scores, boxes)]
    final[winner] += GAME_BONUS
    if boxes[1 - winner] == 0:
        final[winner] *= 2
    return final


def _add_hand(standing: Standing, returns: tuple[float, ...]) -> Standing:
    """The hand's winner scores its points and a box, and the deal passes to the other player (a hand that
    scores nothing is dealt again by the same dealer); once a player reaches the target the match is over
    and :func:`match_end` adds the bonuses. A one-hand match keeps the hand's returns."""
    facts = dict(standing.facts)
    target = int(facts.get("target", 100))
    if target <= 0:
        return replace(MATCH.default_add(standing, returns), facts=facts)
    boxes = list(facts.get("boxes", [0, 0]))
    after = list(standing.scores)
    for seat, points in enumerate(returns):
        if points > 0:
            boxes[seat] += 1
            after[seat] += points
            facts["first"] = 1 - int(facts.get("first", 0))
    facts["boxes"] = boxes
    reached = [seat for seat in range(2) if after[seat] >= target]
    if reached:
        facts["winner"] = reached[0]
        after = match_end(after, boxes, reached[0])
    moved = MATCH.default_add(standing, tuple(a - b for a, b in zip(after, standing.scores)))
    return replace(moved, facts=facts, button=1 - int(facts.get("first", 0)))


def _next_hand(standing: Standing, params: dict) -> dict:
    """The next hand's parameters: the match's, with the seat that has the first upcard."""
    return {**params, "first": int(standing.facts.get("first", params.get("first", 0)))}


@dataclass(frozen=True)
class GinMatch(SeriesRules):
    """A match: hands until a player's points reach ``target``; ``target`` 0 plays one hand."""

    def target_for(self, params: dict) -> SeriesTarget:
        """First to ``target`` points, or one hand."""
        target = int(params.get("target", 100))
        return SeriesTarget.points(target) if target > 0 else SeriesTarget.deals(1)

    def places(self, standing: Standing) -> tuple[int, ...]:
        """The player who reached the target first is first, whatever the bonuses gave the other."""
        winner = standing.facts.get("winner")
        if winner is None:
            return super().places(standing)
        return tuple(1 if seat == winner else 2 for seat in range(standing.seats))


MATCH = GinMatch(target=SeriesTarget.points(100), deal_name="hand", score_name="points", target_param="target",
                 opening=_opening, add_deal=_add_hand, next_params=_next_hand)
"""Hands until a player has ``target`` points, the deal alternating; each hand's winner scores its
points; at the end each hand won adds 25 and the match's winner 100, doubled on a shutout."""

DEFINITION = GameDefinition(
    state_class=GinRummyState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.gin_rummy.ai"),
    result_text=result_text, figures=figures, series=MATCH,
)
"""A match of Gin Rummy hands (or one hand)."""

__all__ = ["DEFINITION", "KERNELS", "MATCH", "GinRummyState", "cards_of", "figures", "match_end", "result_text"]
