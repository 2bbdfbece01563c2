"""`make_policy(spec)`: a policy from its command-line spec."""

from __future__ import annotations

from critique_paint.errors import ConfigError
from critique_paint.policy.base import Policy, PolicyOptions

POLICY_KINDS = ("human", "hf", "openai", "replay")


def make_policy(spec: str, options: PolicyOptions | None = None) -> Policy:
    """`human`, `hf:ID_OR_PATH`, `openai:MODEL` or `replay:PATH`."""
    options = options or PolicyOptions()
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    if kind == "human" and not arg:
        from critique_paint.policy.human import HumanPolicy

        return HumanPolicy(editor=options.editor)
    if kind in {"hf", "openai", "replay"} and not arg.strip():
        raise ConfigError(f"policy {spec!r} needs an argument: {kind}:{_ARG_HELP[kind]}")
    if kind == "hf":
        from critique_paint.policy.hf import HfPolicy

        return HfPolicy(arg.strip(), options)
    if kind == "openai":
        from critique_paint.policy.openai_chat import OpenAIPolicy

        return OpenAIPolicy(arg.strip(), options)
    if kind == "replay":
        from critique_paint.policy.replay import ReplayPolicy

        return ReplayPolicy.load(arg.strip())
    raise ConfigError(f"unknown policy {spec!r}: use human, hf:ID_OR_PATH, openai:MODEL or replay:PATH")


_ARG_HELP = {"hf": "ID_OR_PATH", "openai": "MODEL", "replay": "PATH"}
