"""Length component: a ramp on the sketch's approximate token count."""

from __future__ import annotations

MIN_TOKENS, FULL_TOKENS, MAX_TOKENS = 150, 3000, 6000


def approx_tokens(source: str) -> float:
    return len(source) / 4


def length_score(source: str) -> float:
    """0 below 150 or above 6000 tokens, linear from 150 to 3000, 1 from 3000 to 6000."""
    tokens = approx_tokens(source)
    if tokens < MIN_TOKENS or tokens > MAX_TOKENS:
        return 0.0
    if tokens >= FULL_TOKENS:
        return 1.0
    return (tokens - MIN_TOKENS) / (FULL_TOKENS - MIN_TOKENS)
