"""Policy models: tiny offline test models and Hub/local checkpoints.

``load_policy(spec, cache_dir=...)`` returns ``(model, processing_class, is_vision)``.

* ``tiny:text`` -- a randomly initialised two-layer Qwen3 causal LM with a ByteLevel BPE tokenizer trained
  locally on the project's own sketches and prompts, carrying TRL's Qwen3.5 (no-think) chat template byte for
  byte, so TRL recognises it (tool-call parsing, training template, SFT assistant masks). ``tiny:text-128`` is
  128 wide; ``tiny:text-128-w256`` also limits each layer's attention to the last 256 tokens (sliding window).
* ``tiny:vl`` -- a randomly initialised tiny Qwen3.5 vision-language model (``Qwen3_5ForConditionalGeneration``)
  with the same tokenizer and a ``Qwen3VLProcessor`` built on the PIL (numpy) image processor, so it runs
  without torchvision. Used to test that images returned by the ``paint`` tool reach the policy.
* ``tiny:qwen3_5_moe`` / ``tiny:qwen3_5`` -- random-weight builds of the real classes of Qwen3.5-35B-A3B and
  Qwen3.5-4B, shrunk from their real config.json (``configs/models/``): the same linear/full attention mix, routed
  plus shared experts, vision tower and merger, and the real models' chat templates as TRL ships them.
* anything else -- a Hub id or a local path loaded with the ``Auto*`` classes.

Nothing here downloads anything for the tiny specs; they build offline in seconds.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from pathlib import Path
from typing import Any

from critique_paint.errors import ConfigError
from critique_paint.paths import EXAMPLES_DIR, PROMPTS_DIR, tokenizer_sketches

log = logging.getLogger(__name__)

TINY_TEXT = "tiny:text"
TINY_VL = "tiny:vl"

TEMPLATE_NAME = "qwen3_5_nothink.jinja"
TOKENIZER_DIRNAME = "tiny-tokenizer"
TINY_CACHE_ENV = "CRITIQUE_PAINT_TINY_CACHE"  # a folder every run shares for the tiny tokenizer
VOCAB_SIZE = 3000
SEED = 0

# Control tokens, special as in the real Qwen3.5 tokenizer (dropped by ``skip_special_tokens``).
SPECIAL_TOKENS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|vision_pad|>",
    "<|image_pad|>",
    "<|video_pad|>",
]
# Markup tokens the template emits. As in the real Qwen3.5 tokenizer they are single added tokens but NOT special,
# so that decoding with ``skip_special_tokens=True`` keeps tool calls and think blocks visible.
MARKUP_TOKENS = [
    "<think>",
    "</think>",
    "<tool_call>",
    "</tool_call>",
    "<tool_response>",
    "</tool_response>",
]
EOS_TOKEN = "<|im_end|>"
PAD_TOKEN = "<|endoftext|>"

# Small enough that a 600x600 painting becomes a few dozen patches (smart_resize rounds to multiples of 32).
VL_PATCH_SIZE = 16
VL_MERGE_SIZE = 2
VL_MAX_PIXELS = 128 * 128
VL_MIN_PIXELS = 32 * 32


# The chat template each real model ships, as TRL stores it: the 35B-A3B thinks unless told not to; the small
# Qwen3.5 models answer directly unless told to think.
REAL_TEMPLATES = {"qwen3_5_moe": "qwen3_5_think.jinja", "qwen3_5": "qwen3_5_nothink.jinja"}


def trl_chat_template(name: str = TEMPLATE_NAME) -> str:
    """The exact text of one of TRL's Qwen3.5 templates (TRL recognises templates by string equality)."""
    import trl

    path = Path(trl.__file__).parent / "chat_templates" / name
    return path.read_text(encoding="utf-8")


def corpus_files() -> list[Path]:
    """The project's own text: pool sketches, prompt examples and prompt documents, in a stable order."""
    files = sorted(tokenizer_sketches().rglob("*.js"))
    files += sorted(EXAMPLES_DIR.rglob("*.js"))
    files += sorted(PROMPTS_DIR.rglob("*.md"))
    return files


def _corpus() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in corpus_files()]
    if not texts:
        raise ConfigError(f"no corpus for the tiny tokenizer: no *.js under {tokenizer_sketches()} or {PROMPTS_DIR}")
    # A little chat/tool-call markup, so rendered conversations do not fall apart into single bytes.
    texts.append("system user assistant tool paint sketch critique function parameter tools\n" * 4)
    return texts


