"""A local transformers model (optionally with a LoRA adapter) as a policy, prompted exactly as in GRPO."""

from __future__ import annotations

import dataclasses
import io
import threading
from pathlib import Path
from typing import Any

from critique_paint.env.protocol import with_paintings
from critique_paint.env.replies import Reply, parse_reply
from critique_paint.models.adapters import load_model
from critique_paint.policy.base import Conversation, PolicyOptions
from critique_paint.policy.batching import GenerationBatcher, Sampling, seeded_sampler

DEFAULT_CACHE = Path("runs") / "cache"


class HfPolicy:
    """Samples each reply from a seed of its own (the episode's seed, index and turn), so a reply does not depend
    on which other episodes run beside it. Text models decode concurrent episodes' turns in one batch
    (`policy.batching`); vision-language models one at a time."""

    interactive = False

    def __init__(self, spec: str, options: PolicyOptions, cache_dir: Path = DEFAULT_CACHE):
        self.name = f"hf:{spec}"
        self.options = options
        self.model, self.processing, self.vision = load_model(spec, cache_dir=cache_dir, dtype=options.dtype,
                                                              adapter=options.adapter)
        self.model.eval()
        self._lock = threading.Lock()
        tok = self.tokenizer
        self.batcher = GenerationBatcher(
            self.model, pad_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id,
            eos_id=tok.eos_token_id, max_new_tokens=options.max_new_tokens, max_batch=options.batch_size,
            sampling=Sampling(options.temperature, options.top_p, options.top_k))

    @property
    def tokenizer(self) -> Any:
        return getattr(self.processing, "tokenizer", self.processing)

    def prompt_messages(self, conversation: Conversation) -> list[dict]:
        """The training conversation; vision models see each painting in its tool answer, as in GRPO."""
        if not self.vision:
            return list(conversation.messages)
        from PIL import Image

        images = [None if png is None else Image.open(io.BytesIO(png)).convert("RGB") for png in conversation.images]
        return with_paintings(list(conversation.messages), images, draft=conversation.drafted)

    def next_reply(self, conversation: Conversation) -> Reply:
        seed = hash((conversation.seed, conversation.episode, conversation.turn)) % 2**31
        inputs = self.processing.apply_chat_template(
            self.prompt_messages(conversation), tools=list(conversation.tools), add_generation_prompt=True,
            enable_thinking=False, tokenize=True, return_dict=True, return_tensors="pt")
        prompt_ids = inputs["input_ids"][0].tolist()
        if self.vision:
            with self._lock:
                new = self._generate_one(inputs, seed)
        else:
            new = self.batcher.submit(prompt_ids, seed)
        text = self.tokenizer.decode(new, skip_special_tokens=False)
        prefix = self.tokenizer.decode(prompt_ids, skip_special_tokens=False)
        truncated = len(new) >= self.options.max_new_tokens and new[-1] != self.tokenizer.eos_token_id
        return dataclasses.replace(parse_reply(text, prefix=prefix, truncated=truncated), tokens=len(new))

    def _generate_one(self, inputs: Any, seed: int) -> list[int]:
        import torch
        from transformers import LogitsProcessorList

        inputs = {k: v.to(self.model.device) for k, v in inputs.items()}
        sampling = Sampling(self.options.temperature, self.options.top_p, self.options.top_k)
        with torch.no_grad():
            out = self.model.generate(**inputs, max_new_tokens=self.options.max_new_tokens, do_sample=False,
                                      temperature=None, top_p=None, top_k=None,
                                      logits_processor=LogitsProcessorList([seeded_sampler(sampling, [seed])]),
                                      pad_token_id=self.tokenizer.pad_token_id or self.tokenizer.eos_token_id)
        new = out[0, inputs["input_ids"].shape[1]:].tolist()
        eos = self.tokenizer.eos_token_id
        return new[:new.index(eos) + 1] if eos in new else new

    def close(self) -> None:
        pass
