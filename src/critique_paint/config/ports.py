"""The port plan: one distinct default for every service a run talks to (docs/environment.md, "Ports")."""

VLLM_SERVER_PORT = 8000  # `trl vllm-serve` (its own default): generation on a second GPU
JUDGE_PORT = 8001  # an OpenAI-compatible vision judge, e.g. `vllm serve Qwen/Qwen3-VL-30B-A3B-Instruct`
HPS_PORT = 8002  # the HPSv3 scoring service (services/hpsv3)
ENV_SERVER_PORT = 8003  # `critique-paint serve`: the OpenEnv painting environment
