// Every function a sketch can reach, as [path, installed] pairs (JSON): from the compartment's globals (NAMES)
// and the values its syntax makes (functions of each kind, classes, regexes, iterators of each builtin kind,
// arguments, errors, promises), following every own property (values, getters, setters) and prototype.
// `installed`: the function is one natives.js installed. Evaluated by tests/test_sandbox.py in the sandbox realm.
(() => {
  const NAMES = __NAMES__;
  const installed = globalThis.__critiquePaintInstalled;
  const seen = new Map();
  const found = [];
  const queue = [];
  const visit = (o, path) => {
    if (o === null || (typeof o !== "object" && typeof o !== "function") || seen.has(o)) return;
    seen.set(o, path);
    queue.push(o);
    if (typeof o === "function") found.push([path, installed(o)]);
  };
  for (const name of NAMES) visit(globalThis[name], name);
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([].values()));
  const made = {
    "(function)": function () { /* a function */ }, "(async function)": async function () { /* async */ },
    "(generator)": function* () { /* generator */ }, "(async generator)": async function* () { /* async gen */ },
    "(class)": class {}, "(regex)": /x/g, "(generator object)": (function* () { /* gen */ })(),
    "(async generator object)": (async function* () { /* async gen */ })(),
    "(array iterator)": [][Symbol.iterator](), "(string iterator)": ""[Symbol.iterator](),
    "(map iterator)": new Map()[Symbol.iterator](), "(set iterator)": new Set()[Symbol.iterator](),
    "(regexp string iterator)": /x/g[Symbol.matchAll](""),
    "(iterator helper)": IteratorPrototype.map.call([].values(), (v) => v),
    "(wrap for valid iterator)": IteratorPrototype.constructor.from({ next() { return { done: true }; } }),
    "(arguments)": (function () { return arguments; })(), "(error)": new Error("x"), "(promise)": Promise.resolve(),
  };
  for (const [name, value] of Object.entries(made)) visit(value, name);
  while (queue.length) {
    const o = queue.shift();
    const base = seen.get(o);
    visit(Object.getPrototypeOf(o), `${base}.__proto__`);
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      const name = typeof key === "symbol" ? `[${key.description}]` : key;
      if ("value" in d) visit(d.value, `${base}.${name}`);
      if (d.get) visit(d.get, `${base}.get ${name}`);
      if (d.set) visit(d.set, `${base}.set ${name}`);
    }
  }
  return JSON.stringify(found);
})()
