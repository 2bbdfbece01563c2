"""Rewards: the pairwise judge, HPSv3, the offline critic, length and gate terms, presets and their mix."""
