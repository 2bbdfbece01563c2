"""Name lists and violation codes used by the static sketch gate."""

from __future__ import annotations

from collections.abc import Iterable

MAX_SOURCE_CHARS = 100_000  # longer sources are refused with `too_large` before parsing

__all__ = [
    "BRUSH_METHODS",
    "BRUSH_PAINTING_METHODS",
    "BRUSH_SIGNATURES",
    "BUILTIN_NAMES",
    "CANVAS_SIZE",
    "DEFAULT_BRUSH_ALLOWLIST",
    "DEFAULT_BRUSH_METHODS",
    "LIVE_P5_NAMES",
    "MAX_SOURCE_CHARS",
    "NAME_CODES",
    "P5_ALLOWED",
    "P5_DRAWING",
    "P5_FUNCTIONS",
    "REFUSED_TEXT",
    "REFUSED_TEXT_MESSAGE",
    "RESERVED_PREFIX",
    "SAFE_BUILTINS",
    "VIOLATION_CODES",
    "brush_method_set",
]

CANVAS_SIZE = 600  # the contract: createCanvas(600, 600, WEBGL); renders are this size unless asked

# Identifiers the renderer keeps for its own bookkeeping inside a sketch.
RESERVED_PREFIX = "$cp_"

# Text SES refuses to evaluate anywhere in a source, strings included (comments are blanked first).
REFUSED_TEXT: tuple[str, ...] = (r"<!--|-->", r"(^|[^.]|\.\.\.)\bimport(\s*(?:\(|/[/*]))", r"(^|[^.])\beval(\s*\()")
REFUSED_TEXT_MESSAGE = ("`{text}` cannot run even inside a string, regex or template (the sandbox refuses "
                        "`<!--`, `-->`, `import(` and `eval(` anywhere but comments); rewrite it.")

VIOLATION_CODES: dict[str, str] = {
    "empty": "the reply contains no code",
    "too_large": "the sketch is too large to check",
    "syntax_error": "the sketch does not parse as JavaScript",
    "truncated": "the sketch ends inside an unclosed block, call or string",
    "no_setup": "no top-level setup() function",
    "no_canvas": "createCanvas is never called",
    "canvas_not_webgl": "createCanvas lacks WEBGL as its third argument",
    "canvas_size": "createCanvas uses a literal size other than the contract size",
    "brush_not_allowed": "a p5.brush function outside the allowlist",
    "brush_unknown": "a brush.* name that p5.brush does not export",
    "dynamic_access": "brush used other than as a plain brush.method(...), or a with statement",
    "p5_not_allowed": "a p5 function or variable outside the allowed structural/math set",
    "p5_drawing": "a bare p5 drawing primitive instead of brush.* painting",
    "text_drawing": "text rendering (text, textFont, textSize, loadFont...)",
    "loader": "loading external assets (loadImage, createImg, data:image URIs...)",
    "network": "network or module access (fetch, XMLHttpRequest, import, require...)",
    "dynamic_code": "dynamic code (eval, Function, string timers)",
    "timer": "timers or animation callbacks; renders are a single frame",
    "global_object": "browser globals (window, document, localStorage...)",
    "builtin_assignment": "assigning to or redefining builtins, p5, brush or allowed p5 globals",
    "no_painting": "no brush painting call (brush.circle, brush.beginShape/vertex/endShape...)",
    "unknown_global": "a name the sketch does not declare and that is not an allowed p5 name or safe builtin",
    "undeclared_assignment": "assigning to a name the sketch never declares (sketches run in strict mode)",
    "escaped_identifier": "an identifier written with unicode escapes",
    "reflection": "reflection APIs (Reflect, Proxy)",
    "refused_text": "`<!--`, `-->`, `import(` or `eval(` in the source text, which the sandbox refuses to run",
    "reserved_name": "an identifier starting with the renderer's reserved prefix",
    "unsupported_syntax": "syntax the renderer cannot run with its stack accounting (await using)",
}

BRUSH_METHODS: frozenset[str] = frozenset(
    "Plot Polygon Position add addField arc beginShape beginStroke box circle clip "
    "endShape endStroke field fill fillBleed fillTexture flowLine hatch hatchArray "
    "hatchStyle instance line listFields load mass massArray move noClip noField "
    "noFill noHatch noMass noStroke noWash noiseSeed pick polygon rect refreshField "
    "scaleBrushes seed set spline stroke strokeWeight vertex wRand wash wiggle".split()
)

DEFAULT_BRUSH_ALLOWLIST: frozenset[str] = frozenset(
    "scaleBrushes noStroke fill noFill fillBleed fillTexture beginShape vertex endShape circle".split()
)

# brush.* calls that put marks on the canvas by themselves.
BRUSH_PAINTING_METHODS: frozenset[str] = frozenset("circle rect polygon line spline flowLine arc".split())

