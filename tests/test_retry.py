"""The shared retry policy: tries counted after the first, exponential waits with jitter, transient types only."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from critique_paint.errors import ConfigError
from critique_paint.retry import MAX_WAIT_S, retrying, tries


def test_waits_double_with_jitter_between_half_and_all_and_are_capped():
    wait = retrying(10, 0.4, ValueError).wait
    for k in range(1, 5):
        full = 0.4 * 2 ** (k - 1)
        waits = [wait(SimpleNamespace(attempt_number=k)) for _ in range(200)]
        assert all(full / 2 <= w <= full for w in waits) and len(set(waits)) > 1
    assert wait(SimpleNamespace(attempt_number=40)) <= MAX_WAIT_S


def test_only_the_named_types_are_retried_and_retries_counts_further_tries():
    calls = []

    def flaky(error: type[Exception]):
        for attempt in retrying(2, 0, ValueError):
            with attempt:
                calls.append(1)
                raise error("no")

    with pytest.raises(ValueError):
        flaky(ValueError)
    assert len(calls) == 3
    calls.clear()
    with pytest.raises(KeyError):
        flaky(KeyError)
    assert len(calls) == 1


def test_counts_in_words_and_negative_settings_are_refused():
    assert (tries(0), tries(2)) == ("1 try", "3 tries")
    with pytest.raises(ConfigError):
        retrying(-1, 0.5, ValueError)
    with pytest.raises(ConfigError):
        retrying(1, -0.5, ValueError)


def test_every_client_allows_zero_retries_and_refuses_fewer():
    from critique_paint.policy import PolicyOptions, make_policy
    from critique_paint.reward.hps import HpsConfig
    from critique_paint.reward.judge import JudgeConfig

    assert JudgeConfig(base_url="http://127.0.0.1:9/v1", retries=0).resolved().retries == 0
    assert HpsConfig(url="http://127.0.0.1:9", retries=0).retries == 0
    with pytest.raises(ConfigError, match="judge: retries"):
        JudgeConfig(base_url="http://127.0.0.1:9/v1", retries=-1).resolved()
    with pytest.raises(ConfigError, match="HPSv3: retries"):
        HpsConfig(url="http://127.0.0.1:9", retries=-1)
    with pytest.raises(ConfigError, match="openai policy: retries"):
        make_policy("openai:painter", PolicyOptions(base_url="http://127.0.0.1:9/v1", retries=-1))
