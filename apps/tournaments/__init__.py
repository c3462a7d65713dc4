"""Tournaments: arenas, Swiss and knockout events for every mode (issue #35).

The pure core comes first and imports no Django: ``scoring`` (arena points and streaks,
Swiss tie-breaks, the belot family's Victory Points), ``pairing`` (arena and Swiss tables by
weighted matching, byes) and ``brackets`` (knockout seeding and byes). The event models,
services, pages and Celery beat build on them (docs/decisions-tournaments.md).
"""
