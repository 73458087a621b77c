"""Double-dummy analysis by DDS, the field's own solver, called through endplay: the table of tricks
for every declarer and strain, par, and the tricks each card takes in the middle of the play (what the
AI solves on its sampled deals).

Seats are 0..3 = N, E, S, W; strains 0..4 = C, D, H, S, NT (the bids' order); cards are the game's
card ids (:mod:`.constants`); a hand is any iterable of card ids. endplay is imported inside the
functions, so importing this module (the catalogue, the menu) loads neither it nor DDS. DDS keeps
scratch memory per thread of its own, which two Python threads calling at once would share: every call
goes through one lock.

Par contracts are written level, strain, "X" when doubled, then the declarer or declarers who make
it: "4SN", "3NTEW", "5DXNS" (a sacrifice: par contracts that go down are doubled, and none is
redoubled). With the result after it: "4SN+1", "3NTEW=", "5DXNS-2".
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Iterable, NamedTuple, Sequence

from tui_games.core.solver import Solution, Solver
from tui_games.core.spec import Param
from tui_games.games.bridge.constants import (NO_TRUMP, NUM_CARDS, NUM_STRAINS, NUM_TRICKS, SEAT_NAMES, SEATS,
                                              STRAINS, VULNERABILITIES, card_name)
from tui_games.games.bridge.pbn import format_deal, parse_deal

Table = tuple[tuple[int, ...], ...]
"""Double-dummy tricks ``table[declarer][strain]``: what the declarer's side takes, best play all round."""

MAX_TABLES_PER_CALL = 40
"""DDS's MAXNOOFTABLES: the most full tables one CalcAllTables call takes."""
MAX_BOARDS_PER_CALL = 200
"""DDS's MAXNOOFBOARDS: the most positions one SolveAllBoards call takes."""

_DDS = threading.Lock()


class Position(NamedTuple):
    """A position in the play: each seat's cards still held, the strain, and the current trick."""

    hands: Sequence[Iterable[int]]
    """The cards each seat (N, E, S, W) still holds; those played to the current trick are not here."""
    strain: int
    """The contract's strain, 0..4 = C, D, H, S, NT."""
    leader: int
    """The seat that led (or is to lead) the current trick."""
    trick: Sequence[int] = ()
    """The cards played to the current trick so far, in order from the leader's (0..3 of them)."""

    @property
    def to_play(self) -> int:
        """The seat whose card is due."""
        return (self.leader + len(self.trick)) % 4


@dataclass(frozen=True)
class ParContract:
    """One par contract: level, strain, doubled or not, who declares it, and the tricks over or under."""

    level: int
    strain: int
    doubled: bool
    declarers: str
    """The seat letters that make it, in seat order: 'N', 'NS', 'EW' ..."""
    result: int
    """Tricks over the contract (positive), under it (negative), or 0 when it makes exactly."""

    def __str__(self) -> str:
        return f"{self.level}{STRAINS[self.strain]}{'X' if self.doubled else ''}{self.declarers}"

    def with_result(self) -> str:
        """The contract and its result: '4SN+1', '3NTEW=', '5DXNS-2'."""
        return f"{self}{'=' if self.result == 0 else f'{self.result:+d}'}"


@dataclass(frozen=True)
class Par:
    """The par of a deal: the score for North-South (negative when East-West score) and the contracts
    that reach it (none when par is to pass the deal out)."""

    score: int
    contracts: tuple[ParContract, ...]


def dd_table(hands: Sequence[Iterable[int]]) -> Table:
    """The double-dummy table of the deal whose seats N, E, S, W hold ``hands`` (13 cards each)."""
    from endplay.dds import calc_dd_table

    deal = _full_deal(hands)
    with _DDS:
        table = calc_dd_table(deal)
    return _our_table(table)


def dd_tables(deals: Iterable[Sequence[Iterable[int]]]) -> list[Table]:
    """The double-dummy tables of many deals, each given as :func:`dd_table` takes it (DDS's batch
    call, its threads sharing the work)."""
    from endplay.dds import calc_all_tables

    prepared = [_full_deal(hands) for hands in deals]
    tables: list[Table] = []
    for start in range(0, len(prepared), MAX_TABLES_PER_CALL):
        with _DDS:
            chunk = calc_all_tables(prepared[start:start + MAX_TABLES_PER_CALL])
        tables.extend(_our_table(table) for table in chunk)
    return tables


