"""The Expert's judgement in the auction, by the method of GIB's "Borel simulation": where the call
places the contract or decides a competition, deal the hidden hands many times over consistent with
the auction, let the system bid each deal out after each candidate call, score the contracts reached
at their double-dummy tricks, and keep the system's call unless another one scores better by a margin.

- Candidates (:func:`candidates`): the system's call always; where our side places the contract, pass,
  game in each strain we may play in (a known eight-card fit, no trumps), the part-score below the
  system's game, game below the system's slam, and a small slam where it is plausible (the Losing
  Trick Count, 24 less this hand's losers and partner's likely ones, reaches eleven tricks, or 30+
  points are likely between us); around Blackwood, the asker's 4NT and its next call beside game or
  slam in the trumps asked for; where the opponents hold the contract, pass, a penalty double, bidding
  on in our fit, to the level of our trumps (the Law of Total Tricks: nine trumps, the three level),
  and game in it (a sacrifice). Openings, conventional answers (the answers to Blackwood, Stayman,
  transfers) and forced calls keep the system's call with no simulation.
- Deals (:func:`.sampling.sample_worlds`): the three hidden hands dealt from the ranges the auction
  showed (:func:`.sampling.auction_constraints`), then kept only where each hidden seat's calls are the
  ones the system makes with its sampled hand (the deals closest to it fill in when too few are).
- Rollouts: the system bids all four seats after the candidate (an :class:`AuctionTree` shares the
  reading of each auction among the deals, so a rollout costs microseconds).
- Scores: the contracts the candidates reach on a deal are solved by DDS (one board each, the
  declarer's left-hand opponent on lead) only where the candidates reach different contracts; each
  candidate is valued by its mean IMPs against the system's call (:mod:`.imps`), and replaces it when
  that gain is at least :attr:`Judge.margin` and clear of the noise (:attr:`Judge.confidence` standard
  errors, half a standard error more for each candidate beyond two).

The deals are drawn from the judge's own seeded generator, mixed with the hand and the auction so far
(a call deals the same whatever the judge simulated before it), in batches of fixed sizes, stopping early only
on what the deals say: with the same seed the same calls come out, as long as the deadline
(:attr:`Judge.seconds`, 0.7 s at the Expert level) is not reached. DDS runs in a thread of its own, so
that a call stops waiting at its deadline; a deal DDS is still solving then is left out of the count.
"""

from __future__ import annotations

import math
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from tui_games.core.words import counted
from tui_games.engine.observer import UNSEEN
from tui_games.engine.rng import make_rng
from tui_games.games.bridge import rules
from tui_games.games.bridge.bidding import NOTHING_TO_ADD, read_call, situation
from tui_games.games.bridge.bidding_core import GAME_LEVEL, Bid, Context, SeatKnowledge, is_bid
from tui_games.games.bridge.double_dummy import declarer_tricks
from tui_games.games.bridge.constants import (DOUBLE, NO_TRUMP, NUM_SEATS, PASS, REDOUBLE, VULNERABLE, bid_action,
                                              bid_level, bid_strain, call_name)
from tui_games.games.bridge.hand_eval import Hand, losers_for_points
from tui_games.games.bridge.imps import imps
from tui_games.games.bridge.play import cards_in
from tui_games.games.bridge.sampling import auction_constraints, sample_worlds
from tui_games.games.bridge.scoring import duplicate_score

CONVENTIONAL = frozenset({"aces", "kings", "blackwood", "king ask", "stayman", "transfer", "cue bid", "negative",
                          "takeout", "redouble", "penalty pass", "strong", "jacoby", "feature ask", "minor relay",
                          "waiting", "quantitative"})
"""The tags of system calls the judge leaves alone (artificial, or answers partner relies on)."""
BOARD_SECONDS = 0.04
"""What one board (a whole deal, solved for the best opening lead) is taken to cost DDS until the
judge has timed its own."""
SLAM_ASKS = frozenset({"blackwood", "aces", "kings"})
"""The tags of Blackwood and its answers: the asker's call and its next one may be judged (game or slam
in the trumps asked for)."""
MAX_CANDIDATES = 5
"""The most calls one decision simulates."""
PER_CANDIDATE = 0.5
"""The standard errors a switch must clear beyond :attr:`Judge.confidence` for each candidate beyond two:
the best of several noisy means is biased upwards (on the 500 benchmark deals, switches among four
candidates at two standard errors lost IMPs; at three they won)."""
MAX_AUCTION_CALLS = 60
"""A rollout longer than this is cut short (the system never bids so long; a guard)."""

