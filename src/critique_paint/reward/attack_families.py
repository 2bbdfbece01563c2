"""Parametric cheap-painting generators for the reward attack: each maps a point of [0, 1]^d to a p5.brush sketch
that depicts nothing (heaps of shapes, washes, blobs, strokes, tilings, marks; symmetric or not, centred or not).

Every gene is read from the point by name (`Genes`), so an optimiser searches the family's whole space: counts,
placement, spread, palette, opacity, bleed, texture, curvature, mirror symmetry, paper and a layout seed. Every
sketch follows the contract of `prompts/system.md` with literal coordinates, and passes the static gate.
`HELD_OUT` families never enter the critic's fit: they measure whether what it learnt generalises.
"""

from __future__ import annotations

import colorsys
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from critique_paint.sketch import CANVAS_SIZE

PAPERS = ("#f6f1e7", "#f4eee3", "#faf6ee", "#eef0e6", "#f2ece0", "#e9eef2", "#1d2233", "#2a1f2d")
SIZE = CANVAS_SIZE
COMMON = ("paper", "hue", "hue_spread", "saturation", "value", "opacity", "bleed", "texture", "seed")

HEADER = f"""function setup() {{
  createCanvas({SIZE}, {SIZE}, WEBGL);
  angleMode(DEGREES);
  brush.scaleBrushes(3);
  noLoop();
}}

function shape(hex, op, bleed, tex, curv, pts) {{
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.3);
  brush.beginShape(curv);
  for (const p of pts) brush.vertex(p[0], p[1]);
  brush.endShape(true);
}}

function disc(hex, op, bleed, tex, x, y, r, scribble) {{
  brush.fill(hex, op);
  brush.fillBleed(bleed);
  brush.fillTexture(tex, 0.3);
  brush.circle(x, y, r, scribble);
}}
"""


class Genes:
    """A point of [0, 1]^d read by gene name; values outside [0, 1] are clipped."""

    def __init__(self, names: tuple[str, ...], x) -> None:
        self._v = {n: min(1.0, max(0.0, float(v))) for n, v in zip(names, x, strict=True)}

    def unit(self, name: str) -> float:
        return self._v[name]

    def num(self, name: str, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self._v[name]

    def int(self, name: str, lo: int, hi: int) -> int:
        return min(hi, lo + int(self._v[name] * (hi - lo + 1)))

    def pick(self, name: str, options: tuple):
        return options[min(len(options) - 1, int(self._v[name] * len(options)))]

    def flag(self, name: str, above: float = 0.5) -> bool:
        return self._v[name] > above


@dataclass
class Style:
    """The genes every family shares: paper, palette, and how the paint is laid."""

    paper: str
    palette: list[str]
    opacity: tuple[int, int]
    bleed: float
    texture: float
    rng: random.Random

    def colour(self) -> str:
        return self.rng.choice(self.palette)

    def op(self) -> int:
        return self.rng.randint(*self.opacity)


def _hex(h: float, s: float, v: float) -> str:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, min(1.0, max(0.0, s)), min(1.0, max(0.0, v)))
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def style(g: Genes, colours: int = 5) -> Style:
    rng = random.Random(g.int("seed", 0, 63))
    base, spread = g.unit("hue"), g.num("hue_spread", 0.0, 0.6)
    sat, val = g.num("saturation", 0.15, 0.9), g.num("value", 0.3, 0.95)
    palette = [_hex(base + spread * (i / max(1, colours - 1) - 0.5), sat + rng.uniform(-0.1, 0.1),
                    val + rng.uniform(-0.15, 0.15)) for i in range(colours)]
    lo = int(g.num("opacity", 40, 230))
    return Style(g.pick("paper", PAPERS), palette, (lo, min(255, lo + 40)), round(g.num("bleed", 0.0, 0.6), 2),
                 round(g.num("texture", 0.0, 0.8), 2), rng)


def _p(v: float) -> int:
    return int(round(v))


