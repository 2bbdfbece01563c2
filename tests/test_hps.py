"""HPSv3 client against the real service app (services/hpsv3/app.py) over loopback HTTP, with small scorers."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import importlib.util
import io
import math
import socket
import sys
import threading
import time
import types
from collections import Counter
from pathlib import Path

import httpx
import pytest
import uvicorn
from PIL import Image, ImageStat

from critique_paint.errors import InfrastructureError
from critique_paint.reward.hps import HpsClient, HpsConfig, HpsRejected, HpsUnavailable
from critique_paint.reward.types import HpsScore

APP_PATH = Path(__file__).resolve().parents[1] / "services" / "hpsv3" / "app.py"


def _load_service():
    spec = importlib.util.spec_from_file_location("hpsv3_service_app", APP_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


service = _load_service()


def png(value: int, size: int = 8) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (size, size), (value, value, value)).save(buf, format="PNG")
    return buf.getvalue()


def expected_mu(value: int) -> float:
    return (value - 128) / 16


class BrightnessScorer:
    """Deterministic: mu from mean brightness, sigma from the prompt length. Records every call."""

    name = "brightness-test"
    device = "cpu"

    def __init__(self, delay_s: float = 0.0):
        self.delay_s = delay_s
        self.calls: list[int] = []  # batch size of each call
        self.prompts: list[str] = []

    def __call__(self, images, prompt):
        self.calls.append(len(images))
        self.prompts.append(prompt)
        time.sleep(self.delay_s)
        return self.brightness(images, prompt)

    @staticmethod
    def brightness(images, prompt):
        return [((ImageStat.Stat(image.convert("L")).mean[0] - 128) / 16, len(prompt) / 100) for image in images]


class FailingScorer(BrightnessScorer):
    """Raises for the first `failures` calls (all calls when failures is None)."""

    def __init__(self, failures: int | None = None):
        super().__init__()
        self.failures = failures

    def __call__(self, images, prompt):
        self.calls.append(len(images))
        if self.failures is None or len(self.calls) <= self.failures:
            raise RuntimeError("CUDA out of memory (simulated)")
        return self.brightness(images, prompt)


class HungScorer(BrightnessScorer):
    """Blocks until released (or 10 s), far past the client's timeout."""

    def __init__(self):
        super().__init__()
        self.release = threading.Event()

    def __call__(self, images, prompt):
        self.calls.append(len(images))
        self.release.wait(10)
        return [(0.0, 1.0)] * len(images)


class Served:
    def __init__(self, url: str, hits: Counter, inflight: dict):
        self.url = url
        self.hits = hits  # requests per path, counted by a middleware on the server
        self.inflight = inflight


@contextlib.contextmanager
def serve(scorer):
    app = service.create_app(scorer=scorer)
    hits: Counter = Counter()
    inflight = {"now": 0, "max": 0}

    @app.middleware("http")
    async def count(request, call_next):
        hits[request.url.path] += 1
        inflight["now"] += 1
        inflight["max"] = max(inflight["max"], inflight["now"])
        try:
            return await call_next(request)
        finally:
            inflight["now"] -= 1

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield Served(f"http://127.0.0.1:{port}", hits, inflight)
    finally:
        release = getattr(scorer, "release", None)
        if release is not None:
            release.set()
        server.should_exit = True
        thread.join(10)
        sock.close()


def run(coro_fn, config: HpsConfig):
    async def go():
        client = HpsClient(config)
        try:
            return await coro_fn(client)
        finally:
            await client.aclose()

    return asyncio.run(go())


def fast(url: str, **kw) -> HpsConfig:
    defaults = {"timeout_s": 2.0, "retries": 2, "backoff_s": 0.01}  # generous: only the hung test times out
    return HpsConfig(url=url, **{**defaults, **kw})


def test_health():
    with serve(BrightnessScorer()) as srv:
        body = run(lambda c: c.health(), fast(srv.url))
    assert body == {"status": "ok", "model": "brightness-test", "device": "cpu"}


