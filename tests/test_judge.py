"""The pairwise judge through the real `openai` client against a local OpenAI-compatible server."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from PIL import Image

from critique_paint.reward.judge import JudgeConfig, JudgeUnavailable, PairwiseJudge, parse_answer, png_data_url
from critique_paint.reward.types import Reference

from openai_server import ChatServer, image_urls


def solid_png(rgb: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), rgb).save(buf, format="PNG")
    return buf.getvalue()


CANDIDATE = solid_png((200, 100, 80))
SLOW = solid_png((10, 10, 10))
REFS = [Reference(id=f"ref-{i}", tier="love" if i < 2 else "okay", png=solid_png((i * 40, 90, 160)))
        for i in range(4)]


def judge_for(server: ChatServer, **kw) -> PairwiseJudge:
    cfg = dict(base_url=server.base_url, model="test-judge", api_key="k", timeout_s=2.0, retries=2, backoff_s=0.01)
    cfg.update(kw)
    return PairwiseJudge(JudgeConfig(**cfg))


def answer(winner: str, reason: str = "softer edges") -> str:
    return json.dumps({"winner": winner, "reason": reason})


def prefers_candidate(request: dict, _i: int):
    a, _b = image_urls(request)
    return 200, answer("A" if a == png_data_url(CANDIDATE) else "B"), 0


async def compare(judge: PairwiseJudge, png: bytes = CANDIDATE):
    try:
        return await judge.compare(png, REFS)
    finally:
        await judge.aclose()


async def critique(judge: PairwiseJudge) -> str:
    try:
        return await judge.critique(CANDIDATE)
    finally:
        await judge.aclose()


def test_candidate_winning_both_orders_scores_one_and_images_are_in_order():
    with ChatServer(prefers_candidate) as server:
        result = asyncio.run(compare(judge_for(server)))
    assert result.score == 1.0 and len(result.comparisons) == 4
    assert all(c.outcome == 1.0 for c in result.comparisons)
    assert len(server.requests) == 8
    pairs = {tuple(image_urls(r)) for r in server.requests}
    for ref in REFS:
        assert (png_data_url(CANDIDATE), png_data_url(ref.png)) in pairs
        assert (png_data_url(ref.png), png_data_url(CANDIDATE)) in pairs
    first = server.requests[0]
    assert first["temperature"] == 0 and first["model"] == "test-judge"
    assert first["response_format"]["type"] == "json_schema"
    assert "watercolour" in first["messages"][0]["content"]


def test_order_disagreement_counts_half():
    with ChatServer(lambda r, i: (200, answer("A"), 0)) as server:
        result = asyncio.run(compare(judge_for(server)))
    assert result.score == 0.5
    assert {c.outcome for c in result.comparisons} == {0.5}


def test_malformed_json_is_unresolved_after_retries():
    with ChatServer(lambda r, i: (200, "I think the first one is nicer", 0)) as server:
        result = asyncio.run(compare(judge_for(server)))
    assert result.score is None and "malformed" in result.error
    assert len(server.requests) == 8 * 3


def test_wrong_schema_is_unresolved():
    with ChatServer(lambda r, i: (200, json.dumps({"winner": "C", "reason": "?"}), 0)) as server:
        result = asyncio.run(compare(judge_for(server, retries=1)))
    assert result.score is None
    assert all(v.winner is None for c in result.comparisons for v in c.verdicts)


def test_http_500_is_retried_then_reported():
    with ChatServer(lambda r, i: (500, {"error": {"message": "boom"}}, 0)) as server:
        result = asyncio.run(compare(judge_for(server)))
    assert result.score is None and "HTTP 500" in result.error
    assert len(server.requests) == 8 * 3


def test_hung_server_times_out():
    with ChatServer(lambda r, i: (200, answer("A"), 3.0)) as server:
        result = asyncio.run(compare(judge_for(server, timeout_s=0.3, retries=1)))
    assert result.score is None and "timed out" in result.error


def test_flaky_server_recovers_with_retries():
    with ChatServer(lambda r, i: (503, {"error": {"message": "busy"}}, 0) if i < 6 else prefers_candidate(r, i)
                    ) as server:
        result = asyncio.run(compare(judge_for(server, max_concurrency=1)))
    assert result.score == 1.0
    assert len(server.requests) == 8 + 6


@pytest.mark.parametrize("failures", [1, 3])
def test_retries_counts_the_tries_after_the_first(failures):
    """retries=N outlasts N failed requests; retries=N-1 gives up after N requests, saying so."""
    for retries, succeeds in ((failures, True), (failures - 1, False)):
        with ChatServer(lambda r, i: (503, {"error": {"message": "busy"}}, 0) if i < failures
                        else (200, "Glaze the petal bases.", 0)) as server:
            if succeeds:
                assert asyncio.run(critique(judge_for(server, retries=retries))).startswith("Glaze")
            else:
                with pytest.raises(JudgeUnavailable, match=rf"failed after {failures} tr(y|ies): HTTP 503"):
                    asyncio.run(critique(judge_for(server, retries=retries)))
        assert len(server.requests) == retries + 1


def test_structured_output_rejection_falls_back_to_plain_json():
    def no_schema(request, i):
        if "response_format" in request:
            return 400, {"error": {"message": "response_format not supported"}}, 0
        return prefers_candidate(request, i)

    with ChatServer(no_schema) as server:
        result = asyncio.run(compare(judge_for(server, max_concurrency=1)))
    assert result.score == 1.0
    assert sum("response_format" in r for r in server.requests) == 1


def test_partial_resolution_averages_only_resolved_references():
    def half_broken(request, i):
        a, b = image_urls(request)
        if png_data_url(REFS[0].png) in (a, b):
            return 200, "no idea", 0
        return prefers_candidate(request, i)

    with ChatServer(half_broken) as server:
        result = asyncio.run(compare(judge_for(server, retries=0)))
    assert [c.outcome for c in result.comparisons] == [None, 1.0, 1.0, 1.0]
    assert result.score == 1.0


def test_a_slow_rollout_does_not_hold_up_others():
    def slow_for_one_candidate(request, i):
        if png_data_url(SLOW) in image_urls(request):
            return 200, answer("A"), 1.5
        return prefers_candidate(request, i)

    async def both(judge):
        slow = asyncio.ensure_future(judge.compare(SLOW, REFS))
        fast = await judge.compare(CANDIDATE, REFS)
        slow_done_when_fast_finished = slow.done()
        slow_result = await slow
        await judge.aclose()
        return fast, slow_done_when_fast_finished, slow_result

    with ChatServer(slow_for_one_candidate) as server:
        fast, slow_was_done, slow = asyncio.run(both(judge_for(server, timeout_s=0.5, retries=0)))
    assert fast.score == 1.0
    assert not slow_was_done
    assert slow.score is None and "timed out" in slow.error


def test_critique_mode_sends_one_image_and_no_references():
    with ChatServer(lambda r, i: (200, "Glaze a darker rose at the petal bases.", 0)) as server:
        judge = judge_for(server)

        async def go():
            try:
                return await judge.critique(CANDIDATE, "a peach hibiscus")
            finally:
                await judge.aclose()

        text = asyncio.run(go())
    assert text.startswith("Glaze")
    [request] = server.requests
    assert image_urls(request) == [png_data_url(CANDIDATE)]
    assert "response_format" not in request
    assert "a peach hibiscus" in json.dumps(request["messages"][1])


@pytest.mark.parametrize("text,expected", [
    ('{"winner": "A", "reason": "x"}', ("A", "x")),
    ('```json\n{"winner": "b", "reason": "y"}\n```', ("B", "y")),
    ('Sure. {"winner": "Image A", "reason": "z"} done', ("A", "z")),
    ('{"winner": "C"}', None),
    ("[1, 2]", None),
    ("", None),
])
def test_tolerant_parsing(text, expected):
    assert parse_answer(text) == expected


def test_the_subject_goes_into_every_ordered_request_and_the_reason_comes_first():
    with ChatServer(prefers_candidate) as server:
        judge = judge_for(server)

        async def go():
            try:
                return await judge.compare(CANDIDATE, REFS, subject="a lighthouse")
            finally:
                await judge.aclose()

        result = asyncio.run(go())
    assert result.score == 1.0 and len(server.requests) == 8
    for request in server.requests:
        user = json.dumps(request["messages"][1])
        assert "The subject: a lighthouse." in user
        schema = request["response_format"]["json_schema"]["schema"]
        assert list(schema["properties"]) == ["reason", "winner"]
        assert schema["properties"]["winner"]["enum"] == ["A", "B"]  # no tie: a toss-up shows as 0.5 across orders
    system = server.requests[0]["messages"][0]["content"]
    assert system.index("read as the subject") < system.index("How it is painted")


def test_reason_before_winner_answers_parse():
    assert parse_answer('{"reason": "only B reads as a lighthouse", "winner": "B"}') == ("B", "only B reads as a "
                                                                                           "lighthouse")
