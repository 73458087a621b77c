"""The Textual user interface: the app, its screens, shared widgets and the game-view protocol.

Importing this package (and building the menu) never imports numba: a game's kernels, view and AI
are imported only once that game is chosen, in a background worker.
"""
