"""Policy models: the offline tiny text/VL models, TRL template recognition, tool-call parsing, SFT smoke test."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

torch = pytest.importorskip("torch")
trl = pytest.importorskip("trl")

from transformers.utils import get_json_schema  # noqa: E402
from trl.chat_template_utils import (  # noqa: E402
    add_response_schema,
    get_training_chat_template,
    parse_response,
    supports_tool_calling,
)

from critique_paint.errors import ConfigError  # noqa: E402
from critique_paint.models import loading as models  # noqa: E402
from critique_paint.models.loading import TINY_TEXT, TINY_VL, build_tokenizer, load_policy  # noqa: E402
from critique_paint.paths import pool_dir  # noqa: E402

POOL_DIR = pool_dir()

SKETCH = (
    "function setup() {\n  createCanvas(600, 600);\n  noLoop();\n}\n\n"
    'function draw() {\n  background("#f4efe6");\n  // a <b> & "quotes" <tag>\n'
    "  for (let i = 0; i < 3; i++) {\n    fill(200, 30, 40);\n    circle(300 + i * 20, 300, 80);\n  }\n}\n"
)


def paint(sketch: str) -> str:
    """Render a p5.js sketch and return a critique of the painting.

    Args:
        sketch: The complete p5.js sketch source.
    """
    return "critique"


PAINT_SCHEMA = get_json_schema(paint)


def conversation(sketch: str = SKETCH, final: str = "Done: a cherry.") -> list[dict]:
    return [
        {"role": "system", "content": "You are a painter. Use the paint tool."},
        {"role": "user", "content": "Paint a cherry."},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"type": "function", "function": {"name": "paint", "arguments": {"sketch": sketch}}}],
        },
        {"role": "tool", "name": "paint", "content": "Too dark; add a highlight."},
        {"role": "assistant", "content": final},
    ]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("models-cache")


@pytest.fixture(scope="module")
def tiny_text(cache_dir):
    return load_policy(TINY_TEXT, cache_dir=cache_dir)


def test_tiny_text_builds_offline(tiny_text):
    model, tok, is_vision = tiny_text
    assert is_vision is False
    assert type(model).__name__ == "Qwen3ForCausalLM"
    assert model.dtype == torch.float32
    assert 2000 <= len(tok) <= 4100
    assert model.config.vocab_size == len(tok)
    assert model.config.tie_word_embeddings is True
    assert tok.eos_token == "<|im_end|>" and tok.pad_token == "<|endoftext|>"
    assert model.config.eos_token_id == tok.eos_token_id and model.config.pad_token_id == tok.pad_token_id
    assert model.generation_config.eos_token_id == tok.eos_token_id
    ids = tok("hello", return_tensors="pt")["input_ids"]
    logits = model(input_ids=ids).logits
    assert logits.shape == (1, ids.shape[1], len(tok)) and torch.isfinite(logits).all()


def test_tokenizer_round_trips_pool_sketch_compactly(tiny_text):
    _, tok, _ = tiny_text
    sketch = sorted((POOL_DIR / "sketches").glob("*.js"))[0].read_text(encoding="utf-8")
    ids = tok(sketch, add_special_tokens=False)["input_ids"]
    assert tok.decode(ids) == sketch
    assert len(ids) < len(sketch) / 2, "the BPE should compress sketches (trained on the pool)"


def test_template_tokens_are_single_tokens(tiny_text):
    _, tok, _ = tiny_text
    for t in models.SPECIAL_TOKENS + models.MARKUP_TOKENS:
        ids = tok(t, add_special_tokens=False)["input_ids"]
        assert len(ids) == 1 and tok.convert_ids_to_tokens(ids[0]) == t, t
    # control tokens vanish with skip_special_tokens, tool/think markup stays (as in the real Qwen tokenizer)
    text = "<|im_start|>assistant\n<tool_call>\n<function=paint>\n</function>\n</tool_call><|im_end|>"
    decoded = tok.decode(tok(text, add_special_tokens=False)["input_ids"], skip_special_tokens=True)
    assert "<|im_start|>" not in decoded and "<|im_end|>" not in decoded
    assert "<tool_call>" in decoded and "</tool_call>" in decoded


def test_tokenizer_cache_reuse_and_determinism(tmp_path, tiny_text, monkeypatch):
    _, tok, _ = tiny_text
    monkeypatch.delenv(models.TINY_CACHE_ENV, raising=False)  # the test run shares one cache; here each its own
    first = build_tokenizer(tmp_path / "a")  # trained from scratch
    assert (tmp_path / "a" / models.TOKENIZER_DIRNAME / "tokenizer.json").is_file()
    again = build_tokenizer(tmp_path / "a")  # from the cache
    fresh = build_tokenizer(tmp_path / "b")  # trained again from scratch
    assert first.get_vocab() == again.get_vocab() == fresh.get_vocab() == tok.get_vocab()
    assert fresh.backend_tokenizer.to_str() == again.backend_tokenizer.to_str()
    monkeypatch.setenv(models.TINY_CACHE_ENV, str(tmp_path / "shared"))  # one cache for every caller
    build_tokenizer(tmp_path / "c")
    assert (tmp_path / "shared" / models.TOKENIZER_DIRNAME / "tokenizer.json").is_file()
    assert not (tmp_path / "c").exists()


def test_tiny_model_is_deterministic(cache_dir, tiny_text):
    model, _, _ = tiny_text
    other, _, _ = load_policy(TINY_TEXT, cache_dir=cache_dir)
    for (n1, p1), (n2, p2) in zip(model.state_dict().items(), other.state_dict().items(), strict=True):
        assert n1 == n2 and torch.equal(p1, p2), n1


def test_chat_template_is_trl_qwen3_5_exactly(tiny_text):
    _, tok, _ = tiny_text
    trl_text = (Path(trl.__file__).parent / "chat_templates" / "qwen3_5_nothink.jinja").read_text(encoding="utf-8")
    assert tok.chat_template == trl_text
    from trl.chat_template_utils import qwen3_5_nothink_chat_template

    assert tok.chat_template == qwen3_5_nothink_chat_template
    assert supports_tool_calling(tok) is True
    # TRL knows a prefix-preserving training variant with {% generation %} markers for it (SFT and GRPO swap it in)
    training = get_training_chat_template(tok)
    assert training is not None and "generation" in training


def test_render_conversation_with_tools(tiny_text):
    _, tok, _ = tiny_text
    text = tok.apply_chat_template(conversation(), tools=[PAINT_SCHEMA], tokenize=False)
    assert text.startswith("<|im_start|>system\n# Tools")
    assert '"name": "paint"' in text
    assert "<tool_call>\n<function=paint>\n<parameter=sketch>\n" + SKETCH.strip() in text
    assert "<|im_start|>user\n<tool_response>\nToo dark; add a highlight.\n</tool_response><|im_end|>" in text
    assert text.endswith("Done: a cherry.<|im_end|>\n")
    ids = tok.apply_chat_template(conversation(), tools=[PAINT_SCHEMA], tokenize=True, return_dict=True)["input_ids"]
    assert tok.decode(ids) == text
    prompt = tok.apply_chat_template(
        conversation()[:2], tools=[PAINT_SCHEMA], tokenize=False, add_generation_prompt=True
    )
    assert prompt.endswith("<|im_start|>assistant\n<think>\n\n</think>\n\n")


def test_response_schema_parses_tool_call(cache_dir):
    _, tok, _ = load_policy(TINY_TEXT, cache_dir=cache_dir)  # a fresh tokenizer: add_response_schema mutates it
    add_response_schema(tok)
    assert getattr(tok, "response_template", None) is not None
    msgs = conversation()
    prompt = tok.apply_chat_template(msgs[:2], tools=[PAINT_SCHEMA], tokenize=False, add_generation_prompt=True)
    full = tok.apply_chat_template(msgs[:3], tools=[PAINT_SCHEMA], tokenize=False)
    assert full.startswith(prompt)
    completion = full[len(prompt) :].rstrip("\n")  # what the policy would generate, ending with <|im_end|>
    prompt_ids = tok(prompt, add_special_tokens=False)["input_ids"]
    completion_ids = tok(completion, add_special_tokens=False)["input_ids"]
    assert prompt_ids + completion_ids == tok(full.rstrip("\n"), add_special_tokens=False)["input_ids"]

    parsed = parse_response(tok, completion_ids, prefix=prompt_ids, tools=[PAINT_SCHEMA])
    calls = parsed.get("tool_calls")
    assert calls, parsed
    assert calls[0]["function"]["name"] == "paint"
    assert calls[0]["function"]["arguments"] == {"sketch": SKETCH.strip()}

    # a plain answer parses to content without tool calls
    plain_ids = tok("Here is my answer.<|im_end|>", add_special_tokens=False)["input_ids"]
    plain = parse_response(tok, plain_ids, prefix=prompt_ids, tools=[PAINT_SCHEMA])
    assert plain["content"] == "Here is my answer." and not plain.get("tool_calls")


def test_sft_two_steps_assistant_only_loss(cache_dir, tmp_path):
    from datasets import Dataset
    from trl import SFTConfig, SFTTrainer

    model, tok, _ = load_policy(TINY_TEXT, cache_dir=cache_dir)
    rows = [
        {"messages": conversation(SKETCH.replace("80", str(60 + 10 * i)), f"Done {i}."), "tools": [PAINT_SCHEMA]}
        for i in range(4)
    ]
    args = SFTConfig(
        output_dir=str(tmp_path / "sft"),
        max_steps=2,
        per_device_train_batch_size=2,
        learning_rate=1e-3,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        bf16=False,
        use_cpu=True,
        assistant_only_loss=True,
        max_length=2048,
        dataloader_num_workers=0,
    )
    trainer = SFTTrainer(model=model, args=args, train_dataset=Dataset.from_list(rows), processing_class=tok)
    sample = trainer.train_dataset[0]
    labels = sample["labels"]  # -100 outside assistant turns
    trained = [t for t in labels if t != -100]
    assert 0 < len(trained) < len(labels)
    masked_text = tok.decode(trained)
    assert "<function=paint>" in masked_text and "Done 0." in masked_text
    assert "Paint a cherry." not in masked_text and "Too dark" not in masked_text
    assert masked_text.count("<|im_end|>") == 2, "each assistant turn's EOS is trained, so the model learns to stop"
    result = trainer.train()
    losses = [h["loss"] for h in trainer.state.log_history if "loss" in h]
    assert trainer.state.global_step == 2
    assert losses and all(math.isfinite(v) for v in losses)
    assert math.isfinite(result.training_loss)


def test_tiny_vl_forward_with_image(cache_dir):
    from PIL import Image
    from transformers import ProcessorMixin

    model, processor, is_vision = load_policy(TINY_VL, cache_dir=cache_dir)
    assert is_vision is True
    assert isinstance(processor, ProcessorMixin)
    tok = processor.tokenizer
    assert processor.chat_template == tok.chat_template == models.trl_chat_template()
    assert model.config.image_token_id == tok.convert_tokens_to_ids("<|image_pad|>") == processor.image_token_id
    assert supports_tool_calling(processor) is True

    image = Image.new("RGB", (600, 600), (200, 30, 40))
    msgs = [
        {"role": "user", "content": [{"type": "text", "text": "Paint a cherry."}]},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": ""}],
            "tool_calls": [{"type": "function", "function": {"name": "paint", "arguments": {"sketch": SKETCH}}}],
        },
        {
            "role": "tool",
            "name": "paint",
            "content": [{"type": "image", "image": image}, {"type": "text", "text": "ok"}],
        },
    ]
    text = processor.apply_chat_template(msgs, tools=[PAINT_SCHEMA], tokenize=False, add_generation_prompt=True)
    assert "<tool_response>\n<|vision_start|><|image_pad|><|vision_end|>ok\n</tool_response>" in text
    inputs = processor(text=[text], images=[image], return_tensors="pt")
    n_image_tokens = int((inputs["input_ids"] == model.config.image_token_id).sum())
    assert 0 < n_image_tokens <= 64, "a 600x600 painting should become a handful of patches"
    with torch.no_grad():
        out = model(**inputs)
    assert out.logits.shape[:2] == inputs["input_ids"].shape and torch.isfinite(out.logits).all()
    # the image actually changes the output
    other = processor(text=[text], images=[Image.new("RGB", (600, 600), (10, 200, 90))], return_tensors="pt")
    with torch.no_grad():
        assert not torch.allclose(model(**other).logits, out.logits)
        generated = model.generate(**inputs, max_new_tokens=3, do_sample=False)
    assert generated.shape[1] == inputs["input_ids"].shape[1] + 3 or generated.shape[1] > inputs["input_ids"].shape[1]


def test_tiny_vl_processor_saves_and_reloads(cache_dir, tmp_path):
    model, processor, _ = load_policy(TINY_VL, cache_dir=cache_dir)
    model.save_pretrained(tmp_path / "vl")
    processor.save_pretrained(tmp_path / "vl")
    model2, processor2, is_vision = load_policy(str(tmp_path / "vl"), cache_dir=cache_dir, dtype="float32")
    assert is_vision is True
    assert processor2.chat_template == models.trl_chat_template()
    assert model2.config.image_token_id == model.config.image_token_id


@pytest.mark.parametrize("spec", ["/nonexistent/critique-paint/model", "./no/such/dir", "tiny:nope"])
def test_bad_spec_raises_one_line_config_error(cache_dir, spec):
    with pytest.raises(ConfigError) as info:
        load_policy(spec, cache_dir=cache_dir)
    message = str(info.value)
    assert message and "\n" not in message


def test_vision_flag_mismatch_on_tiny_models(cache_dir):
    with pytest.raises(ConfigError):
        load_policy(TINY_TEXT, cache_dir=cache_dir, vision=True)
    with pytest.raises(ConfigError):
        load_policy(TINY_VL, cache_dir=cache_dir, vision=False)
