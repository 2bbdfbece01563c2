"""Flags shared by `paint` and `eval` for choosing and configuring a policy."""

from __future__ import annotations

import argparse

POLICY_HELP = ("human, hf:ID_OR_PATH (a local model or LoRA adapter folder), openai:MODEL (with --base-url) "
               "or replay:PATH")


def add_policy_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("policy settings")
    g.add_argument("--base-url", help="openai: the OpenAI-compatible server (vLLM, OpenAI, ...), ending in /v1")
    g.add_argument("--api-key", help="openai: the API key (default $OPENAI_API_KEY)")
    g.add_argument("--adapter", help="hf: a LoRA adapter folder to apply to the model")
    g.add_argument("--dtype", help="hf: bfloat16, float16 or float32 (default: the model's)")
    g.add_argument("--temperature", type=float, default=0.7, help="sampling temperature (0: greedy)")
    g.add_argument("--max-new-tokens", type=int, default=4096)
    g.add_argument("--send-images", action="store_true", help="openai: show the model each painting as an image")
    g.add_argument("--thinking", action="store_true",
                   help="openai: let a Qwen3/Qwen3.5 model think (by default the server is sent "
                        "chat_template_kwargs enable_thinking=false, as in training)")
    g.add_argument("--editor", help="human: the editor command (default $VISUAL or $EDITOR; none: paste)")


def policy_options(args: argparse.Namespace):
    """PolicyOptions from the flags; also checks --turns, which `paint` and `eval` share."""
    from critique_paint.cli import UsageError
    from critique_paint.env.protocol import MAX_TURNS_LIMIT
    from critique_paint.policy.base import PolicyOptions

    if not 1 <= args.turns <= MAX_TURNS_LIMIT:
        raise UsageError(f"--turns must be 1..{MAX_TURNS_LIMIT}")
    if args.temperature < 0 or args.max_new_tokens < 1:
        raise UsageError("--temperature must be >= 0 and --max-new-tokens >= 1")
    return PolicyOptions(base_url=args.base_url, api_key=args.api_key, adapter=args.adapter, dtype=args.dtype,
                         temperature=args.temperature, max_new_tokens=args.max_new_tokens,
                         send_images=args.send_images, editor=args.editor, thinking=args.thinking)
