"""Ratings of players and AI levels per game variant, for `tui-games serve` and `tui-games ladder`.

- :mod:`~tui_games.ratings.variants`: what a rated "game and variant" is (its canonical key);
- :mod:`~tui_games.ratings.model`: openskill (Plackett-Luce): rate one finished game from its seats,
  returns and sides;
- :mod:`~tui_games.ratings.store`: the server's ratings and rated games in SQLite (WAL);
- :mod:`~tui_games.ratings.ai_seeds`: the AI levels' seeded ratings (``ai_ratings.json``, made by
  ``scripts/seed_ai_ratings.py``); :mod:`~tui_games.ratings.fit`: the joint fit that script uses;
- :mod:`~tui_games.ratings.ladder`: a variant's ladder as rows.

A room rates a finished game so::

    store = RatingStore(data_dir)                                   # the server's data folder
    variant = variant_of(spec, match_params, seats=len(players))    # the match's own parameters
    store.record_game(variant, players, outcome.returns, sides=sides_of(final_state),
                      places=outcome.places, names={fingerprint: display_name},
                      game_key=f"{room_code}/{game_number}")       # rated once, even if retried

where ``players[seat]`` is the identity's fingerprint or ``ai_player(level)`` and ``outcome`` the
game's :class:`~tui_games.core.outcome.Outcome` (a match of many deals: the series' outcome, whose
places follow its standing). A sitting whose sides change from deal to deal (Dou Dizhu's landlord is
bid for every hand) is rated hand by hand.

Neither numba nor Textual is imported here; openskill (the ``serve`` extra) is imported when a game is
first rated.
"""
