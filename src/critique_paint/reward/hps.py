"""Client for the HPSv3 scoring service (services/hpsv3): batched, concurrent, bounded retries.

HPSv3 pins transformers 4.45.2 and so runs as its own HTTP service; see services/hpsv3/README.md.
Any failure to get scores is an HpsUnavailable (an InfrastructureError): the rollout's reward becomes None,
never 0, because an unreachable scorer says nothing about the painting.
"""

from __future__ import annotations

import asyncio
import base64
import math
from dataclasses import dataclass

import httpx

from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.retry import TransientError, async_retrying, check, tries
from critique_paint.reward.types import HpsScore

MAX_BATCH = 64  # the service refuses more images per request


class HpsUnavailable(InfrastructureError):
    """The HPSv3 service could not score the images (unreachable, failing, timing out or malformed)."""


class HpsRejected(HpsUnavailable):
    """The service refused the request with HTTP 4xx; not retried."""


@dataclass
class HpsConfig:
    url: str
    timeout_s: float = 60.0  # per request, whole round trip
    retries: int = 3  # further tries after a failed request (0: one try); see critique_paint.retry
    backoff_s: float = 0.5  # seconds before the first retry; doubles each retry, with jitter
    batch_size: int = 8
    max_concurrency: int = 4

    def __post_init__(self) -> None:
        self.url = self.url.rstrip("/")
        if not self.url.startswith(("http://", "https://")):
            raise ConfigError(f"HPSv3 url must start with http:// or https://, got {self.url!r}")
        if not 1 <= self.batch_size <= MAX_BATCH:
            raise ConfigError(f"HPSv3 batch_size must be 1..{MAX_BATCH}, got {self.batch_size}")
        if self.timeout_s <= 0 or self.max_concurrency < 1:
            raise ConfigError("HPSv3 timeout_s and max_concurrency must be positive")
        check(self.retries, self.backoff_s, "HPSv3")


class HpsClient:
    backend = "hpsv3"

    def __init__(self, config: HpsConfig):
        self.config = config
        self._semaphore = asyncio.Semaphore(config.max_concurrency)
        # trust_env=False: a proxy from the environment must not swallow calls to a LAN/loopback scorer.
        self._http = httpx.AsyncClient(base_url=config.url, timeout=config.timeout_s, trust_env=False)

    async def __aenter__(self) -> HpsClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def health(self) -> dict:
        """One GET /health; HpsUnavailable when the service does not answer with a JSON object."""
        try:
            async with asyncio.timeout(self.config.timeout_s):
                response = await self._http.get("/health")
            response.raise_for_status()
            body = response.json()
        except (httpx.HTTPError, TimeoutError, ValueError) as exc:
            raise HpsUnavailable(f"HPSv3 service at {self.config.url} is not healthy: {_describe(exc)}") from exc
        if not isinstance(body, dict):
            raise HpsUnavailable(f"HPSv3 service at {self.config.url} answered /health with {body!r:.200}")
        return body

    async def score(self, pngs: list[bytes], prompt: str) -> list[HpsScore]:
        """Scores in the order of `pngs`; batches of batch_size go out concurrently (at most max_concurrency)."""
        size = self.config.batch_size
        batches = [[base64.b64encode(png).decode("ascii") for png in pngs[i : i + size]]
                   for i in range(0, len(pngs), size)]
        tasks = [asyncio.ensure_future(self._score_batch(batch, prompt)) for batch in batches]
        try:
            results = await asyncio.gather(*tasks)
        except BaseException:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise
        return [score for batch in results for score in batch]

    async def _score_batch(self, images: list[str], prompt: str) -> list[HpsScore]:
        async def once() -> list[HpsScore]:
            async with self._semaphore:
                return await self._post(images, prompt)

        try:
            return await async_retrying(self.config.retries, self.config.backoff_s, TransientError)(once)
        except TransientError as exc:
            raise HpsUnavailable(f"HPSv3 service at {self.config.url} failed after {tries(self.config.retries)}; "
                                 f"last error: {exc}") from exc

    async def _post(self, images: list[str], prompt: str) -> list[HpsScore]:
        try:
            async with asyncio.timeout(self.config.timeout_s):
                response = await self._http.post("/score", json={"images": images, "prompt": prompt})
        except (httpx.TransportError, TimeoutError) as exc:
            raise TransientError(_describe(exc)) from exc
        if response.status_code >= 500:
            raise TransientError(f"HTTP {response.status_code}: {_detail(response)}")
        if response.status_code >= 400:
            raise HpsRejected(f"HPSv3 service at {self.config.url} rejected the request "
                              f"(HTTP {response.status_code}): {_detail(response)}")
        try:
            rows = response.json()["scores"]
            scores = [HpsScore(mu=float(row["mu"]), sigma=float(row["sigma"])) for row in rows]
        except (ValueError, KeyError, TypeError) as exc:
            raise TransientError(f"malformed answer ({_describe(exc)}): {response.text!r:.200}") from exc
        if len(scores) != len(images) or not all(math.isfinite(s.mu) and math.isfinite(s.sigma) for s in scores):
            raise TransientError(f"malformed answer: {len(scores)} scores for {len(images)} images: "
                                 f"{response.text:.200}")
        return scores


def _describe(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError | httpx.TimeoutException):
        return f"timed out ({type(exc).__name__})"
    text = str(exc).replace("\n", " ").strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _detail(response: httpx.Response) -> str:
    try:
        detail = response.json().get("detail", response.text)
    except (ValueError, AttributeError):
        detail = response.text
    if isinstance(detail, list):  # FastAPI validation errors: [{"loc": [...], "msg": ...}, ...]
        detail = "; ".join(f"{'.'.join(map(str, d.get('loc', [])))}: {d.get('msg')}" if isinstance(d, dict) else str(d)
                           for d in detail)
    return " ".join(str(detail).split())[:300]
