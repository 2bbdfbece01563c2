// critique-paint render harness, sandbox side: runs in a same-origin frame whose realm SES locks down once.
// Each sketch is instrumented (instrument.js) and evaluated in a fresh Compartment whose only globals are the
// facades built here. Facades hold the page realm's p5 and p5.brush in closures; numbers, booleans and p5's
// own constants go in (colour strings are read here, colour.js), primitives and colour handles over numbers
// come out; page-realm errors are turned into this realm's.
"use strict";
(() => {
  const W = window;
  const host = W.parent.__critiquePaintHost;
  const { instrument, hooks } = W.__critiquePaintInstrument;
  const { parse: parseColour, Unsupported: ColourUnsupported, keywords: COLOUR_NAMES } = W.__critiquePaintColour;
  const natives = W.__critiquePaintNatives;
  const { Linear: LinearRegExp, available: linearRegExps } = W.__critiquePaintRegExp;
  const nativeErrors = W.__critiquePaintErrors.natives; // the harness's own errors are not the sketch's to pay for
  for (const name of ["__critiquePaintInstrument", "__critiquePaintColour", "__critiquePaintNatives",
                      "__critiquePaintRegExp", "__critiquePaintErrors", "acorn", "astring"]) delete W[name];
  // For trusted code only (no compartment reaches this window): whether a builtin is one natives.js installed.
  Object.defineProperty(W, "__critiquePaintInstalled", { value: natives.installed });
  // The formats a colour handle's toString() names (colorjs.io's, and p5's "#rrggbb"); an index crosses to the page.
  const COLOUR_FORMATS = Object.freeze(["#rrggbb", "hex", "rgb", "rgba", "rgb_number", "rgba_number", "color",
    "keyword", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "default"]);
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
    TypeError: nativeErrors.get("TypeError"),
    RangeError: nativeErrors.get("RangeError"),
    reflectApply: Reflect.apply,
    symbols: Object.freeze([Symbol.iterator, Symbol.asyncIterator, TypeError, Symbol.toStringTag]),
  };
  const { apply, freeze, isArray } = pristine;
  const MAX_ARRAY_ARG = 100000;
  const MAX_ARG_DEPTH = 4; // arrays in a facade's argument (a list of points is 2 deep)
  const MAX_COLOUR_TEXT = 256; // the longest CSS colour a sketch means is under 60 characters
  const ELEMENT_COST = 4; // work units per array element copied into the page (about what 4 counted steps take)
  // p5.brush fills a shape of n vertices in time about n^2 (16,000 vertices: 52 CPU s, charged 64 units a call
  // before); 30 units a vertex pair is that time at the pool's rate (sunflowers-03: 2.7e9 units in 19.7 CPU s).
  const VERTEX_PAIR_COST = 30;
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
      const prim = (v) => `(${v} === null || (typeof ${v} !== "object" && typeof ${v} !== "function" && typeof ${v} !== "string"))`;
      const params = ["a", "b", "c", "d", "e", "f"];
      const calls = params.map((_, n) => `n === ${n} ? method.call(self${params.slice(0, n).map((v) => ", " + v).join("")})`);
      factory = NativeFunction(`return function (state, method, self, slow, convert, result, cost) {
  return function ${name}(${params.join(", ")}) {
    const n = arguments.length;
    if (!state.revoked && n <= 6 && ${params.map((v, i) => `(n < ${i + 1} || ${prim(v)})`).join(" && ")}) {
      let r;
      state.units += cost;
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
        if (found) line = sourceLine(Number(found[1]));
      } else {
        message = "Uncaught " + String(err);
      }
    } catch (e) {
      message = "the sketch threw a value that cannot be described";
    }
    return { code: "runtime_error", message: message.slice(0, 500), line };
  }

  let current = null; // the one render in progress

  // Past the builtins' nesting limit (natives.js) the render fails with recursion_limit, however it is caught.
  natives.onLimit((limit) => {
    const message = `the sketch nests data deeper than ${limit} levels (arrays in arrays, JSON, bound functions); `
      + "flatten it";
    if (current && !current.failure) {
      current.failure = { code: "recursion_limit", message, line: null };
      host.markFailure("recursion_limit", message);
    }
    throw harnessError("recursion_limit", message, pristine.RangeError);
  });
  // Work a builtin does inside one call (natives.js), charged to the render in progress before it is done. A
  // charge under a work chunk is only counted (the next counted step's tick checks the budget, as for the
  // sketch's own steps); a larger one is checked now, and past the budget throws again each time, so a sketch
  // that catches the budget's error cannot keep calling dear builtins until its next counted step throws.
  natives.onWork((units) => {
    const state = current;
    if (!state || state.revoked) return;
    if (units < WORK_CHUNK) state.units += units;
    else chargeWork(state, units);
  });
  // Whether a render is in progress: a native loop in microtasks (Array.fromAsync) stops when it is not.
  natives.onLive(() => Boolean(current && !current.revoked));
  let prepared = null; // the instrumented sketch the next compile() evaluates

  // A line of the compiled text (the wrapper is line 1) -> the sketch line its code came from.
  function sourceLine(n) {
    const lines = current && current.lines;
    const line = lines ? lines[n - 1] : undefined;
    return typeof line === "number" ? line : null;
  }

  // ---- work: the sketch's counted steps (function entries and loop iterations, weighted by their code's size),
  // its facade calls and the canvas operations painting made; past the budget the render is a timeout.
  const WORK_CHUNK = 4096;

  function work(state) {
    return state.units + host.paintOps() * state.opts.paintOpCost;
  }

  function overWorkBudget(state) {
    return work(state) > state.opts.workBudget;
  }

  // The render fails with `code` (the first failure is the verdict, whatever the sketch catches).
  function fail(state, code, message) {
    if (!state.failure) {
      state.failure = { code, message, line: null };
      host.markFailure(code, message);
    }
    throw harnessError(code, message, pristine.RangeError);
  }

  // Charge work done for the sketch; past the budget the render is a timeout, and every later charge throws.
  function chargeWork(state, units) {
    state.units += units;
    if (overWorkBudget(state)) {
      fail(state, "timeout", "the sketch did more work than a render allows (" + state.opts.workBudget
        + " steps); paint with fewer, larger strokes and shorter loops");
    }
  }

  // ---- facades ---------------------------------------------------------------------------------
  const handleProto = freeze(pristine.create(null));

  function makeFacades(state) {
    const records = new pristine.WeakMap(); // colour handle -> its numbers {space, c0, c1, c2, alpha, text}
    const { inst, p5: P5, brush: realBrush, MainArray } = state.page;
    const proto = P5.prototype;
    const cost = state.opts.facadeCost;
    // Strings a page function may receive: its own constants (WEBGL, DEGREES, ...) and fillBleed's directions.
    // Colour strings are read here and reach the page as numbers; any other string is refused.
    const constants = new pristine.Set(["out", "in", proto.P2D]);
    for (const name of state.opts.p5Names) if (typeof proto[name] === "string") constants.add(proto[name]);

    function live() {
      if (state.revoked) throw new pristine.TypeError("the render has ended");
    }

    const stop = (code, message) => fail(state, code, message);
    const chargeUnits = (units) => chargeWork(state, units);

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
        state.units += cost;
        const copy = [];
        for (let i = 0; i < args.length; i++) copy[i] = toArg(args[i], what);
        const r = call(what, method, self, copy);
        return wrapResult ? toResult(r) : undefined;
      };
      const result = wrapResult ? toResult : () => undefined;
      return freeze(apply(facadeFactory(name), undefined, [state, method, self, slow, convert(what), result, cost]));
    }

    // Every brush call that returned is counted by method; a shape closed while a fill is set is a filled shape.
    // Closing a shape (or a polygon) is charged by its vertex pairs first, which is what p5.brush will do.
    function tallied(name, inner) {
      const tally = state.tally;
      tally.calls[name] = 0;
      return freeze(function () {
        if (name === "beginShape") tally.vertices = 0;
        else if (name === "vertex") tally.vertices += 1;
        else if (name === "endShape" || name === "polygon") {
          const n = name === "polygon" ? (isArray(arguments[0]) ? arguments[0].length : 0) : tally.vertices;
          if (name === "endShape") tally.vertices = 0;
          chargeUnits(VERTEX_PAIR_COST * n * n);
        }
        const r = apply(inner, undefined, arguments);
        tally.calls[name] += 1;
        if (name === "fill") tally.filling = true;
        else if (name === "noFill") tally.filling = false;
        else if (tally.filling && SHAPE_CALLS.has(name)) tally.shapes += 1;
        return r;
      });
    }

    // ---- colours: a handle is a frozen object of this realm over numbers; page colours are made from those
    // numbers for one call and never leave the facade.
    function handle(rec) {
      const h = freeze(pristine.create(handleProto, {
        toString: { value: freeze(function toString(format) {
          live();
          const r = records.get(h);
          if (format === undefined && r.text !== undefined) return r.text;
          let index = -1;
          if (typeof format === "string") {
            index = COLOUR_FORMATS.indexOf(format);
            if (index < 0) index = COLOUR_FORMATS.length; // a name colour.js does not know: its default format
          }
          return String(call("colour.toString()", host.colourString, undefined, [...numbers(r), index]));
        }) },
        setRed: { value: setter(0, "setRed") },
        setGreen: { value: setter(1, "setGreen") },
        setBlue: { value: setter(2, "setBlue") },
        setAlpha: { value: setter(3, "setAlpha") },
      }));
      records.set(h, rec);
      return h;

      function setter(channel, name) {
        return freeze(function (value) {
          live();
          if (typeof value !== "number") throw new pristine.TypeError(`colour.${name} takes a number`);
          const r = records.get(h);
          records.set(h, fromPage(call(`colour.${name}()`, host.setChannel, undefined, [...numbers(r), channel, value])));
        });
      }
    }

    function numbers(r) {
      if (r.invalid) throw new pristine.TypeError("Invalid color string");
      return [r.space, r.c0, r.c1, r.c2, r.alpha];
    }

    function fromPage(read) {
      return { space: read[0], c0: read[1], c1: read[2], c2: read[3], alpha: read[4], text: read[5] };
    }

    function fromString(text) {
      if (text.length > MAX_COLOUR_TEXT) {
        throw new pristine.TypeError(`a colour string is at most ${MAX_COLOUR_TEXT} characters`);
      }
      let parsed;
      try {
        parsed = parseColour(text);
      } catch (e) {
        if (e instanceof ColourUnsupported) {
          throw new pristine.TypeError(`${e.message}; use hex, rgb(), hsl() or a CSS colour name`);
        }
        return { invalid: true, text };
      }
      const [c0, c1, c2] = parsed.coords;
      return { space: parsed.space, c0, c1, c2, alpha: parsed.alpha, text };
    }

    function pageColour(rec) {
      return call("color()", host.colour, undefined, numbers(rec));
    }

    // A colour argument: a handle, a colour string or [string, ...] (p5 reads the first), else the usual copy.
    function colourArg(value, what) {
      if (records.has(value)) return pageColour(records.get(value));
      if (typeof value === "string") return pageColour(fromString(value));
      if (isArray(value) && typeof value[0] === "string") return pageColour(fromString(value[0]));
      return toArg(value, what);
    }

    function colourArgs(args, what) {
      const copy = [];
      for (let i = 0; i < args.length; i++) copy[i] = i === 0 ? colourArg(args[i], what) : toArg(args[i], what);
      return copy;
    }

    function colourFacade(what, method) {
      return function (...args) {
        live();
        state.units += cost;
        return call(what, method, inst, colourArgs(args, what));
      };
    }

    // A value for the page: a number, boolean, one of its string constants, a colour, or a page-realm array of
    // those nested at most MAX_ARG_DEPTH deep. Arrays are copied without recursion, each element charged ELEMENT_COST
    // (a shared or self-containing array costs what its copy does), so neither the copy nor the page realm that
    // reads it can reach a native stack overflow.
    function toArg(value, what) {
      const kind = typeof value;
      if (kind === "number" || kind === "boolean" || value === undefined || value === null) return value;
      if (kind === "string") {
        if (constants.has(value)) return value;
        throw new pristine.TypeError(`${what} takes numbers (a string is read only as a colour or a mode such as WEBGL)`);
      }
      if (records.has(value)) return pageColour(records.get(value));
      if (!isArray(value)) throw new pristine.TypeError(`${what} takes numbers, strings, arrays of those or colours`);
      const root = new MainArray();
      const pending = [value, root, 1];
      while (pending.length > 0) {
        const depth = pending.pop();
        const copy = pending.pop();
        const source = pending.pop();
        const n = Number(source.length);
        if (!(n >= 0 && n <= MAX_ARRAY_ARG)) throw new pristine.TypeError(`${what}: the array is too long`);
        chargeUnits(n * ELEMENT_COST);
        for (let i = 0; i < n; i++) {
          const item = source[i];
          if (isArray(item)) {
            if (depth >= MAX_ARG_DEPTH) throw new pristine.TypeError(`${what}: arrays nested more than ${MAX_ARG_DEPTH} deep`);
            copy[i] = new MainArray();
            pending.push(item, copy[i], depth + 1);
          } else {
            copy[i] = toArg(item, what);
          }
        }
      }
      return root;
    }

    function toResult(value) {
      const kind = typeof value;
      if (kind === "number" || kind === "string" || kind === "boolean") return value;
      return undefined;
    }

    const random = proto.random;
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
        if (mode !== undefined && !constants.has(mode)) throw new pristine.TypeError("createCanvas() takes a mode such as WEBGL");
        state.canvas = true;
        call("createCanvas()", proto.createCanvas, inst, mode === undefined ? [w, h] : [w, h, mode]);
        call("createCanvas()", proto.pixelDensity, inst, [size / canvasSize]);
      },
      pixelDensity() {
        live();
        return Number(call("pixelDensity()", proto.pixelDensity, inst, []));
      },
      color(...args) {
        live();
        state.units += cost;
        const first = args[0];
        if (records.has(first)) return first; // p5 returns a colour it is given
        if (typeof first === "string") return handle(fromString(first));
        if (isArray(first) && typeof first[0] === "string") return handle(fromString(first[0]));
        const made = call("color()", proto.color, inst, colourArgs(args, "color()"));
        return handle(fromPage(call("color()", host.readColour, undefined, [made])));
      },
      lerpColor(c1, c2, amt) {
        live();
        state.units += cost;
        if (!records.has(c1) || !records.has(c2)) throw new pristine.TypeError("lerpColor() takes two colours made by color()");
        const made = call("lerpColor()", proto.lerpColor, inst, [pageColour(records.get(c1)), pageColour(records.get(c2)),
                                                                 toArg(amt, "lerpColor()")]);
        return handle(fromPage(call("lerpColor()", host.readColour, undefined, [made])));
      },
      // The paper is what the last background() painted on the render's canvas, recorded here rather than read
      // from the source; before createCanvas() it paints p5's default canvas, which the painting discards.
      background(...args) {
        live();
        state.units += cost;
        const made = call("background()", proto.color, inst, colourArgs(args, "background()"));
        call("background()", proto.background, inst, [made]);
        if (state.canvas) state.paper = call("background()", host.rgba, undefined, [made]);
      },
    };
    for (const name of ["red", "green", "blue", "alpha", "hue", "saturation", "brightness"]) {
      special[name] = colourFacade(name + "()", proto[name]);
    }

    const brushFacade = pristine.create(null);
    for (const name of state.opts.brushMethods) {
      const method = realBrush && realBrush[name];
      if (typeof method !== "function") continue;
      brushFacade[name] = tallied(name, name === "fill"
        ? freeze(function fill(...args) {
          live();
          state.units += cost;
          call("brush.fill()", method, realBrush, colourArgs(args, "brush.fill()"));
        })
        : facade("brush_" + name, "brush." + name + "()", method, realBrush, false));
    }
    freeze(brushFacade);

    const noop = freeze(function () { live(); });
    const consoleFacade = freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop });

    const values = pristine.create(null);
    for (const name of state.opts.p5Names) {
      const member = proto[name];
      const kind = typeof member;
      if (name in special) values[name] = freeze(special[name]);
      else if (kind === "function") values[name] = facade(name, name + "()", member, inst, true);
      else if (kind === "number" || kind === "string") values[name] = member;
    }
    values.brush = brushFacade;
    values.console = consoleFacade;
    values.Math = Math;
    // `left` is the sketch's work counter gone below 0: the step that overran the last chunk is charged in full
    values[hooks.tick] = freeze(function tick(left) {
      if (state.revoked) throw new pristine.TypeError("the render has ended");
      chargeUnits(WORK_CHUNK + (typeof left === "number" && left < 0 ? -left : 0));
      return WORK_CHUNK;
    });
    values[hooks.apply] = pristine.reflectApply;
    values[hooks.symbols] = pristine.symbols;
    values[hooks.regexp] = LinearRegExp;
    values[hooks.spread] = natives.spreadArguments;
    values[hooks.link] = natives.chains.link;
    values[hooks.extend] = natives.chains.extend;
    values[hooks.made] = natives.chains.constructed;
    values[hooks.seal] = natives.chains.seal;
    values[hooks.fresh] = natives.fresh;
    const { operators } = natives;
    values[hooks.numeric] = operators.numeric;
    values[hooks.loose] = operators.looseEqual;
    values[hooks.strict] = operators.strictEqual;
    values[hooks.switched] = operators.switched;
    values[hooks.reference] = operators.reference;
    values[hooks.postfix] = operators.postfix;
    values[hooks.stored] = operators.stored;
    values[hooks.caught] = operators.caught;
    values[hooks.settled] = operators.settled;
    values[hooks.over] = freeze(function recursionLimit() {
      stop("recursion_limit", "the sketch recursed deeper than the renderer allows (about " + state.opts.depthBudget
        + " bytes of stack); use a loop or a shallower recursion");
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
  function wrap(names, sketch) {
    return "(function (" + names.join(", ") + ") { let " + sketch.counters + "; " + sketch.prelude + " {\n"
      + sketch.code + "\n;return {setup: typeof setup === 'function' ? setup : undefined, draw: typeof draw === "
      + "'function' ? draw : undefined};\n} })\n//# sourceURL=sketch.js\n";
  }

  // Instrument a sketch for the next compile(): {ok: true}, or why it is refused before it reaches p5.
  function prepare(source, opts) {
    prepared = null;
    let result;
    try {
      result = natives.asHarness(() => instrument(String(source), opts));
    } catch (e) {
      let message = "the sketch could not be prepared";
      try { message = String(e && e.message).slice(0, 500); } catch (e2) { /* keep it */ }
      return { ok: false, code: "sketch_error", message, line: null };
    }
    if (result.refused) return { ok: false, ...result.refused };
    prepared = result;
    return { ok: true };
  }

  function compile(opts) {
    if (current) end();
    const sketch = prepared;
    prepared = null;
    natives.reset();
    const state = { opts, page: null, canvas: false, revoked: false, failure: null, sketch: null, units: 0, paper: null,
                    lines: sketch ? sketch.lines : null,
                    tally: { calls: pristine.create(null), shapes: 0, filling: false, vertices: 0 } };
    current = state;
    if (!sketch) return { ok: false, code: "runtime_error", message: "no prepared sketch", line: null };
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
      fn = natives.asHarness(() => compartment.evaluate(wrap(names, sketch)));
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

  // At capture: the work the render did (the sketch's steps and all its painting) and whether it was too much.
  function finalWork() {
    const state = current;
    if (!state) return { work: 0, over: false, paper: null, parts: [0, 0] };
    return { work: work(state), over: overWorkBudget(state), paper: state.paper || null,
             parts: [state.units, host.paintOps()] };
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
    if (!linearRegExps()) throw new Error("V8 has no linear-time regex engine (--enable-experimental-regexp-engine)");
    lockdown({
      errorTaming: "unsafe",
      errorTrapping: "none",
      unhandledRejectionTrapping: "none",
      consoleTaming: "unsafe",
      stackFiltering: "verbose",
      overrideTaming: "min",
      localeTaming: "unsafe", // SES's own localeCompare would replace natives.js's charged one (--lang fixes the locale)
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
    host.watchColourNames(Object.keys(COLOUR_NAMES));
    pristine.defineProperty(W, "__critiquePaintSandbox", {
      value: freeze({ prepare: freeze(prepare), compile: freeze(compile), end: freeze(end),
                      hasCanvas: freeze(hasCanvas), finalWork: freeze(finalWork), tally: freeze(tally) }),
      writable: false, enumerable: false, configurable: false,
    });
    return true;
  };
})();
