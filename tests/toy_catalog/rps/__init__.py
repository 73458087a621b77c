"""Rock-paper-scissors: a test game folder (see :mod:`toy_catalog`)."""
