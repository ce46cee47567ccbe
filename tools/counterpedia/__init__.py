"""Counterpedia: a trilingual knowledge base of the counters of Magic: The Gathering."""

__version__ = "0.1.0"
