"""Three-player Nim: a test game folder (see :mod:`toy_catalog`)."""
