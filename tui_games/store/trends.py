"""How results develop: each game's results game after game (wins minus losses so far), and an
Elo-style rating per game against the AI levels. Both are worked out from the recorded results each
time (:func:`tui_games.store.stats.results`); nothing extra is stored.

The rating: the player starts every game at :data:`START_RATING`; AI level N counts as an opponent
rated ``AI_RATING_BASE + AI_RATING_STEP * N`` (the strongest AI seat, in a game with several); after
each game against the AI the rating moves by ``K_FACTOR * (score - expected)``, the score being 1 for a
win, 1/2 for a draw and 0 for a loss, and the expected score ``1 / (1 + 10 ** ((opponent - rating) / 400))``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tui_games.store.stats import recorded_games

START_RATING = 1000.0
"""Where the player's rating in every game starts."""
AI_RATING_BASE = 800.0
"""With :data:`AI_RATING_STEP`: AI level N counts as an opponent rated 800 + 200 x N (level 1: 1000)."""
AI_RATING_STEP = 200.0
"""How much stronger each AI level counts (see :data:`AI_RATING_BASE`)."""
K_FACTOR = 32.0
"""How far one game moves the rating at most (Elo's K)."""
RATING_NOTE = (f"Your rating in each game, Elo-style, from your games against the AI: you start at "
               f"{START_RATING:.0f}; AI level N counts as a player rated {AI_RATING_BASE:.0f} + "
               f"{AI_RATING_STEP:.0f} x N; each game moves it by up to {K_FACTOR:.0f} (a draw counts half).")
"""What the rating is, in one paragraph for the statistics screen."""
_AI_LEVEL = re.compile(r"^AI .*\((\d+)\)$")


def ai_level(opponent: str) -> int | None:
    """The AI level an opponent label names ('AI Perfect (3)' -> 3); None for 'hotseat', 'dealer' ..."""
    found = _AI_LEVEL.match(opponent)
    return int(found.group(1)) if found else None


def expected_score(rating: float, opponent: float) -> float:
    """The score Elo expects of a player rated ``rating`` against one rated ``opponent`` (0..1)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


MARKS = {"won": "W", "lost": "L", "drawn": "D"}
"""How :attr:`ResultsOverTime.marks` writes a result; a game whose human seats ended differently (a
hotseat game one seat won) is marked :data:`MIXED`."""
MIXED = "H"
"""The mark of a game whose human seats did not all end alike."""


@dataclass
class ResultsOverTime:
    """One game's results, game after game: each recorded game's mark and the running wins minus
    losses (a hotseat game counts each human seat's result)."""

    game_id: str
    marks: list[str] = field(default_factory=list)
    """Each game's result, oldest first: W, L, D, or H (see :data:`MIXED`)."""
    net: list[int] = field(default_factory=list)
    """Wins minus losses after each game."""

    def add(self, outcomes: list[str]) -> None:
        """Count one more recorded game, whose human seats had ``outcomes`` ('won', 'lost', 'drawn')."""
        self.marks.append(MARKS.get(outcomes[0], MIXED) if len(set(outcomes)) == 1 else MIXED)
        self.net.append((self.net[-1] if self.net else 0) + outcomes.count("won") - outcomes.count("lost"))


@dataclass
class Rating:
    """The player's rating in one game: now, after each rated game, and over how many."""

    game_id: str
    history: list[float] = field(default_factory=list)

    @property
    def rating(self) -> float:
        """The rating now (:data:`START_RATING` before any rated game)."""
        return self.history[-1] if self.history else START_RATING

    @property
    def games(self) -> int:
        """How many games against the AI it comes from."""
        return len(self.history)

    def add(self, outcome: str, level: int) -> None:
        """Rate one more game against AI ``level`` that the player ``outcome`` ('won', 'drawn', 'lost')."""
        score = {"won": 1.0, "drawn": 0.5}.get(outcome, 0.0)
        opponent = AI_RATING_BASE + AI_RATING_STEP * level
        self.history.append(self.rating + K_FACTOR * (score - expected_score(self.rating, opponent)))


def results_over_time(fetched: list[dict]) -> dict[str, ResultsOverTime]:
    """Each game's running results from ``fetched`` (the rows of :func:`~tui_games.store.stats.results`,
    oldest first), by game id; the rows of one game key count as one game."""
    games: dict[str, ResultsOverTime] = {}
    for rows in recorded_games(fetched):
        games.setdefault(rows[0]["game"], ResultsOverTime(rows[0]["game"])).add([row["outcome"] for row in rows])
    return games


def ratings(fetched: list[dict]) -> dict[str, Rating]:
    """Each game's rating from the games in ``fetched`` played against an AI (each human seat's result
    is one rated game), by game id, for the games that have any."""
    found: dict[str, Rating] = {}
    for row in fetched:
        level = ai_level(row["opponent"])
        if level is not None:
            found.setdefault(row["game"], Rating(row["game"])).add(row["outcome"], level)
    return found
