"""Player statistics online: kept as hands end, read by profiles and the leaderboard.

- :mod:`~studpoker.server.stats.store`: the SQL (the statistics added as a hand ends, the reads);
- :mod:`~studpoker.server.stats.api`: the routes (a profile, the leaderboard, all my hands).
"""
