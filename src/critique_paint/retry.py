"""The one retry policy of the clients of remote services: the judge, the HPSv3 scorer, an OpenAI-compatible policy.

`retries` counts the further tries after the first (0: one try). The wait before the k-th retry is
`backoff_s * 2**(k-1)`, jittered down to as little as half of it and capped at MAX_WAIT_S. Only the exception
types a client names as transient are retried; any other ends the call at once. After the last try the last
transient exception propagates, for the client to report as its own error, saying `tries(retries)`. A client that
sorts its own failures raises `TransientError` for those worth another try and names it as the transient type.
"""

from __future__ import annotations

from typing import Any

from tenacity import (
    AsyncRetrying,
    Retrying,
    retry_if_exception_type,
    stop_after_attempt,
    wait_exponential,
    wait_random_exponential,
)

from critique_paint.errors import ConfigError

MAX_WAIT_S = 30.0
TransientTypes = type[BaseException] | tuple[type[BaseException], ...]


class TransientError(Exception):
    """A failed try worth another: a timeout, no connection, HTTP 429 or 5xx, an empty or unreadable answer."""


def check(retries: int, backoff_s: float, what: str) -> None:
    """A ConfigError unless both are >= 0."""
    if retries < 0 or backoff_s < 0:
        raise ConfigError(f"{what}: retries and backoff_s must be >= 0, got {retries} and {backoff_s:g}")


def tries(retries: int) -> str:
    """How many tries `retries` allows, in words: `1 try`, `3 tries`."""
    return "1 try" if retries == 0 else f"{retries + 1} tries"


def _policy(retries: int, backoff_s: float, transient: TransientTypes) -> dict[str, Any]:
    check(retries, backoff_s, "retry")
    half, cap = backoff_s / 2, MAX_WAIT_S / 2
    return {
        "stop": stop_after_attempt(retries + 1),
        # half the delay fixed, half uniformly random: between 1/2 and 1 of backoff_s * 2**(k-1)
        "wait": wait_exponential(multiplier=half, max=cap) + wait_random_exponential(multiplier=half, max=cap),
        "retry": retry_if_exception_type(transient),
        "reraise": True,
    }


def async_retrying(retries: int, backoff_s: float, transient: TransientTypes) -> AsyncRetrying:
    """A fresh AsyncRetrying (one per call: it holds the call's state): `await async_retrying(...)(fn, *args)`."""
    return AsyncRetrying(**_policy(retries, backoff_s, transient))


def retrying(retries: int, backoff_s: float, transient: TransientTypes) -> Retrying:
    """The blocking counterpart of `async_retrying`."""
    return Retrying(**_policy(retries, backoff_s, transient))