def _pts(pts: list[tuple[float, float]]) -> str:
    return "[" + ", ".join(f"[{_p(x)}, {_p(y)}]" for x, y in pts) + "]"


def poly(s: Style, pts: list[tuple[float, float]], curv: float, colour: str | None = None) -> str:
    return f'shape("{colour or s.colour()}", {s.op()}, {s.bleed}, {s.texture}, {curv:.2f}, {_pts(pts)});'


def circle(s: Style, x: float, y: float, r: float, scribble: bool = False, colour: str | None = None) -> str:
    return (f'disc("{colour or s.colour()}", {s.op()}, {s.bleed}, {s.texture}, {_p(x)}, {_p(y)}, {max(4, _p(r))}, '
            f"{str(scribble).lower()});")


def sketch(paper: str, body: list[str]) -> str:
    lines = "\n".join("  " + b for b in body)
    return (f'{HEADER}\nfunction draw() {{\n  translate(-width / 2, -height / 2);\n  background("{paper}");\n'
            f"  brush.noStroke();\n{lines}\n}}\n")


def mirrored(body: list[str], cx: float, ways: int) -> list[str]:
    """The shapes again, reflected about the vertical line x = cx (ways 2) and also the horizontal centre (4)."""
    import re

    def flip(line: str, fx: bool, fy: bool) -> str:
        def pair(m: re.Match) -> str:
            x, y = int(m.group(1)), int(m.group(2))
            return f"[{_p(2 * cx - x) if fx else x}, {SIZE - y if fy else y}]"

        line = re.sub(r"\[(-?\d+), (-?\d+)\]", pair, line)
        m = re.match(r'(disc\("[^"]+", \d+, [\d.]+, [\d.]+, )(-?\d+), (-?\d+)(, .*)', line)
        if m:
            x, y = int(m.group(2)), int(m.group(3))
            line = f"{m.group(1)}{_p(2 * cx - x) if fx else x}, {SIZE - y if fy else y}{m.group(4)}"
        return line

    out = list(body)
    if ways >= 2:
        out += [flip(b, True, False) for b in body]
    if ways >= 4:
        out += [flip(b, False, True) for b in body] + [flip(b, True, True) for b in body]
    return out


def _ways(g: Genes) -> int:
    return g.pick("symmetry", (1, 1, 2, 4))


def _centre(g: Genes) -> tuple[float, float]:
    return g.num("cx", 90, SIZE - 90), g.num("cy", 90, SIZE - 90)


