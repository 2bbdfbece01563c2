// critique-paint render harness: each sketch runs in a fresh SES compartment of a locked-down page.
// Loaded once per page after p5 and ses. The host calls init() (async), then lock() once with code
// generation allowed, then per render: reset(seed) + p5.brush source, compile(source, opts) with code
// generation allowed, run(). The sketch's only globals are the facades built here; they take primitives
// (or colour handles) and return primitives, handles or nothing, and are revoked when the render ends.
"use strict";
(() => {
  const W = window;

  // Seeded Math.random, installed before lockdown freezes Math; p5.brush and sketches share one stream.
  let rngState = 0;
  Math.random = function random() {
    rngState = (rngState + 0x6d2b79f5) | 0;
    let t = Math.imul(rngState ^ (rngState >>> 15), 1 | rngState);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const pristine = {
    toDataURL: HTMLCanvasElement.prototype.toDataURL,
    readPixels: WebGL2RenderingContext.prototype.readPixels,
    now: performance.now.bind(performance),
    addEventListener: EventTarget.prototype.addEventListener,
    removeEventListener: EventTarget.prototype.removeEventListener,
    querySelectorAll: Document.prototype.querySelectorAll,
    remove: Element.prototype.remove,
    defineProperty: Object.defineProperty,
    getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
    deleteProperty: Reflect.deleteProperty,
    ownKeys: Reflect.ownKeys,
    apply: Reflect.apply,
    freeze: Object.freeze,
    create: Object.create,
    isArray: Array.isArray,
    Promise: Promise,
    WeakMap: WeakMap,
    TypeError: TypeError,
    RangeError: RangeError,
  };
  const { apply, freeze, isArray } = pristine;
  const bind = Function.prototype.bind;
  const MAX_ARRAY_ARG = 100000;
  // p5 functions that only read numbers from their arguments (or, for random, pick from an array) and return
  // a number or that element: bound to the render's instance as they are, as fast as p5's global mode.
  const PURE_MATHS = new Set(("sin cos tan atan2 asin acos atan sqrt pow radians degrees abs min max floor ceil round "
    + "dist sq exp log norm fract map lerp constrain noise random randomGaussian").split(" "));

  // ---- p5 state that trusted code (p5, p5.brush, this harness) changes, restored before every render.
  let p5Snap = null;
  let p5StaticSnap = null;
  let hookSnap = null;
  let addonSnap = null;
  let windowKeys = null;

  function snapshot(obj) {
    const snap = new Map();
    for (const key of pristine.ownKeys(obj)) snap.set(key, pristine.getOwnPropertyDescriptor(obj, key));
    return snap;
  }

  function restore(obj, snap) {
    for (const key of pristine.ownKeys(obj)) {
      if (!snap.has(key)) {
        try { pristine.deleteProperty(obj, key); } catch (e) { /* non-configurable */ }
      }
    }
    for (const [key, desc] of snap) {
      const now = pristine.getOwnPropertyDescriptor(obj, key);
      if (!now || now.value !== desc.value || now.get !== desc.get || now.set !== desc.set) {
        try { pristine.defineProperty(obj, key, desc); } catch (e) { /* non-configurable */ }
      }
    }
  }

  W.__critiquePaintInit = async function init() {
    // Apply p5's one-time class decorations before taking the snapshot.
    const warm = await new pristine.Promise((resolve) => {
      new p5((p) => {
        p.setup = () => { p.createCanvas(8, 8, p.WEBGL); };
        p.draw = () => { p.noLoop(); resolve(p); };
      });
    });
    await warm.remove();
    p5Snap = snapshot(p5.prototype);
    p5StaticSnap = snapshot(p5);
    hookSnap = Object.fromEntries(Object.entries(p5.lifecycleHooks).map(([k, v]) => [k, v.slice()]));
    addonSnap = new Set(p5._registeredAddons);
    // UDP paths (WebRTC, WebTransport) are also closed by launch flags; sketches never see the window anyway.
    for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription",
                        "RTCIceCandidate", "WebTransport", "WebSocketStream"]) {
      try { pristine.deleteProperty(W, name); } catch (e) { /* non-configurable */ }
    }
    windowKeys = new Set(pristine.ownKeys(W));
    return true;
  };

  // ---- verdicts: only errors this harness made carry a code; anything a sketch throws is a runtime_error.
  const trusted = new pristine.WeakMap();

  function harnessError(code, message, Kind = pristine.TypeError) {
    const err = new Kind(message);
    trusted.set(err, code);
    return err;
  }

  function describe(err) {
    if (trusted.has(err)) return { code: trusted.get(err), message: err.message, line: null };
    let message = "error";
    let line = null;
    try {
      if (err !== null && (typeof err === "object" || typeof err === "function")) {
        const name = err.name;
        const text = err.message;
        message = typeof text === "string" || typeof name === "string"
          ? (typeof name === "string" && name ? name + ": " : "") + String(text)
          : "the sketch threw a value that is not an Error";
        const stack = err.stack;
        const found = typeof stack === "string" ? /sketch\.js:(\d+)/.exec(stack) : null;
        if (found) line = Number(found[1]);
      } else {
        message = "Uncaught " + String(err);
      }
    } catch (e) {
      message = "the sketch threw a value that cannot be described";
    }
    return { code: "runtime_error", message: message.slice(0, 500), line };
  }

  let current = null; // the one render in progress

  function reset(seed) {
    if (current) {
      current.revoked = true;
      if (current.p5) { try { current.p5._loop = false; current.p5.remove(); } catch (e) { /* ignore */ } }
    }
    current = null;
    if (p5.instance) { try { p5.instance._loop = false; } catch (e) { /* ignore */ } }
    restore(p5.prototype, p5Snap);
    restore(p5, p5StaticSnap);
    for (const [k, v] of Object.entries(hookSnap)) p5.lifecycleHooks[k] = v.slice();
    p5._registeredAddons = new Set(addonSnap);
    p5.instance = null;
    for (const key of pristine.ownKeys(W)) {
      if (!windowKeys.has(key)) {
        try { pristine.deleteProperty(W, key); } catch (e) { /* ignore */ }
      }
    }
    for (const c of Array.from(apply(pristine.querySelectorAll, document, ["canvas, main"]))) apply(pristine.remove, c, []);
    rngState = seed >>> 0;
    return true;
  }

  // ---- facades ---------------------------------------------------------------------------------
  const handleProto = freeze(pristine.create(null));

  function makeFacades(state) {
    const colours = new pristine.WeakMap(); // handle -> p5.Color, this render only
    const Color = p5.Color;

    function live() {
      if (state.revoked) throw new pristine.TypeError("the render has ended");
    }

    function handle(colour) {
      const h = freeze(pristine.create(handleProto, {
        toString: { value: freeze(function toString(format) {
          live();
          return String(colour.toString(typeof format === "string" ? format : undefined));
        }) },
        setRed: { value: setter(colour, "setRed") },
        setGreen: { value: setter(colour, "setGreen") },
        setBlue: { value: setter(colour, "setBlue") },
        setAlpha: { value: setter(colour, "setAlpha") },
      }));
      colours.set(h, colour);
      return h;
    }

    function setter(colour, name) {
      return freeze(function (value) {
        live();
        if (typeof value !== "number") throw new pristine.TypeError(`colour.${name} takes a number`);
        colour[name](value);
      });
    }

    function toArg(value, what, keep) {
      const kind = typeof value;
      if (kind === "number" || kind === "string" || kind === "boolean" || value === undefined || value === null) {
        return value;
      }
      if (colours.has(value)) return colours.get(value);
      if (isArray(value)) {
        const n = Number(value.length);
        if (!(n >= 0 && n <= MAX_ARRAY_ARG)) throw new pristine.TypeError(`${what}: the array is too long`);
        const copy = [];
        for (let i = 0; i < n; i++) copy[i] = keep ? value[i] : toArg(value[i], what, false);
        return copy;
      }
      throw new pristine.TypeError(`${what} takes numbers, strings, arrays of those or colours`);
    }

    function toResult(value) {
      const kind = typeof value;
      if (kind === "number" || kind === "string" || kind === "boolean") return value;
      if (Color && value instanceof Color) return handle(value);
      return undefined;
    }

    // Calls arrive only during this render; effects go to its p5 instance; results are primitives or handles.
    function p5Function(name, method) {
      const what = name + "()";
      return freeze({ [name](...args) {
        if (state.revoked) live();
        for (let i = 0; i < args.length; i++) {
          if (typeof args[i] !== "number") args[i] = toArg(args[i], what, false);
        }
        return toResult(apply(method, state.inst, args));
      } }[name]);
    }

    const special = {
      createCanvas(w, h, mode) {
        live();
        const inst = state.inst;
        const { canvasSize, maxCanvas, size } = state.opts;
        if (state.canvas) return undefined; // the first canvas is the painting; later calls change nothing
        if (typeof w !== "number" || typeof h !== "number" || !(w > 0 && h > 0 && w <= maxCanvas && h <= maxCanvas)) {
          throw harnessError("canvas_size", `createCanvas(${String(w)}, ${String(h)}) is out of bounds; use ${canvasSize}x${canvasSize}`);
        }
        if (w !== canvasSize || h !== canvasSize) {
          throw harnessError("canvas_size", `createCanvas(${w}, ${h}): the canvas must be ${canvasSize}x${canvasSize}`);
        }
        if (typeof mode !== "string" && mode !== undefined) throw new pristine.TypeError("createCanvas() takes a mode such as WEBGL");
        state.canvas = true;
        apply(p5.prototype.createCanvas, inst, mode === undefined ? [w, h] : [w, h, mode]);
        apply(p5.prototype.pixelDensity, inst, [size / canvasSize]);
      },
      pixelDensity() {
        live();
        return Number(apply(p5.prototype.pixelDensity, state.inst, []));
      },
    };

    const brushFacade = pristine.create(null);
    const realBrush = W.brush;
    for (const name of state.opts.brushMethods) {
      const method = realBrush && realBrush[name];
      if (typeof method !== "function") continue;
      const what = "brush." + name + "()";
      brushFacade[name] = freeze({ [name](...args) {
        if (state.revoked) live();
        for (let i = 0; i < args.length; i++) {
          if (typeof args[i] !== "number") args[i] = toArg(args[i], what, false);
        }
        apply(method, realBrush, args);
      } }[name]);
    }
    freeze(brushFacade);

    const noop = freeze(function () { live(); });
    const consoleFacade = freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop });

    const values = pristine.create(null);
    for (const name of state.opts.p5Names) {
      const member = p5.prototype[name];
      const kind = typeof member;
      if (name in special) values[name] = freeze(special[name]);
      else if (kind === "function" && PURE_MATHS.has(name)) values[name] = freeze(apply(bind, member, [state.inst]));
      else if (kind === "function") values[name] = p5Function(name, member);
      else if (kind === "number" || kind === "string") values[name] = member;
    }
    values.brush = brushFacade;
    values.console = consoleFacade;
    values.Math = Math;
    values[state.opts.depthHook] = freeze(function recursionLimit() {
      if (!state.failure) {
        state.failure = { code: "recursion_limit", message: "the sketch recursed deeper than the renderer allows "
          + "(about " + state.opts.depthBudget + " bytes of stack); use a loop or a shallower recursion", line: null };
      }
      throw harnessError("recursion_limit", state.failure.message, pristine.RangeError);
    });
    return values;
  }

  function liveGetter(state, name) {
    return freeze(function () { return state.inst && !state.revoked ? state.inst[name] : undefined; });
  }

  // A compartment whose global object holds only the allowed builtins and the live p5 variables.
  function makeCompartment(state) {
    const compartment = new Compartment({ globals: {}, __options__: true });
    const g = compartment.globalThis;
    const keep = new Set(state.opts.builtins);
    for (const key of pristine.ownKeys(g)) {
      if (!keep.has(key)) {
        try { pristine.deleteProperty(g, key); } catch (e) { /* Infinity, NaN, undefined */ }
      }
    }
    for (const name of state.opts.liveNames) {
      pristine.defineProperty(g, name, { get: liveGetter(state, name), enumerable: true, configurable: false });
    }
    freeze(g);
    return compartment;
  }

  // The sketch body becomes the inner block of a function whose parameters are the facades (a parameter
  // is found faster than a compartment global). The first line holds the wrapper, so lines match the source.
  function wrap(names, body) {
    return "(function (" + names.join(", ") + ") { {" + body
      + "\n;return {setup: typeof setup === 'function' ? setup : undefined, draw: typeof draw === 'function' ? "
      + "draw : undefined};\n} })\n//# sourceURL=sketch.js\n";
  }

  // The p5 instance is made first, held at its presetup hook until run(): so the facades know it while the
  // sketch's top level runs, and setup() and draw() run after this call, under the CSP's eval ban.
  function startInstance(state) {
    const { seed } = state.opts;
    let open;
    const gate = new pristine.Promise((resolve) => { open = resolve; });
    state.open = open;
    p5.registerAddon(function criticalPaintCapture(p5c, proto, hooks) {
      hooks.presetup = function () { state.inst = this; this.randomSeed(seed); this.noiseSeed(seed); return gate; };
      hooks.postsetup = function () { state.hooks.postsetup(this); };
      hooks.postdraw = function () { state.hooks.postdraw(this); };
    });
    state.p5 = new p5();
    if (!state.inst) throw new Error("p5 did not run the presetup hook");
  }

  function compile(body, opts) {
    const state = { opts, inst: null, p5: null, canvas: false, revoked: false, failure: null, sketch: null,
                    open: null, hooks: null };
    current = state;
    const stop = (result) => {
      state.revoked = true;
      if (state.p5) { try { state.p5._loop = false; state.p5.remove(); } catch (e) { /* ignore */ } }
      return result;
    };
    let values;
    let compartment;
    try {
      startInstance(state);
      values = makeFacades(state);
      compartment = makeCompartment(state);
    } catch (e) {
      return stop({ ok: false, code: "runtime_error", message: String(e && e.message).slice(0, 500), line: null,
                    replacePage: true });
    }
    const names = [];
    const args = [];
    for (const name of Object.keys(values)) {
      names.push(name);
      args.push(values[name]);
    }
    for (const name of opts.builtins) {
      if (!(name in values)) {
        names.push(name);
        args.push(compartment.globalThis[name]);
      }
    }
    let fn;
    try {
      fn = compartment.evaluate(wrap(names, body));
    } catch (e) {
      const d = describe(e);
      return stop({ ok: false, code: e instanceof SyntaxError ? "syntax_error" : "sketch_error", message: d.message,
                    line: d.line });
    }
    let result;
    try {
      result = apply(fn, undefined, args);
    } catch (e) {
      state.revoked = true;
      if (state.failure) return stop({ ok: false, ...state.failure });
      const d = describe(e);
      return stop({ ok: false, code: d.code === "runtime_error" ? "sketch_error" : d.code, message: d.message,
                    line: d.line });
    }
    if (state.failure) return stop({ ok: false, ...state.failure });
    let setup;
    let draw;
    try {
      setup = result.setup;
      draw = result.draw;
    } catch (e) {
      return stop({ ok: false, code: "sketch_error", message: describe(e).message, line: null });
    }
    if (typeof setup !== "function") return stop({ ok: false, code: "no_setup", message: "sketch defines no setup()", line: null });
    state.sketch = { setup, draw: typeof draw === "function" ? draw : null };
    // p5 reads these when it reaches setup; sketch functions never get the page's global object as this.
    W.setup = function () { return apply(setup, undefined, []); };
    if (state.sketch.draw) W.draw = function () { return apply(draw, undefined, []); };
    return { ok: true };
  }

  function run() {
    const state = current;
    return new pristine.Promise((resolve) => {
      if (!state || !state.sketch || state.revoked) {
        resolve({ ok: false, code: "no_setup", message: "no compiled sketch" });
        return;
      }
      let finished = false;
      const inst = state.p5;
      const t0 = pristine.now();
      const finish = (payload) => {
        if (finished) return;
        finished = true;
        state.revoked = true;
        pristine.removeEventListener.call(W, "error", onError);
        pristine.removeEventListener.call(W, "unhandledrejection", onRejection);
        try { inst._loop = false; inst.remove(); } catch (e) { /* ignore */ }
        payload.paintMs = pristine.now() - t0;
        resolve(payload);
      };
      const fail = (err) => {
        if (finished) return;
        state.revoked = true; // a message getter may run sketch code; it can paint nothing now
        const d = state.failure || describe(err);
        finish({ ok: false, code: d.code, message: d.message, line: d.line });
      };
      const onError = (ev) => fail(ev.error !== undefined ? ev.error : ev.message);
      const onRejection = (ev) => fail(ev.reason);
      pristine.addEventListener.call(W, "error", onError);
      pristine.addEventListener.call(W, "unhandledrejection", onRejection);

      const capture = (pInst) => {
        if (state.failure) { fail(null); return; }
        try {
          const renderer = pInst._renderer;
          const canvas = renderer && renderer.canvas;
          const gl = renderer && renderer.GL;
          if (!canvas || !gl || pInst.webglVersion !== "webgl2") {
            throw harnessError("canvas_not_webgl", "the canvas is not a WEBGL (WebGL2) canvas");
          }
          pristine.readPixels.call(gl, 0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          const png = pristine.toDataURL.call(canvas, "image/png");
          finish({ ok: true, png, width: canvas.width, height: canvas.height });
        } catch (e) { fail(e); }
      };
      state.hooks = {
        postsetup(pInst) {
          if (!state.canvas) { fail(harnessError("no_canvas", "setup() never called createCanvas(…, WEBGL)")); return; }
          if (!state.sketch.draw) capture(pInst);
          else pInst.noLoop();
        },
        postdraw: capture,
      };
      state.open();
    });
  }

  W.__critiquePaintLock = function lock() {
    lockdown({
      errorTaming: "unsafe",
      errorTrapping: "none",
      unhandledRejectionTrapping: "none",
      consoleTaming: "unsafe",
      stackFiltering: "verbose",
      overrideTaming: "min",
      reporting: "none",
    });
    // Under the CSP's eval ban SES would skip taming the Function constructors; prove they are inert.
    for (const fn of [function () {}, function* () {}, async function () {}, async function* () {}]) {
      let inert = false;
      try { fn.constructor("return this")(); } catch (e) { inert = e instanceof TypeError; }
      if (!inert) throw new Error("lockdown left a live Function constructor");
    }
    if (!Object.isFrozen(Math) || !Object.isFrozen(Array.prototype) || !Object.isFrozen(Object.prototype)) {
      throw new Error("lockdown did not freeze the intrinsics");
    }
    pristine.defineProperty(W, "__critiquePaint", {
      value: freeze({ reset: freeze(reset), compile: freeze(compile), run: freeze(run) }),
      writable: false, enumerable: false, configurable: false,
    });
    return true;
  };
})();
