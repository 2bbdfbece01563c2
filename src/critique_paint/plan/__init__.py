"""The memory and time planner of a training run (`critique-paint plan`, and the check before `sft` / `grpo`)."""

from critique_paint.plan.planner import Plan, check_fits, is_cpu_run, plan_run

__all__ = ["Plan", "check_fits", "is_cpu_run", "plan_run"]
