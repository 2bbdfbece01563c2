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
  };
  const { apply, freeze } = pristine;

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
    // UDP paths (WebRTC, WebTransport) are also closed by launch flags; sketches never see this window anyway.
    for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription",
                        "RTCIceCandidate", "WebTransport", "WebSocketStream"]) {
      try { pristine.deleteProperty(W, name); } catch (e) { /* non-configurable */ }
    }
    windowKeys = new Set(pristine.ownKeys(W));
    return true;
  };

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

  function reset(seed) {
    if (current) { current.ended = true; stopInstance(current); }
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
    const call = (which) => new pristine.Promise((resolve, reject) => {
      sketch(which, resolve, (code, message, line) => reject(verdictError(code, message, line)));
    });
    W.setup = function () { return call("setup"); };
    if (hasDraw) W.draw = function () { return call("draw"); };
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
    random: Math.random, begin, ready, markFailure, failNow, abandon,
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
          finish({ ok: true, png, width: canvas.width, height: canvas.height, tally });
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
    value: freeze({ reset: freeze(reset), run: freeze(() => run(W.frames[0].__critiquePaintSandbox)) }),
    writable: false, enumerable: false, configurable: false,
  });
})();
