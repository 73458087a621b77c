"""Three-player Nim's kernels: the engine tests' own (``tests/engine/toy_games.py``), reused as they are.

Actions: ``take * 4 + heap``; the seat that takes the last item gets +2, the two others -1.
"""

import sys
from pathlib import Path

_ENGINE_TESTS = str(Path(__file__).resolve().parents[2] / "engine")
if _ENGINE_TESTS not in sys.path:
    sys.path.append(_ENGINE_TESTS)

from toy_games import NIM3_HEAPS, NIM3_KERNELS, NIM3_MAX_TAKE, NIM3_N_HEAPS, nim3_state  # noqa: E402

__all__ = ["NIM3_HEAPS", "NIM3_KERNELS", "NIM3_MAX_TAKE", "NIM3_N_HEAPS", "nim3_state"]
