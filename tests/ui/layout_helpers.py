"""Reading the terminal as a player sees it: the screen's text, line by line, in the pilot."""

from __future__ import annotations

from textual.geometry import Region


def screen_lines(app) -> list[str]:
    """Every line of the active screen as plain text (what a terminal of the app's size shows)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def region_lines(app, region: Region) -> list[str]:
    """The text inside ``region`` of the screen, one string per line."""
    lines = screen_lines(app)
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


def region_text(app, region: Region) -> str:
    """The text inside ``region`` as one string (lines joined by newlines)."""
    return "\n".join(region_lines(app, region))


def card_frames_intact(lines: list[str]) -> list[str]:
    """Problems with the three-line cards drawn in ``lines``: every top corner must have the card's
    side under it and the bottom corner under that (a note wrapping into a hand breaks this)."""
    problems = []
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            if char not in "╭+" or not line[column:column + 5] in ("╭───╮", "+---+"):
                continue
            side = lines[row + 1][column] if row + 1 < len(lines) else ""
            bottom = lines[row + 2][column] if row + 2 < len(lines) else ""
            if side not in "│|" or not side or bottom not in "╰+" or not bottom:
                problems.append(f"card at line {row}, column {column} is broken:\n" + "\n".join(lines[row:row + 3]))
    return problems
