"""UNO state: the protocol adapter over rules.py, with read-only views for a card table.

Actions are RLCard's ids (``colour * 15 + trait``; 60 draw, 61 keep, 62 challenge, 63 accept), named as
RLCard writes them: "r-7", "g-skip", "b-draw_2", "y-wild", "r-wild_draw_4", "draw", "keep",
"challenge", "accept". Chance outcomes: the dealer ("dealer 2"), a card from the pile by its type
("g-7", "wild", "wild_draw_4"), and the colour a random wild takes ("b-wild").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tui_games.core.definition import GameDefinition, SeatFigures, ai_factory
from tui_games.core.errors import IllegalActionError, InvalidParameterError
from tui_games.core.players import CHANCE
from tui_games.core.series import SeriesRules, SeriesTarget, Standing
from tui_games.core.words import counted
from tui_games.engine.kernel_state import GameKernels, KernelState
from tui_games.engine.observer import EVERYONE
from tui_games.games.uno import rules
from tui_games.games.uno.constants import COLOUR_NAMES, COLOURS, TRAITS

READINGS = {"official": rules.OFFICIAL, "rlcard": rules.RLCARD}
WORDS = {"draw": rules.DRAW, "keep": rules.KEEP, "challenge": rules.CHALLENGE, "accept": rules.ACCEPT}
"""The actions that are no card, by name."""
PHASES = ("dealer", "deal", "flip", "flip colour", "name colour", "play", "draw", "drawn colour",
          "play or keep", "penalty", "challenge", "over")
"""Each phase's name (``UnoState.phase``), in the order of ``rules.PHASE_*``."""
CARD_PHASES = (rules.PHASE_DEAL, rules.PHASE_FLIP, rules.PHASE_DRAW, rules.PHASE_PENALTY)
COLOUR_PHASES = (rules.PHASE_FLIP_COLOUR, rules.PHASE_DRAWN_COLOUR)


def card_name(action: int) -> str:
    """A card action as RLCard writes it: 'r-7', 'g-skip', 'y-wild', 'r-wild_draw_4'."""
    return f"{COLOURS[action // 15]}-{TRAITS[action % 15]}"


def type_name(kind: int) -> str:
    """A card type as a hand shows it: 'r-7', 'b-draw_2', 'wild', 'wild_draw_4'."""
    if kind >= rules.WILD_TYPE:
        return TRAITS[rules.WILD if kind == rules.WILD_TYPE else rules.WILD_DRAW_4]
    return f"{COLOURS[kind // 13]}-{TRAITS[kind % 13]}"


def type_of(action: int) -> int:
    """The card type (0-53) a card action 0-59 plays."""
    return int(rules.type_of_action(action))


def points_of(kind: int) -> int:
    """A card type's points in a loser's hand."""
    return int(rules.TRAIT_POINTS[int(rules.trait_of_type(kind))])


