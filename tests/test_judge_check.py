"""`judge check` against a local OpenAI-compatible judge: a consistent judge, one that answers by position only,
and the failure modes the judge client survives (errors, unparsed answers, timeouts, a flaky server)."""

from __future__ import annotations

import asyncio
import base64
import io
import json

import numpy as np
from PIL import Image

from critique_paint.evaluate.judge_check import Painting, run_check
from critique_paint.paths import pool_dir
from critique_paint.reward.judge import JudgeConfig, PairwiseJudge

from conftest import run_cli
from openai_server import ChatServer, image_urls


def grey_png(level: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (level, level, level)).save(buf, format="PNG")
    return buf.getvalue()


# love paintings darker than okay ones; every painting a different grey, so "darker wins" is a strict order
PAINTINGS = [Painting(id=f"p{i}", tier="love" if i < 4 else "okay", subject="a pear", png=grey_png(20 + 25 * i))
             for i in range(8)]


def answer(winner: str) -> str:
    return json.dumps({"reason": "the washes", "winner": winner})


def darkness(url: str) -> float:
    png = base64.b64decode(url.split(",", 1)[1])
    return -float(np.asarray(Image.open(io.BytesIO(png)).convert("L")).mean())


def darker_wins(request: dict, _i: int):
    a, b = image_urls(request)
    return 200, answer("A" if darkness(a) > darkness(b) else "B"), 0


def first_wins(_request: dict, _i: int):
    return 200, answer("A"), 0


def check(server: ChatServer, **kw):
    judge = PairwiseJudge(JudgeConfig(base_url=server.base_url, model="test-judge", api_key="k",
                                      timeout_s=kw.pop("timeout_s", 5.0), retries=kw.pop("retries", 2),
                                      backoff_s=0.01))

    async def run():
        try:
            return await run_check(judge, PAINTINGS, pairs=kw.pop("pairs", 10), triples=kw.pop("triples", 6), seed=1)
        finally:
            await judge.aclose()

    return asyncio.run(run())


def rates(result) -> dict[str, tuple[float | None, int]]:
    return {r.name.split(":")[0]: (r.rate, r.n) for r in result.rates}


def test_a_consistent_judge_scores_one_on_every_consistency_check():
    with ChatServer(darker_wins) as server:
        result = check(server)
    r = rates(result)
    assert result.questions == 10 * 3 + 10 * 2 + 6 * 3 * 2 and result.resolved == result.questions
    assert r["test-retest"] == (1.0, 10) and r["order consistency"] == (1.0, 10)
    assert r["tiers"] == (1.0, 20) and r["transitivity"] == (1.0, 6)
    assert 0.0 < r["first-position share"][0] < 1.0  # each pair once in each order: a position-free judge is mixed
    low, high = result.rates[0].ci95
    assert low is not None and high is not None and low > 0.65 and high > 0.999


def test_a_judge_answering_by_position_only_shows_as_fully_position_biased():
    with ChatServer(first_wins) as server:
        result = check(server)
    r = rates(result)
    assert r["order consistency"] == (0.0, 10) and r["first-position share"] == (1.0, 30)
    assert r["test-retest"] == (1.0, 10)  # consistent with itself, and still useless
    assert r["tiers"] == (0.5, 20)
    assert r["transitivity"] == (None, 0)  # no pair has a preference once the orders disagree


def test_unresolved_answers_are_counted_apart_never_as_a_side():
    def half_garbled(request: dict, i: int):
        a, _b = image_urls(request)
        return (200, "I like the first one", 0) if darkness(a) > -100 else darker_wins(request, i)

    with ChatServer(half_garbled) as server:
        result = check(server, retries=0)
    assert 0 < result.resolved < result.questions
    assert any("malformed" in e or "unreadable" in e for e in result.errors), result.errors
    for rate in result.rates:
        assert rate.n + rate.unresolved > 0
        if rate.name.startswith(("test-retest", "order", "transitivity")) and rate.n:
            assert rate.rate == 1.0  # what did resolve is the consistent judge's


def test_a_flaky_server_is_retried_and_a_slow_one_is_unresolved():
    seen: set[str] = set()

    def flaky(request: dict, i: int):  # every question fails its first try
        key = json.dumps(request["messages"], sort_keys=True)
        if key not in seen:
            seen.add(key)
            return 503, {"error": "busy"}, 0
        return darker_wins(request, i)

    with ChatServer(flaky) as server:
        result = check(server, retries=2, pairs=3, triples=1)
        tried = len(server.requests)
    assert result.resolved == result.questions and tried > result.questions

    with ChatServer(lambda r, i: (200, answer("A"), 1.5)) as server:
        slow = check(server, retries=0, timeout_s=0.3, pairs=2, triples=0)
    assert slow.resolved == 0 and slow.errors


def test_the_command_on_the_pool_prints_the_table_and_json(tmp_path):
    out = tmp_path / "check.json"
    with ChatServer(darker_wins) as server:
        result = run_cli("judge", "check", "--pool", str(pool_dir()), "--pairs", "3", "--triples", "1",
                         "--judge-base-url", server.base_url, "--judge-model", "test-judge", "--json",
                         "--out", str(out))
        asked = len(server.requests)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data == json.loads(out.read_text())
    assert data["questions"] == asked == 3 * 3 + 3 * 2 + 3 * 2 and data["resolved"] == asked
    assert {c["check"].split(":")[0] for c in data["checks"]} == {
        "test-retest", "order consistency", "first-position share", "tiers", "transitivity"}
    assert next(c for c in data["checks"] if c["check"].startswith("test-retest"))["rate"] == 1.0

    with ChatServer(darker_wins) as server:
        table = run_cli("judge", "check", "--pool", str(pool_dir()), "--pairs", "2", "--triples", "0",
                        "--judge-base-url", server.base_url)
    assert table.exit_code == 0 and "order consistency" in table.stdout and "95 % CI" in table.stdout


def test_a_pool_without_renders_is_one_error_line(tmp_path):
    (tmp_path / "manifest.jsonl").write_text("")
    result = run_cli("judge", "check", "--pool", str(tmp_path), "--judge-base-url", "http://127.0.0.1:9/v1")
    assert result.exit_code == 2 and "needs at least 3 love or okay paintings" in result.stderr


def test_an_unreachable_judge_is_one_error_line_and_exit_3():
    with ChatServer(lambda r, i: (500, {"error": "down"}, 0)) as server:
        result = run_cli("judge", "check", "--pool", str(pool_dir()), "--pairs", "2", "--triples", "0",
                         "--judge-base-url", server.base_url, "--judge-retries", "0", "--json")
    assert result.exit_code == 3
    lines = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "answered none of 10 questions" in lines[0], result.stderr
