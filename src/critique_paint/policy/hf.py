"""A local transformers model (optionally with a LoRA adapter) as a policy, prompted exactly as in GRPO."""

from __future__ import annotations

import io
import json
import re
import threading
from pathlib import Path
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.policy.base import Conversation, PolicyOptions, PolicyReply
from critique_paint.sketch import extract_sketch
from critique_paint.train.adapters import adapter_base

# Qwen3.5's tool-call format: <tool_call><function=paint><parameter=sketch>...</parameter></function></tool_call>
_XML_CALL = re.compile(r"<function=paint>\s*<parameter=sketch>\n?(.*?)\n?</parameter>", re.S)
_JSON_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.S)
DEFAULT_CACHE = Path("runs") / "cache"


def parse_paint_call(text: str) -> str | None:
    """The `sketch` argument of the first `paint` call in generated text (Qwen3.5 XML or JSON), else None."""
    m = _XML_CALL.search(text)
    if m:
        return m.group(1)
    m = _JSON_CALL.search(text)
    if m:
        try:
            call = json.loads(m.group(1))
        except json.JSONDecodeError:
            return None
        args = call.get("arguments") if isinstance(call, dict) else None
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except json.JSONDecodeError:
                return None
        if isinstance(args, dict) and isinstance(args.get("sketch"), str):
            return args["sketch"]
    return None


class HfPolicy:
    """Generates with sampling; one generation at a time (episodes share the model)."""

    interactive = False

    def __init__(self, spec: str, options: PolicyOptions, cache_dir: Path = DEFAULT_CACHE):
        from critique_paint.train.models import load_policy

        self.name = f"hf:{spec}"
        self.options = options
        adapter = options.adapter
        local = Path(spec).expanduser()
        base = adapter_base(local) if local.is_dir() else None
        if base is not None:
            adapter, spec = str(local), base
        self.model, self.processing, self.vision = load_policy(spec, cache_dir=cache_dir, dtype=options.dtype)
        if adapter:
            from peft import PeftModel

            if not Path(adapter).expanduser().is_dir():
                raise ConfigError(f"--adapter {adapter}: no such folder")
            self.model = PeftModel.from_pretrained(self.model, str(Path(adapter).expanduser()))
            if (Path(adapter) / "tokenizer_config.json").is_file():
                from transformers import AutoTokenizer

                tok = AutoTokenizer.from_pretrained(adapter)
                if not self.vision:
                    self.processing = tok
        self.model.eval()
        self._lock = threading.Lock()
        self._tools: list[dict] | None = None

    @property
    def tokenizer(self) -> Any:
        return getattr(self.processing, "tokenizer", self.processing)

    def prompt_messages(self, conversation: Conversation) -> list[dict]:
        """The training conversation; vision models see each painting in its tool answer, as in GRPO."""
        if not self.vision:
            return conversation.messages
        from PIL import Image

        messages, k = [], 0
        for m in conversation.messages:
            if m["role"] == "tool":
                png = conversation.images[k]
                k += 1
                if png is not None:
                    image = Image.open(io.BytesIO(png)).convert("RGB")
                    m = {**m, "content": [{"type": "image", "image": image}, {"type": "text", "text": m["content"]}]}
            messages.append(m)
        return messages

    def next_sketch(self, conversation: Conversation) -> PolicyReply:
        import torch

        from critique_paint.train.conversations import paint_tool_schema

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
                                          top_p=0.95 if sampling else None,
                                          pad_token_id=self.tokenizer.pad_token_id or self.tokenizer.eos_token_id)
            text = self.tokenizer.decode(out[0, inputs["input_ids"].shape[1]:], skip_special_tokens=False)
        sketch = parse_paint_call(text)
        return PolicyReply(sketch=sketch if sketch is not None else extract_sketch(text), raw=text)

    def close(self) -> None:
        pass