class UnoState(KernelState):
    """One hand of UNO (official rules or RLCard's reading), with read-only views for the table."""

    __slots__ = ()

    @property
    def rules_name(self) -> str:
        """'official' or 'rlcard'."""
        return "rlcard" if int(self.array[rules.RULES]) == rules.RLCARD else "official"

    @property
    def phase(self) -> str:
        """What happens next: 'play', 'play or keep', 'challenge', 'name colour', a chance phase ('deal',
        'draw', 'penalty' ...), or 'over'."""
        return PHASES[int(self.array[rules.PHASE])]

    def hand(self, player: int) -> list[str]:
        """``player``'s cards as RLCard writes them ('r-7', 'wild', 'wild_draw_4'), by colour r g b y and
        trait, the wilds last; empty where this view may not see them (another seat's redacted hand)."""
        counts = self.hand_counts(player)
        return [type_name(kind) for kind, count in enumerate(counts) for _ in range(max(count, 0))]

    def hand_counts(self, player: int) -> list[int]:
        """``player``'s cards as a count per type (0-53; -1 each where this view may not see them)."""
        base = rules.HANDS + player * rules.NUM_TYPES
        return [int(x) for x in self.array[base:base + rules.NUM_TYPES]]

    def hand_points(self, player: int) -> int | None:
        """The points of ``player``'s cards (None where this view may not see them)."""
        counts = self.hand_counts(player)
        if min(counts) < 0:
            return None
        return sum(count * points_of(kind) for kind, count in enumerate(counts))

    @property
    def target(self) -> str:
        """The card to match as RLCard writes it ('g-7'; 'r-wild' after a wild naming red; 'wild' while
        its colour is not named yet); '' before the first card is turned."""
        a = self.array
        if int(a[rules.PHASE]) <= rules.PHASE_FLIP:
            return ""
        trait, colour = int(a[rules.TOP_TRAIT]), int(a[rules.TOP_COLOUR])
        if colour < 0:
            return TRAITS[trait]
        return f"{COLOURS[colour]}-{TRAITS[trait]}"

    @property
    def colour(self) -> str | None:
        """The colour to match, in words ('red'), or None before it is set."""
        colour = int(self.array[rules.TOP_COLOUR])
        return COLOUR_NAMES[colour] if colour >= 0 and int(self.array[rules.PHASE]) > rules.PHASE_FLIP else None

    @property
    def hand_sizes(self) -> list[int]:
        """The number of cards in each seat's hand."""
        return [int(x) for x in self.array[rules.SIZES:rules.SIZES + self.num_players]]

    @property
    def draw_pile_size(self) -> int:
        """Cards in the draw pile."""
        return int(self.array[rules.PILE_SIZE])

    @property
    def discard_size(self) -> int:
        """Cards under the top card that will refill the draw pile (RLCard: the top card included)."""
        return int(self.array[rules.PLAYED_SIZE])

    @property
    def direction(self) -> int:
        """+1 while play goes up the seat numbers, -1 after a Reverse."""
        return int(self.array[rules.DIRECTION])

    @property
    def dealer(self) -> int | None:
        """The dealer's seat (official rules, once drawn), else None."""
        dealer = int(self.array[rules.DEALER])
        return dealer if dealer >= 0 else None

    @property
    def turn(self) -> int:
        """The seat whose turn it is (at a chance node: the seat the cards go to)."""
        a = self.array
        if int(a[rules.PHASE]) in (rules.PHASE_DEAL, rules.PHASE_PENALTY, rules.PHASE_DRAW):
            return int(a[rules.DRAW_SEAT])
        return int(a[rules.TURN])

    @property
    def drawn_card(self) -> str | None:
        """The card the mover just drew and may play or keep (official rules), as a hand names it; None
        when there is none or this view may not see it."""
        kind = int(self.array[rules.DRAWN])
        if int(self.array[rules.PHASE]) != rules.PHASE_AFTER_DRAW or kind < 0:
            return None
        return type_name(kind)

    @property
    def challenge_pending(self) -> bool:
        """True while the seat to move may challenge a Wild Draw Four."""
        return int(self.array[rules.PHASE]) == rules.PHASE_CHALLENGE

    @property
    def offender(self) -> int | None:
        """The seat whose Wild Draw Four may be challenged now, else None."""
        return int(self.array[rules.OFFENDER]) if self.challenge_pending else None


# ----- names ------------------------------------------------------------------------------------------
def _name_action(state: KernelState, action: int) -> str:
    a = state.array
    phase = int(a[rules.PHASE])
    if state.current_player == CHANCE:
        if phase == rules.PHASE_DEALER:
            if 0 <= action < state.num_players:
                return f"dealer {action + 1}"
        elif phase in COLOUR_PHASES:
            if 0 <= action < 60 and action % 15 == int(rules.trait_of_type(int(a[rules.DRAWN]))):
                return card_name(action)
        elif 0 <= action < 60 and (action % 15 < rules.WILD or action in (rules.WILD, rules.WILD_DRAW_4)):
            return type_name(type_of(action))
        raise IllegalActionError(_why_illegal(state, action))
    if 0 <= action < 60:
        return card_name(action)
    for word, number in WORDS.items():
        if number == action:
            return word
    raise IllegalActionError(_why_illegal(state, action))


_CARD = re.compile(r"^(r|g|b|y|red|green|blue|yellow)[- ]?(\d|skip|reverse|draw_2|wild|wild_draw_4)$")


def _read_card(text: str) -> int | None:
    match = _CARD.match(text)
    if match is None:
        return None
    return COLOURS.index(match.group(1)[0]) * 15 + TRAITS.index(match.group(2))