def polygon_heap(g: Genes) -> str:
    """A heap of overlapping random polygons round a centre."""
    s = style(g)
    cx, cy = _centre(g)
    spread, size, curv = g.num("spread", 20, 260), g.num("size", 40, 260), g.pick("curvature", (0.0, 0.0, 0.3, 0.7))
    body = []
    for _ in range(g.int("count", 2, 14)):
        x, y = cx + s.rng.gauss(0, spread), cy + s.rng.gauss(0, spread)
        n = g.int("vertices", 3, 7)
        angles = sorted(s.rng.uniform(0, 2 * math.pi) for _ in range(n))
        r = size * s.rng.uniform(0.4, 1.0)
        body.append(poly(s, [(x + math.cos(a) * r * s.rng.uniform(0.5, 1), y + math.sin(a) * r * s.rng.uniform(0.5, 1))
                             for a in angles], curv))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def blob_lump(g: Genes) -> str:
    """One formless lump of soft blobs, lit from one side, on a plain ground (or a ground wash)."""
    s = style(g)
    cx, cy = _centre(g)
    body = []
    if g.flag("ground"):
        horizon = g.num("horizon", 250, 520)
        body.append(poly(s, [(-20, horizon), (620, horizon), (620, 620), (-20, 620)], 0.0))
    radius, light = g.num("size", 50, 220), g.num("light", 0, 360)
    lx, ly = math.cos(math.radians(light)), math.sin(math.radians(light))
    k = g.int("count", 3, 16)
    for i in range(k):
        a, d = s.rng.uniform(0, 2 * math.pi), radius * math.sqrt(s.rng.random()) * g.num("spread", 0.2, 0.9)
        x, y = cx + math.cos(a) * d, cy + math.sin(a) * d
        lit = (math.cos(a) * lx + math.sin(a) * ly + 1) / 2
        colour = s.palette[min(len(s.palette) - 1, int(lit * len(s.palette)))]
        body.append(circle(s, x, y, radius * s.rng.uniform(0.3, 0.7) * (1 - 0.4 * i / k), colour=colour))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def colour_field(g: Genes) -> str:
    """Large soft overlapping washes over much of the sheet (wet in wet), with a few stray strokes."""
    s = style(g)
    cx, cy = _centre(g)
    body = []
    for _ in range(g.int("count", 2, 9)):
        x, y, r = cx + s.rng.gauss(0, g.num("spread", 40, 260)), cy + s.rng.gauss(0, 150), g.num("size", 90, 320)
        angles = (i * math.pi / 4 for i in range(8))
        body.append(poly(s, [(x + math.cos(a) * r * s.rng.uniform(0.6, 1.2),
                              y + math.sin(a) * r * s.rng.uniform(0.5, 1)) for a in angles], 0.8))
    for _ in range(g.int("strokes", 0, 8)):
        x, y = s.rng.uniform(60, 540), s.rng.uniform(60, 540)
        a, length = s.rng.uniform(0, math.pi), g.num("stroke", 30, 200)
        dx, dy, w = math.cos(a) * length, math.sin(a) * length, g.num("width", 3, 18)
        body.append(poly(s, [(x, y), (x + dx, y + dy), (x + dx + w, y + dy + w), (x + w, y + w)], 0.2))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def stroke_bundle(g: Genes) -> str:
    """Many thin strokes with a main direction and some jitter, clustered or spread over the sheet."""
    s = style(g)
    cx, cy = _centre(g)
    angle, jitter = g.num("angle", 0, math.pi), g.num("jitter", 0, 1.2)
    length, width, spread = g.num("size", 30, 300), g.num("width", 3, 22), g.num("spread", 20, 240)
    body = []
    for _ in range(g.int("count", 4, 40)):
        x, y = cx + s.rng.gauss(0, spread), cy + s.rng.gauss(0, spread)
        a = angle + s.rng.gauss(0, jitter)
        dx, dy = math.cos(a) * length * s.rng.uniform(0.5, 1) / 2, math.sin(a) * length * s.rng.uniform(0.5, 1) / 2
        nx, ny = -math.sin(a) * width / 2, math.cos(a) * width / 2
        body.append(poly(s, [(x - dx + nx, y - dy + ny), (x + dx + nx, y + dy + ny), (x + dx - nx, y + dy - ny),
                             (x - dx - nx, y - dy - ny)], g.pick("curvature", (0.0, 0.2, 0.5))))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def tiling(g: Genes) -> str:
    """A jittered grid of shapes (discs or quads), over the sheet or part of it."""
    s = style(g)
    cx, cy = _centre(g)
    n, extent, jitter = g.int("count", 2, 9), g.num("spread", 150, 620), g.num("jitter", 0, 0.5)
    step = extent / n
    fill, discs = g.num("size", 0.3, 1.0), g.flag("vertices")
    body = []
    for i in range(n):
        for j in range(n):
            if s.rng.random() > g.num("density", 0.3, 1.0):
                continue
            x = cx - extent / 2 + (i + 0.5) * step + s.rng.gauss(0, jitter * step)
            y = cy - extent / 2 + (j + 0.5) * step + s.rng.gauss(0, jitter * step)
            h = step * fill / 2
            body.append(circle(s, x, y, h) if discs else poly(s, [(x - h, y - h), (x + h, y - h), (x + h, y + h),
                                                                  (x - h, y + h)], 0.0))
    return sketch(s.paper, body)


