// critique-paint render harness: the sandbox realm's builtins that recurse over a sketch's data, with a fixed
// nesting limit. V8 runs them as native recursion that calls the sketch back at every level (toJSON, getters,
// toString, a reviver), so how deep they got before V8's own stack ran out depended on how warm the page was.
// Here each level passes a counter, and past NESTING the render fails with recursion_limit, on every page.
// The builtins that walk a whole array or string in one call (indexOf, sort, join, repeat, a regex's exec...)
// charge the render by the elements or characters they walk, before they walk them (`onWork`), so one call
// costs what a counted loop over the same data would, and the work budget refuses it.
// Builtins that loop natively over a sketch's values (spread, new Set and Map, Promise.all, iterator helpers,
// apply) charge each step they take (`step`), checked against the budget every STEP_CHUNK steps, so a native loop
// ends at the budget even when what it calls each step is a builtin that does no counted work (`{ next: Object }`);
// an argument list (spread into a call, apply, bind) holds at most MAX_ARGUMENTS values,
// so no call can push V8 into its own stack overflow.
// Installed before lockdown freezes the realm; the functions are methods (no prototype), as the builtins are.
"use strict";
(function (root) {
  const NESTING = 500;
  const MAX_ARGUMENTS = 16384;
  const STEP_CHUNK = 4096;
  // Units per element for work done by a wrapper of ours or by V8's slow paths, measured against the counted
  // loop's unit (benchmarks/bulk_cost.py: each at most about 8 ns a unit, as the pool's heaviest painting is).
  const STEP_UNITS = 8; // a native loop's step through a stepped wrapper
  const PROPERTY_UNITS = 32; // a property Object.assign or getOwnPropertyDescriptors copies
  const ENTRY_UNITS = 16; // a value JSON.stringify serialises, a key Object.keys lists, a raw string String.raw joins
  const SCAN_UNITS = 8; // a character a regex reads
  const AWAIT_UNITS = 32; // a step of Array.fromAsync: a microtask and a promise resolved (about 200 ns)
  const EXEC_UNITS = 48; // a regex's exec, whatever it reads (a match array made; replace calls it once a match)
  const TEXT_UNITS = 4; // an element join or toString writes as text (a number's digits)
  const COMPILE_UNITS = 8; // a character of a regex pattern compiled
  // A string a sketch makes (`+`, a template, a builtin) is charged by its length: V8 copies a rope whole the first
  // time it is read and hashes a key character by character (about 4 ns a character as an object's key). It holds
  // at most MAX_STRING characters: V8 hashes a longer string by its length alone, so long strings of one length
  // collide in every table (2,000 such keys: 5 s, against 0.15 s one character shorter).
  const FRESH_CHARS = 2; // characters of a fresh string per unit
  const FRESH_FREE = 64; // a fresh string this short is not charged
  // A string an operator converts or orders costs V8 about 45 ns (its generic path) and 0.8 ns a character
  // (numerals are scanned whole): READ_UNITS and a unit per FRESH_CHARS characters. A builtin's string argument
  // is charged past READ_FREE characters.
  const READ_UNITS = 4;
  const READ_FREE = 16;
  const MAX_STRING = 16383;
  // An error costs V8 5-20 us to make (its message, its stack trace, captured twice where SES's Error makes it) and
  // SES 30 us to format its stack, once, where it is read: ERROR_UNITS where a sketch makes one through a
  // constructor (errors.js), thrown or not, and where sketch code first sees one caught (an error V8 made);
  // RETHROW_UNITS each time after (a rethrow, a primitive thrown).
  const ERROR_UNITS = 8192;
  const RETHROW_UNITS = 64;
  // A rejected promise nothing handles costs the page 40 us (its report) and more as they pile up (each error and
  // its stack are held until reported: 100-900 us each in a loop of 10,000): REJECT_UNITS for each rejection a
  // sketch can make, handled or not, and at most MAX_REJECTIONS a render. No honest painting rejects a promise.
  const REJECT_UNITS = 65536;
  const MAX_REJECTIONS = 4096;
  // V8 converts a string to a number reading it as far as it looks like one (white space, a sign, Infinity, the
  // digits and letters of a numeral, white space), and stops at the first other character. No string a sketch holds
  // reads further than NUMERAL_REACH, so a conversion no hook sees (a numeral stored into an array's length, a
  // builtin's number parameter) reads at most that many characters.
  const NUMERAL_REACH = 64;
  const { apply, construct, ownKeys } = Reflect;
  const { log2, ceil, max, min, trunc } = Math;
  const NativeNumber = Number;
  const nativeJSON = JSON;
  const { stringify: quote, parse: nativeParse } = JSON;
  const { join, toString, toLocaleString } = Array.prototype;
  const nativeBind = Function.prototype.bind;
  const isArray = Array.isArray;
  const isRawJSON = typeof JSON.isRawJSON === "function" ? JSON.isRawJSON : null;
  const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;
  const { has: weakHas, add: weakAdd } = WeakSet.prototype;
  const bindDepth = new WeakMap();
  const boundArguments = new WeakMap();
  let level = 0;
  let steps = 0;
  let onLimit = () => { throw new RangeError("the sketch nests data too deeply"); };
  let onWork = () => {};
  let live = () => true;
  let harness = 0; // inside the harness's own work (instrumenting, compiling a sketch): strings are not the sketch's
  const isObject = (v) => v !== null && (typeof v === "object" || typeof v === "function");

  function enter() {
    if (++level > NESTING) {
      level--;
      onLimit(NESTING);
    }
  }

  // Text a builtin joins from pieces (join, toLocaleString, concat, String.raw, JSON.stringify, a replacer's
  // answers): each piece read once, in the order the builtin reads it, and refused as soon as the whole would pass
  // MAX_STRING, before it is built (V8 would copy every piece first).
  function pieces() {
    const parts = [];
    let length = 0;
    return {
      add(text) {
        length += text.length;
        if (length > MAX_STRING && harness === 0) throw tooLong();
        parts[parts.length] = text;
      },
      get length() { return length; },
      text(separator = "") { return apply(join, parts, [separator]); },
    };
  }

  function tooLong() {
    return new RangeError(`a string holds at most ${MAX_STRING} characters`);
  }

  const charSet = (text) => {
    const set = Object.create(null);
    for (let i = 0; i < text.length; i++) set[text[i]] = true;
    return set;
  };
  const SPACES = charSet("\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                         + "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff");
  const DIGITS = charSet("0123456789");
  const RADIX_DIGITS = charSet("0123456789abcdefABCDEF");
  const RADIX = charSet("xXoObB");
  const INFINITY = "Infinity";
  const run = (s, i, set) => { while (i < s.length && set[s[i]] === true) i++; return i; };

  // How many characters of `s` V8 reads converting it to a number (ECMA-262 StringNumericLiteral), or more.
  function numeralReach(s) {
    let i = run(s, 0, SPACES);
    if (s[i] === "+" || s[i] === "-") i++;
    let k = 0;
    while (k < INFINITY.length && s[i + k] === INFINITY[k]) k++;
    if (k === INFINITY.length) {
      i += k;
    } else if (s[i] === "0" && RADIX[s[i + 1]] === true) {
      i = run(s, i + 2, RADIX_DIGITS);
    } else {
      i = run(s, i, DIGITS);
      if (s[i] === ".") i = run(s, i + 1, DIGITS);
      if (s[i] === "e" || s[i] === "E") {
        i++;
        if (s[i] === "+" || s[i] === "-") i++;
        i = run(s, i, DIGITS);
      }
    }
    return run(s, i, SPACES);
  }

  function numeral(v) {
    if (numeralReach(v) > NUMERAL_REACH) {
      throw new RangeError(`a string begins with at most ${NUMERAL_REACH} characters of a number and white space`);
    }
    return v;
  }

  // A string made by a builtin below or by `a + b`, `a += b` and a template literal (instrument.js). A long one is
  // internalized as it is made (its characters are charged): V8 then compares two of them by identity in a Map, a
  // Set, indexOf and includes, where it would otherwise compare up to MAX_STRING characters each time.
  function fresh(v) {
    if (typeof v !== "string" || v.length <= FRESH_FREE || harness > 0) return v;
    if (v.length > MAX_STRING) throw tooLong();
    charge(ceil(v.length / FRESH_CHARS));
    return intern(numeral(v));
  }

  function intern(v) {
    const holder = {};
    holder[v] = 0;
    return ownKeys(holder)[0];
  }

  // The long strings in the arrays and objects split, match, exec and JSON.parse just made (no sketch code has
  // seen them: plain data), internalized and checked as fresh() does (keys too); the builtin was charged by the
  // text it read.
  function internAll(made) {
    const pending = [made];
    while (pending.length > 0) {
      const v = pending.pop();
      if (!isObject(v)) continue;
      const keys = isArray(v) ? null : ownKeys(v);
      const n = keys === null ? v.length : keys.length;
      for (let i = 0; i < n; i++) {
        const key = keys === null ? i : keys[i];
        if (typeof key === "string" && key.length > FRESH_FREE && harness === 0) numeral(key);
        const item = v[key];
        if (typeof item === "string" && item.length > FRESH_FREE && harness === 0) v[key] = intern(numeral(item));
        else if (isObject(item)) pending[pending.length] = item;
      }
    }
    return made;
  }

  // ToString of each element (null and undefined are empty), joined by `separator` (ECMA-262 Array.prototype.join);
  // an array met again while it is being joined is empty, as in V8
  const joining = [];
  function joinElements(self, separator, read) {
    if (self === null || self === undefined) throw new TypeError("Array.prototype.join called on null or undefined");
    const O = Object(self);
    const len = toLength(O.length);
    const sep = separator === undefined ? "," : String(separator);
    for (let i = 0; i < joining.length; i++) if (joining[i] === O) return "";
    const out = pieces();
    joining[joining.length] = O;
    try {
      for (let k = 0; k < len; k++) {
        if (k > 0) out.add(sep);
        const element = O[k];
        out.add(element === undefined || element === null ? "" : read(element));
      }
    } finally { joining.length--; }
    return out.text();
  }

  // An array nested in an array is joined through its toString (or toLocaleString): one count a level.
  const methods = {
    toString() {
      enter();
      try { return apply(toString, this, arguments); } finally { level--; }
    },
    toLocaleString(...args) {
      enter();
      try {
        return joinElements(this, ",", (element) => String(apply(element.toLocaleString, element, args)));
      } finally { level--; }
    },
    join(separator) {
      return joinElements(this, separator, String);
    },
    // Array.prototype.flat (FlattenIntoArray), each nested level counted.
    flat() {
      const depthArg = arguments[0];
      const source = Object(this);
      const length = toLength(source.length);
      let depth = 1;
      if (depthArg !== undefined) {
        depth = Number(depthArg);
        depth = Number.isNaN(depth) ? 0 : depth === Infinity || depth === -Infinity ? depth : trunc(depth);
        if (depth < 0) depth = 0;
      }
      const target = arraySpeciesCreate(source, 0);
      flattenInto(target, source, length, 0, depth);
      return target;
    },
    // Function.prototype.bind: a chain of bound functions is walked recursively by instanceof.
    bind(thisArg) {
      const depth = (bindDepth.get(this) || 0) + 1;
      if (depth > NESTING) onLimit(NESTING);
      const carried = (boundArguments.get(this) || 0) + max(0, arguments.length - 1);
      if (carried > MAX_ARGUMENTS) throw tooManyArguments();
      const bound = apply(nativeBind, this, arguments);
      bindDepth.set(bound, depth);
      boundArguments.set(bound, carried);
      return bound;
    },
    // JSON.stringify (ECMA-262 25.5.2), the serialisation counted level by level.
    stringify(value, replacer, space) {
      const state = { stack: [], indent: "", gap: "", propertyList: undefined, replacerFunction: undefined };
      if (typeof replacer === "function") {
        state.replacerFunction = replacer;
      } else if (isArray(replacer)) {
        const list = [];
        const len = toLength(replacer.length);
        for (let k = 0; k < len; k++) {
          const v = replacer[k];
          let item;
          if (typeof v === "string") item = v;
          else if (typeof v === "number") item = String(v);
          else if (v !== null && typeof v === "object" && (isNumberObject(v) || isStringObject(v))) item = String(v);
          if (item !== undefined && !list.includes(item)) list.push(item);
        }
        state.propertyList = list;
      }
      if (space !== null && typeof space === "object") {
        if (isNumberObject(space)) space = Number(space);
        else if (isStringObject(space)) space = String(space);
      }
      if (typeof space === "number") {
        const n = min(10, NativeNumber.isNaN(space) ? 0 : trunc(space));
        state.gap = n >= 1 ? " ".repeat(n) : "";
      } else if (typeof space === "string") {
        state.gap = space.slice(0, 10);
      }
      const wrapper = { "": value };
      return fresh(serializeProperty(state, "", wrapper));
    },
    // JSON.parse: V8's parser is iterative; only a reviver walks the result, here level by level.
    parse(text, reviver) {
      const unfiltered = internAll(apply(nativeParse, nativeJSON, [text]));
      if (typeof reviver !== "function") return unfiltered;
      const root = { "": unfiltered };
      return internalize(root, "", reviver);
    },
  };

  function toLength(v) {
    const n = trunc(NativeNumber(v));
    if (!(n > 0)) return 0;
    return min(n, NativeNumber.MAX_SAFE_INTEGER);
  }

  function isNumberObject(v) {
    try { Number.prototype.valueOf.call(v); return true; } catch (e) { return false; }
  }

  function isStringObject(v) {
    try { String.prototype.valueOf.call(v); return true; } catch (e) { return false; }
  }

  function isBooleanObject(v) {
    try { Boolean.prototype.valueOf.call(v); return true; } catch (e) { return false; }
  }

  function isBigIntObject(v) {
    try { BigInt.prototype.valueOf.call(v); return true; } catch (e) { return false; }
  }

  function arraySpeciesCreate(original, length) {
    if (!isArray(original)) return new Array(length);
    let C = original.constructor;
    if (C !== null && (typeof C === "object" || typeof C === "function")) {
      C = C[Symbol.species];
      if (C === null) C = undefined;
    }
    if (C === undefined) return new Array(length);
    if (typeof C !== "function") throw new TypeError("object.constructor[Symbol.species] is not a constructor");
    return new C(length);
  }

  function flattenInto(target, source, sourceLen, start, depth) {
    let targetIndex = start;
    for (let sourceIndex = 0; sourceIndex < sourceLen; sourceIndex++) {
      const P = String(sourceIndex);
      if (!(P in source)) continue;
      const element = source[P];
      if (depth > 0 && isArray(element)) {
        enter();
        try {
          targetIndex = flattenInto(target, element, toLength(element.length), targetIndex, depth - 1);
        } finally { level--; }
      } else {
        Object.defineProperty(target, String(targetIndex), { value: element, writable: true, enumerable: true,
                                                             configurable: true });
        targetIndex++;
      }
    }
    return targetIndex;
  }

  function serializeProperty(state, key, holder) {
    let value = holder[key];
    charge(ENTRY_UNITS + (typeof value === "string" ? value.length : 0));
    if (value !== null && (typeof value === "object" || typeof value === "function" || typeof value === "bigint")) {
      const toJSON = value.toJSON;
      if (typeof toJSON === "function") value = apply(toJSON, value, [key]);
    }
    if (state.replacerFunction !== undefined) value = apply(state.replacerFunction, holder, [key, value]);
    if (value !== null && typeof value === "object") {
      if (isRawJSON !== null && isRawJSON(value)) return value.rawJSON;
      if (isNumberObject(value)) value = Number(value);
      else if (isStringObject(value)) value = String(value);
      else if (isBooleanObject(value)) value = Boolean.prototype.valueOf.call(value);
      else if (isBigIntObject(value)) value = BigInt.prototype.valueOf.call(value);
    }
    if (value === null) return "null";
    if (value === true) return "true";
    if (value === false) return "false";
    if (typeof value === "string") return apply(quote, nativeJSON, [value]);
    if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
    if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
    if (typeof value === "object") {
      enter();
      try {
        return isArray(value) ? serializeArray(state, value) : serializeObject(state, value);
      } finally { level--; }
    }
    return undefined;
  }

  function serializeObject(state, value) {
    if (state.stack.includes(value)) throw new TypeError("Converting circular structure to JSON");
    state.stack.push(value);
    const stepback = state.indent;
    state.indent += state.gap;
    const keys = state.propertyList !== undefined ? state.propertyList : enumerableOwnKeys(value);
    const partial = [];
    let length = 0;
    for (const P of keys) {
      const strP = serializeProperty(state, P, value);
      if (strP === undefined) continue;
      length += strP.length + P.length + 4 + state.indent.length;
      if (length > MAX_STRING && harness === 0) throw tooLong();
      partial.push(apply(quote, nativeJSON, [P]) + ":" + (state.gap ? " " : "") + strP);
    }
    let final;
    if (partial.length === 0) final = "{}";
    else if (!state.gap) final = "{" + apply(join, partial, [","]) + "}";
    else {
      const separator = ",\n" + state.indent;
      final = "{\n" + state.indent + apply(join, partial, [separator]) + "\n" + stepback + "}";
    }
    state.stack.pop();
    state.indent = stepback;
    return final;
  }

  function serializeArray(state, value) {
    if (state.stack.includes(value)) throw new TypeError("Converting circular structure to JSON");
    state.stack.push(value);
    const stepback = state.indent;
    state.indent += state.gap;
    const partial = [];
    const len = toLength(value.length);
    let length = 0;
    for (let index = 0; index < len; index++) {
      const strP = serializeProperty(state, String(index), value);
      length += (strP === undefined ? 4 : strP.length) + 2 + state.indent.length;
      if (length > MAX_STRING && harness === 0) throw tooLong();
      partial.push(strP === undefined ? "null" : strP);
    }
    let final;
    if (partial.length === 0) final = "[]";
    else if (!state.gap) final = "[" + apply(join, partial, [","]) + "]";
    else {
      const separator = ",\n" + state.indent;
      final = "[\n" + state.indent + apply(join, partial, [separator]) + "\n" + stepback + "]";
    }
    state.stack.pop();
    state.indent = stepback;
    return final;
  }

  function enumerableOwnKeys(o) {
    const keys = [];
    for (const k of ownKeys(o)) {
      if (typeof k === "string" && apply(propertyIsEnumerable, o, [k])) keys.push(k);
    }
    return keys;
  }

  function internalize(holder, name, reviver) {
    const val = holder[name];
    if (val !== null && typeof val === "object") {
      enter();
      try {
        if (isArray(val)) {
          const len = toLength(val.length);
          for (let i = 0; i < len; i++) revive(val, String(i), reviver);
        } else {
          for (const P of enumerableOwnKeys(val)) revive(val, P, reviver);
        }
      } finally { level--; }
    }
    return apply(reviver, holder, [name, val]);
  }

  function revive(val, P, reviver) {
    const newElement = internalize(val, P, reviver);
    if (newElement === undefined) delete val[P];
    else Object.defineProperty(val, P, { value: newElement, writable: true, enumerable: true, configurable: true });
  }

  const installed = new WeakSet(); // every function installed here (tests/test_sandbox.py's completeness check)
  function install(target, name, fn) {
    installed.add(fn);
    Object.defineProperty(target, name, { value: fn, writable: true, enumerable: false, configurable: true });
    return fn;
  }
  const setLength = (fn, length) => Object.defineProperty(fn, "length", { value: length, configurable: true });
  for (const name of ["toString", "toLocaleString", "flat", "join"]) install(Array.prototype, name, methods[name]);
  install(Function.prototype, "bind", methods.bind);
  install(JSON, "stringify", methods.stringify);
  install(JSON, "parse", methods.parse);

  // ---- work by length ------------------------------------------------------------------------------------
  const MAX_LENGTH = 2 ** 53 - 1;

  // The length a charge reads is the one the builtin reads next only if it is a plain value: an array-like whose
  // `length` is a getter (found on it or its prototypes) could answer the charge 3 and the builtin 1e9.
  function lengthOf(v) {
    if (v === null || v === undefined) return 0;
    if (typeof v === "string") return v.length;
    if (!isArray(v) && (typeof v === "object" || typeof v === "function")) plainLength(v);
    try { return toLength(paid(v.length)); } catch (e) { return 0; }
  }

  function plainLength(v) {
    dataProperty(v, "length", "a builtin given an array-like takes one whose length is a value, not a getter");
  }

  // The descriptor of `key` found first on `v` or its prototypes, which must hold a value: a getter could answer a
  // check one value and the builtin that reads it next another.
  function dataProperty(v, key, refusal) {
    for (let o = v; o !== null; o = Object.getPrototypeOf(o)) {
      const found = Object.getOwnPropertyDescriptor(o, key);
      if (found === undefined) continue;
      if (!("value" in found)) throw new TypeError(refusal);
      return found;
    }
    return undefined;
  }

  function charge(units) {
    if (units > 0) onWork(min(units, MAX_LENGTH));
  }

  // The builtin `name` of `target`, charged cost(this, args) units before it runs, and after(result, this, args,
  // before) once it has (work known only from its result: the keys it listed, where a regex stopped).
  // A long string argument is charged by its length as well: the builtin reads it whole (searching, comparing,
  // converting it to a number). An object given as one of its number parameters (NUMBER_PARAMETERS) is converted
  // here first, so its valueOf's answer is charged as an operand's is (before the builtin runs rather than where
  // it would convert it). Its result is a fresh string, or an array whose long strings are internalized.
  function charged(target, name, cost, after) {
    const native = target[name];
    if (typeof native !== "function") return;
    const found = NUMBER_PARAMETERS.get(target);
    const numbers = found !== undefined && Object.hasOwn(found, name) ? found[name] : NO_NUMBERS;
    const made = (MAKE_ARRAYS.get(target) || []).includes(name) ? internAll : fresh;
    const fn = { [name](...args) {
      numberArguments(args, numbers);
      const before = cost(this, args);
      charge(after === undefined ? before + argumentText(args) : argumentText(args));
      const result = apply(native, this, args);
      if (after !== undefined) charge(after(result, this, args, before));
      return made(result);
    } }[name];
    Object.defineProperty(fn, "length", { value: native.length, configurable: true });
    install(target, name, fn);
  }

  // The number parameters of charged builtins, by index (null: every argument).
  const NO_NUMBERS = [];
  const NUMBER_PARAMETERS = new Map([
    [String.prototype, { slice: [0, 1], substring: [0, 1], substr: [0, 1], padStart: [0], padEnd: [0], repeat: [0],
                         indexOf: [1], lastIndexOf: [1], includes: [1], startsWith: [1], endsWith: [1], split: [1] }],
    [Array.prototype, { indexOf: [1], lastIndexOf: [1], includes: [1], slice: [0, 1], splice: [0, 1], fill: [1, 2],
                        copyWithin: [0, 1, 2], with: [0], toSpliced: [0, 1] }],
    [String, { fromCharCode: null, fromCodePoint: null }],
  ]);
  // Builtins whose arrays hold strings they just cut from a text: split and match, and a regex's exec.
  const MAKE_ARRAYS = new Map([[String.prototype, ["split", "match"]], [RegExp.prototype, ["exec"]]]);

  function numberArguments(args, indexes) {
    const n = indexes === null ? args.length : indexes.length;
    for (let j = 0; j < n; j++) {
      const i = indexes === null ? j : indexes[j];
      if (isObject(args[i])) args[i] = numeric(args[i]);
    }
  }

  function argumentText(args) {
    let units = 0;
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      if (typeof v === "string" && v.length > READ_FREE && harness === 0) units += ceil(v.length / FRESH_CHARS);
    }
    return units;
  }

  const own = (self) => lengthOf(self);
  const sorting = (self) => { const n = lengthOf(self); return n < 2 ? n : n * ceil(log2(n)); };
  const joined = (self, args) => { let n = lengthOf(self); for (const a of args) n += isArray(a) ? lengthOf(a) : 1; return n; };
  const text = (self) => (self === null || self === undefined ? 0 : String(self).length);
  const repeated = (self, args) => text(self) * max(0, Number(args[0]) || 0);
  const padded = (self, args) => max(text(self), toLength(args[0]));
  // A regex reads its input from lastIndex (global or sticky) or 0 to where it matched, or to the end.
  const start = (self) => {
    try { return self.global || self.sticky ? toLength(paid(self.lastIndex)) : 0; } catch (e) { return 0; }
  };
  const scanned = (result, self, args, from) => {
    const end = result === null ? text(args[0]) : result.index + result[0].length;
    return EXEC_UNITS + SCAN_UNITS * max(0, end - from);
  };
  const sizeOf = (v) => { try { return lengthOf(v) || toLength(v.size); } catch (e) { return 0; } };
  const listed = (result) => ENTRY_UNITS * lengthOf(result);

  for (const name of ["indexOf", "lastIndexOf", "includes", "reverse", "slice", "splice", "fill",
                      "copyWithin", "shift", "unshift", "every", "some", "find", "findIndex", "findLast",
                      "findLastIndex", "forEach", "map", "filter", "reduce", "reduceRight", "flatMap", "toReversed",
                      "toSpliced", "with", "flat"]) {
    charged(Array.prototype, name, own);
  }
  const written = (self) => TEXT_UNITS * own(self);
  for (const name of ["join", "toString", "toLocaleString"]) charged(Array.prototype, name, written);
  // sort and toSorted compare through a function of ours: a comparator's answer is read as a number (a long
  // numeral is read whole), and without one each comparison's strings (ECMA-262 SortCompare) are charged
  const compared = (v) => (typeof v === "string" ? v : `${v}`);
  const byText = (a, b) => {
    const x = paid(compared(a));
    const y = paid(compared(b));
    return x < y ? -1 : y < x ? 1 : 0;
  };
  for (const name of ["sort", "toSorted"]) {
    const native = Array.prototype[name];
    setLength(install(Array.prototype, name, { [name](comparefn) {
      charge(sorting(this));
      const compare = comparefn === undefined ? byText : typeof comparefn !== "function" ? comparefn
        : (a, b) => { const r = apply(comparefn, undefined, [a, b]); return typeof r === "number" ? r : numeric(r); };
      return apply(native, this, [compare]);
    } }[name]), 1);
  }
  charged(Array.prototype, "concat", joined);
  charged(Array, "from", (self, args) => sizeOf(args[0]));
  for (const name of ["indexOf", "lastIndexOf", "includes", "startsWith", "endsWith", "split", "replace",
                      "replaceAll", "match", "matchAll", "search", "trim", "trimStart", "trimEnd", "toLowerCase",
                      "toUpperCase", "toLocaleLowerCase", "toLocaleUpperCase", "normalize", "localeCompare",
                      "isWellFormed", "toWellFormed", "trimLeft", "trimRight"]) {
    charged(String.prototype, name, text);
  }
  // replace/replaceAll: a replacer function's answers are read here and refused once they pass MAX_STRING; any other
  // replacement is charged, before the call, for the longest text it could make (a match at every position, each
  // `$` standing for the whole string), when that passes MAX_STRING
  for (const name of ["replace", "replaceAll"]) {
    const inner = String.prototype[name];
    setLength(install(String.prototype, name, { [name](pattern, replacement) {
      if (this === null || this === undefined) return apply(inner, this, [pattern, replacement]);
      let value = replacement;
      if (typeof replacement === "function") {
        const out = pieces();
        value = (...found) => { const answer = String(apply(replacement, undefined, found)); out.add(answer); return answer; };
      } else if (harness === 0) {
        const n = typeof this === "string" ? this.length : text(this);
        let each = MAX_STRING;
        if (typeof replacement === "string") {
          each = replacement.length;
          for (let i = 0; i < replacement.length; i++) if (replacement.charCodeAt(i) === 36) each += n;
        }
        const many = name === "replaceAll" || isObject(pattern);
        const longest = n + (many ? n + 1 : 1) * each;
        if (longest > MAX_STRING) charge(ceil(longest / FRESH_CHARS));
      }
      return apply(inner, this, [pattern, value]);
    } }[name]), 2);
  }
  // concat's string is a rope, a slice of 13 characters or more shares its parent's: fresh strings, charged as made
  setLength(install(String.prototype, "concat", { concat(...args) {
    if (this === null || this === undefined) throw new TypeError("String.prototype.concat called on null or undefined");
    const out = pieces();
    out.add(String(this));
    for (let i = 0; i < args.length; i++) out.add(String(args[i]));
    charge(out.length);
    return fresh(out.text());
  } }.concat), 1);
  for (const name of ["slice", "substring", "substr"]) charged(String.prototype, name, () => 0);
  for (const name of ["fromCharCode", "fromCodePoint"]) charged(String, name, () => 0);
  // the HTML methods that quote an attribute walk it to escape its quotes
  for (const name of ["anchor", "fontcolor", "fontsize", "link"]) {
    charged(String.prototype, name, (self, args) => text(self) + text(args[0]));
  }
  charged(String.prototype, "repeat", repeated);
  charged(String.prototype, "padStart", padded);
  charged(String.prototype, "padEnd", padded);
  charged(RegExp.prototype, "exec", start, scanned);
  charged(JSON, "parse", (self, args) => text(args[0]));
  charged(JSON, "rawJSON", (self, args) => text(args[0]));
  // parsing a number reads its whole string (the globals and Number's are the same functions: one wrapper each)
  const parsed = (self, args) => (typeof args[0] === "string" ? args[0].length : 0);
  for (const name of ["parseFloat", "parseInt"]) {
    const same = Number[name] === root[name];
    charged(root, name, parsed);
    if (same) install(Number, name, root[name]);
  }
  for (const name of ["isNaN", "isFinite"]) charged(root, name, parsed);
  charged(Object, "fromEntries", (self, args) => sizeOf(args[0]));
  for (const name of ["keys", "values", "entries", "getOwnPropertyNames"]) charged(Object, name, () => 0, listed);

  // ---- steps of native loops ------------------------------------------------------------------------------
  function step() {
    if (++steps >= STEP_CHUNK) {
      steps = 0;
      onWork(STEP_CHUNK * STEP_UNITS);
    }
  }

  function tooManyArguments() {
    return new RangeError(`a call takes at most ${MAX_ARGUMENTS} arguments`);
  }

  // An argument list apply reads by its length: its length read once, its elements copied a step each, so a
  // length getter that answers the builtin differently changes nothing.
  function argumentList(list) {
    if (list === null || list === undefined || (typeof list !== "object" && typeof list !== "function")) return list;
    const n = toLength(list.length);
    if (n > MAX_ARGUMENTS) throw tooManyArguments();
    const copy = [];
    for (let i = 0; i < n; i++) {
      step();
      copy[i] = list[i];
    }
    return copy;
  }

  // The values `...x` puts in a call's argument list (the instrumenter wraps every spread argument in this).
  function spreadArguments(iterable) {
    const list = [];
    for (const value of iterable) {
      if (list.length >= MAX_ARGUMENTS) throw tooManyArguments();
      step();
      list[list.length] = value;
    }
    return list;
  }

  const nativeFunctionApply = Function.prototype.apply;
  install(Function.prototype, "apply", {
    apply(thisArg, list) { return apply(nativeFunctionApply, this, [thisArg, argumentList(list)]); },
  }.apply);

  // A function called once a step by a native loop: an iterator's next (spread, destructuring, Array.from, new Set,
  // Promise.all, for-of over a builtin iterator), a collection's adder (the Map and Set constructors), Promise.resolve
  // (Promise.all, race, any, allSettled).
  function stepped(target, name) {
    const native = target && target[name];
    if (typeof native !== "function") return;
    const fn = { [name](...args) { step(); return apply(native, this, args); } }[name];
    Object.defineProperty(fn, "length", { value: native.length, configurable: true });
    install(target, name, fn);
  }
  const protoOf = Object.getPrototypeOf;
  const iterators = [[][Symbol.iterator](), ""[Symbol.iterator](), new Map()[Symbol.iterator](),
                     new Set()[Symbol.iterator](), /(?:)/g[Symbol.matchAll]("")];
  if (typeof Iterator === "function") {
    iterators.push([].values().map((v) => v), Iterator.from({ next() { return { done: true, value: undefined }; } }));
  }
  for (const it of iterators) stepped(protoOf(it), "next");
  const nativeAdd = Set.prototype.add; // the Set methods' wrapper below adds a set-like's keys, stepped already
  for (const [C, name] of [[Set, "add"], [Map, "set"], [WeakSet, "add"], [WeakMap, "set"]]) stepped(C.prototype, name);
  {
    const { resolve } = Promise;
    setLength(install(Promise, "resolve", { resolve(value) {
      step();
      settled(value);
      return apply(resolve, this, [value]);
    } }.resolve), resolve.length);
  }

  // Builtins that step through an iterable with nothing of ours called each step (they add entries or call a
  // callback, which can be a builtin): read here a step at a time, in the order the builtin takes them, and the
  // builtin given the list.
  function readStepped(iterable) {
    const list = [];
    for (const item of iterable) { step(); list[list.length] = item; }
    return list;
  }
  const { fromEntries, groupBy } = Object;
  install(Object, "fromEntries", { fromEntries(iterable) {
    if (iterable === null || iterable === undefined) return apply(fromEntries, Object, [iterable]);
    return apply(fromEntries, Object, [readStepped(iterable)]);
  } }.fromEntries);
  for (const [target, native] of [[Object, groupBy], [Map, Map.groupBy]]) {
    if (typeof native !== "function") continue;
    install(target, "groupBy", { groupBy(items, callback) {
      if (items === null || items === undefined || typeof callback !== "function") {
        return apply(native, target, [items, callback]);
      }
      return apply(native, target, [readStepped(items), callback]);
    } }.groupBy);
  }
  // Math.sumPrecise adds up an iterable natively, and nothing it calls a step need be ours (an iterator whose
  // next is Object.prototype.valueOf, with own done and value, never ends): read a step at a time here.
  const { sumPrecise } = Math;
  if (typeof sumPrecise === "function") {
    install(Math, "sumPrecise", { sumPrecise(items) {
      if (items === null || items === undefined) return apply(sumPrecise, Math, [items]);
      return apply(sumPrecise, Math, [readStepped(items)]);
    } }.sumPrecise);
  }
  // Set methods take a set-like whose keys() iterator they step natively: a set-like's keys are read here, a step
  // each, into a Set the builtin takes instead (a Set or Map is taken as it is); both sizes are charged.
  const sizeGetters = [Set, Map].map((C) => Object.getOwnPropertyDescriptor(C.prototype, "size").get);
  function collectionSize(o) {
    for (const size of sizeGetters) {
      try { return apply(size, o, []); } catch (e) { /* not this kind */ }
    }
    return -1;
  }
  for (const name of ["union", "intersection", "difference", "symmetricDifference", "isSubsetOf", "isSupersetOf",
                      "isDisjointFrom"]) {
    const native = Set.prototype[name];
    if (typeof native !== "function") continue;
    install(Set.prototype, name, { [name](other) {
      let size = collectionSize(other);
      let taken = other;
      if (size < 0 && other !== null && typeof other === "object" && !Number.isNaN(Number(other.size))
          && typeof other.has === "function" && typeof other.keys === "function") {
        const keys = other.keys();
        const next = keys.next;
        taken = new Set();
        for (;;) {
          step();
          const result = apply(next, keys, []);
          if (result === null || typeof result !== "object") throw new TypeError("keys().next() gave a non-object");
          if (result.done) break;
          apply(nativeAdd, taken, [result.value]);
        }
        size = collectionSize(taken);
      }
      charge(max(0, size) + max(0, collectionSize(this)));
      return apply(native, this, [taken]);
    } }[name]);
  }
  // String.raw (ECMA-262): each raw piece and substitution read once, a key's worth each
  const coerced = (v) => {
    if (v === null || v === undefined) throw new TypeError("Cannot convert undefined or null to object");
    return Object(v);
  };
  setLength(install(String, "raw", { raw(template, ...substitutions) {
    const literals = coerced(coerced(template).raw);
    const count = lengthOf(literals);
    charge(ENTRY_UNITS * count);
    if (count <= 0) return "";
    const out = pieces();
    for (let i = 0; ; i++) {
      out.add(String(literals[i]));
      if (i + 1 >= count) break;
      if (i < substitutions.length) out.add(String(substitutions[i]));
    }
    return fresh(out.text());
  } }.raw), 1);
  // Object.assign copies every own property of its sources
  const properties = (v) => (v === null || v === undefined ? 0 : typeof v === "string" ? v.length
    : typeof v === "object" || typeof v === "function" ? ownKeys(v).length : 0);
  // a property set or defined on an array may be its length, given a numeral (what stored() charges at most)
  const LENGTH_UNITS = storeUnits(NUMERAL_REACH);
  const onto = (target) => PROPERTY_UNITS + (isArray(target) ? LENGTH_UNITS : 0);
  charged(Object, "assign", (self, args) => {
    const each = onto(args[0]);
    let n = 0;
    for (let i = 1; i < args.length; i++) n += each * properties(args[i]);
    return n;
  });
  charged(Object, "defineProperty", (self, args) => (isArray(args[0]) ? LENGTH_UNITS : 0));
  charged(Object, "getOwnPropertyDescriptors", (self, args) => PROPERTY_UNITS * properties(args[0]));
  // builtins that walk every own property of an object: its integrity level, its symbols, a descriptor map
  for (const name of ["freeze", "seal", "preventExtensions", "isFrozen", "isSealed"]) {
    charged(Object, name, (self, args) => properties(args[0]));
  }
  charged(Object, "getOwnPropertySymbols", () => 0, listed);
  charged(Object, "defineProperties", (self, args) => onto(args[0]) * properties(args[1]));
  // a collection's forEach calls its callback (which may be a builtin no counter sees) once an entry
  for (const C of [Map, Set]) charged(C.prototype, "forEach", (self) => STEP_UNITS * max(0, collectionSize(self)));

  // Iterator.prototype's consumers read `this.next` once and call it each step: through a stepped wrapper.
  if (typeof Iterator === "function") {
    for (const name of ["forEach", "reduce", "some", "every", "find", "toArray"]) {
      const native = Iterator.prototype[name];
      if (typeof native !== "function") continue;
      const fn = { [name](...args) {
        if (this === null || (typeof this !== "object" && typeof this !== "function")) return apply(native, this, args);
        const source = this;
        const next = source.next;
        const direct = { next() { step(); return apply(next, source, []); }, return() {
          const done = source.return;
          return done === undefined || done === null ? { done: true, value: undefined } : apply(done, source, []);
        } };
        return apply(native, direct, args);
      } }[name];
      Object.defineProperty(fn, "length", { value: native.length, configurable: true });
      install(Iterator.prototype, name, fn);
    }
  }

  // Array.fromAsync awaits each value of an iterable (or an array-like's elements) and stores it: its source is
  // handed over stepped, an array-like charged by its length, so an endless one ends at the budget; its loop runs
  // in microtasks, which may outlive the render, and then its next step throws.
  const { fromAsync } = Array;
  const NativePromise = Promise;
  function steppedSource(items) {
    if (items === null || items === undefined) return items;
    for (const [symbol, sync] of [[Symbol.asyncIterator, false], [Symbol.iterator, true]]) {
      const method = items[symbol];
      if (method === undefined || method === null) continue;
      return { [symbol]() {
        const it = apply(method, items, []);
        if (!isObject(it)) return it;
        const next = it.next;
        const wrapped = { next(value) {
          if (!live()) throw new TypeError("the render has ended");
          charge(AWAIT_UNITS - STEP_UNITS);
          step();
          return apply(next, it, [value]);
        } };
        const forward = (name) => { const fn = it[name]; return fn === undefined || fn === null ? fn
          : (value) => apply(fn, it, [value]); };
        Object.defineProperty(wrapped, "return", { get() { return forward("return"); } });
        if (sync) Object.defineProperty(wrapped, "throw", { get() { return forward("throw"); } });
        return wrapped;
      } };
    }
    charge(STEP_UNITS * lengthOf(items));
    return items;
  }
  if (typeof fromAsync === "function") {
    install(Array, "fromAsync", { fromAsync(items, ...rest) {
      rejectable(); // its promise can reject
      let source;
      try { source = steppedSource(items); } catch (e) { return apply(NativePromise.reject, NativePromise, [e]); }
      return apply(fromAsync, this, [source, ...rest]);
    } }.fromAsync);
  }

  // ---- strings an operator reads ------------------------------------------------------------------------
  // Comparing, ordering or converting a string to a number reads it whole, in one counted step: V8 walks up to
  // MAX_STRING characters (about 13 us for a numeral padded with spaces). The instrumenter passes the operands of
  // every such operator through these hooks, which charge a string (READ_UNITS and its length; one compared only
  // for equality past FRESH_FREE) and convert an object to its primitive themselves (ECMA-262 ToPrimitive), so what
  // its valueOf, toString or Symbol.toPrimitive answers is charged too. The operator then meets only primitives it
  // has been paid for.
  const toPrimitiveKey = Symbol.toPrimitive;
  const { TypeError: NativeTypeError } = root;

  function toPrimitive(input, hint) {
    const exotic = input[toPrimitiveKey];
    if (exotic !== undefined && exotic !== null) {
      if (typeof exotic !== "function") throw new NativeTypeError("Symbol.toPrimitive is not a function");
      const result = apply(exotic, input, [hint]);
      if (isObject(result)) throw new NativeTypeError("Cannot convert object to primitive value");
      return result;
    }
    const first = hint === "string" ? "toString" : "valueOf";
    const second = hint === "string" ? "valueOf" : "toString";
    for (const name of [first, second]) {
      const method = input[name];
      if (typeof method === "function") {
        const result = apply(method, input, []);
        if (!isObject(result)) return result;
      }
    }
    throw new NativeTypeError("Cannot convert object to primitive value");
  }

  function paid(v) {
    if (typeof v === "string" && harness === 0) charge(READ_UNITS + ceil(v.length / FRESH_CHARS));
    return v;
  }

  // an operand an operator converts to a number, or orders (<, -, *, ~, ++, ...)
  function numeric(v) {
    if (typeof v === "number") return v;
    return paid(isObject(v) ? toPrimitive(v, "number") : v);
  }

  // a == b: an object met with a primitive other than null or undefined is converted (hint default)
  function looseEqual(a, b) {
    if (isObject(a) && !isObject(b)) { if (b !== null && b !== undefined) a = toPrimitive(a, "default"); }
    else if (isObject(b) && !isObject(a) && a !== null && a !== undefined) b = toPrimitive(b, "default");
    return paid(a) == paid(b);
  }

  // a === b: two strings of one length are compared character by character (at memory speed: past FRESH_FREE)
  function strictEqual(a, b) {
    if (typeof a === "string" && typeof b === "string" && a.length === b.length && a.length > FRESH_FREE
        && harness === 0) {
      charge(ceil(a.length / FRESH_CHARS));
    }
    return a === b;
  }

  // switch (x) with `cases` cases compares x with each
  function switched(v, cases) {
    if (typeof v === "string" && v.length > FRESH_FREE && harness === 0) charge(cases * ceil(v.length / FRESH_CHARS));
    return v;
  }

  // o[k]++ and o[k] -= v: the reference read (and converted) once and written once; a member a pattern or a loop's
  // head stores into is written through one too
  function reference(o, k) {
    const key = isObject(k) ? toPrimitive(k, "string") : k;
    return { get v() { return numeric(o[key]); }, set v(value) { o[key] = stored(value); } };
  }

  // t.#p++ and super.p++ (no reference can be handed over): assign(old + 1) or (old - 1); the value is old
  function postfix(old, assign, up) {
    assign(up ? old + 1 : old - 1);
    return old;
  }

  // o.length = v, o[k] = v: an array's length converts a string stored into it twice (ECMA-262 ArraySetLength),
  // about 11 ns a character it reads as a number (700 ns at 64)
  function storeUnits(reach) {
    return 2 * READ_UNITS + 2 * reach;
  }
  function stored(v) {
    if (typeof v === "string" && harness === 0) charge(storeUnits(numeralReach(v)));
    return v;
  }

  // An exception a catch block, a function's exit, a finally block (instrument.js) or a promise's handler sees;
  // `rejects`: it rejects a promise (an async function's exit)
  const seenErrors = new WeakSet();
  function caught(e, rejects) {
    if (harness > 0) return;
    if (isObject(e) && !apply(weakHas, seenErrors, [e])) {
      apply(weakAdd, seenErrors, [e]);
      charge(ERROR_UNITS);
    } else {
      charge(RETHROW_UNITS);
    }
    if (rejects === true) rejectable();
  }

  // errors.js's constructors: each error a sketch makes is charged; AggregateError's errors are read a step each
  const errors = root.__critiquePaintErrors;
  if (errors) {
    errors.onMake((name, args) => {
      if (harness > 0) return args;
      charge(ERROR_UNITS);
      if (name !== "AggregateError" || args.length === 0 || args[0] === null || args[0] === undefined) return args;
      args[0] = readStepped(args[0]);
      return args;
    });
    for (const wrapper of errors.wrappers) installed.add(wrapper);
  }

  // `wrapper` in place of the global constructor `native`, with its statics, its prototype and the prototype's
  // constructor (so `(5).constructor === Number` still holds)
  function installConstructor(native, wrapper) {
    for (const key of ownKeys(native)) {
      if (key !== "prototype") Object.defineProperty(wrapper, key, Object.getOwnPropertyDescriptor(native, key));
    }
    Object.defineProperty(wrapper, "prototype", Object.getOwnPropertyDescriptor(native, "prototype"));
    Object.defineProperty(native.prototype, "constructor", { value: wrapper, writable: true, configurable: true });
    install(root, native.name, wrapper);
  }

  // A rejection the sketch may make: its units (REJECT_UNITS), or a RangeError past MAX_REJECTIONS
  let rejections = 0;
  function rejectable() {
    if (harness > 0) return 0;
    if (++rejections > MAX_REJECTIONS) throw new RangeError(`a render makes at most ${MAX_REJECTIONS} rejected promises`);
    charge(REJECT_UNITS);
    return 0;
  }

  // A promise resolved with an object calls the object's `then` (if it has one) in a job of V8's, which turns what
  // it throws into a rejection: charged as one (Promise.resolve, an executor's resolve, what a handler or an async
  // function returns).
  function settled(v) {
    if (isObject(v) && harness === 0) rejectable();
    return v;
  }

  // A promise's handlers, its executor and Promise.try's function are called inside a catch of V8's, which turns
  // what they throw into a rejection: what they throw, a rejection handed to a handler and each rejection they can
  // make (an executor's reject called) is charged here.
  function guarded(f, rejected) {
    if (typeof f !== "function") return f;
    return function (...args) {
      if (rejected) caught(args[0]);
      try { return settled(apply(f, this, args)); } catch (e) { caught(e, true); throw e; }
    };
  }
  function guardedExecutor(executor) {
    if (typeof executor !== "function") return executor;
    return function (resolve, reject) {
      const resolving = [function (value) { return resolve(settled(value)); }][0];
      const rejecting = [function (reason) { rejectable(); return reject(reason); }][0];
      try { return apply(executor, this, [resolving, rejecting]); } catch (e) { caught(e, true); throw e; }
    };
  }
  {
    const { then } = Promise.prototype;
    setLength(install(Promise.prototype, "then", { then(onFulfilled, onRejected) {
      return apply(then, this, [guarded(onFulfilled, false), guarded(onRejected, true)]);
    } }.then), then.length);
    const tried = Promise.try;
    if (typeof tried === "function") {
      setLength(install(Promise, "try", { try(f, ...args) { return apply(tried, this, [guarded(f, false), ...args]); } }.try),
                tried.length);
    }
    charged(Promise, "reject", rejectable);
    charged(Promise, "withResolvers", rejectable); // it hands out a reject
    // each can reject once (any with an AggregateError it makes)
    for (const name of ["all", "allSettled", "any", "race"]) charged(Promise, name, () => rejectable() + ERROR_UNITS);
    const wrapper = function Promise(executor) {
      if (new.target === undefined) return apply(NativePromise, this, [executor]);
      return construct(NativePromise, [guardedExecutor(executor)], new.target);
    };
    installConstructor(NativePromise, wrapper);
  }

  // Builtins that convert an argument to a number read it here first (the same charge, the same conversion).
  function numericArguments(target, names, count) {
    for (const name of names) {
      const native = target[name];
      if (typeof native !== "function") continue;
      const bound = target === Math; // Math's functions ignore this: called directly, no argument list is made
      const fn = count === 1
        ? bound ? { [name](x) { return native(typeof x === "number" ? x : numeric(x)); } }[name]
          : { [name](x) { return fresh(apply(native, this, [typeof x === "number" ? x : numeric(x)])); } }[name]
        : count === 2
          ? { [name](x, y) { return native(typeof x === "number" ? x : numeric(x), typeof y === "number" ? y : numeric(y)); } }[name]
          : { [name](x, y) {
            if (arguments.length === 2 && typeof x === "number" && typeof y === "number") return native(x, y);
            const args = [];
            for (let i = 0; i < arguments.length; i++) args[i] = typeof arguments[i] === "number" ? arguments[i] : numeric(arguments[i]);
            return apply(native, undefined, args);
          } }[name];
      setLength(install(target, name, fn), native.length);
    }
  }
  numericArguments(Math, ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "clz32", "cos",
                          "cosh", "exp", "expm1", "floor", "fround", "f16round", "log", "log1p", "log10", "log2",
                          "round", "sign", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"], 1);
  numericArguments(Math, ["atan2", "imul", "pow"], 2);
  numericArguments(Math, ["max", "min", "hypot"], 0);
  numericArguments(Number.prototype, ["toExponential", "toFixed", "toPrecision", "toString"], 1);
  numericArguments(String.prototype, ["at", "charAt", "charCodeAt", "codePointAt"], 1);
  numericArguments(Array.prototype, ["at"], 1);
  if (typeof Iterator === "function") numericArguments(Iterator.prototype, ["take", "drop"], 1);
  // a function's source text, as long as the sketch's code
  charged(Function.prototype, "toString", () => 0);
  // text V8 joins from a sketch's strings: an error's name and message, a symbol's description
  charged(Error.prototype, "toString", () => 0);
  charged(Symbol.prototype, "toString", () => 0);
  // Number(v) and new Number(v) convert v as an operator does. The constructor keeps its prototype, statics and
  // identity as Number.prototype.constructor.
  {
    const wrapper = function Number(value) {
      const v = arguments.length === 0 ? 0 : typeof value === "number" ? value : numeric(value);
      return new.target === undefined ? NativeNumber(v) : construct(NativeNumber, [v], new.target);
    };
    installConstructor(NativeNumber, wrapper);
  }
  const operators = Object.freeze({ numeric: Object.freeze(numeric), looseEqual: Object.freeze(looseEqual),
                                    strictEqual: Object.freeze(strictEqual), switched: Object.freeze(switched),
                                    reference: Object.freeze(reference), postfix: Object.freeze(postfix),
                                    stored: Object.freeze(stored), caught: Object.freeze(caught),
                                    settled: Object.freeze(settled) });

  // ---- prototype chains ---------------------------------------------------------------------------------
  // A lookup that misses, instanceof and isPrototypeOf walk an object's whole prototype chain, natively, in one
  // counted step. Every way a sketch links an object under another is checked here, so no chain holds more than
  // MAX_CHAIN objects: Object.create, Object.setPrototypeOf and the __proto__ setter (wrapped below), a literal's
  // __proto__, a class's extends and an ordinary function called with new (instrument.js calls link()), and a
  // generator function's prototype, which is made read-only when the function is made (seal()). Relinking an
  // object moves everything below it: the longest chain below each object is kept (`below`).
  const MAX_CHAIN = 16;
  const below = new WeakMap();
  const { getPrototypeOf, setPrototypeOf: nativeSetPrototypeOf } = Object;
  function chainLength(o) {
    let n = 0;
    for (let p = o; p !== null && n <= MAX_CHAIN; p = getPrototypeOf(p)) n++;
    return n;
  }
  // `parent` is to hold an object with `height` objects below it (0: a fresh one)
  function link(parent, height = 0) {
    if (!isObject(parent)) return parent;
    const n = chainLength(parent);
    if (n + 1 + height > MAX_CHAIN) {
      throw new RangeError(`a prototype chain holds at most ${MAX_CHAIN} objects (the sketch made one longer)`);
    }
    let h = height + 1;
    for (let p = parent; p !== null && h <= MAX_CHAIN; p = getPrototypeOf(p), h++) {
      if ((below.get(p) || 0) >= h) break;
      below.set(p, h);
    }
    charge(STEP_UNITS * n);
    return parent;
  }
  const relink = (o, proto) => {
    if (isObject(o) && isObject(proto)) link(proto, below.get(o) || 0);
  };
  charged(Object, "create", (self, args) => { link(args[0]); return PROPERTY_UNITS * properties(args[1]); });
  install(Object, "setPrototypeOf", { setPrototypeOf(o, proto) {
    relink(o, proto);
    return apply(nativeSetPrototypeOf, Object, [o, proto]);
  } }.setPrototypeOf);
  const protoAccessor = Object.getOwnPropertyDescriptor(Object.prototype, "__proto__");
  if (protoAccessor && typeof protoAccessor.set === "function") {
    const nativeSet = protoAccessor.set;
    const set = { set __proto__(proto) { relink(this, proto); apply(nativeSet, this, [proto]); } };
    const setter = Object.getOwnPropertyDescriptor(set, "__proto__").set;
    installed.add(setter);
    Object.defineProperty(Object.prototype, "__proto__", { get: protoAccessor.get, set: setter, enumerable: false,
                                                            configurable: true });
  }
  // class C extends Y: C is linked under Y and C.prototype under Y.prototype, which must be a value
  function extend(Y) {
    if (!isObject(Y)) return Y;
    link(Y);
    const found = dataProperty(Y, "prototype", "a class extends a constructor whose prototype is a getter");
    if (found !== undefined) link(found.value);
    return Y;
  }
  // `new F` of an ordinary function: its `this` was made under F.prototype
  const constructed = (self) => { link(getPrototypeOf(self)); };
  // a generator function's prototype is what each of its calls is made under: read-only from its making
  const generatorKinds = [function* () {}, async function* () {}].map((f) => getPrototypeOf(f));
  function sealOne(fn) {
    if (typeof fn !== "function" || !generatorKinds.includes(getPrototypeOf(fn))) return;
    const found = Object.getOwnPropertyDescriptor(fn, "prototype");
    if (found && found.writable) Object.defineProperty(fn, "prototype", { writable: false });
  }
  // a generator function, or the generator methods of an object literal or a class (and its prototype)
  function seal(target) {
    if (typeof target === "function" && generatorKinds.includes(getPrototypeOf(target))) {
      sealOne(target);
      return target;
    }
    const holders = [target];
    if (typeof target === "function") {
      const found = Object.getOwnPropertyDescriptor(target, "prototype");
      if (found && isObject(found.value)) holders.push(found.value);
    }
    for (const holder of holders) {
      for (const key of ownKeys(holder)) {
        const found = Object.getOwnPropertyDescriptor(holder, key);
        if (found && "value" in found) sealOne(found.value);
      }
    }
    return target;
  }
  const chains = Object.freeze({ link: Object.freeze((parent) => link(parent)), extend: Object.freeze(extend),
                                 constructed: Object.freeze(constructed), seal: Object.freeze(seal), MAX_CHAIN });

  // regexp.js's linear RegExp compiles its pattern (twice: a probe, then the linear engine) each time it is built
  const regexps = root.__critiquePaintRegExp;
  if (regexps) regexps.onCompile((length) => charge(COMPILE_UNITS * length));

  Object.defineProperty(root, "__critiquePaintNatives", {
    value: Object.freeze({ NESTING, MAX_ARGUMENTS, onLimit(handler) { onLimit = handler; },
                           onWork(handler) { onWork = handler; },
                           onLive(handler) { live = handler; },
                           asHarness(fn) { harness++; try { return fn(); } finally { harness--; } }, reset() { level = 0; steps = 0; rejections = 0; joining.length = 0; },
                           spreadArguments, chains, operators, fresh: Object.freeze(fresh), installed: (fn) => installed.has(fn),
                           NUMERAL_REACH, numeralReach: Object.freeze(numeralReach) }),
    configurable: true,
  });
})(globalThis);
