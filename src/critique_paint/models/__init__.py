"""Policy models: loading checkpoints and LoRA adapter folders, the real Qwen3.5 architectures, their tiny builds."""
