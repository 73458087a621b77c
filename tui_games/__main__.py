"""`python -m tui_games` runs the command line."""

import sys

from tui_games.cli import main

sys.exit(main())
