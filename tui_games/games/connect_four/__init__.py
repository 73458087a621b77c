"""Connect Four: drop stones into a 7x6 grid; four in a row wins. Rules kernels, exact solver, AI."""
