"""The cube's geometry, derived from 3-D positions: stickers (facelets), face turns, pieces (cubies)
and whole-cube rotations. Pure numpy, no kernels: rules.py and the solvers build on these tables.

Faces are numbered U R F D L B (0-5), Kociemba's order. A 3x3 has 54 facelets, face by face in that
order, each face's 9 read row by row as the usual unfolded net shows them::

                 U1 U2 U3
                 U4 U5 U6
                 U7 U8 U9
        L1 L2 L3 F1 F2 F3 R1 R2 R3 B1 B2 B3
        L4 L5 L6 F4 F5 F6 R4 R5 R6 B4 B5 B6
        L7 L8 L9 F7 F8 F9 R7 R8 R9 B7 B8 B9
                 D1 D2 D3
                 D4 D5 D6
                 D7 D8 D9

A 2x2 has the 24 corner facelets of that net, 4 per face (rows and columns 1 and 3).

Every facelet gets a position (x right, y up, z toward the front; each -1, 0 or 1) and the normal of
its face. A clockwise quarter turn of a face (clockwise as seen looking at that face) rotates the
stickers of its layer by -90 degrees about the face's normal; its facelet permutation follows. The
pieces are Kociemba's: corners URF UFL ULB UBR DFR DLF DBL DRB (0-7), edges UR UF UL UB DR DF DL DB
FR FL BL BR (0-11), each with its reference facelet first (the U or D sticker; for the four middle
edges the F or B sticker). A position as pieces is ``cp, co, ep, eo``: which corner sits in each
corner place and its twist (0-2, clockwise), which edge sits in each edge place and its flip (0-1).
Each move's piece form is read off the facelets of the solved cube after the turn.
"""

from __future__ import annotations

import itertools

import numpy as np

FACES = "URFDLB"
"""The face letters in Kociemba's order; a face's index is its position here."""
U, R, F, D, L, B = range(6)
NUM_MOVES = 18
"""Actions 0-17: face f (U R F D L B) and turn k (0 clockwise, 1 half, 2 counter-clockwise) as 3f + k."""
TURN_SUFFIXES = ("", "2", "'")
"""The notation of turn k: 'R', 'R2', "R'"."""
MOVE_NAMES = tuple(face + suffix for face in FACES for suffix in TURN_SUFFIXES)
"""'U', 'U2', "U'", 'R', ... in action order."""

NORMALS = np.array([(0, 1, 0), (1, 0, 0), (0, 0, 1), (0, -1, 0), (-1, 0, 0), (0, 0, -1)], dtype=np.int64)
"""The outward normal of each face (x right, y up, z to the front)."""


def _sticker_place(face: int, row: int, col: int) -> tuple[int, int, int]:
    """The 3-D position of the sticker in ``row``, ``col`` (0-2) of ``face`` on the net above."""
    a, b = col - 1, row - 1
    return {
        U: (a, 1, b),
        R: (1, -b, -a),
        F: (a, -b, 1),
        D: (a, -1, -b),
        L: (-1, -b, a),
        B: (-a, -b, -1),
    }[face]


