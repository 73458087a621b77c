"""Three-player Nim state: the protocol adapter over the engine tests' kernels."""

from __future__ import annotations

from tui_games.core.definition import GameDefinition, ai_factory
from tui_games.core.errors import IllegalActionError
from tui_games.engine.kernel_state import GameKernels, KernelState

from toy_catalog.nim3 import rules


class Nim3State(KernelState):
    """A three-player Nim position."""

    __slots__ = ()

    @property
    def heaps(self) -> list[int]:
        """Items left in each heap in play."""
        return [int(x) for x in self.array[rules.NIM3_HEAPS:rules.NIM3_HEAPS + self.params["heaps"]]]


def _name_action(state: Nim3State, action: int) -> str:
    return f"take {action // rules.NIM3_N_HEAPS} from heap {action % rules.NIM3_N_HEAPS + 1}"


def _read_action(state: Nim3State, text: str) -> int:
    words = text.lower().replace("take", " ").replace("from", " ").replace("heap", " ").split()
    if len(words) != 2 or not all(word.isdigit() for word in words):
        raise IllegalActionError(f"{text!r} is not a move: write 'take K from heap H' or 'K H'")
    take, heap = int(words[0]), int(words[1])
    if not 1 <= heap <= len(state.heaps):
        raise IllegalActionError(f"there is no heap {heap}")
    return take * rules.NIM3_N_HEAPS + heap - 1


def _why_illegal(state: Nim3State, action: int) -> str:
    return f"{_name_action(state, action)} is not possible now (heaps: {state.heaps})"


def _observe(state: Nim3State, player: int) -> str:
    return "  ".join(f"heap {i + 1}: {h}" for i, h in enumerate(state.heaps))


def _initial(seed: int, params: dict):
    return rules.nim3_state([params["size"]] * params["heaps"], params["max_take"])


KERNELS = GameKernels(
    legal=rules.NIM3_KERNELS.legal,
    apply=rules.NIM3_KERNELS.apply,
    chance=rules.NIM3_KERNELS.chance,
    returns=rules.NIM3_KERNELS.returns,
    evaluate=rules.NIM3_KERNELS.evaluate,
    max_actions=rules.NIM3_KERNELS.max_actions,
    initial=_initial,
    name_action=_name_action,
    read_action=_read_action,
    why_illegal=_why_illegal,
    observe=_observe,
)

DEFINITION = GameDefinition(state_class=Nim3State, kernels=KERNELS, make_ai=ai_factory("toy_catalog.nim3.ai"))
"""The game as the catalogue plays it."""
