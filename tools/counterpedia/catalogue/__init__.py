"""The catalogue of counter kinds: scanning the Comprehensive Rules for the counters and mechanics they name.

Modules: crscan (Edition -> which rules mention "<name> counter", which keyword abilities and
actions put, remove, move or count counters), printed (printed Japanese and French card texts -> the names
they give to counter kinds, keyword abilities and actions).
"""
