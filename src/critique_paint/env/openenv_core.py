"""The package's one import of OpenEnv, without its web UI.

`openenv.core` imports gradio (3.6 s and 115 MB of a process) for a web playground we never serve, and skips
it when gradio cannot be imported; gradio is hidden while OpenEnv imports, so every server, client and trainer
process starts without it. Gradio stays installed: `ENABLE_WEB_INTERFACE=1` still imports it when an app is made.
"""

from __future__ import annotations

import sys

_hidden = "gradio" not in sys.modules
if _hidden:
    sys.modules["gradio"] = None  # type: ignore[assignment]  # an import of it raises ModuleNotFoundError
try:
    from openenv.core import EnvClient
    from openenv.core.client_types import StepResult
    from openenv.core.env_server import Action, Environment, Observation, State, create_app
finally:
    if _hidden:
        del sys.modules["gradio"]

__all__ = ["Action", "EnvClient", "Environment", "Observation", "State", "StepResult", "create_app"]