FACELET_PLACES = np.array([_sticker_place(f, i // 3, i % 3) for f in range(6) for i in range(9)], dtype=np.int64)
"""FACELET_PLACES[i]: the position (x, y, z) of 3x3 facelet i."""
FACELET_NORMALS = np.repeat(NORMALS, 9, axis=0)
"""FACELET_NORMALS[i]: the normal of the face that facelet i lies on."""


def facelet(name: str) -> int:
    """The index of a 3x3 facelet named like 'U9' or 'R1'."""
    return FACES.index(name[0]) * 9 + int(name[1:]) - 1


CORNER_NAMES = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGE_NAMES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")
CORNER_FACELETS = np.array([[facelet(n) for n in names.split()] for names in (
    "U9 R1 F3", "U7 F1 L3", "U1 L1 B3", "U3 B1 R3", "D3 F9 R7", "D1 L9 F7", "D7 B9 L7", "D9 R9 B7")],
    dtype=np.int64)
"""The facelets of each corner place, its reference (U or D) facelet first, the others clockwise."""
EDGE_FACELETS = np.array([[facelet(n) for n in names.split()] for names in (
    "U6 R2", "U8 F2", "U4 L2", "U2 B2", "D6 R8", "D2 F8", "D4 L8", "D8 B8", "F6 R4", "F4 L6", "B6 L4", "B4 R6")],
    dtype=np.int64)
"""The facelets of each edge place, its reference facelet first."""
CORNER_COLOURS = np.array([[FACES.index(c) for c in name[0] + name[1:]] for name in CORNER_NAMES], dtype=np.int64)
"""The faces (colours) of each corner piece, in the order of its place's facelets when solved."""
EDGE_COLOURS = np.array([[FACES.index(c) for c in name] for name in EDGE_NAMES], dtype=np.int64)
"""The faces (colours) of each edge piece, reference first."""

CORNER_FACELETS_2X2 = tuple(int(i) for i in sorted({int(f) for f in CORNER_FACELETS.ravel()}))
"""The 3x3 facelets that a 2x2 has (its 24 stickers, in URFDLB order, each face row by row)."""


def _rotated(vector: np.ndarray, normal: np.ndarray) -> np.ndarray:
    """``vector`` turned by -90 degrees (clockwise seen from outside) about the unit axis ``normal``."""
    return -np.cross(normal, vector) + normal * int(np.dot(normal, vector))


def _facelet_index() -> dict[tuple, int]:
    return {(tuple(p), tuple(n)): i for i, (p, n) in enumerate(zip(FACELET_PLACES, FACELET_NORMALS))}


def _turn_facelets(axis: np.ndarray, whole_cube: bool) -> np.ndarray:
    """``perm`` with ``perm[i]`` = where facelet i goes under a clockwise quarter turn about ``axis``
    (the face's layer only, or ``whole_cube``)."""
    where = _facelet_index()
    perm = np.arange(54, dtype=np.int64)
    for i, (place, normal) in enumerate(zip(FACELET_PLACES, FACELET_NORMALS)):
        if whole_cube or int(np.dot(place, axis)) == 1:
            perm[i] = where[(tuple(_rotated(place, axis)), tuple(_rotated(normal, axis)))]
    return perm


def moved_facelets(colours: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """The 54 facelet colours after the stickers move as ``perm`` says (``perm[i]``: where i goes)."""
    out = np.empty_like(colours)
    out[perm] = colours
    return out


QUARTER_TURNS = np.array([_turn_facelets(NORMALS[f], False) for f in range(6)])
"""QUARTER_TURNS[f]: the facelet permutation of a clockwise quarter turn of face f."""
SOLVED_FACELETS = np.repeat(np.arange(6, dtype=np.int64), 9)
"""The colours (faces) of the solved cube's 54 facelets."""


def facelets_of(cp, co, ep, eo) -> np.ndarray:
    """The 54 facelet colours of the position ``cp, co, ep, eo`` (centres included)."""
    colours = SOLVED_FACELETS.copy()
    for place in range(8):
        piece, twist = int(cp[place]), int(co[place])
        for n in range(3):
            colours[CORNER_FACELETS[place, (n + twist) % 3]] = CORNER_COLOURS[piece, n]
    for place in range(12):
        piece, flip = int(ep[place]), int(eo[place])
        for n in range(2):
            colours[EDGE_FACELETS[place, (n + flip) % 2]] = EDGE_COLOURS[piece, n]
    return colours


class NotACube(ValueError):
    """Facelet colours that no position of the cube shows (a missing or repeated piece)."""


def pieces_of(colours: np.ndarray, with_edges: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(cp, co, ep, eo) of 54 facelet colours; NotACube when some piece is not a real one or twice
    there. Without ``with_edges`` the edges are left solved (a 2x2 has none)."""
    cp, co = np.zeros(8, np.int64), np.zeros(8, np.int64)
    ep, eo = np.arange(12, dtype=np.int64), np.zeros(12, np.int64)
    for place in range(8):
        stickers = [int(colours[f]) for f in CORNER_FACELETS[place]]
        twist = next((n for n in range(3) if stickers[n] in (U, D)), None)
        if twist is None:
            raise NotACube(f"the corner at {CORNER_NAMES[place]} has no U or D colour")
        after = (stickers[(twist + 1) % 3], stickers[(twist + 2) % 3])
        piece = next((p for p in range(8) if tuple(CORNER_COLOURS[p, 1:]) == after
                      and CORNER_COLOURS[p, 0] == stickers[twist]), None)
        if piece is None:
            raise NotACube(f"the corner at {CORNER_NAMES[place]} is not a corner of the cube")
        cp[place], co[place] = piece, twist
    if with_edges:
        for place in range(12):
            stickers = tuple(int(colours[f]) for f in EDGE_FACELETS[place])
            for piece in range(12):
                if tuple(EDGE_COLOURS[piece]) == stickers:
                    ep[place], eo[place] = piece, 0
                    break
                if tuple(EDGE_COLOURS[piece]) == stickers[::-1]:
                    ep[place], eo[place] = piece, 1
                    break
            else:
                raise NotACube(f"the edge at {EDGE_NAMES[place]} is not an edge of the cube")
    if sorted(cp) != list(range(8)) or sorted(ep) != list(range(12)):
        raise NotACube("a piece appears twice")
    return cp, co, ep, eo


def _move_pieces() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    cps, cos, eps, eos = [], [], [], []
    for face in range(6):
        colours = SOLVED_FACELETS
        for _ in range(3):  # a quarter, a half, three quarters
            colours = moved_facelets(colours, QUARTER_TURNS[face])
            cp, co, ep, eo = pieces_of(colours)
            cps.append(cp)
            cos.append(co)
            eps.append(ep)
            eos.append(eo)
    return np.array(cps), np.array(cos), np.array(eps), np.array(eos)


MOVE_CP, MOVE_CO, MOVE_EP, MOVE_EO = _move_pieces()
"""Each move's piece form (shape (18, 8) or (18, 12)): after move m on the solved cube, place i holds
corner MOVE_CP[m, i] twisted MOVE_CO[m, i] (edges alike). Playing m on a position p gives
``cp[i] = p.cp[MOVE_CP[m, i]]``, ``co[i] = (p.co[MOVE_CP[m, i]] + MOVE_CO[m, i]) % 3`` (edges mod 2)."""


def _rotations() -> list[np.ndarray]:
    """The 24 whole-cube rotations as facelet permutations, the identity first."""
    x = _turn_facelets(NORMALS[R], True)
    y = _turn_facelets(NORMALS[U], True)
    found = [np.arange(54, dtype=np.int64)]
    seen = {tuple(found[0])}
    frontier = list(found)
    while frontier:
        nxt = []
        for perm in frontier:
            for gen in (x, y):
                composed = gen[perm]  # first perm, then gen
                key = tuple(composed)
                if key not in seen:
                    seen.add(key)
                    found.append(composed)
                    nxt.append(composed)
        frontier = nxt
    assert len(found) == 24
    return found


ROTATIONS = np.array(_rotations())
"""ROTATIONS[r]: where each facelet goes when the whole cube is turned by rotation r (0: none)."""


def rotation_faces(rotation: int) -> np.ndarray:
    """``faces[f]``: the face that face f's centre is turned onto by rotation ``rotation``."""
    return np.array([int(ROTATIONS[rotation][f * 9 + 4]) // 9 for f in range(6)], dtype=np.int64)


def _rotated_solved_corners() -> tuple[np.ndarray, np.ndarray]:
    cps, cos = [], []
    for perm in ROTATIONS:
        cp, co, _, _ = pieces_of(moved_facelets(SOLVED_FACELETS, perm), with_edges=False)
        cps.append(cp)
        cos.append(co)
    return np.array(cps), np.array(cos)


SOLVED_2X2_CP, SOLVED_2X2_CO = _rotated_solved_corners()
"""The corners of the solved cube seen after each of the 24 rotations: a 2x2 (no centres to say
which way up it is) is solved when its corners are one of these."""


def parity(perm) -> int:
    """0 for an even permutation, 1 for an odd one."""
    perm = list(perm)
    odd = 0
    for i, j in itertools.combinations(range(len(perm)), 2):
        odd ^= perm[i] > perm[j]
    return odd
