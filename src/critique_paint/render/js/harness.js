// critique-paint render harness: runs one seeded p5.brush sketch per call in a warm page.
// Loaded once per page after p5; p5.brush source is re-evaluated by the host before each render.
window.__critiquePaintInit = async function () {
  "use strict";
  const W = window;
  // Apply p5's one-time class decorations before taking the pristine snapshot.
  const warm = await new Promise((resolve) => {
    new p5((p) => {
      p.setup = () => { p.createCanvas(8, 8, p.WEBGL); };
      p.draw = () => { p.noLoop(); resolve(p); };
    });
  });
  await warm.remove();
  const pristine = {
    toDataURL: HTMLCanvasElement.prototype.toDataURL,
    readPixels: WebGL2RenderingContext.prototype.readPixels,
    getContext: HTMLCanvasElement.prototype.getContext,
    now: performance.now.bind(performance),
    defineProperty: Object.defineProperty,
    getOwnPropertyNames: Object.getOwnPropertyNames,
    getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
    deleteProperty: Reflect.deleteProperty,
    addEventListener: EventTarget.prototype.addEventListener,
    removeEventListener: EventTarget.prototype.removeEventListener,
    Promise: Promise,
  };

  // Builtins whose own properties are restored before every render.
  const guarded = [
    Math, JSON, Object, Object.prototype, Array, Array.prototype, Function.prototype,
    Number, Number.prototype, String, String.prototype, Boolean.prototype, Date, Date.prototype,
    Promise, Promise.prototype, Reflect, Map.prototype, Set.prototype, Symbol, RegExp.prototype,
    Float32Array.prototype, Float64Array.prototype, Uint8Array.prototype,
    Object.getPrototypeOf(Float32Array.prototype),
    EventTarget.prototype, Node.prototype, Element.prototype, HTMLElement.prototype,
    HTMLCanvasElement.prototype, CanvasRenderingContext2D.prototype,
    OffscreenCanvas.prototype, OffscreenCanvasRenderingContext2D.prototype,
    WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype,
    Document.prototype, Window.prototype, performance,
  ];

  function snapshot(obj) {
    const snap = new Map();
    for (const key of Reflect.ownKeys(obj)) {
      snap.set(key, pristine.getOwnPropertyDescriptor(obj, key));
    }
    return snap;
  }

  function restore(obj, snap) {
    for (const key of Reflect.ownKeys(obj)) {
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

  const builtinSnaps = guarded.map((obj) => [obj, snapshot(obj)]);
  const p5Snap = snapshot(p5.prototype);
  const p5StaticSnap = snapshot(p5);
  const hookSnap = Object.fromEntries(
    Object.entries(p5.lifecycleHooks).map(([k, v]) => [k, v.slice()]));
  const addonSnap = new Set(p5._registeredAddons);
  W.__critiquePaint = null;
  // UDP paths (WebRTC, WebTransport) are also closed by launch flags; without the globals a sketch needs a new realm.
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCSessionDescription",
                      "RTCIceCandidate", "WebTransport", "WebSocketStream"]) {
    try { pristine.deleteProperty(W, name); } catch (e) { /* non-configurable */ }
  }
  const windowKeys = new Set(Reflect.ownKeys(W));

  function mulberry32(seed) {
    let a = seed >>> 0;
    return function () {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function resetWorld(seed) {
    if (p5.instance) { try { p5.instance._loop = false; } catch (e) { /* ignore */ } }
    for (const [obj, snap] of builtinSnaps) restore(obj, snap);
    restore(p5.prototype, p5Snap);
    restore(p5, p5StaticSnap);
    for (const [k, v] of Object.entries(hookSnap)) p5.lifecycleHooks[k] = v.slice();
    p5._registeredAddons = new Set(addonSnap);
    p5.instance = null;
    for (const key of Reflect.ownKeys(W)) {
      if (!windowKeys.has(key)) {
        try { pristine.deleteProperty(W, key); } catch (e) { /* ignore */ }
      }
    }
    for (const c of Array.from(document.querySelectorAll("canvas, main"))) c.remove();
    Math.random = mulberry32(seed);
  }

  class RenderError extends Error {
    constructor(code, message) { super(message); this.code = code; }
  }

  // Called by the host after p5.brush and the sketch have been evaluated.
  function run(sketch, opts) {
    const { seed, size, canvasSize, maxCanvas } = opts;
    return new pristine.Promise((resolve) => {
      let finished = false;
      let inst = null;
      const t0 = pristine.now();
      const finish = (payload) => {
        if (finished) return;
        finished = true;
        pristine.removeEventListener.call(W, "error", onError);
        pristine.removeEventListener.call(W, "unhandledrejection", onRejection);
        if (inst) { try { inst._loop = false; inst.remove(); } catch (e) { /* ignore */ } }
        payload.paintMs = pristine.now() - t0;
        resolve(payload);
      };
      const fail = (code, err) => finish({
        ok: false, code, message: String((err && err.message) || err).slice(0, 500),
      });
      const onError = (ev) => fail((ev.error && ev.error.code) || "runtime_error", ev.error || ev.message);
      const onRejection = (ev) => fail((ev.reason && ev.reason.code) || "runtime_error", ev.reason);
      pristine.addEventListener.call(W, "error", onError);
      pristine.addEventListener.call(W, "unhandledrejection", onRejection);

      if (typeof sketch.setup !== "function") { fail("no_setup", "sketch defines no setup()"); return; }
      const capture = (pInst) => {
        try {
          const canvas = pInst._renderer && pInst._renderer.canvas;
          const gl = pInst._renderer && pInst._renderer.GL;
          if (!canvas || !gl || pInst.webglVersion !== "webgl2") {
            throw new RenderError("canvas_not_webgl", "the canvas is not a WEBGL (WebGL2) canvas");
          }
          pristine.readPixels.call(gl, 0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          const png = pristine.toDataURL.call(canvas, "image/png");
          finish({ ok: true, png, width: canvas.width, height: canvas.height });
        } catch (e) { fail(e.code || "capture_failed", e); }
      };
      const userCreateCanvas = p5.prototype.createCanvas;
      let userCanvas = false;
      p5.prototype.createCanvas = function (w, h, ...rest) {
        const isDefault = !userCanvas && w === 100 && h === 100 && !this._setupDone && rest[0] === "p2d";
        if (!isDefault) {
          userCanvas = true;
          if (!(w > 0 && h > 0 && w <= maxCanvas && h <= maxCanvas)) {
            throw new RenderError("canvas_size", `createCanvas(${w}, ${h}) is out of bounds; use ${canvasSize}x${canvasSize}`);
          }
          if (w !== canvasSize || h !== canvasSize) {
            throw new RenderError("canvas_size", `createCanvas(${w}, ${h}): the canvas must be ${canvasSize}x${canvasSize}`);
          }
        }
        const out = userCreateCanvas.call(this, w, h, ...rest);
        if (!isDefault) this.pixelDensity(size / canvasSize);
        return out;
      };
      p5.registerAddon(function criticalPaintCapture(p5c, proto, hooks) {
        hooks.presetup = function () { this.randomSeed(seed); this.noiseSeed(seed); };
        hooks.postsetup = function () {
          if (!userCanvas) { fail("no_canvas", "setup() never called createCanvas(…, WEBGL)"); return; }
          if (typeof sketch.draw !== "function") capture(this);
          else this.noLoop();
        };
        hooks.postdraw = function () { capture(this); };
      });
      // p5 calls these with the global object as `this`; a class method used as draw() must not get it.
      W.setup = function () { return sketch.setup.call(undefined); };
      if (typeof sketch.draw === "function") W.draw = function () { return sketch.draw.call(undefined); };
      try { inst = new p5(); } catch (e) { fail(e.code || "runtime_error", e); }
    });
  }

  W.__critiquePaint = { resetWorld, run };
  return true;
};
