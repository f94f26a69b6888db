"""Strategos rules engine: pure game logic, no I/O, no clock, no global random."""