# How the system prompt writes each brush method, in the order it lists them (p5.brush 2.x's README).
BRUSH_SIGNATURES: dict[str, str] = {
    "scaleBrushes": "brush.scaleBrushes(3)",
    "noStroke": "brush.noStroke()",
    "fill": "brush.fill(hex, opacity 0-255)",
    "noFill": "brush.noFill()",
    "fillBleed": "brush.fillBleed(amount)",
    "fillTexture": "brush.fillTexture(amount, borderIntensity)",
    "beginShape": "brush.beginShape(curvature)",
    "vertex": "brush.vertex(x, y)",
    "endShape": "brush.endShape(true)",
    "circle": "brush.circle(x, y, radius, scribble)",
    "rect": "brush.rect(x, y, w, h, mode)",
    "polygon": "brush.polygon([[x, y], ...])",
    "arc": "brush.arc(x, y, radius, start, end)",
    "line": "brush.line(x1, y1, x2, y2)",
    "spline": "brush.spline([[x, y], ...], curvature)",
    "flowLine": "brush.flowLine(x, y, length, dir)",
    "beginStroke": "brush.beginStroke(type, x, y)",
    "move": "brush.move(angle, length, pressure)",
    "endStroke": "brush.endStroke(angle, pressure)",
    "set": "brush.set(brushName, color, weight)",
    "pick": "brush.pick(brushName)",
    "stroke": "brush.stroke(color)",
    "strokeWeight": "brush.strokeWeight(weight)",
    "wash": "brush.wash(color, opacity)",
    "noWash": "brush.noWash()",
    "hatch": "brush.hatch(dist, angle, options)",
    "noHatch": "brush.noHatch()",
    "hatchStyle": "brush.hatchStyle(brushName, color, weight)",
    "hatchArray": "brush.hatchArray(polygons)",
    "mass": "brush.mass(brushName, color, options)",
    "noMass": "brush.noMass()",
    "massArray": "brush.massArray(polygons)",
    "field": "brush.field(name)",
    "noField": "brush.noField()",
    "addField": "brush.addField(name, generator, options)",
    "refreshField": "brush.refreshField(time)",
    "listFields": "brush.listFields()",
    "wiggle": "brush.wiggle(amount)",
    "clip": "brush.clip([x1, y1, x2, y2])",
    "noClip": "brush.noClip()",
    "box": "brush.box()",
    "add": "brush.add(name, params)",
    "load": "brush.load(target)",
    "instance": "brush.instance(p)",
    "seed": "brush.seed(seed)",
    "noiseSeed": "brush.noiseSeed(seed)",
    "wRand": "brush.wRand(weights)",
    "Polygon": "brush.Polygon(points)",
    "Plot": "brush.Plot(type)",
    "Position": "brush.Position(x, y)",
}


