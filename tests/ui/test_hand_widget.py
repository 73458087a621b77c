"""The shared hand widget: 20 (and 25) cards fit the 48 columns beside the side panel at 80x24 with
every card read back from the screen, keys and clicks (on overlapped cards too) pick the right card,
single and multi mode, unplayable cards refused, the cursor kept on a sensible card as the hand
changes, dark and light themes, ASCII and monochrome with the cursor and the selection still visible,
and the played-cards row."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.filter import Monochrome
from textual.widget import Widget
from textual.widgets import Button

from tui_games.ui.glyphs import ASCII, UNICODE
from tui_games.ui.themes import load_themes
from tui_games.ui.widgets.card_row import CardRow
from tui_games.engine.cards.names import card_face
from tui_games.ui.widgets.fan import COLOURS, colour_css, plan_fan, playing_card, row_width
from tui_games.ui.widgets.hand import EMPTY_NOTE, UNPLAYABLE_NOTE, Hand, HandCard

WIDTH = 48
"""The hand's room at 80x24: 80 columns less a side panel of about 30, less a margin."""

DOUDIZHU_20 = [HandCard(rank) for rank in "3 3 4 5 5 6 7 7 8 9 10 J Q Q K A 2 2 BJ RJ".split()]
"""A 20-card Dou Dizhu hand: ranks only, '10' and the jokers two wide."""

UNO_FACES = [("7", "", "r", "fill-red"), ("skip", "S", "g", "fill-green"), ("+2", "", "b", "fill-blue"),
             ("0", "", "y", "fill-yellow"), ("wild", "W", "w", "fill-black"), ("+4", "", "w", "fill-black"),
             ("rev", "R", "y", "fill-yellow"), ("9", "", "b", "fill-blue")]


def uno(count: int, playable=lambda index: True) -> list[HandCard]:
    """``count`` UNO-like cards, a colour letter under each face, long faces with a short corner."""
    return [HandCard(face, mark, colour, playable(index), corner)
            for index, (face, corner, mark, colour) in ((i, UNO_FACES[i % len(UNO_FACES)]) for i in range(count))]