def _corpus_digest(texts: list[str]) -> str:
    h = hashlib.sha256()
    h.update(f"v1 vocab={VOCAB_SIZE}\n".encode())
    for text in texts:
        h.update(hashlib.sha256(text.encode("utf-8")).digest())
    return h.hexdigest()


def _train_tokenizer(texts: list[str]):
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB_SIZE,
        min_frequency=2,
        special_tokens=[AddedToken(t, special=True, normalized=False) for t in SPECIAL_TOKENS],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer, length=len(texts))
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in MARKUP_TOKENS])

    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token=EOS_TOKEN,
        pad_token=PAD_TOKEN,
        bos_token=None,
        unk_token=None,
        padding_side="left",
        model_max_length=16384,
        clean_up_tokenization_spaces=False,
    )
    fast.chat_template = trl_chat_template()
    return fast


def build_tokenizer(cache_dir: Path):
    """The tiny ByteLevel BPE tokenizer with TRL's Qwen3.5 template, trained once and cached.

    The cache lives in ``cache_dir/tiny-tokenizer`` (or ``$CRITIQUE_PAINT_TINY_CACHE/tiny-tokenizer``, one cache
    for every run that names it) and is reused while the corpus digest matches; training is deterministic, so the
    same corpus always gives the same vocabulary.
    """
    import os

    from transformers import PreTrainedTokenizerFast

    texts = _corpus()
    digest = _corpus_digest(texts)
    target = Path(os.environ.get(TINY_CACHE_ENV) or cache_dir) / TOKENIZER_DIRNAME
    stamp = target / "corpus_digest.txt"
    tok = None
    if stamp.is_file() and stamp.read_text().strip() == digest:
        try:
            tok = PreTrainedTokenizerFast.from_pretrained(str(target), local_files_only=True)
        except (OSError, ValueError, KeyError, TypeError) as e:  # a half-written cache: rebuild it
            log.warning("tiny tokenizer cache at %s unreadable (%s); rebuilding", target, e)
            tok = None
    if tok is None:
        tok = _train_tokenizer(texts)
        _save_atomically(tok, target, digest)
    # Always re-assert the exact TRL template (a saved copy must not drift from the installed TRL).
    tok.chat_template = trl_chat_template()
    tok.padding_side = "left"
    return tok


def _save_atomically(tok, target: Path, digest: str) -> None:
    """Save `tok` to `target` so that a reader never sees a half-written file: each file is written beside the
    folder and moved in, the digest stamp last (several test or training processes may build it at once)."""
    import os
    import shutil
    import tempfile

    target.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        tok.save_pretrained(str(scratch))
        for item in scratch.iterdir():
            os.replace(item, target / item.name)
        (scratch / "corpus_digest.txt").write_text(digest + "\n")
        os.replace(scratch / "corpus_digest.txt", target / "corpus_digest.txt")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _token_ids(tok) -> dict[str, int]:
    ids = {t: tok.convert_tokens_to_ids(t) for t in SPECIAL_TOKENS + MARKUP_TOKENS}
    bad = [t for t, i in ids.items() if i is None or i == tok.unk_token_id]
    if bad:
        raise ConfigError(f"tiny tokenizer lacks tokens {bad}; delete its cache and retry")
    return ids


def _tiny_text(cache_dir: Path, hidden: int = 64, window: int | None = None):
    import torch
    from transformers import GenerationConfig, Qwen3Config, Qwen3ForCausalLM

    tok = build_tokenizer(cache_dir)
    config = Qwen3Config(
        hidden_size=hidden,
        intermediate_size=2 * hidden,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=hidden // 4,
        vocab_size=len(tok),
        max_position_embeddings=16384,
        tie_word_embeddings=True,
        use_sliding_window=window is not None,
        sliding_window=window,
        layer_types=["sliding_attention" if window else "full_attention"] * 2,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
        bos_token_id=tok.pad_token_id,
    )
    torch.manual_seed(SEED)
    # transformers' `@wraps(nn.Module.to)` types PreTrainedModel.to as the unbound Module.to (self first)
    model = Qwen3ForCausalLM(config).to(torch.float32)  # type: ignore[arg-type]
    model.generation_config = GenerationConfig(
        eos_token_id=tok.eos_token_id, pad_token_id=tok.pad_token_id, bos_token_id=tok.pad_token_id
    )
    return model, tok, False


