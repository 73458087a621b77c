"""The app's screens: menu, new game, game, rules, resume, statistics, settings, hand-off, too small."""
