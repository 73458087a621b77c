"""OpenSpiel's MCTS bot as an opponent for the strength benchmarks (OpenSpiel is a test dependency).

``pyspiel.MCTSBot`` (C++, UCT with c = 2, random rollouts by ``pyspiel.RandomRolloutEvaluator``,
MCTS-solver on) plays on OpenSpiel's own state of the game, rebuilt from our history each move: the
benchmarked games use OpenSpiel's action ids (their conformance tests check it).
"""

from __future__ import annotations


class OpenSpielMcts:
    """OpenSpiel's MCTS bot with ``simulations`` simulations a move on the game ``game`` (a
    ``pyspiel.load_game`` string such as ``"othello"`` or ``"hex(board_size=11)"``)."""

    def __init__(self, game: str, simulations: int, seed: int) -> None:
        import pyspiel

        self.game = pyspiel.load_game(game)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.game, evaluator, 2.0, simulations, 1000, True, seed, False)

    def choose(self, state) -> int:
        """The bot's move in the same position (a forced move without a search)."""
        theirs = self.game.new_initial_state()
        for action in state.history:
            theirs.apply_action(action)
        legal = theirs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return int(self.bot.step(theirs))
