"""Pairwise vision judge (and critique writer) over any OpenAI-compatible chat endpoint."""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import logging
import os
import re
from dataclasses import dataclass

from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.fields import setting
from critique_paint.paths import PROMPTS_DIR
from critique_paint.retry import TransientError, async_retrying, check, tries
from critique_paint.reward.types import Comparison, JudgeResult, Reference, Verdict

log = logging.getLogger(__name__)
DEFAULT_JUDGE_MODEL = "Qwen/Qwen3-VL-30B-A3B-Instruct"
ANSWER_SCHEMA = {
    "type": "json_schema",
    "json_schema": {
        "name": "pairwise_verdict",
        "strict": True,
        "schema": {
            "type": "object",
            # reason first: the model writes its grounds (does each read as the subject?) before the verdict
            "properties": {"reason": {"type": "string"}, "winner": {"type": "string", "enum": ["A", "B"]}},
            "required": ["reason", "winner"],
            "additionalProperties": False,
        },
    },
}


@dataclass
class JudgeConfig:
    """Where the judge lives and how hard to try. Unset fields fall back to CRITIQUE_PAINT_JUDGE_* variables."""

    base_url: str | None = setting(None, help="OpenAI-compatible endpoint of the vision judge, ending in /v1")
    model: str | None = setting(None, help="judge model name (default Qwen/Qwen3-VL-30B-A3B-Instruct)")
    api_key: str | None = None
    timeout_s: float = setting(60.0, help="seconds per judge request")
    retries: int = setting(2, help="further tries after a failed judge request (0: one try)")
    backoff_s: float = setting(0.5, help="seconds before the first retry; doubles each retry, with jitter")
    max_concurrency: int = 16
    structured_output: bool = True
    max_tokens: int = 300
    critique_model: str | None = None

    @property
    def endpoint(self) -> str | None:
        """The base URL: the field, else CRITIQUE_PAINT_JUDGE_BASE_URL; None when no judge is configured."""
        return self.base_url or os.environ.get("CRITIQUE_PAINT_JUDGE_BASE_URL")

    def resolved(self) -> JudgeConfig:
        env = os.environ.get
        cfg = JudgeConfig(**self.__dict__)
        cfg.base_url = self.endpoint
        cfg.model = cfg.model or env("CRITIQUE_PAINT_JUDGE_MODEL") or DEFAULT_JUDGE_MODEL
        cfg.api_key = cfg.api_key or env("CRITIQUE_PAINT_JUDGE_API_KEY") or env("OPENAI_API_KEY") or "EMPTY"
        cfg.critique_model = cfg.critique_model or env("CRITIQUE_PAINT_CRITIQUE_MODEL") or cfg.model
        if not cfg.base_url:
            raise ConfigError("the pairwise judge needs a base URL: --judge-base-url or CRITIQUE_PAINT_JUDGE_BASE_URL")
        if cfg.timeout_s <= 0 or cfg.max_concurrency < 1:
            raise ConfigError("judge timeout_s must be > 0 and max_concurrency >= 1")
        check(cfg.retries, cfg.backoff_s, "judge")
        return cfg


