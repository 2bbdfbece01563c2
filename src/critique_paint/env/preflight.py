"""Preflight: every service a run is configured to use answers one real request before anything heavy starts.

The judge gets one pairwise comparison of two pool renders (both orders), HPSv3 one score, each environment
server `/health` and a reset. A failure is one line naming the service, its URL and what answered.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from critique_paint.env.client import PaintEnvClient
from critique_paint.env.runtime import RuntimeConfig
from critique_paint.errors import CritiquePaintError, SetupError
from critique_paint.paths import pool_dir
from critique_paint.reward.mix import load_preset

CHECK_TIMEOUT_S = 20.0  # per service: a preflight reports in seconds, not after a run's worth of retries


@dataclass
class Check:
    """One service's answer to its preflight request."""

    service: str
    url: str
    ok: bool
    detail: str
    seconds: float

    def line(self) -> str:
        state = "ok" if self.ok else "FAILED"
        return f"{self.service} at {self.url}: {state} ({self.detail}, {self.seconds:.1f} s)"


def needed_services(config: RuntimeConfig, presets: Sequence[str] = ()) -> dict[str, str]:
    """service -> URL for what the runtime's presets (and a configured judge, which writes critiques) use."""
    services: dict[str, str] = {}
    judge = config.judge.endpoint if config.judge else None
    for name in {config.reward_preset, *presets}:
        preset = load_preset(name)
        if preset.weights["judge"] > 0 and preset.backends["judge"] == "judge" and judge:
            services["judge"] = judge
        if preset.weights["hps"] > 0 and preset.backends["hps"] == "hpsv3" and config.hps_url:
            services["hps"] = config.hps_url
    if judge:
        services["judge"] = judge
    return services


async def _timed(service: str, url: str, probe) -> Check:
    start = time.perf_counter()
    try:
        detail = await asyncio.wait_for(probe(), CHECK_TIMEOUT_S)
        ok = True
    except TimeoutError:
        ok, detail = False, f"no answer within {CHECK_TIMEOUT_S:g} s"
    except (CritiquePaintError, OSError, ValueError) as exc:
        # a client's message names its service and URL first, as the check's line does: say them once
        text = re.sub(rf"^[^:]*? at {re.escape(url)}[:;,]? ", "", " ".join(str(exc).split()))
        ok, detail = False, text[:300] or exc.__class__.__name__
    return Check(service, url, ok, detail, time.perf_counter() - start)


def _two_pool_renders() -> tuple[bytes, bytes, str]:
    from critique_paint.pool import load_manifest

    pool = pool_dir()
    refs = [e for e in load_manifest(pool) if e.is_reference][:2]
    return (pool / refs[0].render).read_bytes(), (pool / refs[1].render).read_bytes(), refs[0].subject


async def check_judge(config: RuntimeConfig) -> Check:
    from critique_paint.reward.judge import PairwiseJudge
    from critique_paint.reward.types import Reference

    assert config.judge is not None  # run_checks probes the judge only when one is configured
    judge_config = dataclasses.replace(config.judge, timeout_s=min(config.judge.timeout_s, CHECK_TIMEOUT_S),
                                       retries=0)
    url = config.judge.endpoint or ""

    async def probe() -> str:
        judge = PairwiseJudge(judge_config)
        try:
            candidate, reference, subject = _two_pool_renders()
            result = await judge.compare(candidate, [Reference(id="preflight", tier="love", png=reference)], subject)
        finally:
            await judge.aclose()
        if result.score is None:
            raise SetupError(result.error or "no verdict")
        return f"{judge.config.model} compared two pool paintings in both orders"

    return await _timed("judge", url, probe)


async def check_hps(url: str) -> Check:
    from critique_paint.reward.hps import HpsClient, HpsConfig

    async def probe() -> str:
        async with HpsClient(HpsConfig(url=url, timeout_s=CHECK_TIMEOUT_S, retries=0)) as client:
            candidate, _, subject = _two_pool_renders()
            [score] = await client.score([candidate], subject)
        return f"scored a pool painting {score.score:.3f}"

    return await _timed("hps", url, probe)


async def check_server(url: str) -> Check:
    import httpx

    async def probe() -> str:
        try:
            async with httpx.AsyncClient(timeout=CHECK_TIMEOUT_S, trust_env=False) as http:
                response = await http.get(url.rstrip("/") + "/health")
        except httpx.HTTPError as exc:
            raise SetupError(f"/health: {exc.__class__.__name__}: {exc}") from None
        if response.status_code != 200:
            raise SetupError(f"/health answered HTTP {response.status_code}")
        client = PaintEnvClient(url, message_timeout_s=CHECK_TIMEOUT_S)
        try:
            reset = await client.reset(subject="a preflight pear", max_turns=1)
        finally:
            await client.close()
        return f"/health ok, reset gave episode {reset.observation.metadata.get('episode_id', '?')[:8]}"

    return await _timed("environment server", url, probe)


async def run_checks(config: RuntimeConfig, *, presets: Sequence[str] = (),
                     server_urls: Sequence[str] = ()) -> list[Check]:
    """Check every service the run uses, concurrently."""
    services = needed_services(config, presets)
    probes = []
    if "judge" in services:
        probes.append(check_judge(config))
    if "hps" in services:
        probes.append(check_hps(services["hps"]))
    probes += [check_server(url) for url in dict.fromkeys(server_urls)]
    return list(await asyncio.gather(*probes))


def preflight(config: RuntimeConfig, *, presets: Sequence[str] = (), server_urls: Sequence[str] = (),
              report=None) -> list[Check]:
    """Run the checks; `report(line)` hears each; the first failure raises SetupError with its line."""
    checks = asyncio.run(run_checks(config, presets=presets, server_urls=server_urls))
    for check in checks:
        if report is not None:
            report(check.line())
    failed = [c for c in checks if not c.ok]
    if failed:
        raise SetupError(failed[0].line() + "; check that it runs and the URL (see docs/environment.md, Ports)")
    return checks