def suited(count: int) -> list[HandCard]:
    """``count`` playing cards with suits (a Gin Rummy or Bridge hand): spades A-K, then hearts ..."""
    faces = [card_face("23456789TJQKA".index("A23456789TJQK"[i % 13]) * 4 + "CDHS".index("SHDC"[i // 13 % 4]))
             for i in range(count)]
    return [playing_card(face) for face in faces]


# ----- reading a hand back from the screen -----------------------------------------------------------
TOP_CORNERS, ACROSS, SIDES = "╭┏+#", "─━-=", "│┃|#"


def read_cards(lines: list[str], card_height: int, row_height: int) -> list[dict]:
    """Every card drawn in ``lines``, in reading order: its face (or corner) text, its mark, where
    its face line is (column of its left side, line), and whether it is raised (its top on the first
    line of its row) and the cursor (a heavy or '#' frame)."""
    found = []
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            below = lines[y + 1] if y + 1 < len(lines) else ""
            if (char in TOP_CORNERS and x + 1 < len(line) and line[x + 1] in ACROSS and x < len(below)
                    and below[x] in SIDES):
                inside = len(line[x + 1:]) - len(line[x + 1:].lstrip(ACROSS))  # the top edge's length

                def token(text: str) -> str:
                    return text[x + 1:x + 1 + inside].strip()

                mark = token(lines[y + 2]) if card_height == 4 else ""
                if not token(below) and not mark:
                    continue  # a right-hand corner, not a card
                found.append({"face": token(below), "mark": mark, "x": x, "y": y + 1,
                              "raised": row_height > card_height and y % row_height == 0,
                              "cursor": char in "┏#", "row": y // row_height})
    return sorted(found, key=lambda card: (card["row"], card["x"]))


def assert_identifiable(read: list[dict], cards: list[HandCard], mark=lambda card: card.mark) -> None:
    """Each card read back shows its corner (or its whole face) and its mark, in the hand's order."""
    assert len(read) == len(cards), (len(read), len(cards))
    for seen, card in zip(read, cards):
        assert seen["face"] in (card.corner_text, card.face), (seen, card)
        assert seen["mark"] == mark(card), (seen, card)


# ----- pure layout --------------------------------------------------------------------------------------
@pytest.mark.parametrize("count", range(1, 26))
@pytest.mark.parametrize("deal", [uno, suited, lambda n: (DOUDIZHU_20 * 2)[:n]])
def test_every_hand_up_to_25_cards_fits_48_columns_in_at_most_two_rows_whatever_the_cursor(deal, count):
    cards = deal(count)
    hand = Hand(cards, multi=True)
    plan = hand.plan(WIDTH)
    assert len(plan.rows) <= 2 and sum(len(row) for row in plan.rows) == count
    for cursor in range(count):
        hand.move_cursor(cursor)
        lines = hand.text(WIDTH).split("\n")
        assert max(len(line) for line in lines) <= WIDTH, lines
        read = read_cards(lines, plan.card_height, plan.row_height)
        assert_identifiable(read, cards, mark=lambda card: UNICODE.suits.get(card.mark, card.mark))
        assert [seen["cursor"] for seen in read].count(True) == 1 and read[cursor]["cursor"]
        assert read[cursor]["face"] == cards[cursor].face  # the cursor card shows whole


def test_one_character_corners_keep_a_20_card_dou_dizhu_hand_on_one_row():
    cards = [HandCard(rank) for rank in "33455677 89TJQQKA22BR".replace(" ", "")][:20]
    plan = plan_fan(cards, WIDTH, UNICODE, raise_room=True)
    assert len(plan.rows) == 1 and plan.strip == 2 and plan.height == 4  # the raise line and 3-line cards
    assert row_width(20, plan.strip, plan.whole) <= WIDTH


def test_few_cards_stand_whole_and_apart_and_more_cards_overlap_before_wrapping():
    apart = plan_fan(uno(7), WIDTH, UNICODE)
    assert not apart.overlapped and len(apart.rows) == 1 and apart.strip == apart.whole + 1
    fanned = plan_fan(uno(12), WIDTH, UNICODE)
    assert fanned.overlapped and len(fanned.rows) == 1
    wrapped = plan_fan(uno(20), WIDTH, UNICODE)
    assert [len(row) for row in wrapped.rows] == [10, 10]
    assert [len(row) for row in plan_fan(uno(25), WIDTH, UNICODE).rows] == [13, 12]


def test_a_long_face_without_a_short_corner_widens_the_strips_rather_than_being_cut():
    cards = [HandCard("reverse", "r")] + uno(11)
    plan = plan_fan(cards, 80, UNICODE)
    assert plan.strip >= len("reverse") + 1
    read = read_cards(Hand(cards).text(80).split("\n"), plan.card_height, plan.row_height)
    assert read[0]["face"] == "reverse"


def test_a_playing_card_becomes_a_hand_card_with_its_suit_and_ink():
    assert suited(14)[9] == HandCard("10", "S", "black")
    assert suited(14)[13] == HandCard("A", "H", "red")
    marks = Hand(suited(14)).text(80).split("\n")[2]
    assert marks.split() == ["┃♠", "┃│♠", *["││♠"] * 11, "││♥", "│"]


def test_every_colour_class_has_a_rule():
    css = colour_css("Hand", "hand")
    assert all(f".hand--{colour} " in css for colour in COLOURS)


# ----- a small app hosting a hand --------------------------------------------------------------------------
class ThemedApp(App):
    """An app in the project's dark or light theme (they define the card colours)."""

    def __init__(self, theme: str = "dark") -> None:
        super().__init__()
        catalog = load_themes()
        for name in ("dark", "light"):
            self.register_theme(catalog.themes[name])
        self.theme = theme


class HandApp(ThemedApp):
    """A hand of 48 columns at the bottom of the screen, recording what it posts."""

    CSS = f"Hand {{ width: {WIDTH}; dock: bottom; }}"

    def __init__(self, cards, *, multi=False, glyphs=UNICODE, mono=False, theme="dark") -> None:
        super().__init__(theme)
        self.hand = Hand(cards, multi=multi, glyphs=glyphs, id="hand")
        self.posted: list = []
        self.mono = mono

    def compose(self) -> ComposeResult:
        yield self.hand

    def on_mount(self) -> None:
        self.hand.focus()

    def get_line_filters(self):
        return [*super().get_line_filters(), *([Monochrome()] if self.mono else [])]

    def on_hand_chosen(self, message: Hand.Chosen) -> None:
        self.posted.append(("chosen", message.indices))

    def on_hand_refused(self, message: Hand.Refused) -> None:
        self.posted.append(("refused", message.index))

    def on_hand_selection_changed(self, message: Hand.SelectionChanged) -> None:
        self.posted.append(("selection", message.indices))

    def on_hand_highlighted(self, message: Hand.Highlighted) -> None:
        self.posted.append(("highlighted", message.index))

    def of(self, kind: str) -> list:
        return [value for what, value in self.posted if what == kind]

    def screen_cards(self) -> list[dict]:
        """The hand's cards as read from the screen."""
        region = self.hand.region
        lines = [strip.text[region.x:region.right] for strip in self.screen._compositor.render_strips()]
        plan = self.hand.plan()
        return read_cards(lines[region.y:region.bottom], plan.card_height, plan.row_height)


async def test_twenty_cards_read_back_from_the_screen_in_48_columns():
    cards = uno(20)
    app = HandApp(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.hand.size.width == WIDTH
        assert_identifiable(app.screen_cards(), cards)
        assert app.hand.size.height == app.hand.plan().height == 8  # two rows of four-line cards


async def test_cursor_keys_move_along_the_hand_and_enter_or_space_plays_the_cursor_card():
    app = HandApp(uno(12))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.hand.cursor == 0
        await pilot.press("right", "right", "l")
        assert app.hand.cursor == 3 and app.screen_cards()[3]["cursor"]
        await pilot.press("left", "h")
        assert app.hand.cursor == 1
        await pilot.press("end")
        assert app.hand.cursor == 11
        await pilot.press("right")  # stops at the end
        assert app.hand.cursor == 11
        await pilot.press("home", "enter")
        await pilot.press("right", "space")
        await pilot.pause()
        assert app.of("chosen") == [(0,), (1,)]
        assert app.of("highlighted")[-1] == 1


async def test_letters_jump_to_their_card_and_rows_are_changed_with_up_and_down():
    app = HandApp(uno(20))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("M")  # the thirteenth card, in the second row
        assert app.hand.cursor == 12
        await pilot.press("up")
        assert app.hand.cursor == 2
        await pilot.press("down", "down")  # no third row: stays
        assert app.hand.cursor == 12
        assert app.of("chosen") == []  # a letter only moves the cursor in single mode
        await pilot.press("a")  # lower case is not a card letter
        assert app.hand.cursor == 12


async def test_clicks_on_overlapped_cards_pick_the_card_whose_part_shows():
    cards = uno(14)
    app = HandApp(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.hand.plan().overlapped
        for target in (5, 0, 6, 13, 7, 4):
            seen = app.screen_cards()[target]
            # the rightmost column of the card's visible part, where it meets the next card
            next_x = app.screen_cards()[target + 1]["x"] if target + 1 < len(cards) else seen["x"] + 1
            for x in (seen["x"], next_x - 1):
                await pilot.click(Hand, offset=(x, seen["y"]))
                await pilot.pause()
                assert app.of("chosen")[-1] == (target,), (target, x)
                assert app.hand.cursor == target


async def test_multi_select_with_space_letters_and_clicks_raises_the_selected_cards_then_plays_them():
    cards = [HandCard(rank) for rank in "3 3 3 4 4 5 6 7 8 9 10 J Q K A 2 2 BJ RJ 9".split()]
    app = HandApp(cards, multi=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space", "right", "space", "C")  # the three 3s
        assert app.hand.selected == (0, 1, 2)
        raised = [seen["raised"] for seen in app.screen_cards()]
        assert raised == [True, True, True] + [False] * (len(cards) - 3)
        seen = app.screen_cards()[4]
        await pilot.click(Hand, offset=(seen["x"], seen["y"]))  # a click adds the 4
        await pilot.pause()
        assert app.hand.selected == (0, 1, 2, 4)
        await pilot.press("D")  # and a letter adds the other 4
        await pilot.press("B")  # ... and takes a 3 away again
        assert app.hand.selected == (0, 2, 3, 4)
        await pilot.press("enter")
        await pilot.pause()
        assert app.of("chosen") == [(0, 2, 3, 4)]
        assert app.of("selection")[-1] == (0, 2, 3, 4)
        await pilot.press("backspace")
        assert app.hand.selected == ()
        await pilot.press("enter")  # nothing selected: refused, with a note
        await pilot.pause()
        assert app.of("refused") == [None] and len(app.of("chosen")) == 1
        assert [note.message for note in app._notifications] == [EMPTY_NOTE]


async def test_unplayable_cards_are_dimmed_and_refused_by_key_and_click():
    cards = uno(10, playable=lambda index: index % 2 == 0)
    app = HandApp(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = app.hand.lines(WIDTH)
        read = app.screen_cards()
        for index, seen in enumerate(read):
            face = lines[seen["y"]]
            dim = any(span.start <= seen["x"] + 1 < span.end and "dim" in str(span.style) for span in face.spans)
            assert dim == (index % 2 == 1), index
        await pilot.press("right", "enter")
        await pilot.click(Hand, offset=(read[3]["x"], read[3]["y"]))
        await pilot.pause()
        assert app.of("chosen") == [] and app.of("refused") == [1, 3]
        assert {note.message for note in app._notifications} == {UNPLAYABLE_NOTE}
        await pilot.press("left", "enter")
        await pilot.pause()
        assert app.of("chosen") == [(2,)]


async def test_unplayable_cards_cannot_be_selected_in_multi_mode():
    app = HandApp(uno(6, playable=lambda index: index != 1), multi=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("B", "C", "space")
        assert app.hand.selected == ()  # B refused; C selected, then space (on C) unselected it
        assert app.of("refused") == [1]


def test_the_cursor_keeps_to_its_card_as_the_hand_changes():
    cards = uno(10)
    hand = Hand(cards)
    hand.move_cursor(4)
    hand.show(cards[:2] + cards[3:])  # a card left of the cursor is played: the cursor follows its card
    assert hand.cursor == 3 and hand.cards[3] == cards[4]
    hand.show(hand.cards[:3] + hand.cards[4:])  # the cursor card is played: the next card takes its place
    assert hand.cursor == 3 and hand.cards[3] == cards[5]
    hand.show(hand.cards[:4])  # the hand shrinks past the cursor
    assert hand.cursor == 3
    hand.show([]) or hand.show(uno(3))
    assert hand.cursor == 0
    unplayable = [card if index == 3 else HandCard(card.face, card.mark, card.colour, False, card.corner)
                  for index, card in enumerate(uno(8))]
    hand.show(unplayable)  # only card 3 is playable: the cursor goes there
    assert hand.cursor == 3


def test_the_selection_stays_while_the_cards_stay_and_goes_when_they_change():
    cards = uno(8)
    hand = Hand(cards, multi=True)
    hand.select([1, 2, 5])
    hand.show([HandCard(c.face, c.mark, c.colour, i != 2, c.corner) for i, c in enumerate(cards)])
    assert hand.selected == (1, 5)  # the same cards: kept, less the one now unplayable
    hand.show(cards[1:])
    assert hand.selected == ()


async def test_ascii_mode_is_plain_ascii_and_shows_the_cursor_and_the_selection():
    cards = suited(20)
    app = HandApp(cards, multi=True, glyphs=ASCII)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "space", "right", "right")
        text = app.hand.text()
        assert text.isascii(), text
        read = app.screen_cards()
        assert_identifiable(read, cards)  # suits as letters: S H D C
        assert [seen["raised"] for seen in read].count(True) == 1 and read[1]["raised"]
        assert [seen["cursor"] for seen in read].count(True) == 1 and read[3]["cursor"]
        assert "#" in text.split("\n")[read[3]["y"] - 1]  # the cursor's '#' frame


async def test_monochrome_leaves_only_greys_and_the_cursor_and_the_selection_still_show():
    cards = uno(16)
    app = HandApp(cards, multi=True, mono=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("E", "G")
        region = app.hand.region
        colours = set()
        for strip in app.screen._compositor.render_strips()[region.y:region.bottom]:
            for segment in strip:
                for colour in (segment.style.color, segment.style.bgcolor) if segment.style else ():
                    if colour is not None and colour.triplet is not None:
                        colours.add(tuple(colour.triplet))
        assert colours and all(r == g == b for r, g, b in colours)
        read = app.screen_cards()
        assert [index for index, seen in enumerate(read) if seen["raised"]] == [4, 6]
        assert [index for index, seen in enumerate(read) if seen["cursor"]] == [6]


def face_colours(app: HandApp, index: int) -> tuple[str, str]:
    """The ink and the background (hex) of the face of card ``index`` as the hand draws it now."""
    seen = app.screen_cards()[index]
    column = 0
    for segment in app.hand.render_line(seen["y"]):
        if column <= seen["x"] + 1 < column + len(segment.text):
            return segment.style.color.triplet.hex, segment.style.bgcolor.triplet.hex
        column += len(segment.text)
    raise AssertionError(f"no face at {seen}")


async def test_card_colours_come_from_the_theme_and_follow_a_theme_switch():
    cards = [HandCard("7", "H", "red"), HandCard("7", "S"), HandCard("7", "b", "fill-blue")]
    app = HandApp(cards)
    async with app.run_test(size=(80, 24)) as pilot:
        for theme in ("dark", "light"):
            app.theme = theme
            await pilot.pause()
            variables = app.theme_variables
            assert face_colours(app, 0) == (variables["card-red"], variables["card-face"])
            assert face_colours(app, 1) == (variables["card-black"], variables["card-face"])
            assert face_colours(app, 2)[1] == variables["card-back"]
        assert face_colours(app, 0)[1] == "#ffffff"  # the light theme's card face


class ViewLike(Widget, can_focus=True):
    """A game view holding a hand: it hands its focus on, and its own keys still work."""

    BINDINGS = [Binding("d", "draw", "Draw")]

    def __init__(self) -> None:
        super().__init__()
        self.hand = Hand(uno(9))
        self.drawn = 0

    def compose(self) -> ComposeResult:
        yield self.hand

    def on_focus(self) -> None:
        self.hand.focus()

    def action_draw(self) -> None:
        self.drawn += 1


class ViewApp(ThemedApp):
    """A screen holding a view-like widget, as the game screen holds a game view."""

    def compose(self) -> ComposeResult:
        yield ViewLike()


async def test_a_view_hands_its_focus_to_the_hand_and_keeps_its_own_keys():
    app = ViewApp()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(ViewLike)
        view.focus()
        await pilot.pause()
        assert app.focused is view.hand
        await pilot.press("right", "d", "d")
        assert view.hand.cursor == 1 and view.drawn == 2


def test_a_view_relays_the_hands_keys_under_the_hands_ids():
    relayed = Hand.relayed_bindings()
    own = [b for b in Hand.BINDINGS if isinstance(b, Binding)]
    assert [(b.key, b.id, b.description) for b in relayed] == [(b.key, b.id, b.description) for b in own]
    assert all(b.id.startswith("hand.") and not b.show for b in relayed)
    assert relayed[1].action == "hand('step(1)')" and Hand.relayed_bindings("cards")[7].action == "cards('choose')"


class RelayingView(ViewLike):
    """A view with a button beside its hand that relays the hand's keys."""

    BINDINGS = [*ViewLike.BINDINGS, *Hand.relayed_bindings()]

    def compose(self) -> ComposeResult:
        yield self.hand
        yield Button("Draw", id="draw-button")

    async def action_hand(self, action: str) -> None:
        await self.hand.run_action(action)


class RelayApp(ThemedApp):
    """A relaying view, under a keymap that moves the hand's Next card to x."""

    def compose(self) -> ComposeResult:
        yield RelayingView()

    def on_mount(self) -> None:
        self.set_keymap({"hand.next": "x"})


async def test_a_remapped_hand_key_works_from_the_hand_and_through_the_views_relay():
    app = RelayApp()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(RelayingView)
        view.focus()
        await pilot.pause()
        await pilot.press("x", "right", "l")
        assert app.focused is view.hand and view.hand.cursor == 1
        app.query_one("#draw-button").focus()
        await pilot.press("x", "x", "right", "left", "d")
        assert view.hand.cursor == 2 and view.drawn == 1


async def test_the_hand_grows_a_raise_line_in_multi_mode_and_redraws_in_ascii():
    app = HandApp(uno(8))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.hand.size.height == 4
        app.hand.multi = True
        await pilot.pause()
        assert app.hand.size.height == 5
        app.hand.set_glyphs(ASCII)
        await pilot.pause()
        assert app.hand.text().isascii()


# ----- the played cards --------------------------------------------------------------------------------
def test_a_card_row_shows_its_caption_its_cards_whole_or_fanned_and_a_word_for_none():
    row = CardRow([HandCard("7", "r", "fill-red")], caption="Discard")
    lines = row.text(20).split("\n")
    assert lines[0] == "Discard" and len(lines) == 5 and "7" in lines[2] and "r" in lines[3]
    many = [HandCard(rank) for rank in "3 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J J Q".split()]
    lines = CardRow(many).text(WIDTH).split("\n")
    assert max(len(line) for line in lines) <= WIDTH
    assert [seen["face"] for seen in read_cards(lines, 3, 3)] == [card.face for card in many]
    assert CardRow([], caption="Landlord", empty="pass").text(20).split("\n") == ["Landlord", "pass"]