Contract = tuple[int, int, int, int]
"""(level, strain, doubled 0-2, declarer seat) of a finished auction; (0, 0, 0, -1) when passed out."""
PASSED_OUT: Contract = (0, 0, 0, -1)


# ----- the auction as the system reads it, shared among the deals -----------------------------------------
def _copy_context(ctx: Context) -> Context:
    twin = Context(ctx.dealer, ctx.vulnerability)
    twin.auction = list(ctx.auction)
    twin.rules = list(ctx.rules)
    knowledge = []
    for known in ctx.knowledge:
        copy = SeatKnowledge()
        copy.hcp, copy.points, copy.lengths = known.hcp, known.points, list(known.lengths)
        knowledge.append(copy)
    twin.knowledge = knowledge
    return twin


class AuctionNode:
    """One auction as the system reads it: its context, the rules the seat to call may make (legal ones,
    in order) and the auctions one call longer met so far."""

    __slots__ = ("ctx", "tiers", "options", "children")

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.tiers = situation(ctx) if not ctx.over else []
        self.options = [bid for tier in self.tiers for bid in tier if ctx.legal(bid.call)]
        self.children: dict[int, AuctionNode] = {}

    def choose(self, hand: Hand) -> Bid:
        """The rule the system bids by with ``hand`` here (as :func:`.bidding.choose_call`)."""
        for bid in self.options:
            if bid.meaning.fits(hand):
                return bid
        return NOTHING_TO_ADD

    def child(self, call: int) -> "AuctionNode":
        """The auction after ``call``, read as :func:`.bidding.replay` reads it."""
        node = self.children.get(call)
        if node is None:
            ctx = _copy_context(self.ctx)
            read_call(ctx, self.tiers, call)
            node = self.children[call] = AuctionNode(ctx)
        return node

    def contract(self) -> Contract:
        """The contract of the finished auction."""
        ctx = self.ctx
        last = ctx.last_bid
        if last is None:
            return PASSED_OUT
        strain, side = bid_strain(last), ctx.last_bidder % 2
        declarer = next(ctx.caller(i) for i, call in enumerate(ctx.auction)
                        if is_bid(call) and bid_strain(call) == strain and ctx.caller(i) % 2 == side)
        return bid_level(last), strain, ctx.doubled, declarer


class AuctionTree:
    """The auctions of one deal's conditions (dealer, vulnerability) read once each, from the first call."""

    def __init__(self, dealer: int, vulnerability: str):
        self.root = AuctionNode(Context(dealer, vulnerability))

    def node(self, auction: Sequence[int]) -> AuctionNode:
        """The node of ``auction`` (call ids)."""
        node = self.root
        for call in auction:
            node = node.child(int(call))
        return node

    def path(self, auction: Sequence[int]) -> list[AuctionNode]:
        """The node before each call of ``auction``, and the node after the last."""
        nodes = [self.root]
        for call in auction:
            nodes.append(nodes[-1].child(int(call)))
        return nodes

    def bid_out(self, node: AuctionNode, hands: Sequence[Hand]) -> AuctionNode:
        """The system bidding all four seats (``hands``, N E S W) from ``node`` to the end."""
        while not node.ctx.over and len(node.ctx.auction) < MAX_AUCTION_CALLS:
            node = node.child(node.choose(hands[node.ctx.seat]).call)
        return node


# ----- candidates ---------------------------------------------------------------------------------------
def _fit_strains(ctx: Context, hand: Hand) -> list[int]:
    """The suits our side holds eight or more of between this hand and what partner has shown, longest
    first, majors first among equals."""
    partner = ctx.knowledge[ctx.partner]
    fits = [s for s in range(4) if hand.lengths[s] + partner.lengths[s][0] >= 8]
    return sorted(fits, key=lambda s: (-(hand.lengths[s] + partner.lengths[s][0]), -s))


