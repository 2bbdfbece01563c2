"""Batched generation for a local text model: requests from concurrent episodes are decoded together, each
row sampled from its own seeded generator, so a reply depends on its prompt and seed, not on its batch."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Sampling:
    """How each row picks its next token (temperature 0: greedy)."""

    temperature: float = 0.7
    top_p: float = 1.0
    top_k: int = 0


@dataclass
class _Request:
    prompt: list[int]
    seed: int
    future: Future = field(default_factory=Future)


def seeded_sampler(sampling: Sampling, seeds: list[int]) -> Any:
    """A logits processor that samples each row with its own torch.Generator and leaves only that token possible,
    so a greedy `generate` emits it: a row's draws depend on its own seed and logits alone."""
    import torch
    from transformers import LogitsProcessor

    generators = [torch.Generator().manual_seed(int(s) % 2**63) for s in seeds]

    class SeededSampler(LogitsProcessor):
        def __call__(self, input_ids: Any, scores: Any) -> Any:
            scores = scores.float()
            if sampling.temperature <= 0:
                chosen = scores.argmax(dim=-1)
            else:
                logits = scores / sampling.temperature
                if sampling.top_k and sampling.top_k > 0:
                    kth = torch.topk(logits, min(sampling.top_k, logits.shape[-1]), dim=-1).values[:, -1:]
                    logits = logits.masked_fill(logits < kth, float("-inf"))
                if sampling.top_p < 1.0:
                    ordered, index = torch.sort(logits, descending=True, dim=-1)
                    cumulative = torch.softmax(ordered, dim=-1).cumsum(dim=-1)
                    drop = cumulative - torch.softmax(ordered, dim=-1) > sampling.top_p
                    logits = logits.scatter(-1, index, ordered.masked_fill(drop, float("-inf")))
                probs = torch.softmax(logits, dim=-1)
                chosen = torch.stack([torch.multinomial(probs[i], 1, generator=generators[i])[0]
                                      for i in range(probs.shape[0])])
            forced = torch.full_like(scores, float("-inf"))
            forced[torch.arange(scores.shape[0]), chosen] = 0.0
            return forced

    return SeededSampler()


class GenerationBatcher:
    """Collects prompts from many threads and decodes up to `max_batch` of them at a time on `model`.

    `submit(prompt_ids, seed)` blocks until that row's new token ids are ready. A batch starts as soon as the model
    is free; requests arriving meanwhile wait for the next one.
    """

    def __init__(self, model: Any, pad_id: int, eos_id: int, sampling: Sampling, max_new_tokens: int,
                 max_batch: int = 8):
        self.model = model
        self.pad_id = pad_id
        self.eos_id = eos_id
        self.sampling = sampling
        self.max_new_tokens = max_new_tokens
        self.max_batch = max(1, max_batch)
        self._pending: list[_Request] = []
        self._lock = threading.Lock()
        self._busy = False

    def submit(self, prompt: list[int], seed: int) -> list[int]:
        request = _Request(list(prompt), seed)
        with self._lock:
            self._pending.append(request)
            lead = not self._busy
            if lead:
                self._busy = True
        if lead:
            self._drain()
        return request.future.result()

    def _drain(self) -> None:
        while True:
            with self._lock:
                batch, self._pending = self._pending[:self.max_batch], self._pending[self.max_batch:]
                if not batch:
                    self._busy = False
                    return
            try:
                for request, ids in zip(batch, self.generate([r.prompt for r in batch], [r.seed for r in batch]),
                                        strict=True):
                    request.future.set_result(ids)
            except BaseException as exc:  # noqa: BLE001 - every waiting caller gets the failure
                for request in batch:
                    if not request.future.done():
                        request.future.set_exception(exc)

    def generate(self, prompts: list[list[int]], seeds: list[int]) -> list[list[int]]:
        """New token ids per prompt (up to and including the end token), left-padded into one batch."""
        import torch
        from transformers import LogitsProcessorList

        width = max(len(p) for p in prompts)
        ids = torch.tensor([[self.pad_id] * (width - len(p)) + p for p in prompts])
        mask = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p in prompts])
        with torch.no_grad():
            out = self.model.generate(input_ids=ids.to(self.model.device), attention_mask=mask.to(self.model.device),
                                      max_new_tokens=self.max_new_tokens, do_sample=False, temperature=None,
                                      top_p=None, top_k=None, pad_token_id=self.pad_id, eos_token_id=self.eos_id,
                                      logits_processor=LogitsProcessorList([seeded_sampler(self.sampling, seeds)]))
        rows = []
        for row in out[:, width:].tolist():
            end = row.index(self.eos_id) + 1 if self.eos_id in row else len(row)
            rows.append(row[:end])
        return rows
