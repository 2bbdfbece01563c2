"""HPSv3 scoring service: POST base64 PNGs and a prompt, get one (mu, sigma) per image.

HPSv3 (MizzenAI, arXiv 2508.03789) pins transformers 4.45.2, so it lives in its own environment behind HTTP.
This module imports without hpsv3 or torch: the real model is only imported when the first score is asked
for (or at start-up by `main()`), and tests inject a scorer through `create_app(scorer=...)`.

A scorer is any callable `scorer(images: list[PIL.Image.Image], prompt: str) -> list[tuple[float, float]]`
with a `name` attribute (and optionally `device`).
"""

from __future__ import annotations

import argparse
import base64
import binascii
import io
import logging
import math
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.concurrency import run_in_threadpool
from PIL import Image
from pydantic import BaseModel, Field

MAX_IMAGES = 64
MAX_IMAGE_BYTES = 16 * 1024 * 1024  # per decoded image
MODEL_NAME = "MizzenAI/HPSv3"

log = logging.getLogger("hpsv3-service")

Scorer = Callable[[list[Image.Image], str], Sequence[tuple[float, float]]]


class ScoreRequest(BaseModel):
    images: list[str] = Field(min_length=1, max_length=MAX_IMAGES, description="base64-encoded PNG images")
    prompt: str = Field(description="the text prompt the images are judged against")


class HPSv3Scorer:
    """The real model. Loads on first use (or on `load()`); calls are serialised by the app's lock."""

    name = MODEL_NAME

    def __init__(self, device: str = "cuda", checkpoint_path: str | None = None):
        self.device = device
        self.checkpoint_path = checkpoint_path
        self._inferencer: Any = None
        self._load_lock = threading.Lock()

    def load(self) -> Any:
        with self._load_lock:
            if self._inferencer is None:
                from hpsv3 import HPSv3RewardInferencer  # heavy: torch, transformers 4.45.2, 17 GB of weights

                kwargs: dict[str, Any] = {"device": self.device}
                if self.checkpoint_path:
                    kwargs["checkpoint_path"] = self.checkpoint_path
                log.info("loading HPSv3 on %s", self.device)
                self._inferencer = HPSv3RewardInferencer(**kwargs)
        return self._inferencer

    def __call__(self, images: list[Image.Image], prompt: str) -> list[tuple[float, float]]:
        import torch

        inferencer = self.load()
        with tempfile.TemporaryDirectory(prefix="hpsv3-") as tmp:
            paths = []
            for i, image in enumerate(images):
                path = os.path.join(tmp, f"{i:03d}.png")
                image.save(path, format="PNG")
                paths.append(path)
            # Keyword arguments: the positional order of reward() changed between hpsv3 releases.
            with torch.inference_mode():
                logits = inferencer.reward(image_paths=paths, prompts=[prompt] * len(paths))
        rows = logits.float().cpu().tolist()  # one [mu, sigma] row per image
        return [(float(row[0]), float(row[1])) for row in rows]


def decode_image(data: str, index: int) -> Image.Image:
    """Decode one base64 PNG into an RGB image; HTTP 400 with the image index when it is not one."""
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise HTTPException(400, f"images[{index}] is not valid base64: {exc}") from exc
    if not raw:
        raise HTTPException(400, f"images[{index}] is empty")
    if len(raw) > MAX_IMAGE_BYTES:
        raise HTTPException(400, f"images[{index}] is {len(raw)} bytes, more than {MAX_IMAGE_BYTES}")
    try:
        with Image.open(io.BytesIO(raw)) as image:
            image.load()
            return image.convert("RGB")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise HTTPException(400, f"images[{index}] is not a readable image: {exc}") from exc


def _check_scores(result: Any, expected: int) -> list[tuple[float, float]]:
    scores = [(float(mu), float(sigma)) for mu, sigma in result]
    if len(scores) != expected:
        raise ValueError(f"scorer returned {len(scores)} scores for {expected} images")
    if not all(math.isfinite(mu) and math.isfinite(sigma) for mu, sigma in scores):
        raise ValueError("scorer returned a non-finite score")
    return scores


def create_app(scorer: Scorer | None = None, *, device: str = "cuda") -> FastAPI:
    """Build the service. With `scorer=None` the real HPSv3 model is built, and loaded on first use."""
    if scorer is None:
        scorer = HPSv3Scorer(device=device)
    model_name = str(getattr(scorer, "name", type(scorer).__name__))
    model_device = str(getattr(scorer, "device", device))
    model_lock = threading.Lock()  # one forward pass at a time on the GPU

    def run_scorer(images: list[Image.Image], prompt: str) -> list[tuple[float, float]]:
        with model_lock:
            return _check_scores(scorer(images, prompt), len(images))

    app = FastAPI(title="HPSv3 scoring service", version="1.0")

    @app.get("/health")
    async def health() -> dict:
        return {"status": "ok", "model": model_name, "device": model_device}

    @app.post("/score")
    async def score(request: ScoreRequest) -> dict:
        images = await run_in_threadpool(lambda: [decode_image(d, i) for i, d in enumerate(request.images)])
        try:
            scores = await run_in_threadpool(run_scorer, images, request.prompt)
        except Exception as exc:
            log.exception("scoring %d images failed", len(images))
            raise HTTPException(500, f"scorer failed: {type(exc).__name__}: {exc}") from exc
        return {"scores": [{"mu": mu, "sigma": sigma} for mu, sigma in scores], "model": model_name}

    return app


def main(argv: list[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="Serve HPSv3 image preference scores over HTTP.")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8002)
    parser.add_argument("--device", default="cuda", help="torch device, e.g. cuda, cuda:1")
    parser.add_argument("--checkpoint", default=None, help="local HPSv3.safetensors (default: download from HF)")
    parser.add_argument("--lazy", action="store_true", help="load the model on the first request, not at start")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    scorer = HPSv3Scorer(device=args.device, checkpoint_path=args.checkpoint)
    if not args.lazy:
        scorer.load()  # the port opens only once the model is ready, so /health means "ready"
    uvicorn.run(create_app(scorer), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