def test_scores_in_order_batched_and_concurrent():
    scorer = BrightnessScorer(delay_s=0.3)  # long enough for two batches to overlap on a busy machine
    values = [10, 250, 128, 0, 255, 64, 192, 100, 30, 200, 150]
    with serve(scorer) as srv:
        scores = run(lambda c: c.score([png(v) for v in values], "a watercolour harbour"),
                     fast(srv.url, batch_size=4, max_concurrency=2, timeout_s=5))
        hits = dict(srv.hits)
        max_inflight = srv.inflight["max"]
    assert [s.mu for s in scores] == pytest.approx([expected_mu(v) for v in values])
    assert all(s.sigma == pytest.approx(len("a watercolour harbour") / 100) for s in scores)
    assert sorted(scorer.calls) == [3, 4, 4]
    assert hits == {"/score": 3}
    assert max_inflight == 2  # batches overlap, but never more than max_concurrency
    assert set(scorer.prompts) == {"a watercolour harbour"}


def test_empty_input_sends_nothing():
    with serve(BrightnessScorer()) as srv:
        assert run(lambda c: c.score([], "p"), fast(srv.url)) == []
        assert srv.hits["/score"] == 0


def test_mu_maps_to_unit_interval():
    assert HpsScore(mu=0.0, sigma=1.0).score == 0.5
    assert HpsScore(mu=4.0, sigma=1.0).score == pytest.approx(1 / (1 + math.exp(-1)))
    assert HpsScore(mu=-4.0, sigma=1.0).score == pytest.approx(1 - 1 / (1 + math.exp(-1)))
    mapped = [HpsScore(mu=m, sigma=1.0).score for m in (-50, -8, -1, 0, 1, 8, 50)]
    assert mapped == sorted(mapped) and all(0.0 <= s <= 1.0 for s in mapped)


@pytest.mark.parametrize(
    ("payload", "status", "needle"),
    [
        ({"images": [], "prompt": "p"}, 422, "images"),
        ({"images": ["@@not base64@@"], "prompt": "p"}, 400, "base64"),
        ({"images": [base64.b64encode(b"GIF? no, just text").decode()], "prompt": "p"}, 400, "not a readable image"),
        ({"images": [base64.b64encode(png(1)).decode()] * 65, "prompt": "p"}, 422, "64"),
        ({"images": [base64.b64encode(png(1)).decode()]}, 422, "prompt"),
    ],
    ids=["no-images", "bad-base64", "not-an-image", "too-many", "no-prompt"],
)
def test_service_rejects_bad_input(payload, status, needle):
    scorer = BrightnessScorer()
    with serve(scorer) as srv:
        response = httpx.post(f"{srv.url}/score", json=payload, timeout=5, trust_env=False)
    assert response.status_code == status
    assert needle in response.text
    assert scorer.calls == []


def test_client_rejected_without_retry():
    scorer = BrightnessScorer()
    with serve(scorer) as srv:
        with pytest.raises(HpsRejected, match=r"HTTP 400.*images\[1\] is not a readable image") as info:
            run(lambda c: c.score([png(5), b"not a png"], "p"), fast(srv.url, retries=3))
        assert srv.hits["/score"] == 1
    assert isinstance(info.value, InfrastructureError) and srv.url in str(info.value)
    assert scorer.calls == []


def test_http_500_retried_then_unavailable():
    scorer = FailingScorer(failures=None)
    with serve(scorer) as srv:
        with pytest.raises(HpsUnavailable, match="failed after 3 tries") as info:
            run(lambda c: c.score([png(1), png(2)], "p"), fast(srv.url, retries=2))
        assert srv.hits["/score"] == 3
    message = str(info.value)
    assert srv.url in message and "HTTP 500" in message and "CUDA out of memory" in message
    assert "\n" not in message
    assert len(scorer.calls) == 3


def test_flaky_scorer_recovers():
    scorer = FailingScorer(failures=2)
    with serve(scorer) as srv:
        scores = run(lambda c: c.score([png(32), png(224)], "p"), fast(srv.url, retries=3))
        assert srv.hits["/score"] == 3
    assert [s.mu for s in scores] == pytest.approx([expected_mu(32), expected_mu(224)])