def brush_method_set(names: Iterable[str]) -> tuple[str, ...]:
    """`names` once each, in `BRUSH_SIGNATURES` order; a ValueError, worded to follow the setting's name, when one
    is not a p5.brush method or none of them paints."""
    given = set(names)
    unknown = sorted(given - BRUSH_METHODS)
    if unknown:
        raise ValueError(f"has unknown brush method{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                         f"(p5.brush has {', '.join(sorted(BRUSH_METHODS, key=lambda n: (n.lower(), n)))})")
    if not (given & BRUSH_PAINTING_METHODS or {"beginShape", "vertex", "endShape"} <= given
            or {"beginStroke", "endStroke"} <= given):
        raise ValueError(f"names no painting method: add one of {', '.join(sorted(BRUSH_PAINTING_METHODS))} "
                         "or beginShape, vertex and endShape")
    return tuple(name for name in BRUSH_SIGNATURES if name in given)


DEFAULT_BRUSH_METHODS: tuple[str, ...] = brush_method_set(DEFAULT_BRUSH_ALLOWLIST)

P5_ALLOWED: frozenset[str] = frozenset(
    # structural / math functions
    "createCanvas background translate rotate scale angleMode noLoop push pop random "
    "randomSeed randomGaussian noise noiseSeed map lerp constrain sin cos tan atan2 "
    "asin acos atan sqrt pow radians degrees abs min max floor ceil round dist sq exp "
    "log norm fract color lerpColor red green blue alpha hue saturation brightness "
    "pixelDensity "
    # constants / read-only variables
    "PI TWO_PI HALF_PI QUARTER_PI TAU width height DEGREES RADIANS WEBGL frameCount".split()
)

P5_DRAWING: frozenset[str] = frozenset(
    "rect square ellipse circle line point triangle quad arc bezier curve spline "
    "vertex bezierVertex quadraticVertex curveVertex splineVertex beginShape endShape "
    "beginContour endContour fill stroke noFill noStroke strokeWeight image tint noTint "
    "plane box sphere cylinder cone ellipsoid torus model texture filter erase noErase "
    "clear set copy blend updatePixels".split()
)

_P5_TEXT = frozenset(
    "text textFont textSize textAlign textLeading textStyle textWidth textAscent "
    "textDescent textWrap textBounds textToPoints loadFont".split()
)

_LOADERS = frozenset(
    "loadImage loadFont loadJSON loadStrings loadTable loadXML loadBytes loadBlob "
    "loadShader loadModel loadSound httpGet httpPost httpDo createImg createVideo "
    "createCapture createAudio Image Audio FontFace createImageBitmap".split()
)

_TIMERS = frozenset(
    "setTimeout setInterval requestAnimationFrame setImmediate queueMicrotask requestIdleCallback".split()
)

_P5_OTHER = frozenset(
    # environment / loop / output
    "frameRate loop redraw isLooping save saveCanvas saveFrames saveGif print cursor "
    "noCursor fullscreen resizeCanvas noCanvas createGraphics createFramebuffer "
    "createImage createVector createShader createFilterShader shader resetShader "
    "setAttributes millis second minute hour day month year getURL getURLPath "
    "getURLParams describe describeElement textOutput gridOutput storeItem getItem "
    "clearStorage removeItem saveJSON saveStrings saveTable createWriter shuffle "
    "loadPixels get colorMode ellipseMode rectMode imageMode strokeCap strokeJoin "
    "smooth noSmooth curveDetail bezierDetail curveTightness splineProperty "
    "noiseDetail rotateX rotateY rotateZ shearX shearY applyMatrix resetMatrix "
    "lights ambientLight directionalLight pointLight spotLight noLights "
    "ambientMaterial specularMaterial emissiveMaterial normalMaterial shininess "
    "camera perspective ortho frustum createCamera setCamera orbitControl debugMode "
    "noDebugMode buildGeometry beginGeometry endGeometry freeGeometry lightness mag "
    # DOM helpers
    "createDiv createP createSpan createButton createSlider createInput createSelect "
    "createCheckbox createRadio createColorPicker createFileInput createElement createA "
    "select selectAll removeElements "
    # variables that leak input, timing or the raw rendering context
    "drawingContext pixels mouseX mouseY pmouseX pmouseY mouseIsPressed windowWidth "
    "windowHeight displayWidth displayHeight deltaTime _renderer".split()
)

P5_FUNCTIONS: frozenset[str] = (
    P5_ALLOWED | P5_DRAWING | _P5_TEXT | _LOADERS - {"Image", "Audio", "FontFace"} | _P5_OTHER
)

# JavaScript globals a sketch may use and the renderer provides (deny by default: every other free name is a
# violation, and at run time reads as undefined). No typed arrays or ArrayBuffer: their memory is off the heap.
SAFE_BUILTINS: frozenset[str] = frozenset(
    "Math Array Number String Boolean Object Symbol JSON Map Set WeakMap WeakSet Promise Error TypeError RangeError "
    "Infinity NaN undefined parseInt parseFloat isNaN isFinite console".split()
)

# p5 variables that change while a sketch runs; the renderer reads them from the live p5 instance.
LIVE_P5_NAMES: frozenset[str] = frozenset({"width", "height", "frameCount"})

BUILTIN_NAMES: frozenset[str] = frozenset(
    "Math Object Array Function String Number Boolean JSON Date Promise Reflect Proxy "
    "Symbol Error TypeError RangeError SyntaxError RegExp Map Set WeakMap WeakSet "
    "WeakRef BigInt ArrayBuffer SharedArrayBuffer DataView Uint8Array "
    "Uint8ClampedArray Int8Array Uint16Array Int16Array Uint32Array Int32Array "
    "Float32Array Float64Array BigInt64Array BigUint64Array Intl Atomics console "
    "parseInt parseFloat isNaN isFinite undefined NaN Infinity performance crypto "
    "p5 brush".split()
)

_NETWORK = frozenset(
    "fetch XMLHttpRequest WebSocket EventSource navigator Worker SharedWorker importScripts sendBeacon require "
    "RTCPeerConnection BroadcastChannel WebTransport RTCDataChannel RTCIceCandidate WebSocketStream".split()
)
_GLOBALS = frozenset(
    "document window globalThis localStorage sessionStorage indexedDB self parent top frames opener location "
    "caches alert confirm prompt open postMessage".split()
)


def _name_codes() -> dict[str, tuple[str, ...]]:
    """Map each free name the contract rules out to its codes (a name the sketch declares is its own)."""
    table: dict[str, tuple[str, ...]] = {}
    for names, code in (
        (_P5_OTHER, "p5_not_allowed"),
        (P5_DRAWING, "p5_drawing"),
        (_P5_TEXT, "text_drawing"),
        (_TIMERS, "timer"),
        (_LOADERS, "loader"),
        (_GLOBALS, "global_object"),
        (_NETWORK, "network"),
        (frozenset({"Reflect", "Proxy"}), "reflection"),
        (frozenset({"eval", "Function"}), "dynamic_code"),
    ):
        for name in names:
            table[name] = (code,) if name != "loadFont" else ("loader", "text_drawing")
    return table


# Later groups win: "loadFont" is both a loader and text, "Image" a loader.
NAME_CODES: dict[str, tuple[str, ...]] = _name_codes()
