"""Helpers shared by several test modules (positions, clocks, protocol exchanges, web
starts): test modules import from here, never from one another."""
