"""Policies that write sketches: a person, a local transformers model, an OpenAI-compatible server, a replay.

All take the same conversation (the one GRPO trains on) and return the next reply, read by the one reply parser
(`env.replies`) that GRPO uses, so `paint` and `eval` accept any of them and score what training trains.
"""

from critique_paint.env.replies import Reply
from critique_paint.policy.base import Conversation, Policy, PolicyOptions
from critique_paint.policy.factory import POLICY_KINDS, make_policy

__all__ = ["POLICY_KINDS", "Conversation", "Policy", "PolicyOptions", "Reply", "make_policy"]
