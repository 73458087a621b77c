"""`tui-games serve`: the games over SSH, one UI process per session.

The pieces, each in its own module:

- :mod:`~tui_games.serve.config`: the server's settings and limits (:class:`ServeConfig`) and the
  ``serve`` command's options;
- :mod:`~tui_games.serve.host_key`: the server's ed25519 host key, made on first start;
- :mod:`~tui_games.serve.identity`: a player is the SHA256 fingerprint of their SSH key; their folder,
  their display name, the ``--allow-keys`` list;
- :mod:`~tui_games.serve.rate_limits`: token buckets (connections per address, input bytes) and the
  session caps;
- :mod:`~tui_games.serve.ssh_server`: the listener and each connection's authentication and refusals;
- :mod:`~tui_games.serve.ssh_session`: one SSH session: its terminal, its timers, its limits, the bytes
  between the channel and the UI process;
- :mod:`~tui_games.serve.session_process`: the UI process on a pseudo-terminal (spawn, resize, hang up);
- :mod:`~tui_games.serve.session_main`: what that process runs (the app at its menu, nothing else);
- :mod:`~tui_games.serve.session_log`: the one line logged per session;
- :mod:`~tui_games.serve.runner`: the server's life: start, log, stop cleanly on SIGTERM.

Only :mod:`config` is imported by the command line's parser; everything else loads asyncssh (the
``serve`` extra) when the server starts.
"""
