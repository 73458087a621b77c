"""Counts read right: '1 move', '2 moves', '1 penalty', and no text the program writes puts a bare
plural after a number it works out."""

from __future__ import annotations

import re
from pathlib import Path

from tui_games.core.words import counted

PACKAGE = Path(__file__).resolve().parents[1] / "tui_games"

COUNTED_NOUNS = ("moves", "penalties", "hands", "rounds", "throws", "edges", "tokens", "cards", "chips",
                 "items", "stones", "deals", "games", "solves", "rebuys", "heaps", "plies", "nodes",
                 "playouts", "turns", "players", "seats")
"""Nouns a count goes with in the program's text."""

BARE_PLURAL = re.compile(r"\{(?P<count>[^{}]+)\} (?P<noun>" + "|".join(COUNTED_NOUNS) + r")\b")
"""A number worked out in an f-string followed by a plural noun ('{n} moves')."""

NOT_A_COUNT = re.compile(r"^[A-Z][A-Z0-9_]*$|(?i:name|direction)|mover")
"""A constant (never 1), or a name before a verb ('{mover} throws', '{square_name(a)} turns over',
'{DIRECTIONS[action]} moves nothing')."""

NEVER_ONE = {
    "cli.py": "{done}/{total} games",
    "ui/describe.py": "{low}-{high} players",
    "store/saves.py": "scores for {len(seats)} seats",
    "games/holdem_tournament/view.py": "{len(state.players_left)} of {state.num_players} players left",
    "engine/players.py": "{sum(n for n, _ in stats.values())} playouts",
    "games/sim/ai.py": "{played:,} playouts",
    "games/yavalath/ai.py": "{self.last_playouts} playouts",
    "games/hex/ai.py": "{len(searched)} moves searched most",
    "engine/cards/holdem_state.py": "{s.stacks[seat]} chips, {s.committed[seat]} in the pot",
    "games/leduc_holdem/game.py": "{s.stacks[seat]} chips, {s.committed[seat]} in the pot",
    "engine/cards/names.py": "{len(cards)} cards, not one",
    "games/holdem_tournament/game.py": "{seats * stack} chips on the table: at most",
    "games/no_limit_holdem/game.py": "{sum(stacks)} chips on the table: at most",
    "arena.py": "{sum(chips):+g} chips",
}
"""Texts whose count is never 1 (a range, 'of N', thousands of playouts, more than a table holds), a
signed total, or an API state dump rather than a player's screen, each by the file that has it."""


def test_counted_takes_the_singular_for_one_only():
    assert [counted(n, "move") for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert counted(1, "penalty", "penalties") == "1 penalty"
    assert counted(7, "penalty", "penalties") == "7 penalties"


def test_no_text_puts_a_bare_plural_after_a_worked_out_number():
    found = []
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for hit in BARE_PLURAL.finditer(line):
                if NOT_A_COUNT.search(hit.group("count")):
                    continue
                allowed = NEVER_ONE.get(name, "")
                if not (allowed and hit.group(0) in allowed and allowed in line):
                    found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "use tui_games.core.words.counted:\n" + "\n".join(found)


def test_bluff_poker_lost_with_one_penalty_says_penalty():
    from types import SimpleNamespace

    from tui_games import catalog
    from tui_games.games.bluff_poker.game import result_text

    state = SimpleNamespace(loser=1, penalties=[0, 1], spec=catalog.get("bluff-poker"))
    assert result_text(state) == "Player 2 loses with 1 penalty"