def mark_scatter(g: Genes) -> str:
    """Many small marks (dots and dashes) thick at a centre and thinning out round it."""
    s = style(g)
    cx, cy = _centre(g)
    spread, size = g.num("spread", 20, 260), g.num("size", 4, 40)
    body = []
    for _ in range(g.int("count", 10, 80)):
        x, y = cx + s.rng.gauss(0, spread), cy + s.rng.gauss(0, spread)
        r = size * s.rng.uniform(0.5, 1.5)
        if s.rng.random() < g.unit("vertices"):
            a = s.rng.uniform(0, math.pi)
            body.append(poly(s, [(x, y), (x + math.cos(a) * r * 2, y + math.sin(a) * r * 2),
                                 (x + math.cos(a) * r * 2 + 4, y + math.sin(a) * r * 2 + 4), (x + 4, y + 4)], 0.0))
        else:
            body.append(circle(s, x, y, r))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def nested_shapes(g: Genes) -> str:
    """Shapes inside shapes round a centre (not a bullseye: each one jittered and irregular)."""
    s = style(g)
    cx, cy = _centre(g)
    size, jitter, n = g.num("size", 80, 300), g.num("jitter", 0, 0.5), g.int("count", 2, 8)
    verts = g.int("vertices", 3, 9)
    body = []
    for i in range(n):
        r = size * (1 - i / n)
        ox, oy = s.rng.gauss(0, jitter * r * 0.3), s.rng.gauss(0, jitter * r * 0.3)
        body.append(poly(s, [(cx + ox + math.cos(a) * r * s.rng.uniform(1 - jitter, 1),
                              cy + oy + math.sin(a) * r * s.rng.uniform(1 - jitter, 1))
                             for a in (k * 2 * math.pi / verts + s.rng.uniform(0, jitter) for k in range(verts))],
                        g.pick("curvature", (0.0, 0.3, 0.7))))
    return sketch(s.paper, body)


def scribble_knot(g: Genes) -> str:
    """Scribbled open circles (p5.brush's displaced blobs) in a knot or spread out."""
    s = style(g)
    cx, cy = _centre(g)
    spread, size = g.num("spread", 10, 240), g.num("size", 20, 160)
    body = [circle(s, cx + s.rng.gauss(0, spread), cy + s.rng.gauss(0, spread), size * s.rng.uniform(0.4, 1),
                   scribble=s.rng.random() < g.num("vertices", 0.3, 1.0))
            for _ in range(g.int("count", 3, 30))]
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def shard_mosaic(g: Genes) -> str:
    """Triangles fanned out between random points of a region, filling it like broken glass."""
    s = style(g)
    cx, cy = _centre(g)
    extent = g.num("spread", 120, 620)
    pts = [(cx + s.rng.uniform(-0.5, 0.5) * extent, cy + s.rng.uniform(-0.5, 0.5) * extent)
           for _ in range(g.int("count", 5, 24))]
    pts.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    body = []
    for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
        apex = (cx + s.rng.gauss(0, extent * g.num("jitter", 0, 0.3)), cy + s.rng.gauss(0, extent * 0.1))
        body.append(poly(s, [apex, a, b], g.pick("curvature", (0.0, 0.0, 0.4))))
    return sketch(s.paper, mirrored(body, cx, _ways(g)))


def drift(g: Genes) -> str:
    """Blobs drifting along a curve across the sheet, growing or shrinking and shifting hue as they go."""
    s = style(g, colours=7)
    cx, cy = _centre(g)
    angle, bend, length = g.num("angle", 0, 360), g.num("jitter", -1.5, 1.5), g.num("spread", 150, 620)
    n, size = g.int("count", 4, 24), g.num("size", 15, 120)
    body = []
    for i in range(n):
        t = i / max(1, n - 1) - 0.5
        a = math.radians(angle) + bend * t
        x, y = cx + math.cos(a) * length * t, cy + math.sin(a) * length * t + bend * 60 * t * t
        r = size * (0.5 + (t + 0.5) * g.num("width", 0.0, 1.5))
        body.append(circle(s, x, y, r, colour=s.palette[min(len(s.palette) - 1, int((t + 0.5) * len(s.palette)))]))
    return sketch(s.paper, body)