def par(table: Table, vulnerability: str = "none", dealer: int = 0) -> Par:
    """Par for a deal whose double-dummy table is ``table`` (DDS's dealer par: where both sides
    could make the same contract, the dealer's side bids it first)."""
    import endplay._dds as dds
    from endplay.dds import par as endplay_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Penalty, Player, Vul

    if vulnerability not in VULNERABILITIES:
        raise ValueError(f"vulnerability is one of {', '.join(VULNERABILITIES)} (got {vulnerability!r})")
    results = dds.ddTableResults()
    for seat in range(4):
        for strain in range(NUM_STRAINS):
            results.resTable[_denom(strain)][seat] = table[seat][strain]
    with _DDS:
        found = endplay_par(DDTable(results), Vul.find(vulnerability), Player(dealer))
        # Read each contract as it comes: endplay rewrites the one before for a contract both
        # partners make.
        listed = [(int(c.declarer), c.level, _strain(int(c.denom)), c.penalty != Penalty.passed, c.result)
                  for c in found if c.level > 0]  # level 0: DDS's entry for a deal passed out
        score = found.score
    grouped: dict[tuple, list[int]] = {}
    for seat, *key in listed:
        grouped.setdefault(tuple(key), []).append(seat)
    contracts = tuple(ParContract(level, strain, doubled, "".join(SEATS[s] for s in sorted(seats)), result)
                      for (level, strain, doubled, result), seats in grouped.items())
    return Par(score, contracts)


def solve_position(position: Position) -> dict[int, int]:
    """The tricks the side to play takes from here on (the current trick included) after each legal
    card of the seat to play, best play all round: ``{card id: tricks}``."""
    return solve_positions([position])[0]


def solve_positions(positions: Iterable[Position]) -> list[dict[int, int]]:
    """:func:`solve_position` for many positions (sampled deals), by DDS's batch call."""
    from endplay.dds import solve_all_boards

    prepared = [_endplay_position(position) for position in positions]
    solved: list[dict[int, int]] = []
    for start in range(0, len(prepared), MAX_BOARDS_PER_CALL):
        with _DDS:
            boards = solve_all_boards(prepared[start:start + MAX_BOARDS_PER_CALL])
            solved.extend({_card_id(card): tricks for card, tricks in board} for board in boards)
    return solved


def declarer_tricks(boards: Iterable[tuple[Sequence[int], int, int]]) -> list[int]:
    """The double-dummy tricks the declarer takes on each board, given as (the four hands' card masks
    N E S W, the declarer, the strain): DDS solving the opening lead for its best card only, which is
    cheaper than a table or every card's result."""
    from endplay.dds import solve_all_boards
    from endplay.dds.solve import SolveMode

    deals = [_endplay_deal([[card for card in range(NUM_CARDS) if (int(mask) >> card) & 1] for mask in masks],
                           (declarer + 1) % 4, strain) for masks, declarer, strain in boards]
    tricks: list[int] = []
    for start in range(0, len(deals), MAX_BOARDS_PER_CALL):
        with _DDS:
            solved = solve_all_boards(deals[start:start + MAX_BOARDS_PER_CALL], SolveMode.OptimalOne)
            tricks.extend(NUM_TRICKS - max(score for _card, score in board) for board in solved)
    return tricks


def analyse(text: str, vulnerability: str = "none") -> Solution:
    """The double-dummy table and par of the deal written in PBN in ``text``, the dealer being the
    seat it is written from; the solver of ``tui-games solve bridge``."""
    deal = parse_deal(text)
    table = dd_table(deal.hands)
    found = par(table, vulnerability, deal.first)
    data = {"tricks": {SEATS[seat]: {STRAINS[strain]: table[seat][strain] for strain in range(NUM_STRAINS)}
                       for seat in range(4)},
            "par": {"score": found.score, "contracts": [str(contract) for contract in found.contracts]}}
    return Solution(data, _table_text(deal.text(), table, found, vulnerability, deal.first))


SOLVER = Solver(
    solve=analyse,
    position='a deal in PBN, written from the dealer: "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ93.A632 '
             'AT942.AQ4.2.KJ75" (the seat before the colon, then the hands clockwise from it, each as '
             'spades.hearts.diamonds.clubs)',
    description="The double-dummy tricks for each declarer and strain, and par, by DDS (through endplay).",
    options=(Param("vulnerability", "none", "who is vulnerable, for par", choices=VULNERABILITIES),),
)
"""The solver ``tui-games solve bridge`` uses."""


