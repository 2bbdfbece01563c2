// critique-paint render harness, sandbox side: runs in a same-origin frame whose realm SES locks down once.
// Each sketch is evaluated in a fresh Compartment whose only globals are the facades built here. Facades
// hold the page realm's p5 and p5.brush in closures and let only primitives (and opaque frozen colour
// handles of this realm) through in either direction; page-realm errors are turned into this realm's.
"use strict";
(() => {
  const W = window;
  const host = W.parent.__critiquePaintHost;
  const hostRandom = host.random;
  // Installed before lockdown freezes Math: the sketch's Math.random is the page's seeded stream.
  Math.random = function random() { return hostRandom(); };

  const pristine = {
    defineProperty: Object.defineProperty,
    deleteProperty: Reflect.deleteProperty,
    ownKeys: Reflect.ownKeys,
    apply: Reflect.apply,
    freeze: Object.freeze,
    create: Object.create,
    isArray: Array.isArray,
    addEventListener: EventTarget.prototype.addEventListener,
    removeEventListener: EventTarget.prototype.removeEventListener,
    Promise: Promise,
    WeakMap: WeakMap,
    Set: Set,
    TypeError: TypeError,
    RangeError: RangeError,
  };
  const { apply, freeze, isArray } = pristine;
  const MAX_ARRAY_ARG = 100000;
  const SHAPE_CALLS = new pristine.Set(["circle", "endShape", "rect", "polygon"]);
  const NAME = /^[A-Za-z_$][\w$]*$/;

  // One facade source per name, compiled once per page (code generation is allowed in the compile call) with
  // the page's Function constructor, held here from before lockdown. A function per name keeps its call site
  // monomorphic across renders: a call with up to six primitive arguments goes straight to p5 or p5.brush.
  const NativeFunction = Function;
  const factories = new Map();

  function facadeFactory(name) {
    let factory = factories.get(name);
    if (!factory) {
      if (!NAME.test(name)) throw new TypeError("not a name: " + name);
      const prim = (v) => `(${v} === null || (typeof ${v} !== "object" && typeof ${v} !== "function"))`;
      const params = ["a", "b", "c", "d", "e", "f"];
      const calls = params.map((_, n) => `n === ${n} ? method.call(self${params.slice(0, n).map((v) => ", " + v).join("")})`);
      factory = NativeFunction(`return function (state, method, self, slow, convert, result) {
  return function ${name}(${params.join(", ")}) {
    const n = arguments.length;
    if (!state.revoked && n <= 6 && ${params.map((v, i) => `(n < ${i + 1} || ${prim(v)})`).join(" && ")}) {
      let r;
      try {
        r = ${calls.join(" : ")} : method.call(self, a, b, c, d, e, f);
      } catch (err) {
        throw convert(err);
      }
      return typeof r === "number" ? r : result(r);
    }
    return slow(arguments);
  };
};`)();
      factories.set(name, factory);
    }
    return factory;
  }

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

  // ---- facades ---------------------------------------------------------------------------------
  const handleProto = freeze(pristine.create(null));

  function makeFacades(state) {
    const colours = new pristine.WeakMap(); // handle -> the page's p5.Color, this render only
    const { inst, p5: P5, brush: realBrush, MainArray } = state.page;
    const Color = P5.Color;

    function live() {
      if (state.revoked) throw new pristine.TypeError("the render has ended");
    }

    // A page-realm exception must not reach the sketch, so it becomes one of this realm.
    function convert(what) {
      return (e) => {
        let message = "failed";
        try { message = String(e && e.message); } catch (e2) { /* keep it */ }
        return new pristine.TypeError(`${what}: ${message}`.slice(0, 500));
      };
    }

    function call(what, fn, self, args) {
      try {
        return apply(fn, self, args);
      } catch (e) {
        throw convert(what)(e);
      }
    }

    // The general path: arguments copied to primitives, page arrays and colours; the result made safe.
    function facade(name, what, method, self, wrapResult) {
      const slow = (args) => {
        live();
        const copy = [];
        for (let i = 0; i < args.length; i++) copy[i] = toArg(args[i], what);
        const r = call(what, method, self, copy);
        return wrapResult ? toResult(r) : undefined;
      };
      const result = wrapResult ? toResult : () => undefined;
      return freeze(apply(facadeFactory(name), undefined, [state, method, self, slow, convert(what), result]));
    }

    // Every brush call that returned is counted by method; a shape closed while a fill is set is a filled shape.
    function tallied(name, inner) {
      const tally = state.tally;
      tally.calls[name] = 0;
      return freeze(function () {
        const r = apply(inner, undefined, arguments);
        tally.calls[name] += 1;
        if (name === "fill") tally.filling = true;
        else if (name === "noFill") tally.filling = false;
        else if (tally.filling && SHAPE_CALLS.has(name)) tally.shapes += 1;
        return r;
      });
    }

    function handle(colour) {
      const h = freeze(pristine.create(handleProto, {
        toString: { value: freeze(function toString(format) {
          live();
          return String(call("colour.toString()", colour.toString, colour,
                              [typeof format === "string" ? format : undefined]));
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
        call(`colour.${name}()`, colour[name], colour, [value]);
      });
    }

    // A value for the page: a primitive, a colour, or a page-realm array of those.
    function toArg(value, what) {
      const kind = typeof value;
      if (kind === "number" || kind === "string" || kind === "boolean" || value === undefined || value === null) {
        return value;
      }
      if (colours.has(value)) return colours.get(value);
      if (isArray(value)) {
        const n = Number(value.length);
        if (!(n >= 0 && n <= MAX_ARRAY_ARG)) throw new pristine.TypeError(`${what}: the array is too long`);
        const copy = new MainArray();
        for (let i = 0; i < n; i++) copy[i] = toArg(value[i], what);
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

    const random = P5.prototype.random;
    const randomNumber = facade("random", "random()", random, inst, true);
    const special = {
      // random(array) is p5's own: one draw, then array[floor(draw * length)]; the elements stay the sketch's.
      random(a, b) {
        if (isArray(a) && arguments.length === 1) {
          live();
          const draw = call("random()", random, inst, []);
          return a[Math.floor(draw * a.length)];
        }
        return apply(randomNumber, undefined, arguments);
      },
      createCanvas(w, h, mode) {
        live();
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
        call("createCanvas()", P5.prototype.createCanvas, inst, mode === undefined ? [w, h] : [w, h, mode]);
        call("createCanvas()", P5.prototype.pixelDensity, inst, [size / canvasSize]);
      },
      pixelDensity() {
        live();
        return Number(call("pixelDensity()", P5.prototype.pixelDensity, inst, []));
      },
    };

    const brushFacade = pristine.create(null);
    for (const name of state.opts.brushMethods) {
      const method = realBrush && realBrush[name];
      if (typeof method !== "function") continue;
      brushFacade[name] = tallied(name, facade("brush_" + name, "brush." + name + "()", method, realBrush, false));
    }
    freeze(brushFacade);

    const noop = freeze(function () { live(); });
    const consoleFacade = freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop });

    const values = pristine.create(null);
    for (const name of state.opts.p5Names) {
      const member = P5.prototype[name];
      const kind = typeof member;
      if (name in special) values[name] = freeze(special[name]);
      else if (kind === "function") values[name] = facade(name, name + "()", member, inst, true);
      else if (kind === "number" || kind === "string") values[name] = member;
    }
    values.brush = brushFacade;
    values.console = consoleFacade;
    values.Math = Math;
    values[state.opts.depthHook] = freeze(function recursionLimit() {
      const message = "the sketch recursed deeper than the renderer allows (about " + state.opts.depthBudget
        + " bytes of stack); use a loop or a shallower recursion";
      if (!state.failure) {
        state.failure = { code: "recursion_limit", message, line: null };
        host.markFailure("recursion_limit", message);
      }
      throw harnessError("recursion_limit", message, pristine.RangeError);
    });
    return values;
  }

  function liveGetter(state, name) {
    return freeze(function () {
      if (state.revoked) return undefined;
      const v = state.page.inst[name];
      return typeof v === "number" ? v : undefined;
    });
  }

  // A compartment whose global object holds only the allowed builtins and the live p5 variables.
  function makeCompartment(state) {
    const compartment = new Compartment({ globals: {}, __options__: true });
    const g = compartment.globalThis;
    const keep = new pristine.Set(state.opts.builtins);
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

  function compile(body, opts) {
    if (current) end();
    const state = { opts, page: null, canvas: false, revoked: false, failure: null, sketch: null,
                    tally: { calls: pristine.create(null), shapes: 0, filling: false } };
    current = state;
    const stop = (result) => {
      end();
      host.abandon();
      return result;
    };
    let values;
    let compartment;
    try {
      const P5 = host.p5();
      state.page = { inst: host.begin(opts.seed), p5: P5, brush: host.brush(), MainArray: host.MainArray };
      values = makeFacades(state);
      compartment = makeCompartment(state);
    } catch (e) {
      let message = "the sandbox could not start";
      try { message = String(e && e.message); } catch (e2) { /* keep it */ }
      return stop({ ok: false, code: "runtime_error", message: message.slice(0, 500), line: null,
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
    pristine.addEventListener.call(W, "error", onError);
    pristine.addEventListener.call(W, "unhandledrejection", onRejection);
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
    host.ready(freeze(invoke), state.sketch.draw !== null);
    return { ok: true };
  }

  function report(state, err, failed) {
    state.revoked = true; // a message getter may run sketch code; it can paint nothing now
    const d = state.failure || describe(err);
    failed(d.code, d.message, d.line);
  }

  // Run the sketch's setup or draw for p5 (with an undefined this), then tell the page with primitives.
  function invoke(which, done, failed) {
    const state = current;
    if (!state || state.revoked || !state.sketch) { failed("runtime_error", "the render has ended", null); return; }
    let result;
    try {
      result = apply(state.sketch[which], undefined, []);
    } catch (e) {
      report(state, e, failed);
      return;
    }
    if (result !== null && (typeof result === "object" || typeof result === "function")) {
      pristine.Promise.resolve(result).then(() => done(), (e) => report(state, e, failed));
    } else {
      done();
    }
  }

  // A rejection or error of this realm that no sketch code handled fails the render, as in the page.
  function onError(ev) {
    const state = current;
    if (!state || state.revoked) return;
    const d = describe(ev.error !== undefined ? ev.error : ev.message);
    state.revoked = true;
    host.failNow(d.code, d.message, d.line);
  }

  function onRejection(ev) {
    const state = current;
    if (!state || state.revoked) return;
    const d = state.failure || describe(ev.reason);
    state.revoked = true;
    host.failNow(d.code, d.message, d.line);
  }

  function end() {
    if (current) current.revoked = true;
    pristine.removeEventListener.call(W, "error", onError);
    pristine.removeEventListener.call(W, "unhandledrejection", onRejection);
  }

  function hasCanvas() {
    return Boolean(current && current.canvas);
  }

  // What the render's brush calls did, as primitives: calls per method and filled shapes.
  function tally() {
    const out = { calls: {}, shapes: 0 };
    if (!current) return out;
    for (const name of pristine.ownKeys(current.tally.calls)) out.calls[name] = current.tally.calls[name];
    out.shapes = current.tally.shapes;
    return out;
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
    pristine.defineProperty(W, "__critiquePaintSandbox", {
      value: freeze({ compile: freeze(compile), end: freeze(end), hasCanvas: freeze(hasCanvas),
                      tally: freeze(tally) }),
      writable: false, enumerable: false, configurable: false,
    });
    return true;
  };
})();