def _read_action(state: KernelState, text: str) -> int:
    word = " ".join(text.lower().split())
    phase = int(state.array[rules.PHASE])
    if word.isascii() and word.isdigit() and len(word) <= 2:
        return int(word)
    if state.current_player == CHANCE:
        if phase == rules.PHASE_DEALER:
            match = re.match(r"^dealer (\d{1,2})$", word)
            if match:
                return int(match.group(1)) - 1
            raise IllegalActionError(f"{text!r} is not a dealer: write 'dealer 1' .. 'dealer {state.num_players}'")
        if word in ("wild", "wild_draw_4"):
            return TRAITS.index(word)
        card = _read_card(word)
        if card is not None:
            if phase in CARD_PHASES and card % 15 >= rules.WILD:
                return card % 15
            return card
        raise IllegalActionError(f"{text!r} is not a card: write 'r-7', 'g-skip', 'wild', 'wild_draw_4'")
    if word in WORDS:
        return WORDS[word]
    card = _read_card(word)
    if card is not None:
        return card
    if word in ("wild", "wild_draw_4"):
        raise IllegalActionError(f"{text!r}: name the colour it calls, e.g. 'r-{word}'")
    raise IllegalActionError(f"{text!r} is not an action: write a card ('r-7', 'g-skip', 'b-draw_2', 'y-wild', "
                             "'r-wild_draw_4') or draw, keep, challenge, accept")


def _why_illegal(state: KernelState, action: int) -> str:
    s: UnoState = state  # type: ignore[assignment]
    a = s.array
    phase = int(a[rules.PHASE])
    if not 0 <= action < rules.MAX_ACTIONS:
        return f"there is no action {action}: cards are 0-59 (colour x 15 + trait), 60 draw, 61 keep, 62 challenge, 63 accept"
    if s.is_terminal:
        return "the hand is over"
    if s.current_player == CHANCE:
        if phase == rules.PHASE_DEALER:
            return f"the dealer is one of the seats 0-{s.num_players - 1}"
        if phase in COLOUR_PHASES:
            return "the wild's colour is one of " + ", ".join(s.action_to_string(x) for x in s.legal_actions())
        if phase == rules.PHASE_FLIP and action == rules.WILD_DRAW_4:
            return "a Wild Draw Four turned first goes back into the pile"
        return f"no {type_name(type_of(action % 60))} is left in the draw pile" if action < 60 else \
            f"{action} is not a card"
    legal = ", ".join(s.action_to_string(x) for x in s.legal_actions())
    if phase == rules.PHASE_NAME_COLOUR:
        return f"name the colour of the wild turned up first: {legal}"
    if phase == rules.PHASE_CHALLENGE:
        return "a Wild Draw Four was played on you: challenge it or accept it"
    if phase == rules.PHASE_AFTER_DRAW:
        return f"you drew {s.drawn_card}: play it or keep it ({legal})"
    if action == rules.KEEP:
        return "keep is for a card you have just drawn"
    if action in (rules.CHALLENGE, rules.ACCEPT):
        return "there is no Wild Draw Four to challenge or accept"
    if action == rules.DRAW:
        if s.rules_name == "rlcard":
            return f"in RLCard's rules you draw only when you cannot play ({legal})"
        return "no card is left to draw"
    kind = type_of(action)
    name = type_name(kind)
    if s.hand_counts(s.current_player)[kind] <= 0:
        return f"you hold no {name}"
    if kind == rules.WILD4_TYPE:
        return "in RLCard's rules a Wild Draw Four is only legal when no other card of yours is playable"
    return (f"{name} does not go on {s.target}: match its colour ({s.colour}) "
            + ("or play a wild" if int(a[rules.TOP_TRAIT]) >= rules.WILD else f"or its {TRAITS[int(a[rules.TOP_TRAIT])]}"))


def _audience(state: KernelState, action: int) -> int:
    """A card drawn is seen by its taker alone (RLCard plays some at once, face up); the rest by all."""
    a = state.array
    phase = int(a[rules.PHASE])
    if state.current_player != CHANCE or phase in (rules.PHASE_DEALER, rules.PHASE_FLIP) or phase in COLOUR_PHASES:
        return EVERYONE
    if phase == rules.PHASE_DRAW and int(a[rules.RULES]) == rules.RLCARD:
        kind = type_of(action % 60)
        if kind >= rules.WILD_TYPE or kind // 13 == int(a[rules.TOP_COLOUR]):
            return EVERYONE
    return int(a[rules.DRAW_SEAT])