def candidates(ctx: Context, hand: Hand, system: Bid, options: Sequence[Bid] = ()) -> list[int]:
    """The calls worth simulating for the seat to call with ``hand`` (the system's call first); just
    the system's where judgement has nothing to add: before partner has bid naturally or this seat has
    acted, for conventional or forcing calls and their answers, once doubled (but Blackwood's asker
    weighs game and slam: :func:`_slam_or_game`). ``options``: the rules of the situation (a double is a
    candidate only where the system reads it as for penalty)."""
    chosen = [system.call]
    last = ctx.last_bid
    if last is None or (ctx.doubled and ctx.ours(ctx.last_bidder)):
        return chosen
    if system.tag in SLAM_ASKS or any(r is not None and r.tag in SLAM_ASKS for r in ctx.rules[-2:-1]):
        return _slam_or_game(ctx, system, chosen)
    if system.tag in CONVENTIONAL or system.forcing:
        return chosen
    if any(r is not None and r.tag in CONVENTIONAL for r in ctx.rules[-2:-1]):
        return chosen
    partner = ctx.knowledge[ctx.partner]
    partner_bid = any(is_bid(call) and ctx.caller(i) == ctx.partner and (ctx.rules[i] is None or ctx.rules[i].tag
                      not in CONVENTIONAL) for i, call in enumerate(ctx.auction))
    our_side_acted = any(call != PASS and ctx.ours(ctx.caller(i)) for i, call in enumerate(ctx.auction))
    if not our_side_acted or (ctx.ours(ctx.last_bidder) and not partner_bid):
        return chosen
    likely = hand.hcp + min(partner.hcp[1], partner.hcp[0] + 4)
    top = hand.hcp + partner.hcp[1]

    def add(call: int | None) -> None:
        if call is not None and call not in chosen and ctx.legal(call) and len(chosen) < MAX_CANDIDATES:
            chosen.append(call)

    fits = _fit_strains(ctx, hand)
    if not ctx.ours(ctx.last_bidder):
        if not ctx.forced():
            add(PASS)
        strain = bid_strain(last)
        penalty = next((bid.tag == "penalty" for bid in options if bid.call == DOUBLE), False)
        if penalty and bid_level(last) >= 3 and likely >= 22 and strain != NO_TRUMP and hand.lengths[strain] >= 3:
            add(DOUBLE)
        for suit in fits[:1]:
            add(ctx.cheapest(suit))
            level = hand.lengths[suit] + partner.lengths[suit][0] - 6
            if ctx.cheapest_level(suit) < level < GAME_LEVEL[suit]:
                add(bid_action(level, suit))
            if likely >= 22 or bid_level(last) >= 3:
                add(bid_action(GAME_LEVEL[suit], suit))
        return chosen
    if not ctx.forced() and system.call != PASS and ctx.last_bidder == ctx.partner:
        add(PASS)
    strains = fits[:1]
    if not any(s in (2, 3) for s in fits) and hand.shape[-1] >= 2:
        strains.append(NO_TRUMP)
    if is_bid(system.call) and bid_level(system.call) >= 6:
        add(_below_slam(ctx, bid_strain(system.call)))
    elif is_bid(system.call) and bid_level(system.call) >= GAME_LEVEL[bid_strain(system.call)]:
        lower = ctx.cheapest(bid_strain(system.call))
        add(lower if lower is not None and bid_level(lower) < GAME_LEVEL[bid_strain(lower)] else None)
    if _slam_plausible(hand, partner, fits, likely, top):
        add(bid_action(6, fits[0] if fits else NO_TRUMP) if fits or NO_TRUMP in strains else None)
    if top >= 24 and likely <= 31:
        for strain in strains:
            add(bid_action(GAME_LEVEL[strain], strain))
    return chosen


def partner_losers(partner: SeatKnowledge) -> float:
    """The losers partner's shown strength is worth by the Losing Trick Count's scale (an opening bid of
    13 points about seven, three points a loser): its points range's middle, counting at most four
    over its bottom."""
    lo, hi = partner.points
    return losers_for_points((lo + min(hi, lo + 4)) / 2)


def _slam_plausible(hand: Hand, partner: SeatKnowledge, fits: list[int], likely: int, top: int) -> bool:
    """Whether a small slam is worth simulating: with a fit, the Losing Trick Count's tricks (24 less
    this hand's losers and partner's likely ones) reach eleven, or 30+ points are likely between
    us; without one, 31+ HCP are likely."""
    if fits:
        return 24 - hand.losers - partner_losers(partner) >= 10.5 or (likely >= 30 and top >= 31)
    return likely >= 31 and top >= 32


