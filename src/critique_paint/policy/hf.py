"""A local transformers model (optionally with a LoRA adapter) as a policy, prompted exactly as in GRPO."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

from critique_paint.env.protocol import paint_tool_schema, with_paintings
from critique_paint.env.replies import Reply, parse_reply
from critique_paint.models.adapters import load_model
from critique_paint.policy.base import Conversation, PolicyOptions

DEFAULT_CACHE = Path("runs") / "cache"


class HfPolicy:
    """Generates with sampling; one generation at a time (episodes share the model)."""

    interactive = False

    def __init__(self, spec: str, options: PolicyOptions, cache_dir: Path = DEFAULT_CACHE):
        self.name = f"hf:{spec}"
        self.options = options
        self.model, self.processing, self.vision = load_model(spec, cache_dir=cache_dir, dtype=options.dtype,
                                                              adapter=options.adapter)
        self.model.eval()
        self._lock = threading.Lock()
        self._tools: list[dict] | None = None

    @property
    def tokenizer(self) -> Any:
        return getattr(self.processing, "tokenizer", self.processing)

    def prompt_messages(self, conversation: Conversation) -> list[dict]:
        """The training conversation; vision models see each painting in its tool answer, as in GRPO."""
        if not self.vision:
            return list(conversation.messages)
        from PIL import Image

        images = [None if png is None else Image.open(io.BytesIO(png)).convert("RGB") for png in conversation.images]
        return with_paintings(list(conversation.messages), images)

    def next_reply(self, conversation: Conversation) -> Reply:
        import torch

        if self._tools is None:
            self._tools = [paint_tool_schema()]
        with self._lock:
            inputs = self.processing.apply_chat_template(
                self.prompt_messages(conversation), tools=self._tools, add_generation_prompt=True,
                enable_thinking=False, tokenize=True, return_dict=True, return_tensors="pt")
            inputs = {k: v.to(self.model.device) for k, v in inputs.items()}
            torch.manual_seed(hash((conversation.seed, conversation.episode, conversation.turn)) % 2**31)
            sampling = self.options.temperature > 0
            with torch.no_grad():
                out = self.model.generate(**inputs, max_new_tokens=self.options.max_new_tokens, do_sample=sampling,
                                          temperature=self.options.temperature if sampling else None,
                                          top_p=self.options.top_p if sampling else None,
                                          top_k=self.options.top_k if sampling else None,
                                          pad_token_id=self.tokenizer.pad_token_id or self.tokenizer.eos_token_id)
            prompt_ids = inputs["input_ids"][0].tolist()
            new = out[0, len(prompt_ids):].tolist()
            text = self.tokenizer.decode(new, skip_special_tokens=False)
            prefix = self.tokenizer.decode(prompt_ids, skip_special_tokens=False)
        truncated = len(new) >= self.options.max_new_tokens and new[-1] != self.tokenizer.eos_token_id
        return parse_reply(text, prefix=prefix, truncated=truncated)

    def close(self) -> None:
        pass
