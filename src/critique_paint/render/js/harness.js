// critique-paint render harness, page side: p5 and p5.brush run in this realm, which no sketch can reach.
// Sketches run in the sandbox frame (sandbox.js): a locked-down realm where each gets a fresh compartment
// whose globals are facades; only primitives cross between the realms. This realm stays unfrozen, so
// p5.brush keeps V8's fast paths (frozen Array and Object prototypes make holey-array stores ~50x slower).
// Per render the host calls: reset(seed) + the p5.brush source here, compile() in the sandbox, run() here.
"use strict";
(() => {
  const W = window;

  // Seeded Math.random shared by p5.brush and (through the sandbox's Math) the sketch: one stream.
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
    Promise: Promise,
    WeakMap: WeakMap,
    Error: Error,
    MessageChannel: MessageChannel,
  };
  const { apply, freeze } = pristine;

  // Canvas and WebGL operations, counted: painting's share of a render's work (a deterministic measure; the
  // time each takes is bounded by the canvas size).
  let paintOps = 0;
  function countCalls(proto, names) {
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== "function") continue;
      const counted = function () { paintOps++; return apply(original, this, arguments); };
      pristine.defineProperty(proto, name, { value: counted, writable: true, enumerable: false, configurable: true });
    }
  }
  for (const proto of [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype]) {
    countCalls(proto, ["fill", "stroke", "fillRect", "strokeRect", "clearRect", "drawImage", "putImageData",
                       "getImageData"]);
  }
  for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
    countCalls(proto, ["drawArrays", "drawElements", "drawArraysInstanced", "drawElementsInstanced", "clear",
                       "blitFramebuffer", "readPixels", "texImage2D", "texSubImage2D", "copyTexSubImage2D"]);
  }

  // ---- colours for the sandbox, which reads colour strings itself (colour.js): made from numbers for one call,
  // read back as numbers; no sketch string is a key here. Format names cross as an index into this list.
  const COLOUR_FORMATS = ["#rrggbb", "hex", "rgb", "rgba", "rgb_number", "rgba_number", "color", "keyword", "hsl",
                          "hsla", "hwb", "lab", "lch", "oklab", "oklch", "default"];
  const UNKNOWN_FORMAT = "critique-paint-unknown";
  const SPACE_MODES = new Map(Object.entries(p5.Color.colorMap).map(([mode, id]) => [id, mode]));
  const SETTERS = ["setRed", "setGreen", "setBlue", "setAlpha"];

  function makeColour(space, c0, c1, c2, alpha) {
    const mode = SPACE_MODES.get(space);
    if (mode === undefined) throw new pristine.Error("unknown colour space");
    return new p5.Color({ spaceId: space, coords: [c0, c1, c2], alpha }, mode);
  }

  function readColour(c) {
    const col = c._color;
    const text = c._defaultStringValue;
    return [String(col.space.id), +col.coords[0], +col.coords[1], +col.coords[2], +col.alpha,
            typeof text === "string" ? text : undefined];
  }

  function colourString(space, c0, c1, c2, alpha, index) {
    const format = index < 0 ? undefined : index < COLOUR_FORMATS.length ? COLOUR_FORMATS[index] : UNKNOWN_FORMAT;
    return String(makeColour(space, c0, c1, c2, alpha).toString(format));
  }

  function setChannel(space, c0, c1, c2, alpha, channel, value) {
    const c = makeColour(space, c0, c1, c2, alpha);
    c[SETTERS[channel]](value);
    return readColour(c);
  }

  function rgba(c) {
    const v = c._getRGBA();
    return [+v[0], +v[1], +v[2], +v[3]];
  }

  // p5 wraps these setters and getters again for every instance it makes; each render starts from the originals.
  const colourProtoSnap = new Map();
  for (const key of pristine.ownKeys(p5.Color.prototype)) {
    colourProtoSnap.set(key, pristine.getOwnPropertyDescriptor(p5.Color.prototype, key));
  }

  // ---- p5 state that trusted code (p5, p5.brush, this harness) changes, restored before every render.
  let p5Snap = null;
  let p5StaticSnap = null;
  const classSnaps = [];
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
    // Build colour.js's lazily made parsers and formats now, with a shallow stack, not inside a sketch's call.
    for (const space of ["srgb", "hsl"]) {
      for (let i = -1; i <= COLOUR_FORMATS.length; i++) {
        try { colourString(space, 0.25, 0.5, 0.75, 0.5, i); } catch (e) { /* keyword cannot serialise */ }
      }
    }
    p5.Color.prototype.lerp.call(makeColour("srgb", 0, 0, 0, 1), makeColour("hsl", 10, 20, 30, 1), 0.5, "rgb");
    restore(p5.Color.prototype, colourProtoSnap);
    p5Snap = snapshot(p5.prototype);
    p5StaticSnap = snapshot(p5);
    // p5's classes keep counters and caches on themselves (p5.Geometry.nextId, ...): each render starts from these.
    for (const key of pristine.ownKeys(p5)) {
      const d = pristine.getOwnPropertyDescriptor(p5, key);
      if (typeof d.value !== "function" || d.value === p5) continue;
      classSnaps.push([d.value, snapshot(d.value)]);
      const proto = d.value.prototype;
      if (proto && proto !== p5.Color.prototype) classSnaps.push([proto, snapshot(proto)]);
    }
    hookSnap = Object.entries(p5.lifecycleHooks).map(([k, v]) => [k, v, v.slice()]);
    addonSnap = [p5._registeredAddons, Array.from(p5._registeredAddons)];
    // UDP paths (WebRTC, WebTransport) are also closed by launch flags; sketches never see this window anyway.
    for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription",
                        "RTCIceCandidate", "WebTransport", "WebSocketStream"]) {
      try { pristine.deleteProperty(W, name); } catch (e) { /* non-configurable */ }
    }
    windowKeys = snapshot(W);
    tidy();
    baseline = fingerprint();
    return true;
  };

  // ---- the page realm's reachable state: its intrinsics, the DOM and canvas prototypes, p5 and its classes,
  // colour.js's spaces, formats and named-colour rows. Fingerprinted once the page is ready and compared after
  // every render; a page that differs is replaced, so an unforeseen poisoning costs at most its own render.
  const INTRINSICS = ["Object", "Function", "Array", "String", "Number", "Boolean", "Symbol", "BigInt", "RegExp",
    "Map", "Set", "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Promise", "Proxy", "Reflect", "JSON",
    "Math", "Atomics", "Date", "Intl", "Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError",
    "EvalError", "URIError", "AggregateError", "ArrayBuffer", "SharedArrayBuffer", "DataView", "Float64Array",
    "Float32Array", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
    "Uint32Array", "BigInt64Array", "BigUint64Array", "Iterator", "structuredClone",
    "EventTarget", "Node", "Element", "HTMLElement", "HTMLCanvasElement", "Document", "HTMLDocument", "Window",
    "CanvasRenderingContext2D", "OffscreenCanvasRenderingContext2D", "OffscreenCanvas", "WebGLRenderingContext",
    "WebGL2RenderingContext", "Path2D", "ImageData", "DOMMatrix", "Image", "HTMLImageElement"];
  const WATCHED = Symbol("watched object");
  // an iterator of each kind (made once: a generator function's own prototype is new with every function)
  const ITERATORS = [[][Symbol.iterator](), new Map()[Symbol.iterator](), new Set()[Symbol.iterator](),
    ""[Symbol.iterator](), /x/[Symbol.matchAll](""), (function* () { /* generator */ })(),
    (async function* () { /* async generator */ })()];
  const colourRows = []; // the named-colour table's rows, which every colour parsed from a name shares
  let baseline = null;

  function watched() {
    const seen = new Set();
    const list = [];
    const add = (o) => {
      if (o !== null && (typeof o === "object" || typeof o === "function") && !seen.has(o)) { seen.add(o); list.push(o); }
    };
    const value = (o, key) => { const d = pristine.getOwnPropertyDescriptor(o, key); return d ? d.value : undefined; };
    for (const name of INTRINSICS) {
      const v = value(W, name);
      add(v);
      if (typeof v === "function") { add(value(v, "prototype")); add(Object.getPrototypeOf(v)); }
    }
    for (const it of ITERATORS) {
      for (let o = Object.getPrototypeOf(it); o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) add(o);
    }
    add(Object.getPrototypeOf(Int8Array));
    add(Object.getPrototypeOf(Int8Array.prototype));
    add(document);
    add(p5);
    for (const key of pristine.ownKeys(p5)) {
      const v = value(p5, key);
      add(v);
      if (typeof v === "function") add(value(v, "prototype"));
    }
    const space = makeColour("srgb", 0, 0, 0, 1)._color.space;
    const ColorSpace = space.constructor;
    add(ColorSpace);
    add(value(ColorSpace, "registry"));
    for (const s of Object.values(ColorSpace.registry)) {
      add(s);
      add(s.formats);
      for (const f of Object.values(s.formats || {})) add(f);
    }
    return list;
  }

  function fingerprint() {
    const out = [];
    for (const o of watched()) {
      out.push(WATCHED, o, Object.getPrototypeOf(o), Object.isExtensible(o));
      for (const key of pristine.ownKeys(o)) {
        const d = pristine.getOwnPropertyDescriptor(o, key);
        out.push(key, d.value, d.get, d.set, d.writable, d.enumerable, d.configurable);
      }
    }
    for (const row of colourRows) out.push(row.length, row[0], row[1], row[2]);
    // the window's own values change as it lives (length, ...) and p5 re-adds some of its keys: the set only
    out.push(WATCHED, W, ...pristine.ownKeys(W).map(String).sort());
    return out;
  }

  // The rows of colour.js's named colours (names from the sandbox's frozen copy, at lock time).
  function watchColourNames(names) {
    for (const name of names) colourRows.push(new p5.Color([String(name)])._color.coords);
    baseline = fingerprint();
  }

  // After a render: undo what p5 and p5.brush change on purpose, then compare the rest with the baseline.
  function settle() {
    const t0 = pristine.now();
    const verdict = compare();
    verdict.ms = pristine.now() - t0;
    return verdict;
  }

  function compare() {
    tidy();
    const now = fingerprint();
    if (now.length !== baseline.length) return { clean: false, at: "the set of watched properties" };
    for (let i = 0; i < now.length; i++) {
      if (!Object.is(now[i], baseline[i])) {
        let key = i;
        while (key > 0 && typeof baseline[key] !== "string" && typeof baseline[key] !== "symbol") key--;
        let owner = i;
        while (owner > 0 && baseline[owner] !== WATCHED) owner--;
        const o = baseline[owner + 1];
        let name = "?";
        try { name = typeof o === "function" ? o.name : (o && o.constructor && o.constructor.name) || "object"; } catch (e) { /* keep */ }
        let via = "";
        for (const k of pristine.ownKeys(p5)) {
          const d = pristine.getOwnPropertyDescriptor(p5, k);
          if (d.value === o || (d.value && d.value.prototype === o)) via = ` (p5.${String(k)})`;
        }
        if (o === W) {
          const before = new Set(baseline.slice(owner + 2).map(String));
          const after = new Set(now.slice(owner + 2).map(String));
          return { clean: false, at: `window keys: gone ${[...before].filter((k) => !after.has(k)).join(",")}; new ${[...after].filter((k) => !before.has(k)).join(",")}` };
        }
        const n2 = now[owner + 1];
        const keysOf = (x) => { try { return pristine.ownKeys(x).map(String).slice(0, 12).join(","); } catch (e) { return "?"; } };
        return { clean: false, at: `${name}.${String(baseline[key])}${via} [${keysOf(o)}] -> [${keysOf(n2)}] i=${i}` };
      }
    }
    return { clean: true };
  }

  // ---- verdicts: only errors the harness made carry a code.
  const trusted = new pristine.WeakMap();

  function verdictError(code, message, line) {
    const err = new pristine.Error(message);
    trusted.set(err, { code, line });
    return err;
  }

  function describe(err) {
    if (trusted.has(err)) return { code: trusted.get(err).code, message: err.message, line: trusted.get(err).line };
    let message = "error";
    try {
      message = err && typeof err === "object" ? String(err.name) + ": " + String(err.message) : String(err);
    } catch (e) { /* keep the default */ }
    return { code: "runtime_error", message: message.slice(0, 500), line: null };
  }

  let current = null; // the one render in progress

  function stopInstance(state) {
    if (state && state.p5) { try { state.p5._loop = false; state.p5.remove(); } catch (e) { /* ignore */ } }
  }

  function tidy() {
    if (current) { current.ended = true; stopInstance(current); }
    current = null;
    if (p5.instance) { try { p5.instance._loop = false; } catch (e) { /* ignore */ } }
    restore(p5.prototype, p5Snap);
    restore(p5, p5StaticSnap);
    restore(p5.Color.prototype, colourProtoSnap);
    for (const [obj, snap] of classSnaps) restore(obj, snap);
    for (const [k, list, items] of hookSnap) {
      list.length = 0;
      list.push(...items);
      p5.lifecycleHooks[k] = list;
    }
    const [addons, registered] = addonSnap;
    addons.clear();
    for (const a of registered) addons.add(a);
    p5._registeredAddons = addons;
    p5.instance = null;
    for (const key of pristine.ownKeys(W)) {
      if (!windowKeys.has(key)) {
        try { pristine.deleteProperty(W, key); } catch (e) { /* ignore */ }
      }
    }
    for (const [key, desc] of windowKeys) { // p5's global mode deletes what it bound, its own names with the rest
      if (!pristine.getOwnPropertyDescriptor(W, key)) {
        try { pristine.defineProperty(W, key, desc); } catch (e) { /* ignore */ }
      }
    }
    for (const c of Array.from(apply(pristine.querySelectorAll, document, ["canvas, main"]))) apply(pristine.remove, c, []);
  }

  function reset(seed) {
    tidy();
    rngState = seed >>> 0;
    paintOps = 0;
    return true;
  }

  // ---- what the sandbox may call. Its functions are held only by sandbox.js closures, never by a sketch.
  // The p5 instance is made before the sketch's top level and held at its presetup hook until run(), so the
  // facades know it while the top level runs, and setup() and draw() run later, under the CSP's eval ban.
  function begin(seed) {
    const state = { seed, p5: null, inst: null, canvas: false, ended: false, failure: null, hooks: null,
                    open: null, sketch: null };
    current = state;
    const gate = new pristine.Promise((resolve) => { state.open = resolve; });
    p5.registerAddon(function criticalPaintCapture(p5c, proto, hooks) {
      hooks.presetup = function () { state.inst = this; this.randomSeed(seed); this.noiseSeed(seed); return gate; };
      hooks.postsetup = function () { if (state.hooks) state.hooks.postsetup(this); };
      hooks.postdraw = function () { if (state.hooks) state.hooks.postdraw(this); };
    });
    state.p5 = new p5();
    if (!state.inst) throw new pristine.Error("p5 did not run the presetup hook");
    return state.inst;
  }

  // sketch = {setup, draw}: sandbox functions that run the sketch's own and report back with primitives.
  function ready(sketch, hasDraw) {
    const state = current;
    state.sketch = { sketch, hasDraw };
    // The sketch has no timers and no page events: once the microtasks its call queued have run, a promise it
    // returned that is still pending can never settle (decided at the next task, not by a clock).
    const call = (which) => new pristine.Promise((resolve, reject) => {
      let settled = false;
      sketch(which, () => { settled = true; resolve(); }, (code, message, line) => {
        settled = true;
        reject(verdictError(code, message, line));
      });
      if (!settled) {
        afterMicrotasks(() => {
          if (settled || state.ended) return;
          settled = true;
          reject(verdictError("timeout", `${which}() returned a promise that nothing in the sketch can settle `
                              + "(there are no timers or events); await only your own work", null));
        });
      }
    });
    W.setup = function () { return call("setup"); };
    if (hasDraw) W.draw = function () { return call("draw"); };
  }

  function afterMicrotasks(task) {
    const channel = new pristine.MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); task(); };
    channel.port2.postMessage(null);
  }

  function markFailure(code, message) {
    if (current && !current.failure) current.failure = { code, message, line: null };
  }

  function failNow(code, message, line) {
    if (current && current.fail) current.fail(verdictError(code, message, line));
  }

  function abandon() {
    if (current) { current.ended = true; stopInstance(current); }
  }

  W.__critiquePaintHost = freeze({
    random: Math.random, begin, ready, markFailure, failNow, abandon, paintOps: () => paintOps,
    colour: makeColour, readColour, colourString, setChannel, rgba, watchColourNames,
    brush: () => W.brush,
    p5: () => p5,
    MainArray: Array,
  });

  function run(sandbox) {
    const state = current;
    return new pristine.Promise((resolve) => {
      if (!state || !state.sketch || state.ended) {
        resolve({ ok: false, code: "no_setup", message: "no compiled sketch" });
        return;
      }
      let finished = false;
      const t0 = pristine.now();
      const finish = (payload) => {
        if (finished) return;
        finished = true;
        state.ended = true;
        try { sandbox.end(); } catch (e) { /* the sandbox stops its facades */ }
        pristine.removeEventListener.call(W, "error", onError);
        pristine.removeEventListener.call(W, "unhandledrejection", onRejection);
        stopInstance(state);
        payload.paintMs = pristine.now() - t0;
        resolve(payload);
      };
      const fail = (err) => {
        if (finished) return;
        try { sandbox.end(); } catch (e) { /* ignore */ }
        const d = state.failure || describe(err);
        finish({ ok: false, code: d.code, message: d.message, line: d.line });
      };
      state.fail = fail;
      const onError = (ev) => fail(ev.error !== undefined ? ev.error : ev.message);
      const onRejection = (ev) => fail(ev.reason);
      pristine.addEventListener.call(W, "error", onError);
      pristine.addEventListener.call(W, "unhandledrejection", onRejection);

      const capture = (pInst) => {
        if (state.failure) { fail(null); return; }
        const spent = sandbox.finalWork();
        if (spent.over) {
          fail(verdictError("timeout", "the sketch did more work than a render allows; paint with fewer, larger "
                            + "strokes and shorter loops", null));
          return;
        }
        try {
          const renderer = pInst._renderer;
          const canvas = renderer && renderer.canvas;
          const gl = renderer && renderer.GL;
          if (!canvas || !gl || pInst.webglVersion !== "webgl2") {
            throw verdictError("canvas_not_webgl", "the canvas is not a WEBGL (WebGL2) canvas", null);
          }
          pristine.readPixels.call(gl, 0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          const png = pristine.toDataURL.call(canvas, "image/png");
          let tally = null;
          try { tally = JSON.parse(JSON.stringify(sandbox.tally())); } catch (e) { /* counts are optional */ }
          finish({ ok: true, png, width: canvas.width, height: canvas.height, work: spent.work, paper: spent.paper,
                  workParts: spent.parts, tally });
        } catch (e) { fail(e); }
      };
      state.hooks = {
        postsetup(pInst) {
          if (!sandbox.hasCanvas()) { fail(verdictError("no_canvas", "setup() never called createCanvas(…, WEBGL)", null)); return; }
          if (!state.sketch.hasDraw) capture(pInst);
          else pInst.noLoop();
        },
        postdraw: capture,
      };
      state.open();
    });
  }

  pristine.defineProperty(W, "__critiquePaint", {
    value: freeze({ reset: freeze(reset), settle: freeze(settle),
                    run: freeze(() => run(W.frames[0].__critiquePaintSandbox)) }),
    writable: false, enumerable: false, configurable: false,
  });
})();
