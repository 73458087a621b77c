"""Blackjack's hidden card: absent from every seat's observation, information state and log until
the dealer turns it over; every player's card is face up, so hotseat needs no hand-off."""

from __future__ import annotations

from tui_games import catalog
from tui_games.games.blackjack import rules
from tui_games.games.blackjack.game import card_name
from tui_games.match import Match, Seat


def deal_until_play(seed: int, seats: int = 2, rules_name: str = "american"):
    state = catalog.get("blackjack").new(seed=seed, rules=rules_name, seats=seats)
    while not state.is_terminal and not (state.phase == "playing" and state.current_player >= 0):
        state.apply(state.sample_chance() if state.is_chance_node else rules.BET
                    if rules.BET in state.legal_actions() else rules.NO_INSURANCE)
    return state


def with_hole_card(state, card: int):
    """The same table with another hole card (the shoe adjusted so the deal stays possible)."""
    other = state.clone()
    hole = rules.DEALER_CARDS + 1 - rules.up_card_index(state.array)
    old = int(other.array[hole])
    other.array[hole] = card
    other.array[rules.SHOE + old] += 1
    other.array[rules.SHOE + card] -= 1
    return other


def test_the_hole_card_is_hidden_from_every_seat_while_play_goes_on():
    for seed in range(40):
        state = deal_until_play(seed)
        if state.is_terminal or state.hole_card_revealed:
            continue
        hole = int(state.array[rules.DEALER_CARDS + 1])
        replacement = next(c for c in range(52) if c % 13 != hole % 13 and state.array[rules.SHOE + c] > 0)
        other = with_hole_card(state, replacement)
        for seat in range(state.num_players):
            assert state.observation(seat) == other.observation(seat)
            assert "??" in state.observation(seat)
            assert state.observed(seat).array.tolist() == other.observed(seat).array.tolist()
            assert state.observed(seat).array[rules.DEALER_CARDS + 1] == -1
        return
    raise AssertionError("no seed dealt a round that goes on to play")


def test_the_shoe_counts_do_not_give_the_hole_card_away():
    state = deal_until_play(4, seats=1)
    hole = int(state.array[rules.DEALER_CARDS + 1])
    seen = state.observed(0)
    assert seen.array[rules.SHOE + hole] == state.array[rules.SHOE + hole] + 1
    unseen_total = int(seen.array[rules.SHOE:rules.SHOE + 52].sum())
    assert unseen_total == state.cards_left + 1


def test_the_log_and_information_state_name_the_hole_card_to_nobody(home):
    match = Match.new(catalog.get("blackjack"), {"seats": 2}, [Seat(), Seat()], seed=9)
    for _ in range(2):
        if match.human_to_move and rules.BET in match.state.legal_actions():
            match.play(rules.BET)
    if match.is_over:
        return
    hole = int(match.state.array[rules.DEALER_CARDS + 1])
    for seat in range(2):
        lines = [line for _, line in match.log_for(seat)]
        assert lines.count("  (a face-down card)") == 1
        info = match.state.information_state(seat)
        assert "a face-down card" in info
        assert f" {card_name(hole)};" not in info or lines.count(f"  ({card_name(hole)})") >= 1
    assert not match.needs_handoff(1)
