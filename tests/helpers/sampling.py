"""The vLLM importance-sampling correction TRL applies, computed on a model without vLLM.

vLLM hands back the log-probabilities of the distribution it sampled from (after temperature, top-k and top-p);
the trainer recomputes them over the full softmax. TRL multiplies the loss by exp(trainer - sampler) per token, or
by the exponent of the sum over the whole completion in its sequence modes. ``correction_weights`` reproduces
that arithmetic; ``sampler_and_trainer_logprobs`` gets both sides from HF generation with the same settings.
"""

from __future__ import annotations

import math
from typing import Any


def sampler_and_trainer_logprobs(model: Any, input_ids: Any, attention_mask: Any, *, temperature: float,
                                 top_p: float, top_k: int, max_new_tokens: int, seed: int = 0) -> tuple[Any, Any]:
    """Per-token log-probs of one sampled completion: (as the sampler saw them, as the trainer scores them)."""
    import torch

    torch.manual_seed(seed)
    with torch.no_grad():
        out = model.generate(input_ids=input_ids, attention_mask=attention_mask, do_sample=True,
                             temperature=temperature, top_p=top_p, top_k=top_k, max_new_tokens=max_new_tokens,
                             min_new_tokens=max_new_tokens, output_scores=True, output_logits=True,
                             return_dict_in_generate=True)
    tokens = out.sequences[0, input_ids.shape[1]:]
    sampler = torch.stack([torch.log_softmax(s[0].float(), -1)[t] for s, t in zip(out.scores, tokens, strict=True)])
    trainer = torch.stack([torch.log_softmax(raw[0].float() / temperature, -1)[t]
                           for raw, t in zip(out.logits, tokens, strict=True)])
    return sampler, trainer


def correction_weights(sampler: Any, trainer: Any, mode: str, clip_min: float | None = None,
                       clip_max: float = 3.0) -> Any:
    """TRL 1.16's `vllm_importance_sampling_mode` weights for one completion (per token, or one per sequence)."""
    import torch

    diff = trainer - sampler
    ratio = torch.exp(diff.sum(-1, keepdim=True) if mode.startswith("sequence") else diff)
    if mode.endswith("truncate"):
        return torch.clamp(ratio, min=clip_min, max=clip_max)
    if mode.endswith("mask"):
        low = -math.inf if clip_min is None else clip_min
        return ratio.masked_fill((ratio < low) | (ratio > clip_max), 0.0)
    raise ValueError(f"unknown vllm_importance_sampling_mode {mode!r}")