def ornament(g: Genes) -> str:
    """A few random shapes repeated round a centre k times (a rosette that is not a flower)."""
    s = style(g)
    cx, cy = _centre(g)
    k, size = g.int("count", 3, 12), g.num("size", 20, 160)
    motif = []
    for _ in range(g.int("vertices", 1, 4)):
        d, a0 = g.num("spread", 20, 220) * s.rng.uniform(0.3, 1), s.rng.uniform(0, 2 * math.pi)
        motif.append([(d + math.cos(a) * size * s.rng.uniform(0.3, 1), math.sin(a) * size * s.rng.uniform(0.3, 1))
                      for a in (a0 + j * 2 * math.pi / 5 for j in range(5))])
    body = []
    colours = [s.colour() for _ in motif]
    for i in range(k):
        turn = 2 * math.pi * i / k
        for shape_pts, colour in zip(motif, colours, strict=True):
            pts = [(cx + x * math.cos(turn) - y * math.sin(turn), cy + x * math.sin(turn) + y * math.cos(turn))
                   for x, y in shape_pts]
            body.append(poly(s, pts, g.pick("curvature", (0.0, 0.3, 0.6)), colour=colour))
    return sketch(s.paper, body)


@dataclass(frozen=True)
class Family:
    name: str
    build: Callable[[Genes], str]
    genes: tuple[str, ...]

    def source(self, x) -> str:
        return self.build(Genes(self.genes, x))

    @property
    def held_out(self) -> bool:
        return self.name in HELD_OUT

    @property
    def doc(self) -> str:
        return (self.build.__doc__ or "").strip()


SHAPE = ("cx", "cy", "spread", "size", "count")
FAMILIES: dict[str, Family] = {f.name: f for f in (
    Family("polygon_heap", polygon_heap, COMMON + SHAPE + ("vertices", "curvature", "symmetry")),
    Family("colour_field", colour_field, COMMON + SHAPE + ("strokes", "stroke", "width", "symmetry")),
    Family("tiling", tiling, COMMON + SHAPE + ("jitter", "density", "vertices")),
    Family("nested_shapes", nested_shapes, COMMON + SHAPE + ("jitter", "vertices", "curvature")),
    Family("drift", drift, COMMON + SHAPE + ("angle", "jitter", "width")),
    Family("ornament", ornament, COMMON + SHAPE + ("vertices", "curvature")),
    Family("blob_lump", blob_lump, COMMON + SHAPE + ("ground", "horizon", "light", "symmetry")),
    Family("stroke_bundle", stroke_bundle, COMMON + SHAPE + ("angle", "jitter", "width", "curvature", "symmetry")),
    Family("mark_scatter", mark_scatter, COMMON + SHAPE + ("vertices", "symmetry")),
    Family("scribble_knot", scribble_knot, COMMON + SHAPE + ("vertices", "symmetry")),
    Family("shard_mosaic", shard_mosaic, COMMON + SHAPE + ("jitter", "curvature", "symmetry")),
)}
# Never fitted: chosen when the families were written, before any was scored.
HELD_OUT = ("blob_lump", "stroke_bundle", "mark_scatter", "scribble_knot", "shard_mosaic")


def family_names(spec: str | None = None) -> list[str]:
    """Family names from a comma list ("all", "train", "held-out" or names); a ValueError names unknown ones."""
    if not spec or spec == "all":
        return list(FAMILIES)
    out: list[str] = []
    for word in (w.strip() for w in spec.split(",") if w.strip()):
        if word == "train":
            out += [n for n in FAMILIES if n not in HELD_OUT]
        elif word == "held-out":
            out += list(HELD_OUT)
        elif word in FAMILIES:
            out.append(word)
        else:
            raise ValueError(f"unknown family {word!r}; choose from all, train, held-out, {', '.join(FAMILIES)}")
    return list(dict.fromkeys(out))
