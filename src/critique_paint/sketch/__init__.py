"""Turn a model reply into a p5.js + p5.brush sketch and gate it statically."""

from .extract import extract_sketch
from .gate import GateVerdict, Violation, check_sketch
from .rules import (
    BRUSH_METHODS,
    BRUSH_SIGNATURES,
    CANVAS_SIZE,
    DEFAULT_BRUSH_ALLOWLIST,
    DEFAULT_BRUSH_METHODS,
    P5_FUNCTIONS,
    VIOLATION_CODES,
    brush_method_set,
)

__all__ = [
    "BRUSH_METHODS",
    "BRUSH_SIGNATURES",
    "CANVAS_SIZE",
    "DEFAULT_BRUSH_ALLOWLIST",
    "DEFAULT_BRUSH_METHODS",
    "P5_FUNCTIONS",
    "VIOLATION_CODES",
    "brush_method_set",
    "GateVerdict",
    "Violation",
    "check_sketch",
    "extract_sketch",
]