def _observe(state: KernelState, player: int) -> str:
    s: UnoState = state  # type: ignore[assignment]
    name = s.spec.seat_name
    way = "up the seats" if s.direction > 0 else "down the seats"
    lines = [f"UNO ({s.rules_name} rules), play goes {way}"
             + (f", {name(s.dealer)} dealt" if s.dealer is not None else "")]
    if s.target:
        lines.append(f"Top card: {s.target}" + (f" (colour {s.colour})" if s.colour else ""))
    lines.append(f"Draw pile: {counted(s.draw_pile_size, 'card')}; discards: {s.discard_size}")
    for seat in range(s.num_players):
        you = " (you)" if seat == player else ""
        cards = s.hand(seat)
        size = s.hand_sizes[seat]
        shown = f": {' '.join(cards)}" if cards else ""
        lines.append(f"{name(seat)}{you}: {size} card{'s' if size != 1 else ''}{shown}")
    if s.drawn_card is not None:
        lines.append(f"Drawn: {s.drawn_card}")
    if s.current_player >= 0:
        options = ""
        if s.current_player == player or s.observer is None:
            options = ": " + ", ".join(s.action_to_string(x) for x in s.legal_actions())
        lines.append(f"{name(s.current_player)} to {s.phase}{options}")
    elif s.is_terminal:
        lines.append(result_text(s))
    return "\n".join(lines)


def _initial(seed: int, params: dict):
    players = int(params.get("players", 2))
    reading = params.get("rules", "official")
    if not 2 <= players <= rules.MAX_SEATS:
        raise InvalidParameterError(f"players must be 2..{rules.MAX_SEATS} (got {players})")
    if reading not in READINGS:
        raise InvalidParameterError(f"rules must be official or rlcard (got {reading!r})")
    return rules.initial_state(players, READINGS[reading])


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
def result_text(state: UnoState) -> str:
    """'Player 2 wins the hand: 87 points' (official) or 'Player 1 wins' (RLCard)."""
    winner = state.winner
    if winner is None:
        return ""
    name = state.spec.seat_name(winner)
    if state.rules_name == "rlcard":
        return f"{name} wins"
    return f"{name} wins the hand: {state.returns()[winner]:g} points"


def figures(state: UnoState, seat: int) -> SeatFigures:
    """Hands won, and the points ``seat`` scored (official rules)."""
    won = int(state.winner == seat)
    counts = {"hands_won": won}
    if state.rules_name == "official":
        counts["points"] = max(state.returns()[seat], 0.0)
    return SeatFigures(counts=counts)


def plays_for_points(params: dict) -> bool:
    """True when a match of ``params`` is a race to the points target (official rules, target above 0)."""
    return params.get("rules", "official") == "official" and int(params.get("target", 500)) > 0


def _opening(seats: int, params: dict) -> Standing:
    return Standing(scores=tuple(0.0 for _ in range(seats)), facts={"points_race": plays_for_points(params)})


def _add_hand(standing: Standing, returns: tuple[float, ...]) -> Standing:
    """A race to the target adds the points each hand's winner scores; one hand keeps its returns."""
    if standing.facts.get("points_race"):
        returns = tuple(max(r, 0.0) for r in returns)
    return replace(MATCH.default_add(standing, returns), facts=standing.facts)


@dataclass(frozen=True)
class UnoMatch(SeriesRules):
    """A match: official rules play hands until a seat's points reach ``target``; ``target`` 0 and the
    RLCard reading play one hand."""

    def target_for(self, params: dict) -> SeriesTarget:
        """First to ``target`` points, or one hand."""
        if plays_for_points(params):
            return SeriesTarget.points(int(params.get("target", 500)))
        return SeriesTarget.deals(1)


MATCH = UnoMatch(target=SeriesTarget.points(500), deal_name="hand", score_name="points", target_param="target",
                 opening=_opening, add_deal=_add_hand)
"""Hands until a seat has ``target`` points (each hand's winner scores the cards left in the other
hands), or a single hand; each hand is dealt with a seed of its own and a dealer drawn at random."""

DEFINITION = GameDefinition(
    state_class=UnoState, kernels=KERNELS, make_ai=ai_factory("tui_games.games.uno.ai"),
    result_text=result_text, figures=figures, series=MATCH,
)
"""A match of UNO hands (or one hand)."""

__all__ = ["COLOURS", "DEFINITION", "KERNELS", "MATCH", "TRAITS", "UnoState", "card_name", "figures",
           "plays_for_points", "result_text", "type_name"]
