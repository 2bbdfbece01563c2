"""Policies that write sketches: a person, a local transformers model, an OpenAI-compatible server, a replay.

All take the same conversation (the one GRPO trains on) and return the next sketch, so `paint` and `eval`
accept any of them.
"""

from critique_paint.policy.base import Conversation, Policy, PolicyOptions, PolicyReply
from critique_paint.policy.factory import POLICY_KINDS, make_policy

__all__ = ["POLICY_KINDS", "Conversation", "Policy", "PolicyOptions", "PolicyReply", "make_policy"]