@functools.cache
def _processor_class():
    """A ``Qwen3VLProcessor`` without a video processor.

    Video processors need torchvision, which must not be installed here, and ``ProcessorMixin`` type-checks every
    sub-processor (``None`` included) against ``BaseVideoProcessor``, itself behind the torchvision guard. The
    sub-processors are read off the ``__init__`` signature, so leaving ``video_processor`` out of it makes the
    processor image-only: construction, ``__call__`` with images, ``save_pretrained`` and ``to_dict`` all work.
    """
    from transformers import Qwen3VLProcessor

    class TinyQwen3VLProcessor(Qwen3VLProcessor):
        def __init__(self, image_processor=None, tokenizer=None, chat_template=None, **kwargs):
            super().__init__(image_processor, tokenizer, None, chat_template=chat_template, **kwargs)
            self.video_processor = None

    return TinyQwen3VLProcessor


def _tiny_vl_processor(tok, template: str = TEMPLATE_NAME):
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import Qwen2VLImageProcessorPil

    image_processor = Qwen2VLImageProcessorPil(
        patch_size=VL_PATCH_SIZE,
        temporal_patch_size=2,
        merge_size=VL_MERGE_SIZE,
        size={"shortest_edge": VL_MIN_PIXELS, "longest_edge": VL_MAX_PIXELS},  # min/max pixels in v5
        image_mean=[0.5, 0.5, 0.5],
        image_std=[0.5, 0.5, 0.5],
    )
    tok.chat_template = trl_chat_template(template)
    return _processor_class()(
        image_processor=image_processor,
        tokenizer=tok,
        chat_template=trl_chat_template(template),
    )


def _tiny_vl(cache_dir: Path):
    """The vision-language test model: the tiny build of Qwen3.5-4B's own class with the default template."""
    return _tiny_real(cache_dir, "qwen3_5", template=TEMPLATE_NAME, name=TINY_VL)


def _tiny_real(cache_dir: Path, model_type: str, *, template: str | None = None, name: str | None = None):
    """A random-weight instance of the real class of Qwen3.5-35B-A3B or -4B at test size (see architectures), with
    the real model's chat template unless `template` names another."""
    import torch
    from transformers import GenerationConfig

    from critique_paint.models.architectures import TINY_ARCHITECTURES, architecture_config, model_class, shrunk_config

    tok = build_tokenizer(cache_dir)
    config = shrunk_config(architecture_config(TINY_ARCHITECTURES[model_type]), vocab_size=len(tok),
                           token_ids=_token_ids(tok))
    torch.manual_seed(SEED)
    model = model_class(config)(config).to(torch.float32)
    model.name_or_path = model.config._name_or_path = name or f"tiny:{model_type}"  # what an adapter names as base
    model.generation_config = GenerationConfig(
        eos_token_id=tok.eos_token_id, pad_token_id=tok.pad_token_id, bos_token_id=tok.pad_token_id
    )
    return model, _tiny_vl_processor(tok, template or REAL_TEMPLATES[model_type]), True


_DTYPES = {
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float32": "float32",
    "fp32": "float32",
    "float16": "float16",
    "fp16": "float16",
    "auto": "auto",
}


def _resolve_dtype(dtype: str | None) -> Any:
    import torch

    if dtype is None or dtype == "auto":
        return "auto"
    key = _DTYPES.get(str(dtype).lower())
    if key is None:
        raise ConfigError(f"unknown dtype {dtype!r}; use bfloat16, float32, float16 or auto")
    return getattr(torch, key)


# Model types whose processor is a Qwen3VLProcessor (image processor + tokenizer + torchvision video processor).
_QWEN3_VL_FAMILY = {"qwen3_5", "qwen3_5_moe", "qwen3_vl", "qwen3_vl_moe"}


def _load_processor(source: str, config):
    """``AutoProcessor``, or an image-only Qwen3-VL processor where the full one cannot load without torchvision."""
    from transformers import AutoProcessor, AutoTokenizer, ProcessorMixin

    error: Exception | None = None
    try:
        processor = AutoProcessor.from_pretrained(source)
        if isinstance(processor, ProcessorMixin):
            return processor
    except (ImportError, ValueError, OSError, TypeError, AttributeError) as e:
        error = e
    if getattr(config, "model_type", None) not in _QWEN3_VL_FAMILY:
        if error is not None:
            raise error
        raise ValueError(f"{source} has a vision config but no image processor")
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import Qwen2VLImageProcessorPil

    tokenizer = AutoTokenizer.from_pretrained(source)
    image_processor = Qwen2VLImageProcessorPil.from_pretrained(source)
    log.info("loaded an image-only processor for %s (video processing needs torchvision)", source)
    return _processor_class()(
        image_processor=image_processor, tokenizer=tokenizer, chat_template=tokenizer.chat_template
    )


