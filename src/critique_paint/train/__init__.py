"""Training: the TRL environment adapter, reward functions, concurrent tool calls, SFT and GRPO."""