@pytest.mark.parametrize("failures", [1, 3])
def test_retries_counts_the_tries_after_the_first(failures):
    """retries=N outlasts N failed requests; retries=N-1 gives up after N requests."""
    for retries, succeeds in ((failures, True), (failures - 1, False)):
        scorer = FailingScorer(failures=failures)
        with serve(scorer) as srv:
            if succeeds:
                assert len(run(lambda c: c.score([png(1)], "p"), fast(srv.url, retries=retries))) == 1
            else:
                with pytest.raises(HpsUnavailable, match=rf"failed after {failures} tr(y|ies);"):
                    run(lambda c: c.score([png(1)], "p"), fast(srv.url, retries=retries))
            assert srv.hits["/score"] == retries + 1


def test_hung_scorer_times_out():
    scorer = HungScorer()
    with serve(scorer) as srv:
        started = time.monotonic()
        with pytest.raises(HpsUnavailable, match="timed out"):
            run(lambda c: c.score([png(1)], "p"), fast(srv.url, timeout_s=0.3, retries=1))
        elapsed = time.monotonic() - started
        assert srv.hits["/score"] == 2
    assert 0.55 <= elapsed < 5


def test_connection_refused():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # bound, never listening: connections are refused
        url = f"http://127.0.0.1:{port}"
        with pytest.raises(HpsUnavailable, match=r"failed after 3 tries; last error: ConnectError") as info:
            run(lambda c: c.score([png(1)], "p"), fast(url, retries=2))
        with pytest.raises(HpsUnavailable, match="not healthy"):
            run(lambda c: c.health(), fast(url))
    assert url in str(info.value)


def test_config_is_validated():
    from critique_paint.errors import ConfigError

    with pytest.raises(ConfigError):
        HpsConfig(url="localhost:8300")
    with pytest.raises(ConfigError):
        HpsConfig(url="http://x", batch_size=65)
    assert HpsConfig(url="http://x:1/").url == "http://x:1"


class FakeLogits:
    """Stands in for the bf16 (N, 2) tensor HPSv3 returns: only what the adapter touches."""

    def __init__(self, rows):
        self.rows = rows
        self.steps = []

    def float(self):
        self.steps.append("float")
        return self

    def cpu(self):
        self.steps.append("cpu")
        return self

    def tolist(self):
        return self.rows


def test_default_app_is_lazy_and_real_scorer_passes_keywords(monkeypatch):
    """Without a scorer the app imports nothing heavy; the real adapter calls reward() by keyword with paths,
    under torch.inference_mode. torch and hpsv3 are stand-ins here (the real ones need the service's env)."""
    app = service.create_app(device="cpu")
    assert "hpsv3" not in sys.modules
    assert any(getattr(route, "path", None) == "/score" for route in app.routes)

    seen = {"inference_mode": False}
    logits = FakeLogits([[1.5, 0.25], [-2.0, 0.5]])

    @contextlib.contextmanager
    def inference_mode():
        seen["inference_mode"] = True
        yield
        seen["inference_mode"] = False

    class FakeInferencer:
        def __init__(self, device):
            seen["device"] = device

        def reward(self, *, image_paths, prompts):  # keyword-only: a positional call fails here
            assert seen["inference_mode"]
            seen["images"] = [Image.open(p).getpixel((0, 0)) for p in image_paths]
            seen["prompts"] = prompts
            return logits

    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(inference_mode=inference_mode))
    monkeypatch.setitem(sys.modules, "hpsv3", types.SimpleNamespace(HPSv3RewardInferencer=FakeInferencer))
    scorer = service.HPSv3Scorer(device="cuda:1")
    result = scorer([Image.new("RGB", (4, 4)), Image.new("RGB", (4, 4), "white")], "q")
    assert result == [(1.5, 0.25), (-2.0, 0.5)]
    assert logits.steps == ["float", "cpu"]
    assert seen == {"inference_mode": False, "device": "cuda:1", "images": [(0, 0, 0), (255, 255, 255)],
                    "prompts": ["q", "q"]}
