"""Turn a model reply into a p5.js + p5.brush sketch and gate it statically."""

from .extract import extract_sketch
from .gate import GateVerdict, Violation, check_sketch
from .rules import BRUSH_METHODS, CANVAS_SIZE, DEFAULT_BRUSH_ALLOWLIST, P5_FUNCTIONS, VIOLATION_CODES

__all__ = [
    "BRUSH_METHODS",
    "CANVAS_SIZE",
    "DEFAULT_BRUSH_ALLOWLIST",
    "P5_FUNCTIONS",
    "VIOLATION_CODES",
    "GateVerdict",
    "Violation",
    "check_sketch",
    "extract_sketch",
]
