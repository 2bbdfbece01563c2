// critique-paint render harness: every error a sketch makes is made through a constructor of ours, so natives.js
// charges it where it is made (V8 writes a message and captures a stack trace: 5-20 us), thrown or not. Loaded in
// the sandbox frame before SES, which captures Error (its tamed Error constructs through the one it captured) and
// each NativeError (it links them under its Error): both are these wrappers, so `new Error`, `TypeError()`, a
// subclass's super(), a builtin handed a constructor (`Array.from(a, Error)`) and `e.constructor` all construct
// here. An error V8 makes itself (a TypeError of `null.x`) is charged where sketch code sees it (natives.js
// `caught`).
"use strict";
(function (root) {
  const { apply, construct, defineProperty, getOwnPropertyDescriptor, ownKeys } = Reflect;
  const NAMES = ["Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError",
                 "AggregateError", "SuppressedError"];
  // V8 reads these from its own Error: SES sets them on the Error it captured, which is the wrapper
  const FORWARDED = ["stackTraceLimit", "prepareStackTrace"];
  let onMake = (name, args) => args; // natives.js: charges the render and may read the arguments a step at a time

  const natives = new Map();
  const wrappers = [];
  for (const name of NAMES) {
    const Native = root[name];
    if (typeof Native !== "function") continue;
    const wrapper = { [name]: function (...args) {
      const made = onMake(name, args);
      return new.target === undefined ? apply(Native, this, made) : construct(Native, made, new.target);
    } }[name];
    for (const key of ownKeys(Native)) {
      if (key === "prototype" || FORWARDED.includes(key)) continue;
      defineProperty(wrapper, key, getOwnPropertyDescriptor(Native, key));
    }
    if (name === "Error") {
      for (const key of FORWARDED) {
        defineProperty(wrapper, key, {
          get() { return Native[key]; },
          set(value) { Native[key] = value; },
          enumerable: false,
          configurable: true,
        });
      }
    }
    defineProperty(wrapper, "prototype", getOwnPropertyDescriptor(Native, "prototype"));
    defineProperty(Native.prototype, "constructor", { value: wrapper, writable: true, enumerable: false,
                                                      configurable: true });
    defineProperty(root, name, { value: wrapper, writable: true, enumerable: false, configurable: true });
    natives.set(name, Native);
    wrappers.push(wrapper);
  }

  defineProperty(root, "__critiquePaintErrors", {
    value: Object.freeze({ natives, wrappers: Object.freeze(wrappers), onMake(handler) { onMake = handler; } }),
    configurable: true,
  });
})(globalThis);
