"""One sub-package per game: spec.py (metadata), rules.py (kernels), game.py, ai.py, view.py, help.md."""
