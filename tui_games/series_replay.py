"""A match's series of deals, as the match plays it and its save keeps it.

The rules of a series are pure data (:mod:`tui_games.core.series`); this module joins them to the
kernels: a finished deal becomes a :class:`~tui_games.core.series.Deal` (its returns and each seat's
figures), and a saved series is rebuilt by replaying every earlier deal from its seed, parameters
and history, so a save can no more hold an impossible standing than an impossible position. The
save's form of a series (``SaveRecord.series``, save format 2) is::

    {"deals": [{"seed": 7, "params": {...}, "history": [...]}, ...],   # the finished deals, in order
     "current": {"seed": 9, "params": {...}},                          # the deal being played
     "standing": {"scores": [...], "deals": 2, "button": 0, "blind_level": 0,
                  "eliminated": [], "facts": {}},                      # after the finished deals
     "left": false}                                                    # the player left the table

The current deal's moves are the save's own ``history`` and ``redo``, as in a one-deal save.
"""

from __future__ import annotations

import math

from tui_games.core.errors import SaveFileError
from tui_games.core.series import Deal, Series, Standing
from tui_games.core.spec import GameSpec


def start_series(spec: GameSpec, params: dict, seats: int, seed: int) -> Series | None:
    """A new series for a match of ``spec`` (None when the game plays one deal per match)."""
    rules = spec.definition().series
    return None if rules is None else Series(rules, seats, seed, params)


def finished_deal(spec: GameSpec, state) -> Deal:
    """A finished deal's record: how it was made, its history, returns and each seat's figures."""
    figures_of = spec.definition().figures
    returns = tuple(float(r) for r in state.returns())
    figures = tuple(figures_of(state, seat) for seat in range(len(returns))) if figures_of else ()
    return Deal(seed=int(state.seed), params=dict(state.params), history=list(state.history),
                returns=returns, figures=figures)


def standing_payload(standing: Standing) -> dict:
    """A standing as the save keeps it."""
    return {"scores": list(standing.scores), "deals": standing.deals, "button": standing.button,
            "blind_level": standing.blind_level, "eliminated": list(standing.eliminated),
            "facts": dict(standing.facts)}


def series_payload(series: Series, counted: int) -> dict:
    """``series`` as the save keeps it: the first ``counted`` deals are finished ones; the current deal
    (if counted already because it is over) is the save's own history."""
    before = series.deals[:counted]
    standing = series.standing_before(counted)
    if counted < len(series.deals):
        current = series.deals[counted]
        current_setup = {"seed": current.seed, "params": dict(current.params)}
    else:
        seed, params = series.next_setup()
        current_setup = {"seed": seed, "params": params}
    return {
        "deals": [{"seed": deal.seed, "params": dict(deal.params), "history": list(deal.history)}
                  for deal in before],
        "current": current_setup,
        "standing": standing_payload(standing),
        "left": series.left,
    }


def _same_scores(saved: list, computed: tuple[float, ...]) -> bool:
    return len(saved) == len(computed) and all(
        math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) for a, b in zip(saved, computed))


def _check_setup(where: str, saved: dict, expected: tuple[int, dict]) -> None:
    seed, params = expected
    if saved["seed"] != seed:
        raise SaveFileError(f"{where} has seed {saved['seed']}, but the series deals it with seed {seed}")
    if saved["params"] != params:
        raise SaveFileError(f"{where} has parameters {saved['params']}, but the series deals it with {params}")


def restore_series(spec: GameSpec, payload: dict, seats: int, seed: int, params: dict) -> Series:
    """The series a save keeps, rebuilt by replaying each finished deal through the kernels.

    Raises SaveFileError when it does not hold together: a game that plays single deals, a deal that
    does not replay or did not finish, seeds or parameters other than the series deals with, a
    standing other than the deals give, a deal after the series had ended.
    """
    rules = spec.definition().series
    if rules is None:
        raise SaveFileError(f"{spec.title} is played one deal at a time, but the save holds a series")
    series = Series(rules, seats, seed, params)
    for index, saved in enumerate(payload["deals"]):
        where = f"deal {index + 1} of the series"
        if series.over:
            raise SaveFileError(f"{where} comes after the series had ended")
        _check_setup(where, saved, series.next_setup())
        try:
            state = spec.new(seed=saved["seed"], **saved["params"])
            for entry in saved["history"]:
                state.apply_entry(entry)
        except (ValueError, OverflowError) as error:
            raise SaveFileError(f"{where} does not replay: {error}") from None
        if not state.is_terminal:
            raise SaveFileError(f"{where} did not finish")
        series.add(finished_deal(spec, state))
    if series.reached:
        raise SaveFileError("the current deal comes after the series had ended")
    _check_setup("the current deal", payload["current"], series.next_setup())
    saved_standing = payload["standing"]
    computed = standing_payload(series.standing)
    if not _same_scores(saved_standing["scores"], series.standing.scores):
        raise SaveFileError(f"the saved scores {saved_standing['scores']} are not what the deals give "
                            f"({computed['scores']})")
    for name in ("deals", "button", "blind_level", "eliminated", "facts"):
        if saved_standing[name] != computed[name]:
            raise SaveFileError(f"the saved {name.replace('_', ' ')} {saved_standing[name]!r} is not what "
                                f"the deals give ({computed[name]!r})")
    series.left = payload["left"]
    return series


__all__ = ["finished_deal", "restore_series", "series_payload", "standing_payload", "start_series"]
