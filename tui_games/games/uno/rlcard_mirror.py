"""RLCard 1.2.0's own UNO game played in lockstep with ours (the ``rlcard`` reading): the tests replay it
move by move, and ``benchmarks/uno_strength.py`` seats RLCard's rule agent against our AI through it.

RLCard deals by popping cards off a shuffled list and picks a wild's colour with its generator; a
:class:`Mirror` records both as they happen and hands them to our state as its chance outcomes, so the
two games hold the same cards at every step. Imports rlcard when a mirror is made (a test extra).
"""

from __future__ import annotations

import contextlib

import numpy as np

from tui_games.games.uno import rules

COLOURS = "rgby"
TRAITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw_2", "wild", "wild_draw_4")


def card_type(card) -> int:
    """Our card type (0-53) of an RLCard card."""
    trait = TRAITS.index(card.trait)
    if trait == rules.WILD:
        return rules.WILD_TYPE
    if trait == rules.WILD_DRAW_4:
        return rules.WILD4_TYPE
    return COLOURS.index(card.color) * 13 + trait


def hand_names(cards) -> list[str]:
    """An RLCard hand as our ``hand(player)`` writes it: sorted by type, wilds without a colour."""
    kinds = sorted(card_type(card) for card in cards)
    return [TRAITS[13 if k == rules.WILD_TYPE else 14] if k >= rules.WILD_TYPE
            else f"{COLOURS[k // 13]}-{TRAITS[k % 13]}" for k in kinds]


class _RecordingRandom:
    """RLCard's generator, logging each colour it picks for a wild."""

    def __init__(self, seed: int, log: list) -> None:
        self._random = np.random.RandomState(seed)
        self.log = log

    def choice(self, options, *args, **kwargs):
        picked = self._random.choice(options, *args, **kwargs)
        self.log.append(("colour", str(picked)))
        return picked

    def __getattr__(self, name):
        return getattr(self._random, name)


class _RecordingDeck(list):
    """RLCard's draw pile, logging each card popped off it."""

    log: list

    def pop(self, *args):
        card = super().pop(*args)
        self.log.append(("card", card))
        return card


@contextlib.contextmanager
def _recording_dealer():
    """RLCard's dealer, while the block runs, keeps its deck as a :class:`_RecordingDeck`."""
    import rlcard.games.uno.game as game_module

    original = game_module.Dealer

    class RecordingDealer(original):
        def __init__(self, np_random):
            super().__init__(np_random)
            deck = _RecordingDeck(self.deck)
            deck.log = np_random.log
            self.deck = deck

    game_module.Dealer = RecordingDealer
    try:
        yield
    finally:
        game_module.Dealer = original


class Mirror:
    """An RLCard game (``game``, seeded ``seed``) and our state (``state``) holding the same cards.

    ``step(action)`` plays one of our action ids in both; ``rlcard_legal()`` gives RLCard's legal actions
    as our ids; ``rlcard_state()`` is RLCard's raw state of the player to move.
    """

    def __init__(self, spec, seed: int, players: int = 2) -> None:
        from rlcard.games.uno.game import UnoGame
        from rlcard.games.uno.utils import ACTION_LIST, ACTION_SPACE

        self.action_list = ACTION_LIST
        self.action_space = ACTION_SPACE
        self.log: list = []
        self.game = UnoGame(num_players=players)
        self.game.np_random = _RecordingRandom(seed, self.log)
        with _recording_dealer():
            self.game.init_game()
        self.state = spec.new(seed=seed, players=players, rules="rlcard")
        self._feed()

    def _feed(self) -> None:
        """Hand RLCard's recorded draws and colours to our state's chance nodes."""
        state = self.state
        while state.is_chance_node:
            phase = int(state.array[rules.PHASE])
            kind, value = self.log.pop(0)
            if phase in (rules.PHASE_FLIP_COLOUR, rules.PHASE_DRAWN_COLOUR):
                assert kind == "colour", f"RLCard drew a card where we expect a wild's colour ({value})"
                trait = int(rules.trait_of_type(int(state.array[rules.DRAWN])))
                state.apply(COLOURS.index(value) * 15 + trait)
                continue
            assert kind == "card", f"RLCard picked a colour where we expect a card ({value})"
            card = card_type(value)
            if phase == rules.PHASE_FLIP and card == rules.WILD4_TYPE:
                continue  # RLCard puts a turned Wild Draw Four back and turns again
            state.apply(int(rules.action_of_type(card, 0)))
        assert not self.log, f"RLCard drew more than our state: {self.log}"

    def step(self, action: int) -> None:
        """Play our action id ``action`` in both games."""
        self.game.step(self.action_list[action])
        self.state.apply(action)
        if self.state.is_terminal:
            self.log.clear()  # RLCard still deals a winning Draw Two's cards; the hand is over
        self._feed()

    def rlcard_legal(self) -> list[int]:
        """RLCard's legal actions of the player to move, as our sorted ids."""
        return sorted({self.action_space[a] for a in self.game.get_legal_actions()})

    def rlcard_state(self) -> dict:
        """RLCard's raw state of the player to move (what its agents read)."""
        return self.game.get_state(self.game.round.current_player)

    def rlcard_hands(self) -> list[list[str]]:
        """Every RLCard hand as our ``hand(player)`` writes it."""
        return [hand_names(player.hand) for player in self.game.players]

    def rlcard_target(self) -> str:
        """RLCard's target card with its colour as it is now (its ``target.str`` keeps a wild's colour
        from before it was played)."""
        return self.game.round.target.get_str()