def _load_pretrained(spec: str, *, dtype: str | None, vision: bool | None):
    from transformers import AutoConfig, AutoModelForCausalLM, AutoModelForImageTextToText, AutoTokenizer

    torch_dtype = _resolve_dtype(dtype)
    local = Path(spec).expanduser()
    looks_local = spec.startswith((".", "/", "~")) or spec.count("/") > 1
    if looks_local and not local.exists():
        raise ConfigError(
            f"model path {spec} does not exist; pass a local checkpoint dir, a Hub id, {TINY_TEXT} or {TINY_VL}"
        )
    source = str(local) if local.exists() else spec
    try:
        config = AutoConfig.from_pretrained(source)
        is_vision = bool(vision) if vision is not None else getattr(config, "vision_config", None) is not None
        if is_vision:
            processing_class = _load_processor(source, config)
            model = AutoModelForImageTextToText.from_pretrained(source, dtype=torch_dtype)
        else:
            processing_class = AutoTokenizer.from_pretrained(source)
            model = AutoModelForCausalLM.from_pretrained(source, dtype=torch_dtype)
    except Exception as e:  # HF raises OSError/ValueError/EnvironmentError/... with multi-line messages
        first = " ".join(str(e).split())[:300]
        raise ConfigError(
            f"cannot load model {spec!r} ({type(e).__name__}: {first}); check the id or path, and when offline "
            "that it is in the local Hugging Face cache"
        ) from e
    return model, processing_class, is_vision


def _tiny_text_shape(spec: str) -> tuple[int, int | None]:
    """Width and attention window of ``tiny:text[-WIDTH[-wWINDOW]]`` (64 wide, full attention by default)."""
    parts = spec.removeprefix(TINY_TEXT).removeprefix("-").split("-") if spec != TINY_TEXT else []
    width = parts[0] if parts else "64"
    if not width.isdigit() or not 16 <= int(width) <= 1024 or int(width) % 16:
        raise ConfigError(f"{spec}: the width after tiny:text- must be a multiple of 16 in 16..1024")
    if len(parts) <= 1:
        return int(width), None
    window = parts[1].removeprefix("w") if len(parts) == 2 and parts[1].startswith("w") else ""
    if not window.isdigit() or not 16 <= int(window) <= 16384:
        raise ConfigError(f"{spec}: after the width, -wN sets the attention window in tokens (16..16384), "
                          "e.g. tiny:text-128-w256")
    return int(width), int(window)


def load_policy(
    spec: str, *, cache_dir: Path, dtype: str | None = None, vision: bool | None = None
) -> tuple[Any, Any, bool]:
    """Load the policy named by ``spec`` and its processing class.

    Args:
        spec: ``tiny:text[-WIDTH[-wWINDOW]]``, ``tiny:vl``, ``tiny:qwen3_5_moe``, ``tiny:qwen3_5``, a Hub id or a local
            checkpoint directory.
        cache_dir: where the tiny tokenizer is cached.
        dtype: "bfloat16", "float32", "float16" or None (auto); ignored by the tiny models (always float32).
        vision: force (True) or forbid (False) loading as a vision-language model; None decides from the config.

    Returns:
        ``(model, processing_class, is_vision)``; ``is_vision`` says whether tool results may carry images.
    """
    spec = spec.strip()
    if spec == TINY_TEXT or spec.startswith(TINY_TEXT + "-"):
        if vision:
            raise ConfigError("tiny:text has no vision tower; use tiny:vl for a vision-language test model")
        return _tiny_text(Path(cache_dir), *_tiny_text_shape(spec))
    if spec == TINY_VL:
        if vision is False:
            raise ConfigError(f"{TINY_VL} is the vision-language test model; use {TINY_TEXT} for a text-only one")
        return _tiny_vl(Path(cache_dir))
    if spec.removeprefix("tiny:") in REAL_TEMPLATES and spec.startswith("tiny:"):
        if vision is False:
            raise ConfigError(f"{spec} is vision-language like the real model; use {TINY_TEXT} for a text-only one")
        return _tiny_real(Path(cache_dir), spec.removeprefix("tiny:"))
    if spec.startswith("tiny:"):
        raise ConfigError(f"unknown tiny model {spec!r}; use {TINY_TEXT}, {TINY_VL}, "
                          + ", ".join(f"tiny:{t}" for t in REAL_TEMPLATES))
    return _load_pretrained(spec, dtype=dtype, vision=vision)


__all__ = ["TINY_TEXT", "TINY_VL", "build_tokenizer", "corpus_files", "load_policy", "trl_chat_template"]
