"""``python -m tui_games.ui`` opens the menu (the ``tui-games`` command does the same)."""

from tui_games.ui.app import run_app

if __name__ == "__main__":
    run_app()