def _table_text(deal: str, table: Table, found: Par, vulnerability: str, dealer: int) -> str:
    lines = [f"Deal {deal}", "", "Double-dummy tricks for the declarer", "     " +
             "".join(f"{name:>4}" for name in STRAINS)]
    for seat in range(4):
        lines.append(f"   {SEATS[seat]} " + "".join(f"{tricks:>4}" for tricks in table[seat]))
    contracts = ", ".join(contract.with_result() for contract in found.contracts) or "passed out"
    lines += ["", f"Par {found.score:+d} for NS: {contracts}"
                  f" (dealer {SEAT_NAMES[dealer]}, vulnerable: {vulnerability})"]
    return "\n".join(lines)


def _checked_hands(hands: Sequence[Iterable[int]], trick: Sequence[int]) -> list[list[int]]:
    """The hands as lists, after checking that every card is a card and none is held twice."""
    held = [[int(card) for card in hand] for hand in hands]
    if len(held) != 4:
        raise ValueError(f"a deal has four hands, N E S W (got {len(held)})")
    cards = [card for hand in held for card in hand] + [int(card) for card in trick]
    for card in cards:
        if not 0 <= card < NUM_CARDS:
            raise ValueError(f"{card} is no card id (0..{NUM_CARDS - 1})")
    if len(set(cards)) != len(cards):
        twice = sorted({card_name(card) for card in cards if cards.count(card) > 1})
        raise ValueError(f"cards held or played twice: {' '.join(twice)}")
    return held


def _endplay_deal(hands: list[list[int]], leader: int = 0, strain: int = NO_TRUMP):
    """endplay's Deal of ``hands``, ``leader`` on lead in ``strain``; the hand sizes are not checked."""
    from endplay.types import Deal, Denom, Player

    return Deal(format_deal(hands), first=Player(leader), trump=Denom(_denom(strain)))


def _full_deal(hands: Sequence[Iterable[int]]):
    """endplay's Deal of a whole deal to tabulate (DDS's tables count thirteen tricks)."""
    held = _checked_hands(hands, ())
    if any(len(hand) != NUM_TRICKS for hand in held):
        raise ValueError(f"a double-dummy table is of a whole deal, {NUM_TRICKS} cards a hand "
                         f"(got {', '.join(str(len(hand)) for hand in held)})")
    return _endplay_deal(held)


def _endplay_position(position: Position):
    """endplay's Deal of a position in the play, the current trick's cards played to it."""
    from endplay.types import Card, Denom, Rank

    if not 0 <= position.strain < NUM_STRAINS or not 0 <= position.leader < 4:
        raise ValueError(f"no strain {position.strain} or seat {position.leader}: strains are 0..4, seats 0..3")
    if len(position.trick) > 3:
        raise ValueError(f"a trick in progress holds at most three cards (got {len(position.trick)})")
    hands = _checked_hands(position.hands, position.trick)
    played = {(position.leader + k) % 4 for k in range(len(position.trick))}
    if len({len(hand) + (seat in played) for seat, hand in enumerate(hands)}) != 1 or not hands[position.to_play]:
        raise ValueError("each seat must hold as many cards as the others, counting its card in the current "
                         f"trick (got {', '.join(str(len(hand)) for hand in hands)} and a trick of "
                         f"{len(position.trick)})")
    deal = _endplay_deal(hands, position.leader, position.strain)
    for card in position.trick:
        deal.play(Card(suit=Denom(_denom(card & 3)), rank=Rank(1 << ((card >> 2) + 2))), from_hand=False)
    return deal


def _denom(strain: int) -> int:
    """endplay's (DDS's) number for one of our strains: S H D C NT = 0..4."""
    return strain if strain == NO_TRUMP else 3 - strain


def _strain(denom: int) -> int:
    """Our strain for endplay's (DDS's) number."""
    return denom if denom == NO_TRUMP else 3 - denom


def _card_id(card) -> int:
    """Our card id for an endplay Card."""
    rank = int(card.rank).bit_length() - 3
    return rank * 4 + _strain(int(card.suit))


def _our_table(table) -> Table:
    from endplay.types import Denom, Player

    return tuple(tuple(table[Denom(_denom(strain)), Player(seat)] for strain in range(NUM_STRAINS))
                 for seat in range(4))