def _below_slam(ctx: Context, strain: int) -> int | None:
    """The contract short of the slam in ``strain``: partner's game in it (pass), else game there, else
    the cheapest bid in it below six, else pass (partner's bid in it already stands)."""
    last = ctx.last_bid
    partners = last is not None and ctx.last_bidder == ctx.partner and bid_strain(last) == strain
    if partners and bid_level(last) >= GAME_LEVEL[strain]:
        return PASS
    game = bid_action(GAME_LEVEL[strain], strain)
    if ctx.legal(game):
        return game
    cheapest = ctx.cheapest(strain)
    if cheapest is not None and bid_level(cheapest) < 6:
        return cheapest
    return PASS if partners else None


def _slam_or_game(ctx: Context, system: Bid, chosen: list[int]) -> list[int]:
    """Around Blackwood: the system's call (asking, or placing the contract after partner's answer), or
    the game or slam in the trumps asked for instead (the simulation sees what the answers would be)."""
    if system.tag == "king ask" or system.tag in ("aces", "kings"):
        return chosen
    if system.tag == "blackwood":
        strain = system.meaning.trumps
    else:
        asked = [i for i in range(len(ctx.auction) - 4, -1, -4) if ctx.rules[i] is not None
                 and ctx.rules[i].tag == "blackwood"]
        strain = ctx.rules[asked[0]].meaning.trumps if asked else None
    if strain is None:
        return chosen
    for call in (_below_slam(ctx, strain), bid_action(6, strain)):
        if call is not None and call not in chosen and ctx.legal(call):
            chosen.append(call)
    return chosen


# ----- scoring ------------------------------------------------------------------------------------------
def side_score(contract: Contract, tricks: int, side: int, vulnerability: str) -> int:
    """The duplicate score of ``contract`` made with ``tricks`` for ``side`` (0 NS, 1 EW)."""
    level, strain, doubled, declarer = contract
    if declarer < 0:
        return 0
    score = duplicate_score(level, strain, doubled, VULNERABLE[vulnerability][declarer % 2], tricks)
    return score if declarer % 2 == side else -score


_SOLVER: list[ThreadPoolExecutor] = []


def _solver() -> ThreadPoolExecutor:
    """The one thread DDS runs in for the judge, so that a call can stop waiting for a slow deal at its
    deadline (DDS itself cannot be interrupted: it finishes, unread, while the auction goes on)."""
    if not _SOLVER:
        _SOLVER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="bridge-judge-dds"))
    return _SOLVER[0]


# ----- the judge ----------------------------------------------------------------------------------------
@dataclass
class Verdict:
    """What the simulation said: the call, its explanation, and each candidate's mean IMPs against the
    system's call over the deals simulated."""

    call: int
    explanation: str
    gains: dict[int, float]
    deals: int
    seconds: float


