"""Clients of the engine: the computer players, the benchmark and the command line."""