@functools.lru_cache(maxsize=64)
def png_data_url(png: bytes) -> str:
    """The PNG as a data URL; cached, since each reference and candidate goes into many requests."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


_JSON_OBJECT = re.compile(r"\{.*?\}", re.DOTALL)


def parse_answer(text: str | None) -> tuple[str, str] | None:
    """Tolerant parse of `{"winner": "A"|"B", "reason": ...}`; None when it cannot be read."""
    if not text:
        return None
    candidates = [text.strip()] + _JSON_OBJECT.findall(text)
    for chunk in candidates:
        chunk = chunk.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
        try:
            data = json.loads(chunk)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        winner = str(data.get("winner", "")).strip().upper().removeprefix("IMAGE").strip()
        if winner in {"A", "B"}:
            return winner, str(data.get("reason", ""))[:500]
    return None


class JudgeUnavailable(InfrastructureError):
    """The judge endpoint could not be reached or kept failing."""


class _Unresolved(TransientError):
    """An answer that arrived but could not be read."""


class PairwiseJudge:
    """Compares a candidate with references in both orders; also writes critiques of a single painting."""

    def __init__(self, config: JudgeConfig | None = None):
        from openai import AsyncOpenAI

        self.config = (config or JudgeConfig()).resolved()
        self.client = AsyncOpenAI(base_url=self.config.base_url, api_key=self.config.api_key,
                                  max_retries=0, timeout=self.config.timeout_s)
        self._semaphore = asyncio.Semaphore(self.config.max_concurrency)
        self._structured = self.config.structured_output
        self.system_prompt = (PROMPTS_DIR / "judge_pairwise.md").read_text(encoding="utf-8")
        self.critique_prompt = (PROMPTS_DIR / "critique.md").read_text(encoding="utf-8")

    @property
    def backend(self) -> str:
        return f"judge:{self.config.model}"

    async def compare(self, candidate_png: bytes, references: list[Reference], subject: str | None = None
                      ) -> JudgeResult:
        """All comparisons and both orders run concurrently (bounded by max_concurrency).

        No tie answer: a toss-up shows as the two orders disagreeing (0.5), so every verdict must commit.
        """
        comparisons = await asyncio.gather(*(self._compare_one(candidate_png, ref, subject) for ref in references))
        result = JudgeResult(backend=self.backend, comparisons=list(comparisons))
        if result.score is None:
            errors = [v.error for c in comparisons for v in c.verdicts if v.error]
            result.error = errors[0] if errors else "no comparison resolved"
        return result

    async def _compare_one(self, candidate_png: bytes, ref: Reference, subject: str | None) -> Comparison:
        first, second = await asyncio.gather(
            self._verdict(candidate_png, ref.png, "candidate_first", subject),
            self._verdict(ref.png, candidate_png, "reference_first", subject),
        )
        return Comparison(reference_id=ref.id, reference_tier=ref.tier, verdicts=[first, second])

    async def _verdict(self, image_a: bytes, image_b: bytes, order: str, subject: str | None) -> Verdict:
        task = f"The subject: {subject}." if subject else "The subject was free: judge step 2 only."
        messages: list[dict] = [
            {"role": "system", "content": self.system_prompt},
            {"role": "user", "content": [
                {"type": "text", "text": task},
                {"type": "text", "text": "Image A:"},
                {"type": "image_url", "image_url": {"url": png_data_url(image_a)}},
                {"type": "text", "text": "Image B:"},
                {"type": "image_url", "image_url": {"url": png_data_url(image_b)}},
                {"type": "text", "text": "Which is the better watercolour of the subject? JSON only: "
                                         '{"reason": "...", "winner": "A" or "B"}'},
            ]},
        ]
        try:
            text = await self._chat(messages, self.config.model, structured=True)
        except _Unresolved as exc:
            return Verdict(order=order, winner=None, error=f"malformed answer: {exc}")
        except JudgeUnavailable as exc:
            return Verdict(order=order, winner=None, error=str(exc))
        answer = parse_answer(text)
        assert answer is not None  # _chat only returns parseable text for structured calls
        letter, reason = answer
        candidate_letter = "A" if order == "candidate_first" else "B"
        return Verdict(order=order, winner="candidate" if letter == candidate_letter else "reference", reason=reason)

    async def choose(self, image_a: bytes, image_b: bytes, subject: str | None = None
                     ) -> tuple[str | None, str | None]:
        """One ordered question: ("A" or "B", None), or (None, why it did not resolve)."""
        verdict = await self._verdict(image_a, image_b, "candidate_first", subject)
        letter = {"candidate": "A", "reference": "B"}.get(verdict.winner or "")
        return letter, None if letter else (verdict.error or "unresolved")

    async def critique(self, png: bytes, subject: str | None = None) -> str:
        """A short critique of the painting alone: no score, no references."""
        task = f"The student was asked to paint: {subject}." if subject else "The subject was free."
        messages: list[dict] = [
            {"role": "system", "content": self.critique_prompt},
            {"role": "user", "content": [
                {"type": "text", "text": task},
                {"type": "image_url", "image_url": {"url": png_data_url(png)}},
            ]},
        ]
        return (await self._chat(messages, self.config.critique_model, structured=False)).strip()

    async def _chat(self, messages: list[dict], model: str | None, *, structured: bool) -> str:
        """The answer, with bounded retries (`critique_paint.retry`); raises JudgeUnavailable, or _Unresolved when
        the last answer could not be read."""
        try:
            return await async_retrying(self.config.retries, self.config.backoff_s, TransientError)(
                self._try_chat, messages, model, structured=structured)
        except _Unresolved:
            raise
        except TransientError as exc:
            raise JudgeUnavailable(f"judge at {self.config.base_url} failed after {tries(self.config.retries)}: "
                                   f"{exc}") from exc

    async def _try_chat(self, messages: list[dict], model: str | None, *, structured: bool) -> str:
        """One request with its timeout; a failure worth another try is a TransientError."""
        import openai
        from openai.types.chat import ChatCompletion

        kwargs: dict = {"model": model, "messages": messages, "temperature": 0, "max_tokens": self.config.max_tokens}
        try:
            async with self._semaphore:
                if structured and self._structured:
                    kwargs["response_format"] = ANSWER_SCHEMA
                # client.post skips the SDK's per-request walk over the multi-megabyte messages.
                reply = await asyncio.wait_for(
                    self.client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion),
                    self.config.timeout_s + 1)
        except (TimeoutError, openai.APITimeoutError) as exc:
            raise TransientError(f"timed out after {self.config.timeout_s:g} s") from exc
        except openai.APIConnectionError as exc:
            raise TransientError(f"cannot connect ({exc.__class__.__name__})") from exc
        except openai.BadRequestError as exc:
            if "response_format" not in kwargs:
                raise JudgeUnavailable(f"judge at {self.config.base_url} refused the request: {exc.message}") from exc
            log.info("judge rejected structured output; falling back to plain JSON answers")
            self._structured = False
            raise TransientError(f"HTTP 400: {exc.message}") from exc
        except openai.APIStatusError as exc:
            if exc.status_code < 500 and exc.status_code != 429:
                raise JudgeUnavailable(f"judge at {self.config.base_url} answered HTTP {exc.status_code}") from exc
            raise TransientError(f"HTTP {exc.status_code}") from exc
        text = reply.choices[0].message.content if reply.choices else None
        if not structured:
            if text and text.strip():
                return text
            raise TransientError("empty answer")
        if parse_answer(text) is None:
            raise _Unresolved(f"unreadable answer {str(text)[:80]!r}")
        return text or ""

    async def aclose(self) -> None:
        await self.client.close()
