"""Name lists and violation codes used by the static sketch gate."""

from __future__ import annotations

__all__ = [
    "BANNED_MEMBERS",
    "CANVAS_SIZE",
    "BANNED_STRING_WORDS",
    "BRUSH_METHODS",
    "BRUSH_PAINTING_METHODS",
    "BUILTIN_NAMES",
    "DEFAULT_BRUSH_ALLOWLIST",
    "HARD_NAMES",
    "NAMESPACE_OBJECTS",
    "NUMERIC_FUNCTIONS",
    "P5_ALLOWED",
    "SAFE_BUILTINS",
    "STRING_METHODS",
    "P5_DRAWING",
    "P5_FUNCTIONS",
    "SOFT_NAMES",
    "VIOLATION_CODES",
]

CANVAS_SIZE = 600  # the contract: createCanvas(600, 600, WEBGL); renders are this size unless asked

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
    "dynamic_access": "brush or this used other than as a plain brush.method / with statement",
    "p5_not_allowed": "a p5 function or variable outside the allowed structural/math set",
    "p5_drawing": "a bare p5 drawing primitive instead of brush.* painting",
    "text_drawing": "text rendering (text, textFont, textSize, loadFont...)",
    "loader": "loading external assets (loadImage, createImg, data:image URIs...)",
    "network": "network or module access (fetch, XMLHttpRequest, import, require...)",
    "dynamic_code": "dynamic code (eval, Function, string timers, .constructor chains)",
    "timer": "timers or animation callbacks; renders are a single frame",
    "global_object": "browser globals (window, document, localStorage...)",
    "builtin_assignment": "assigning to or redefining builtins, p5, brush or allowed p5 globals",
    "no_painting": "no brush painting call (brush.circle, brush.beginShape/vertex/endShape...)",
    "unknown_global": "a name the sketch does not declare and that is not an allowed p5 name or safe builtin",
    "this_value": "`this` outside a class body (it can be the page's global object)",
    "escaped_identifier": "an identifier or property name written with unicode escapes",
    "banned_member": "a member name that reaches the page, the DOM or reflection (elt, canvas, constructor, _x...)",
    "computed_key": "computed member access whose key is not a number or a numeric local variable",
    "banned_string": "a string that spells a banned name or a page-reaching pattern (url(...), constructor...)",
    "reflection": "reflection APIs (Reflect, Proxy, Object, Symbol)",
    "builtin_value": "a builtin namespace (Math, JSON, Array...) used as a value instead of through its members",
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

# JavaScript globals a sketch may use (deny by default: every other free name is a violation).
SAFE_BUILTINS: frozenset[str] = frozenset(
    "Math Array Number String Boolean JSON Map Set Float32Array Float64Array Uint8Array Uint8ClampedArray "
    "Int8Array Int16Array Uint16Array Int32Array Uint32Array Infinity NaN undefined parseInt parseFloat isNaN "
    "isFinite console".split()
)

# Builtins that are objects: they may be used only through their members (Math.sin), never as values.
NAMESPACE_OBJECTS: frozenset[str] = frozenset(
    "Math JSON console Array Number String Boolean Map Set Float32Array Float64Array Uint8Array Uint8ClampedArray "
    "Int8Array Int16Array Uint16Array Int32Array Uint32Array".split()
)

# Member names that lead from any object to the page, the DOM, scheduling or reflection.
BANNED_MEMBERS: frozenset[str] = frozenset(
    # DOM and page
    "elt canvas ownerDocument defaultView drawingContext innerHTML outerHTML insertAdjacentHTML "
    "insertAdjacentElement insertAdjacentText srcdoc src srcset href style cssText setAttribute setAttributeNS "
    "parent parentNode parentElement getRootNode contentWindow contentDocument documentElement cookie "
    "createElement createElementNS appendChild insertBefore replaceChild shadowRoot attachShadow styleSheets "
    "addEventListener dispatchEvent onload onerror GL getContext toDataURL toBlob "
    "window document globalThis self top frames opener location navigator "
    # scheduling, code and network reached as properties
    "eval Function setTimeout setInterval requestAnimationFrame setImmediate queueMicrotask requestIdleCallback "
    "fetch XMLHttpRequest WebSocket WebTransport RTCPeerConnection EventSource sendBeacon importScripts Worker "
    # reflection
    "constructor prototype __proto__ caller callee arguments getPrototypeOf setPrototypeOf "
    "getOwnPropertyDescriptor getOwnPropertyDescriptors getOwnPropertyNames getOwnPropertySymbols "
    "defineProperty defineProperties ownKeys Reflect Proxy".split()
)

