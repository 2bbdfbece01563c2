"""The OpenEnv painting environment: models, environment, shared runtime, server and client."""

from critique_paint.env.models import PaintAction, PaintObservation, PaintState

__all__ = ["PaintAction", "PaintObservation", "PaintState"]
