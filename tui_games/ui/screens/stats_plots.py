"""The statistics screen's plots (textual-plotext): one game's results over time, and the rating per
game. Every series has its own letter or bar, so the plots read the same in monochrome and ASCII."""

from __future__ import annotations

from textual_plotext import PlotextPlot

from tui_games.store.trends import MARKS, MIXED, Rating, ResultsOverTime

COLOURS = {"W": "green", "L": "red", "D": "blue", MIXED: "magenta"}
"""Each result mark's colour (the letter alone tells them apart in monochrome)."""
LEGEND = ", ".join(f"{mark} {name}" for name, mark in MARKS.items()) + f", {MIXED} hotseat, seats ended differently"
"""What the marks of :class:`ResultsPlot` mean."""


class _Plot(PlotextPlot):
    """A plot in the app's own colours: plotext's 'clear' theme leaves the text and background to the
    widget (an ANSI theme's default colours included); only the series have colours of their own."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 (Textual's name)
        super().__init__(id=id)
        self.theme = "clear"


class ResultsPlot(_Plot):
    """One game's results game by game: a line of wins minus losses so far (x: the games, oldest
    first) with each game's result as a letter on it."""

    def show(self, results: ResultsOverTime | None) -> None:
        """Plot ``results``; an empty plot when there are none."""
        plt = self.plt
        plt.clear_figure()
        if results is not None and results.net:
            games = list(range(1, len(results.net) + 1))
            plt.plot(games, results.net, marker=".")
            for mark, colour in COLOURS.items():
                points = [(game, net) for game, net, made in zip(games, results.net, results.marks) if made == mark]
                if points:
                    plt.scatter(*zip(*points), marker=mark, color=colour)
            plt.xlabel("games, oldest first")
            plt.xticks(_whole_ticks(1, len(games)))
            plt.yticks(_whole_ticks(min(0, *results.net), max(0, *results.net)))
        self.refresh()


class RatingsPlot(_Plot):
    """Each game's rating now, as a bar per game, the first game at the top."""

    def show(self, titles: list[str], ratings: list[Rating]) -> None:
        """A bar per game labelled with its title and rating (``titles[i]`` for ``ratings[i]``)."""
        plt = self.plt
        plt.clear_figure()
        if ratings:
            values = [round(rating.rating) for rating in ratings]
            labels = [f"{title} {value}" for title, value in zip(titles, values)]
            low = min(900, min(values) - 50) // 50 * 50
            plt.bar(labels[::-1], values[::-1], orientation="horizontal", width=0.4, color="cyan", minimum=low)
            plt.xticks(_whole_ticks(low, max(values), most=6))
            plt.xlabel("rating")
        self.refresh()


NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
"""The steps ticks may go in."""


def _whole_ticks(low: int, high: int, most: int = 8) -> list[int]:
    """At most ``most`` + 1 ticks at round numbers, covering ``low`` to ``high``."""
    step = next((s for s in NICE_STEPS if s * most >= high - low), NICE_STEPS[-1])
    first, last = low // step * step, -(-high // step) * step
    return list(range(first, last + 1, step))
