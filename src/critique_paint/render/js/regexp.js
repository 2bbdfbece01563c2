// critique-paint render harness: every regex a sketch can make runs in V8's linear-time engine (the `l` flag,
// Chromium started with --enable-experimental-regexp-engine), so no pattern can backtrack for seconds on one
// call. Loaded first in the sandbox frame, before SES captures RegExp: the RegExp SES tames (and every
// compartment's RegExp, `/x/.constructor` and the species of every regex) constructs through `Linear`. The
// instrumenter rewrites regex literals into `Linear` calls, and String.prototype.match, matchAll and search,
// which turn a string into a regex through V8's own constructor, do it through `Linear` here. A pattern the
// linear engine cannot run (backreferences, lookarounds, large counted repeats, the i, u, v and d flags) is a
// SyntaxError that says so.
"use strict";
(function (root) {
  const Native = root.RegExp;
  const { apply, construct, defineProperty, getOwnPropertyDescriptor } = Reflect;
  const { match, matchAll, search } = String.prototype;
  const nativeSyntaxError = SyntaxError;
  const HINT = "the renderer runs regexes in linear time only: no backreferences, lookarounds, counted repeats "
    + "over 16 or the i, u, v and d flags";

  function available() {
    try { return new Native("a", "l").flags.includes("l"); } catch (e) { return false; }
  }

  // Why `pattern` with `flags` cannot run here (a sentence), or null when it can.
  function refusal(pattern, flags) {
    try {
      new Native(pattern, String(flags).includes("l") ? flags : flags + "l");
      return null;
    } catch (e) {
      return String(e && e.message) + " (" + HINT + ")";
    }
  }

  let onCompile = () => {}; // natives.js charges the render for each pattern compiled, by its length
  function RegExp(pattern, flags) {
    const target = new.target === undefined ? Linear : new.target;
    const probe = construct(Native, [pattern, flags], target);
    const { source, flags: had } = probe;
    onCompile(source.length);
    if (had.includes("l")) return probe;
    try {
      return construct(Native, [source, had + "l"], target);
    } catch (e) {
      throw new nativeSyntaxError(String(e && e.message) + " (" + HINT + ")");
    }
  }
  const Linear = RegExp;
  defineProperty(Linear, "prototype", { value: Native.prototype, writable: false, enumerable: false,
                                        configurable: false });
  defineProperty(Linear, Symbol.species, getOwnPropertyDescriptor(Native, Symbol.species));
  defineProperty(Linear, "length", { value: 2, configurable: true });

  // String.prototype.match, matchAll, search (ECMA-262 22.1.3): a value without the method becomes a regex.
  // A method (no prototype, as the builtins), named as the one it replaces.
  function viaLinear(name, native, symbol, flags) {
    return { [name](regexp) {
      if (this === undefined || this === null) return apply(native, this, [regexp]); // its TypeError
      if (regexp !== undefined && regexp !== null && regexp[symbol] !== undefined && regexp[symbol] !== null) {
        return apply(native, this, [regexp]);
      }
      const text = String(this);
      const rx = new Linear(regexp === undefined ? "" : regexp, flags);
      return rx[symbol](text);
    } }[name];
  }
  for (const [name, native, symbol, flags] of [["match", match, Symbol.match, undefined],
                                               ["matchAll", matchAll, Symbol.matchAll, "g"],
                                               ["search", search, Symbol.search, undefined]]) {
    defineProperty(String.prototype, name, { value: viaLinear(name, native, symbol, flags), writable: true,
                                             enumerable: false, configurable: true });
  }

  defineProperty(root, "RegExp", { value: Linear, writable: true, enumerable: false, configurable: true });
  defineProperty(root, "__critiquePaintRegExp", {
    value: Object.freeze({ Native, Linear, available, refusal, onCompile(handler) { onCompile = handler; } }),
    configurable: true,
  });
})(globalThis);
