"""Settings that a run's mode silently ignores (TRL reads them only in another mode)."""

from __future__ import annotations

from typing import Any

COLOCATE_ONLY = ("vllm_gpu_memory_utilization", "vllm_max_model_length", "vllm_enable_sleep_mode",
                 "vllm_tensor_parallel_size", "vllm_model_impl")
SERVER_ONLY = ("vllm_server_base_url", "vllm_server_host", "vllm_server_port", "vllm_server_timeout",
               "vllm_group_port")


def ignored_settings(cfg: Any) -> list[str]:
    """`section.key: why` for every set key that has no effect in the config's mode."""
    found = []
    grpo = cfg.grpo
    if not grpo.get("use_vllm"):
        found += [f"grpo.{k}: only read with grpo.use_vllm true" for k in grpo if k.startswith("vllm_")]
    elif grpo.get("vllm_mode", "colocate") == "server":
        found += [f"grpo.{k}: only read in vllm_mode colocate (the server takes its own flags)"
                  for k in COLOCATE_ONLY if k in grpo]
    else:
        found += [f"grpo.{k}: only read in vllm_mode server" for k in SERVER_ONLY if k in grpo]
    env = cfg.environment
    if env.reward_preset == "offline":
        if env.judge:
            found.append("environment.judge: the offline preset uses no judge")
        if env.hps_url:
            found.append("environment.hps_url: the offline preset uses no HPSv3")
    return found


def ignored_accelerate_keys(raw: dict[str, Any]) -> list[str]:
    """The same for an accelerate config file."""
    found = []
    single = int(raw.get("num_machines", 1)) == 1
    for key in ("rdzv_backend", "same_network", "main_process_ip", "main_process_port"):
        if single and key in raw:
            found.append(f"{key}: only read with num_machines > 1")
    ds = raw.get("deepspeed_config") or {}
    if single and "deepspeed_multinode_launcher" in ds:
        found.append("deepspeed_config.deepspeed_multinode_launcher: only read with num_machines > 1")
    if raw.get("distributed_type") != "TPU" and "main_training_function" in raw:
        found.append("main_training_function: only read for TPU launches")
    kind = raw.get("distributed_type")
    if kind == "MULTI_CPU" and not (raw.get("mpirun_config") or {}).get("mpirun_hostfile"):
        found.append("distributed_type: MULTI_CPU starts one process unless mpirun runs it "
                     "(mpirun_config.mpirun_hostfile); MULTI_GPU's torchrun launcher starts CPU ranks "
                     "(the shipped accelerate/cpu.yaml)")
    if kind in ("MULTI_GPU", "DEEPSPEED") and raw.get("use_cpu"):
        found.append("use_cpu: the multi-process launchers do not read it (set use_cpu in the training config)")
    if int(ds.get("zero_stage", 0) or 0) != 3:
        found += [f"deepspeed_config.{k}: only read with zero_stage 3" for k in ("zero3_init_flag",
                                                                                 "zero3_save_16bit_model") if k in ds]
    return found