class Judge:
    """The Expert's bidder: the system's call, overruled where simulation finds a better one."""

    def __init__(self, rng: np.ndarray, batches: Sequence[int] = (12, 12), seconds: float = 0.7,
                 margin: float = 1.0, confidence: float = 2.0, oversample: int = 12, chunk: int = 6,
                 tries: int = 20000):
        self.rng = rng
        self.batches = tuple(batches)
        """How many deals each round of simulation deals (the next round only while undecided)."""
        self.seconds = seconds
        """The deadline of a call: no round of deals starts, and no DDS answer is waited for, past this
        many seconds (the deals solved by then decide)."""
        self.margin = margin
        """The least gain in IMPs a deal for another call to replace the system's."""
        self.confidence = confidence
        """How many standard errors of the gain it must clear too."""
        self.oversample = oversample
        """Deals drawn for each deal kept (the rest fail the check of the hidden seats' calls)."""
        self.chunk = chunk
        """Boards solved by DDS at a time (the deadline is checked between them)."""
        self._solved = [0, 0.0]
        """Boards solved so far and the seconds they took (to predict what the next ones cost)."""
        self.tries = tries
        """The most deals the sampler draws looking for those inside the auction's ranges."""
        self._trees: dict[tuple[int, str], AuctionTree] = {}
        self.last: Verdict | None = None
        """What the last simulated call found (None when the last call needed no simulation)."""

    def warm_up(self) -> None:
        """Compile (or load) the sampler's kernels and load DDS, so that no call pays for it."""
        from tui_games.games.bridge.sampling import open_constraints

        view = np.zeros(rules.STATE_SIZE, np.int64)
        view[rules.HANDS:rules.HANDS + NUM_SEATS] = UNSEEN
        view[rules.HANDS] = (1 << 13) - 1
        worlds = sample_worlds(view, open_constraints(), 1, self.rng.copy())
        declarer_tricks([(list(worlds.hands[0]), 0, NO_TRUMP)])

    def tree(self, dealer: int, vulnerability: str) -> AuctionTree:
        """The shared auction tree of these conditions."""
        key = (dealer, vulnerability)
        if key not in self._trees:
            if len(self._trees) > 8:
                self._trees.clear()
            self._trees[key] = AuctionTree(dealer, vulnerability)
        return self._trees[key]

    def call(self, cards: Sequence[int] | Hand, dealer: int, vulnerability: str,
             auction: Sequence[int]) -> tuple[int, str]:
        """The call for the seat to call with ``cards`` after ``auction``, and its explanation."""
        started = time.perf_counter()
        hand = cards if isinstance(cards, Hand) else Hand(cards)
        tree = self.tree(dealer, vulnerability)
        path = tree.path(auction)
        node = path[-1]
        system = node.choose(hand)
        self.last = None
        options = candidates(node.ctx, hand, system, node.options)
        if len(options) == 1:
            return system.call, system.explanation
        verdict = self._simulate(tree, path, auction, hand, options, vulnerability, started)
        self.last = verdict
        return verdict.call, verdict.explanation if verdict.call != system.call else system.explanation

    def _simulate(self, tree: AuctionTree, path: list[AuctionNode], auction: Sequence[int], hand: Hand,
                  options: list[int], vulnerability: str, started: float) -> Verdict:
        node = path[-1]
        ctx = node.ctx
        me, side = ctx.seat, ctx.seat % 2
        view = np.zeros(rules.STATE_SIZE, np.int64)
        view[rules.HANDS:rules.HANDS + NUM_SEATS] = UNSEEN
        view[rules.HANDS + me] = sum(1 << int(card) for card in hand.cards)
        constraints = auction_constraints(tuple(int(c) for c in auction), ctx.dealer, vulnerability)
        diffs: list[list[int]] = [[] for _ in options]
        deadline = started + self.seconds
        rng = self._call_rng(hand, auction)
        for batch in self.batches:
            if diffs[0] and (time.perf_counter() > deadline or self._decided(diffs)):
                break
            outcomes = []
            for masks, hands in self._deal(view, constraints, path, auction, me, hand, batch, rng):
                reached = [tree.bid_out(node.child(call), hands).contract() for call in options]
                if len(set(reached)) == 1:
                    for d in diffs:
                        d.append(0)
                else:
                    outcomes.append((masks, reached))
            for chunk in self._chunks(outcomes):
                boards = sum(len({(c[3], c[1]) for c in reached if c[3] >= 0}) for _masks, reached in chunk)
                solving = time.perf_counter()
                if diffs[0] and solving + boards * self._board_seconds() > deadline:
                    break
                if not self._score(chunk, diffs, side, vulnerability, deadline):
                    break
                self._solved[0] += boards
                self._solved[1] += time.perf_counter() - solving
        gains = {call: (sum(d) / len(d) if d else 0.0) for call, d in zip(options, diffs)}
        best = max(range(len(options)), key=lambda k: (gains[options[k]], k == 0))
        call = options[0]
        if best != 0 and gains[options[best]] >= self.margin and self._clear(diffs[best], len(options)):
            call = options[best]
        done = len(diffs[0])
        explanation = _explain(call, options[0], gains.get(call, 0.0), done)
        return Verdict(call, explanation, gains, done, time.perf_counter() - started)

    def _call_rng(self, hand: Hand, auction: Sequence[int]) -> np.ndarray:
        """The generator of one call's deals: the judge's seed mixed with the hand and the auction, so
        that a call deals the same whatever the judge simulated before it."""
        seed = int(self.rng[0])
        mixed = zlib.crc32(bytes(hand.cards) + bytes(int(call) - PASS + 52 for call in auction), seed & 0xFFFFFFFF)
        return make_rng((seed >> 32) * 0x100000001 ^ mixed)

    def _chunks(self, outcomes: list) -> list[list]:
        """The deals in groups of about :attr:`chunk` boards to solve."""
        chunks, current, boards = [], [], 0
        for outcome in outcomes:
            current.append(outcome)
            boards += len({(c[3], c[1]) for c in outcome[1] if c[3] >= 0})
            if boards >= self.chunk:
                chunks.append(current)
                current, boards = [], 0
        return chunks + ([current] if current else [])

    def _board_seconds(self) -> float:
        """What a board is expected to take DDS here: the mean so far, never under the prior."""
        boards, seconds = self._solved
        return max(BOARD_SECONDS, seconds / boards if boards >= 8 else BOARD_SECONDS)

    def _score(self, outcomes: list[tuple[list[int], list[Contract]]], diffs: list[list[int]], side: int,
               vulnerability: str, deadline: float) -> bool:
        """Solve the contracts these deals reach and add each candidate's IMPs against the system's call;
        False, adding nothing, when DDS has not answered by ``deadline`` (it finishes in the background)."""
        boards: dict[tuple, int] = {}
        for masks, reached in outcomes:
            for contract in reached:
                if contract[3] >= 0:
                    boards.setdefault((tuple(masks), contract[3], contract[1]), len(boards))
        try:
            solved = _solver().submit(declarer_tricks, list(boards)).result(max(deadline - time.perf_counter(), 0.0))
        except FutureTimeout:
            return False
        for masks, reached in outcomes:
            scores = [side_score(contract, solved[boards[(tuple(masks), contract[3], contract[1])]]
                                 if contract[3] >= 0 else 0, side, vulnerability) for contract in reached]
            for k, score in enumerate(scores):
                diffs[k].append(imps(score - scores[0]))
        return True

    def _clear(self, diffs: list[int], candidates: int) -> bool:
        """Whether the mean gain clears :attr:`confidence` standard errors, and :data:`PER_CANDIDATE`
        more for each candidate beyond two (the best of many looks better than it is)."""
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > (self.confidence + PER_CANDIDATE * max(candidates - 2, 0)) * math.sqrt(var / n)

    def _decided(self, diffs: list[list[int]]) -> bool:
        """Whether the deals so far settle it: no candidate comes near the margin, or one clears it by
        far."""
        means = [sum(d) / len(d) for d in diffs[1:] if d]
        if not means:
            return True
        return max(means) < self.margin / 2 or (max(means) >= 2 * self.margin and self._clear(
            diffs[1 + means.index(max(means))], len(diffs)))

    def _deal(self, view: np.ndarray, constraints, path: list[AuctionNode], auction: Sequence[int], me: int,
              hand: Hand, count: int, rng: np.ndarray) -> list[tuple[list[int], list[Hand]]]:
        """``count`` deals for the seat ``me``: the hidden hands inside the auction's ranges, those whose
        calls match the system's first, then those that miss fewest calls."""
        worlds = sample_worlds(view, constraints, count * self.oversample, rng, self.tries)
        checks = [(i, node, call) for i, (node, call) in enumerate(zip(path, auction)) if node.ctx.seat != me]
        exact, near = [], []
        for k in range(len(worlds)):
            masks = [int(m) for m in worlds.hands[k]]
            hands = [hand if seat == me else Hand(cards_in(masks[seat])) for seat in range(NUM_SEATS)]
            if all(node.choose(hands[node.ctx.seat]).call == call for _i, node, call in checks):
                exact.append((masks, hands))
                if len(exact) == count:
                    break
            elif len(near) < count:
                misses = sum(node.choose(hands[node.ctx.seat]).call != call for _i, node, call in checks)
                near.append((misses, int(worlds.misses[k]), k, masks, hands))
        near.sort(key=lambda r: r[:3])
        return exact + [(masks, hands) for _m, _v, _k, masks, hands in near[:count - len(exact)]]


def _kind(call: int) -> str:
    if call == PASS:
        return "stops here"
    if call == DOUBLE:
        return "penalty double"
    if call == REDOUBLE:
        return "redouble"
    level, strain = bid_level(call), bid_strain(call)
    if level >= 6:
        return "slam"
    return "game" if level >= GAME_LEVEL[strain] else "to play"


def _explain(call: int, system: int, gain: float, deals: int) -> str:
    """'4S: game, better than 3S by 2.1 IMPs a deal (simulation of 24 deals)'."""
    name = call_name(call)
    if call == system:
        return f"{name}: the system's call, judged over {counted(deals, 'deal')}"
    return f"{name}: {_kind(call)}, better than {call_name(system)} by {gain:.1f} IMPs a deal " \
           f"(simulation of {counted(deals, 'deal')})"


__all__ = ["AuctionNode", "AuctionTree", "CONVENTIONAL", "Contract", "Judge", "PASSED_OUT", "Verdict", "candidates",
           "side_score"]