# Whole words a string literal must not spell (a banned member, a network or code global).
BANNED_STRING_WORDS: frozenset[str] = (
    BANNED_MEMBERS - frozenset("src href style top self parent frames".split())
) | frozenset("BroadcastChannel SharedWorker localStorage sessionStorage indexedDB Object Symbol".split())

# Calls known to return a number (safe as a computed index).
NUMERIC_FUNCTIONS: frozenset[str] = frozenset(
    "abs ceil floor round min max sqrt sq pow exp log sin cos tan asin acos atan atan2 radians degrees map lerp "
    "constrain dist norm fract noise randomGaussian int parseInt parseFloat Number trunc sign hypot log2 log10 "
    "cbrt imul clz32 fround indexOf lastIndexOf findIndex findLastIndex".split()
)

# Methods whose result is a string (a variable holding one is not a safe index).
STRING_METHODS: frozenset[str] = frozenset(
    "toString toFixed toPrecision toLowerCase toUpperCase join concat repeat slice substring substr charAt "
    "replace replaceAll padStart padEnd trim trimStart trimEnd fromCharCode fromCodePoint stringify raw "
    "normalize at String toLocaleString".split()
)

BUILTIN_NAMES: frozenset[str] = frozenset(
    "Math Object Array Function String Number Boolean JSON Date Promise Reflect Proxy "
    "Symbol Error TypeError RangeError SyntaxError RegExp Map Set WeakMap WeakSet "
    "WeakRef BigInt ArrayBuffer SharedArrayBuffer DataView Uint8Array "
    "Uint8ClampedArray Int8Array Uint16Array Int16Array Uint32Array Int32Array "
    "Float32Array Float64Array BigInt64Array BigUint64Array Intl Atomics console "
    "parseInt parseFloat isNaN isFinite undefined NaN Infinity performance crypto "
    "p5 brush".split()
)

# Names flagged wherever they appear, even when the sketch declares them.
HARD_NAMES: dict[str, str] = {
    **dict.fromkeys(
        "fetch XMLHttpRequest WebSocket EventSource navigator Worker SharedWorker "
        "importScripts sendBeacon require RTCPeerConnection BroadcastChannel WebTransport RTCDataChannel "
        "RTCIceCandidate WebSocketStream".split(),
        "network",
    ),
    **dict.fromkeys("Reflect Proxy Object Symbol".split(), "reflection"),
    **dict.fromkeys(["eval", "Function"], "dynamic_code"),
    **dict.fromkeys(
        "document window globalThis localStorage sessionStorage indexedDB".split(),
        "global_object",
    ),
}

_GLOBAL_SOFT = frozenset("self parent top frames opener location caches alert confirm prompt open postMessage".split())


def _soft_names() -> dict[str, tuple[str, ...]]:
    """Map each soft name (exempt when the sketch declares it) to its codes."""
    table: dict[str, tuple[str, ...]] = {}
    for names, code in (
        (_P5_OTHER, "p5_not_allowed"),
        (P5_DRAWING, "p5_drawing"),
        (_P5_TEXT, "text_drawing"),
        (_TIMERS, "timer"),
        (_LOADERS, "loader"),
        (_GLOBAL_SOFT, "global_object"),
    ):
        for name in names:
            table[name] = (code,) if name != "loadFont" else ("loader", "text_drawing")
    return table


# Later groups win: "loadFont" is both a loader and text, "Image" a loader.
SOFT_NAMES: dict[str, tuple[str, ...]] = _soft_names()
