"""Rendering p5.brush sketches in warm, sealed headless Chromium pages."""

from critique_paint.render.pages import RenderOptions, RenderPool
from critique_paint.render.pigment import DEFAULT_PAINT_FLOOR, paint_fraction
from critique_paint.render.result import RenderResult
from critique_paint.render.sync import Renderer

__all__ = ["DEFAULT_PAINT_FLOOR", "RenderOptions", "RenderPool", "RenderResult", "Renderer", "paint_fraction"]
