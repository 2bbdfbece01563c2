// critique-paint render harness: sketch source -> the code its compartment evaluates. Runs in the sandbox
// realm, before that realm is locked down. The sketch is parsed (acorn, strict ECMAScript as V8 reads it),
// every function entry and loop step gets stack and work accounting, and the code is generated from that
// tree (astring) and parsed back to the same tree: V8 runs the generated text only, never the sketch's own.
"use strict";
(function (root) {
  const acorn = root.acorn;
  const astring = root.astring;
  const regexps = root.__critiquePaintRegExp; // regexp.js: the page's native RegExp and the linear one
  const natives = root.__critiquePaintNatives; // natives.js: how far a string reads as a number
  const P = "$cp_";
  const D = P + "d"; // counted stack depth, bytes
  const O = P + "o"; // a frame's base depth
  const IN = P + "in"; // a suspending function: counted now
  const V = P + "v"; // a temporary
  const A = P + "a"; // moved parameters
  const W = P + "w"; // work left before the next tick
  const OVER = P + "over"; // harness: the depth budget is spent
  const TICK = P + "tick"; // harness: charge the debt and a chunk of work, return the chunk
  const DELEG = P + "deleg"; // yield* through a counted iterator
  const APPLY = P + "apply"; // harness: Reflect.apply
  const SYM = P + "sym"; // harness: [Symbol.iterator, Symbol.asyncIterator, TypeError, Symbol.toStringTag]
  const RX = P + "rx"; // harness: the linear-time RegExp (regexp.js) a regex literal is built with
  const SPREAD = P + "spread"; // harness: the argument list `...x` makes in a call, stepped and capped (natives.js)
  const LINK = P + "link"; // natives.js: a literal's __proto__, checked against the longest prototype chain
  const EXTEND = P + "ext"; // natives.js: a class's extends, the same check for the class and its prototype
  const MADE = P + "made"; // natives.js: `this` of an ordinary function called with new, the same check
  const SEAL = P + "seal"; // natives.js: a generator function's prototype made read-only
  const FRESH = P + "s"; // natives.js: a string `+` or a template made, charged by its length
  // natives.js `operators`: what an operator reads of a string (comparing, ordering, converting it) is charged
  const NUMERIC = P + "n"; // an operand converted to a number or ordered
  const LOOSE = P + "eq"; // a == b
  const STRICT = P + "se"; // a === b
  const SWITCH = P + "sw"; // a switch's discriminant, compared with each case
  const REF = P + "ref"; // the target of o[k]++ or o[k] -= v, read once and written once
  const POST = P + "post"; // t.#p++ and super.p++
  const STORED = P + "put"; // a value stored where it may be an array's length (o.length = v, o[k] = v)
  const CAUGHT = P + "caught"; // an exception caught (natives.js charges what V8 spent making it)
  const E = P + "e"; // a caught exception
  const SETTLED = P + "settle"; // what an async function returns (an object's `then` is called in a job of V8's)
  const MAX_NESTING = 160; // parser levels (statements, expressions, patterns) a sketch may nest
  const MAX_STRING = 16383; // natives.js's: the longest string a sketch may hold
  const FRAME_BASE = 1024;
  const FRAME_PER_NODE = 16;
  const LOOP_BASE = 1;

  const KEYS = {
    Program: ["body"], ExpressionStatement: ["expression"], BlockStatement: ["body"], StaticBlock: ["body"],
    EmptyStatement: [], DebuggerStatement: [], ReturnStatement: ["argument"], LabeledStatement: ["label", "body"],
    BreakStatement: ["label"], ContinueStatement: ["label"], IfStatement: ["test", "consequent", "alternate"],
    SwitchStatement: ["discriminant", "cases"], SwitchCase: ["test", "consequent"], ThrowStatement: ["argument"],
    TryStatement: ["block", "handler", "finalizer"], CatchClause: ["param", "body"],
    WhileStatement: ["test", "body"], DoWhileStatement: ["body", "test"],
    ForStatement: ["init", "test", "update", "body"], ForInStatement: ["left", "right", "body"],
    ForOfStatement: ["left", "right", "body"], FunctionDeclaration: ["id", "params", "body"],
    VariableDeclaration: ["declarations"], VariableDeclarator: ["id", "init"], ThisExpression: [],
    ArrayExpression: ["elements"], ObjectExpression: ["properties"], Property: ["key", "value"],
    FunctionExpression: ["id", "params", "body"], ArrowFunctionExpression: ["params", "body"],
    UnaryExpression: ["argument"], UpdateExpression: ["argument"], BinaryExpression: ["left", "right"],
    AssignmentExpression: ["left", "right"], LogicalExpression: ["left", "right"],
    MemberExpression: ["object", "property"], ConditionalExpression: ["test", "consequent", "alternate"],
    CallExpression: ["callee", "arguments"], NewExpression: ["callee", "arguments"],
    SequenceExpression: ["expressions"], YieldExpression: ["argument"], AwaitExpression: ["argument"],
    TemplateLiteral: ["quasis", "expressions"], TaggedTemplateExpression: ["tag", "quasi"], TemplateElement: [],
    ObjectPattern: ["properties"], ArrayPattern: ["elements"], RestElement: ["argument"],
    AssignmentPattern: ["left", "right"], ClassDeclaration: ["id", "superClass", "body"],
    ClassExpression: ["id", "superClass", "body"], ClassBody: ["body"], MethodDefinition: ["key", "value"],
    PropertyDefinition: ["key", "value"], MetaProperty: ["meta", "property"], Super: [], SpreadElement: ["argument"],
    ChainExpression: ["expression"], Identifier: [], PrivateIdentifier: [], Literal: [],
  };
  const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
  // operators that convert their operands to numbers, or order them
  const NUMERIC_OPERATORS = new Set(["-", "*", "/", "%", "**", "&", "|", "^", "<<", ">>", ">>>", "<", ">", "<=", ">="]);
  const COMPOUND = new Set(["-=", "*=", "/=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=", ">>>="]);
  const STORES = new Set(["=", "&&=", "||=", "??="]);
  const PRIMITIVE_RESULTS = new Set(["UnaryExpression", "UpdateExpression", "BinaryExpression"]);
  const LOOPS = new Set(["WhileStatement", "DoWhileStatement", "ForStatement", "ForInStatement", "ForOfStatement"]);
  const POSITION = new Set(["start", "end", "loc", "range"]);

  class Refusal {
    constructor(code, message, pos) { this.code = code; this.message = message; this.pos = pos; }
  }

  // A parser that reads the sketch as strict code (compartments evaluate strict code) and refuses, at a
  // fixed depth, a nesting deep enough to exhaust the stack: so that limit does not depend on the JIT.
  class Parser extends acorn.Parser {
    constructor(options, input) {
      super(options, input);
      this.strict = true;
      this.cpDepth = 0;
      this.cpMax = options.cpMax;
    }
  }
  for (const name of ["parseStatement", "parseMaybeAssign", "parseMaybeUnary", "parseExprOp", "parseExprAtom",
    "parseBindingAtom", "parseMaybeDefault", "parseClassElement"]) {
    const base = acorn.Parser.prototype[name];
    Parser.prototype[name] = function counted(a, b, c, d, e, f) {
      if (++this.cpDepth > this.cpMax) {
        throw new Refusal("sketch_error", `the sketch nests more than ${MAX_NESTING} levels deep; flatten it`,
                          this.start);
      }
      try { return base.call(this, a, b, c, d, e, f); } finally { this.cpDepth--; }
    };
  }

  function parse(text, max) {
    return Parser.parse(text, { ecmaVersion: "latest", sourceType: "script", locations: true,
                                allowReturnOutsideFunction: true, allowHashBang: false, cpMax: max });
  }

  // ---- tree builders
  const id = (name) => ({ type: "Identifier", name });
  const num = (value) => ({ type: "Literal", value, raw: String(value) });
  const lit = (value) => ({ type: "Literal", value, raw: JSON.stringify(value) });
  const seq = (...expressions) => ({ type: "SequenceExpression", expressions });
  const set = (name, right, operator = "=") => ({ type: "AssignmentExpression", operator, left: id(name), right });
  const bin = (operator, left, right) => ({ type: "BinaryExpression", operator, left, right });
  const and = (left, right) => ({ type: "LogicalExpression", operator: "&&", left, right });
  const not = (argument) => ({ type: "UnaryExpression", operator: "!", prefix: true, argument });
  const call = (callee, args = []) => ({ type: "CallExpression", callee: typeof callee === "string" ? id(callee) : callee,
                                         arguments: args, optional: false });
  const stmt = (expression) => ({ type: "ExpressionStatement", expression });
  const block = (body) => ({ type: "BlockStatement", body });
  const when = (test, consequent) => ({ type: "IfStatement", test, consequent, alternate: null });
  const declare = (kind, pairs) => ({ type: "VariableDeclaration", kind, declarations: pairs.map(([name, init]) => (
    { type: "VariableDeclarator", id: typeof name === "string" ? id(name) : name, init: init || null })) });
  const seen = (name, rejects = false) => stmt(call(CAUGHT, rejects ? [id(name), lit(true)] : [id(name)]));
  // catch (e) { CAUGHT(e); throw e; } (rejects: leaving an async function, the exception rejects its promise)
  const rethrowing = (rejects = false) => ({ type: "CatchClause", param: id(E),
                                             body: block([seen(E, rejects), { type: "ThrowStatement", argument: id(E) }]) });
  const guarded = (body, finalizer, rejects = false) => ({ type: "TryStatement", block: block(body),
                                                          handler: rethrowing(rejects), finalizer: block(finalizer) });

  const member = (object, name) => ({ type: "MemberExpression", object, property: id(name), computed: false,
                                       optional: false });
  const assign = (left, right) => ({ type: "AssignmentExpression", operator: "=", left, right });
  const unaryPlus = (argument) => ({ type: "UnaryExpression", operator: "+", prefix: true, argument });
  // An operand whose value is surely a number, a flag or a short literal needs no read.
  const plain = (node) => (node.type === "Literal" && (typeof node.value !== "string" || node.value.length <= 64))
    || PRIMITIVE_RESULTS.has(node.type) || (node.type === "Identifier" && node.name === "undefined")
    || (node.type === "CallExpression" && node.callee.type === "Identifier"
        && [NUMERIC, LOOSE, STRICT].includes(node.callee.name));
  const numeric = (node) => (plain(node) ? node : call(NUMERIC, [node]));
  // A member that may be an array's length: named `length`, or computed.
  const lengthOrComputed = (target) => target.computed
    || (target.property.type === "Identifier" && target.property.name === "length");
  // A value that may be a string, stored into such a member, goes through STORED.
  const storesLength = (node, target) => lengthOrComputed(target)
    && !(node.type === "Literal" && typeof node.value !== "string") && !PRIMITIVE_RESULTS.has(node.type)
    && !(node.type === "CallExpression" && node.callee.type === "Identifier"
         && [LOOSE, STRICT].includes(node.callee.name));
  // A private member or super's can be handed over to no function: its object is written out again (this or a
  // name); any other object is evaluated once, as the reference REF makes.
  const direct = (target) => {
    if (target.property.type !== "PrivateIdentifier" && target.object.type !== "Super") return false;
    if (!["ThisExpression", "Identifier", "Super"].includes(target.object.type)
        || (target.computed && !["Identifier", "Literal"].includes(target.property.type))) {
      throw new Refusal("unsupported_syntax", "++, -- and compound assignment to a private member or super's need it "
                        + "on this or a name, with a plain key (const o = ...; o.#p++)", target.start);
    }
    return true;
  };
  const nullish = (node) => (node.type === "Literal" && node.value === null)
    || (node.type === "Identifier" && node.name === "undefined");
  const key = (target) => (target.computed ? target.property : lit(target.property.name));
  // [a.length] = [n], ({ k: a[k] } = o), for (a.length of xs): a member that a pattern or a loop's head stores into,
  // under `length` or a computed key, is written through REF, whose setter passes the value through STORED
  function storedTargets(target) {
    const pending = [target];
    while (pending.length > 0) {
      const t = pending.pop();
      if (t === null) continue;
      if (t.type === "ArrayPattern") pending.push(...t.elements);
      else if (t.type === "ObjectPattern") pending.push(...t.properties.map((p) => (p.type === "RestElement" ? p : p.value)));
      else if (t.type === "AssignmentPattern") pending.push(t.left);
      else if (t.type === "RestElement") pending.push(t.argument);
      else if (t.type === "MemberExpression" && t.property.type !== "PrivateIdentifier" && t.object.type !== "Super"
               && lengthOrComputed(t)) {
        replace(t, member(call(REF, [t.object, key(t)]), "v"));
      }
    }
  }

  // depth: D = O + weight, over the budget -> OVER(); work: W -= cost, spent -> W = TICK(W) (W's debt is charged)
  const chargeDepth = (weight, budget) => and(bin(">", set(D, bin("+", id(O), num(weight))), num(budget)),
                                              call(OVER));
  const chargeWork = (cost) => and(bin("<", set(W, num(cost), "-="), num(0)), set(W, call(TICK, [id(W)])));
  const enter = (weight, cost, budget) => [stmt(chargeDepth(weight, budget)), stmt(chargeWork(cost))];
  const reenter = (weight, cost, budget) => [set(IN, lit(true)), set(O, id(D)), chargeDepth(weight, budget),
                                             chargeWork(cost)];

  function replace(node, next) {
    for (const key of Object.keys(node)) if (key !== "loc") delete node[key];
    Object.assign(node, next);
  }

  const isGeneratorDeclaration = (s) => s.type === "FunctionDeclaration" && s.generator;
  // Generator declarations are hoisted: each is sealed before any other statement of its block runs.
  function sealGenerators(body) {
    const seals = body.filter(isGeneratorDeclaration).map((s) => stmt(call(SEAL, [id(s.id.name)])));
    body.unshift(...seals);
  }

  class Instrumenter {
    constructor(source, opts) {
      this.source = source;
      this.budget = opts.depthBudget;
      this.suspendCost = opts.suspendCost;
      this.refusedMessage = opts.refusedMessage;
      this.fn = null; // the function whose own code is being walked
      this.loop = null; // the loop whose body is being walked
    }

    visit(node) {
      if (node === null || node === undefined) return;
      const keys = KEYS[node.type];
      if (node.type === "ImportExpression") {
        throw new Refusal("refused_text", this.refusedMessage.replace("{text}", "import("), node.start);
      }
      if (keys === undefined) throw new Refusal("unsupported_syntax", `${node.type} is not supported`, node.start);
      if (this.fn) this.fn.nodes++;
      if (this.loop) this.loop.nodes++;
      if (node.type === "Identifier" || node.type === "PrivateIdentifier") this.name(node);
      if (node.type === "Literal" && node.regex) return this.regex(node);
      const text = node.type === "Literal" ? node.value : node.type === "TemplateElement" ? node.value.cooked : null;
      if (typeof text === "string" && text.length > MAX_STRING) {
        throw new Refusal("unsupported_syntax", `a string literal holds at most ${MAX_STRING} characters`, node.start);
      }
      if (node.type === "TemplateElement") this.numeral(node.value.raw, node);
      if (typeof text === "string") this.numeral(text, node);
      if (node.type === "Literal" && node.bigint !== undefined) {
        // BigInt arithmetic is work no step counts (`2n ** 9999999n`), and no painting needs it
        throw new Refusal("unsupported_syntax", "BigInt literals are not supported", node.start);
      }
      if (node.type === "Property" && node.kind === "set") node.value.cpSetter = true;
      if (node.type === "Property" && (node.method || node.kind !== "init")) node.value.cpMethod = true;
      if (node.type === "TaggedTemplateExpression") node.quasi.cpTagged = true;
      if (FUNCTIONS.has(node.type)) return this.func(node);
      if (LOOPS.has(node.type)) return this.loopStatement(node);
      if (node.type === "ClassDeclaration" || node.type === "ClassExpression") return this.klass(node);
      if (node.type === "PropertyDefinition" && node.value) return this.field(node);
      if (node.type === "StaticBlock") return this.staticBlock(node);
      for (const key of keys) this.visitChild(node[key]);
      if (node.type === "BlockStatement") sealGenerators(node.body);
      else if (node.type === "SwitchCase" && node.consequent.some(isGeneratorDeclaration)) {
        throw new Refusal("unsupported_syntax", "declare generator functions outside switch cases", node.start);
      } else if (node.type === "ObjectExpression") this.literal(node);
      else if (node.type === "BinaryExpression" && node.operator !== "+") this.compared(node);
      else if (node.type === "UnaryExpression" && (node.operator === "-" || node.operator === "+" || node.operator === "~")) {
        node.argument = numeric(node.argument);
      } else if (node.type === "UpdateExpression") this.updated(node);
      else if (node.type === "AssignmentExpression" && COMPOUND.has(node.operator)) this.compound(node);
      else if (node.type === "AssignmentExpression" && STORES.has(node.operator)
               && node.left.type === "MemberExpression") {
        if (storesLength(node.right, node.left)) node.right = call(STORED, [node.right]);
      } else if (node.type === "AssignmentExpression" && node.operator === "=") storedTargets(node.left);
      else if (node.type === "SwitchStatement") node.discriminant = call(SWITCH, [node.discriminant, num(node.cases.length)]);
      if ((node.type === "BinaryExpression" && node.operator === "+")
               || (node.type === "AssignmentExpression" && node.operator === "+=")
               || (node.type === "TemplateLiteral" && node.expressions.length && !node.cpTagged)) {
        // a string made by `+` is a rope V8 copies whole the first time it is read, hashed or compared
        replace(node, call(FRESH, [{ ...node }]));
      }
      if (node.type === "CallExpression" || node.type === "NewExpression") this.spreadArguments(node);
      if (node.type === "AwaitExpression" || node.type === "YieldExpression") this.pause(node);
      else if (node.type === "CatchClause" || node.type === "TryStatement") this.handlers(node);
      else if (node.type === "ReturnStatement" && this.fn && this.fn.async && this.fn.generator) this.asyncReturn(node);
      else if (node.type === "ReturnStatement" && this.fn && this.fn.async && node.argument) {
        node.argument = call(SETTLED, [node.argument]);
      }
      else if (node.type === "VariableDeclaration" && node.kind === "await using") {
        throw new Refusal("unsupported_syntax", "await using is not supported", node.start);
      }
    }

    visitChild(child) {
      if (Array.isArray(child)) { for (const c of child) this.visit(c); } else this.visit(child);
    }

    // a < b, a * b, a == b, a === b: each operand that may be a string or an object is read through natives.js
    compared(node) {
      const { operator, left, right } = node;
      if (NUMERIC_OPERATORS.has(operator)) {
        node.left = numeric(left);
        node.right = numeric(right);
      } else if (operator === "==" || operator === "!=" ? !nullish(left) && !nullish(right) && !(plain(left) && plain(right))
        : (operator === "===" || operator === "!==") && !plain(left) && !plain(right)) {
        const test = call(operator.length === 2 ? LOOSE : STRICT, [left, right]);
        replace(node, operator[0] === "!" ? not(test) : test);
      }
    }

    // x++ reads x as a number: x is read through natives.js first; a member's reference is read and written once
    updated(node) {
      const target = node.argument;
      const up = node.operator === "++";
      if (target.type === "Identifier") {
        replace(node, seq(set(target.name, call(NUMERIC, [id(target.name)])), { ...node }));
      } else if (!direct(target)) {
        node.argument = member(call(REF, [target.object, key(target)]), "v");
      } else if (node.prefix) {
        replace(node, assign(target, bin(up ? "+" : "-", unaryPlus(call(NUMERIC, [target])), num(1))));
      } else {
        const arrow = { type: "ArrowFunctionExpression", id: null, params: [id(V)], async: false, generator: false,
                        expression: true, body: assign(target, id(V)) };
        replace(node, call(POST, [unaryPlus(call(NUMERIC, [target])), arrow, lit(up)]));
      }
    }

    // x -= v is x = x - v read through natives.js; a member's reference is read and written once
    compound(node) {
      const target = node.left;
      const operator = node.operator.slice(0, -1);
      if (target.type === "Identifier") {
        replace(node, set(target.name, bin(operator, call(NUMERIC, [id(target.name)]), numeric(node.right))));
      } else if (target.type !== "MemberExpression") {
        return;
      } else if (!direct(target)) {
        node.left = member(call(REF, [target.object, key(target)]), "v");
        node.right = numeric(node.right);
      } else {
        replace(node, assign(target, bin(operator, call(NUMERIC, [target]), numeric(node.right))));
      }
    }

    name(node) {
      const text = this.source.slice(node.start, node.end);
      if (text.includes("\\")) {
        throw new Refusal("escaped_identifier", "names written with escapes are not run; spell them out", node.start);
      }
      if (node.name.startsWith(P)) {
        throw new Refusal("reserved_name", `names starting with ${P} are reserved for the renderer; rename it`,
                          node.start);
      }
    }

    // natives.js's NUMERAL_REACH holds for the strings a sketch writes out as well as those it makes
    numeral(text, node) {
      if (natives && text.length > natives.NUMERAL_REACH && natives.numeralReach(text) > natives.NUMERAL_REACH) {
        throw new Refusal("unsupported_syntax", `a string literal begins with at most ${natives.NUMERAL_REACH} `
                          + "characters of a number and white space", node.start);
      }
    }

    // A regex literal becomes `new RX(pattern, flags)`: V8 would build it with its backtracking engine.
    regex(node) {
      const { pattern, flags } = node.regex;
      this.numeral(pattern, node);
      const why = regexps.refusal(pattern, flags);
      if (why !== null) throw new Refusal("unsupported_syntax", `the regex /${pattern.slice(0, 40)}/${flags} `
        + `cannot run: ${why}`, node.start);
      replace(node, { type: "NewExpression", callee: id(RX), arguments: [lit(pattern), lit(flags)] });
    }

    // f(...x) / new C(...x): the list goes through SPREAD, which refuses one longer than a call may take (a
    // native call with that many arguments overflows V8's stack at a depth that depends on the JIT).
    spreadArguments(node) {
      for (const arg of node.arguments) {
        if (arg.type === "SpreadElement") arg.argument = call(SPREAD, [arg.argument]);
      }
    }

    // Walk a function's own code with a fresh record, then give it its prologue and epilogue.
    func(node) {
      const outer = this.fn;
      const outerLoop = this.loop;
      const fn = { node, async: Boolean(node.async), generator: Boolean(node.generator), nodes: 0 };
      fn.suspends = fn.async || fn.generator;
      fn.constructs = node.type !== "ArrowFunctionExpression" && !fn.suspends && !node.cpMethod;
      this.fn = fn;
      this.loop = null;
      if (node.id) this.visit(node.id);
      for (const p of node.params) this.visit(p);
      this.visit(node.body);
      this.fn = outer;
      this.loop = outerLoop;
      this.wrapFunction(node, fn);
      if (node.type === "FunctionExpression" && node.generator && !node.cpMethod) {
        replace(node, call(SEAL, [{ ...node }]));
      }
    }

    // A literal's __proto__ is checked before the object is made under it; generator methods are sealed.
    literal(node) {
      for (const p of node.properties) {
        if (p.type === "Property" && p.kind === "init" && !p.computed && !p.shorthand && !p.method
            && (p.key.type === "Identifier" ? p.key.name : p.key.value) === "__proto__") {
          p.value = call(LINK, [p.value]);
        }
      }
      if (node.properties.some((p) => p.type === "Property" && p.method && p.value.generator)) {
        replace(node, call(SEAL, [{ ...node }]));
      }
    }

    wrapFunction(node, fn) {
      const weight = FRAME_BASE + FRAME_PER_NODE * fn.nodes;
      fn.weight = weight;
      const cost = 1 + fn.nodes;
      let body = node.body.type === "BlockStatement" ? node.body.body
        : [{ type: "ReturnStatement", argument: fn.async ? call(SETTLED, [node.body]) : node.body }];
      for (const s of body) delete s.directive; // inside the try block they are plain strings
      const simple = node.params.every((p) => p.type === "Identifier"
        || (p.type === "RestElement" && p.argument.type === "Identifier"));
      if (!simple) {
        const setter = node.cpSetter === true;
        const pattern = { type: "ArrayPattern", elements: node.params };
        body = [declare("var", [[pattern, setter ? { type: "ArrayExpression", elements: [id(A)] } : id(A)]]), ...body];
        node.params = [setter ? id(A) : { type: "RestElement", argument: id(A) }];
      }
      let prologue;
      let epilogue;
      if (fn.suspends) {
        prologue = [declare("let", [[O, id(D)], [IN, lit(true)], [V]]), ...enter(weight, cost, this.budget)];
        epilogue = [when(id(IN), stmt(set(D, id(O))))];
      } else {
        prologue = [declare("const", [[O, id(D)]]), ...enter(weight, cost, this.budget)];
        epilogue = [stmt(set(D, id(O)))];
      }
      if (fn.constructs) { // inside the try: a refusal leaves the count as the epilogue does
        const target = { type: "MetaProperty", meta: id("new"), property: id("target") };
        body = [stmt(and(target, call(MADE, [{ type: "ThisExpression" }]))), ...body];
      }
      node.body = block([...prologue, guarded(body, epilogue, fn.async)]);
      node.expression = false;
    }

    // await x / yield x / yield* x: leave the count, suspend, re-enter it on resuming.
    pause(node) {
      const fn = this.fn;
      if (!fn || !fn.suspends) return;
      let value = node.argument || id("undefined");
      if (node.type === "YieldExpression" && node.delegate) {
        value = call(DELEG, [value, lit(fn.async), { type: "CpWeight", fn }]);
      }
      const suspended = node.type === "AwaitExpression"
        ? { type: "AwaitExpression", argument: id(V) }
        : { type: "YieldExpression", argument: id(V), delegate: Boolean(node.delegate) };
      replace(node, seq(set(V, value), set(IN, lit(false)), set(D, id(O)), set(V, suspended), { type: "CpResume", fn },
                        id(V)));
    }

    // A catch block sees its exception through CAUGHT first; a finally block without one is given one that does and
    // rethrows. Catch and finally blocks of a suspending function may run after a resumption that threw.
    handlers(node) {
      if (node.type === "CatchClause") {
        if (node.param === null || node.param.type !== "Identifier") {
          if (node.param !== null) node.body.body.unshift(declare("let", [[node.param, id(E)]]));
          node.param = id(E);
        }
        node.body.body.unshift(seen(node.param.name));
      } else if (node.handler === null) {
        node.handler = rethrowing();
      }
      const fn = this.fn;
      if (!fn || !fn.suspends) return;
      const blocks = node.type === "CatchClause" ? [node.body] : [node.finalizer].filter(Boolean);
      for (const b of blocks) b.body.unshift({ type: "CpReenterIfOut", fn });
    }

    // return x in an async generator awaits x: leave the count first.
    asyncReturn(node) {
      const value = node.argument || id("undefined");
      node.argument = seq(set(V, value), set(IN, lit(false)), set(D, id(O)), id(V));
    }

    loopStatement(node) {
      const keys = KEYS[node.type];
      const outerLoop = this.loop;
      const record = { nodes: 0 };
      for (const key of keys) {
        if (key === "body") continue;
        this.visitChild(node[key]);
      }
      if (node.left && node.left.type !== "VariableDeclaration") storedTargets(node.left);
      this.loop = record;
      this.visit(node.body);
      this.loop = outerLoop;
      const cost = LOOP_BASE + record.nodes;
      const body = node.body.type === "BlockStatement" ? node.body.body : [node.body];
      const head = [stmt(chargeWork(cost))];
      if (node.type === "ForOfStatement" && node.await && this.fn && this.fn.suspends) {
        head.unshift({ type: "CpReenter", fn: this.fn });
      }
      node.body = block([...head, ...body]);
    }

    klass(node) {
      if (node.id) this.visit(node.id);
      this.visit(node.superClass);
      if (node.superClass) node.superClass = call(EXTEND, [node.superClass]);
      const generators = node.body.body.filter((m) => m.type === "MethodDefinition" && m.value.generator);
      if (generators.some((m) => m.key.type === "PrivateIdentifier")) {
        throw new Refusal("unsupported_syntax", "private generator methods are not supported", node.start);
      }
      const hasCtor = node.body.body.some((m) => m.type === "MethodDefinition" && m.kind === "constructor");
      if (!hasCtor) {
        // The implicit constructor becomes explicit, so its frame is counted too.
        const params = node.superClass ? [{ type: "RestElement", argument: id(A) }] : [];
        const body = node.superClass
          ? [stmt(call({ type: "Super" }, [{ type: "SpreadElement", argument: id(A) }]))] : [];
        node.body.body.unshift({ type: "MethodDefinition", kind: "constructor", static: false, computed: false,
          key: id("constructor"), cpImplicit: true, value: { type: "FunctionExpression", id: null, params,
                                                              body: block(body), async: false, generator: false,
                                                              expression: false } });
      }
      for (const member of node.body.body) {
        if (member.type === "MethodDefinition") member.value.cpMethod = true;
        if (member.type === "MethodDefinition" && member.kind === "set") member.value.cpSetter = true;
        if (member.cpImplicit) { // the constructor made explicit above: counted, its names are the renderer's
          delete member.cpImplicit;
          this.wrapFunction(member.value, { node: member.value, async: false, generator: false, suspends: false,
                                            nodes: 4 });
          continue;
        }
        this.visit(member);
      }
      // before any static code of the class runs, its generator methods are sealed
      if (generators.length) {
        node.body.body.unshift({ type: "StaticBlock", body: [stmt(call(SEAL, [{ type: "ThisExpression" }]))] });
      }
    }

    // A field initialiser runs as its own function: it becomes a counted arrow called in place.
    field(node) {
      if (node.computed) this.visit(node.key);
      const arrow = { type: "ArrowFunctionExpression", id: null, params: [], body: node.value, async: false,
                      generator: false, expression: true };
      this.func(arrow);
      node.value = call(arrow);
    }

    staticBlock(node) {
      const outer = this.fn;
      const outerLoop = this.loop;
      const fn = { node, async: false, generator: false, suspends: false, nodes: 0 };
      this.fn = fn;
      this.loop = null;
      for (const s of node.body) this.visit(s);
      sealGenerators(node.body);
      this.fn = outer;
      this.loop = outerLoop;
      const weight = FRAME_BASE + FRAME_PER_NODE * fn.nodes;
      node.body = [declare("const", [[O, id(D)]]), ...enter(weight, 1 + fn.nodes, this.budget),
                   guarded(node.body, [stmt(set(D, id(O)))])];
    }
  }

  // Markers become code once every function's weight is known.
  function lower(node, budget, suspendCost) {
    const stack = [node];
    while (stack.length) {
      const n = stack.pop();
      if (n === null || typeof n !== "object") continue;
      if (Array.isArray(n)) {
        for (let i = 0; i < n.length; i++) {
          const m = n[i];
          if (m && m.type === "CpResume") {
            n.splice(i, 1, ...reenter(m.fn.weight, suspendCost, budget));
          } else if (m && m.type === "CpReenterIfOut") {
            n[i] = when(not(id(IN)), block(reenter(m.fn.weight, suspendCost, budget).map(stmt)));
          } else if (m && m.type === "CpWeight") {
            n[i] = num(m.fn.weight);
          } else if (m && m.type === "CpReenter") {
            n[i] = stmt(seq(...reenter(m.fn.weight, suspendCost, budget)));
          }
        }
        for (const m of n) stack.push(m);
        continue;
      }
      for (const key of Object.keys(n)) {
        if (!POSITION.has(key) && key !== "fn" && typeof n[key] === "object") stack.push(n[key]);
      }
    }
  }

  // Two trees are the same program when they match in every field but positions.
  function same(a, b) {
    const stack = [[a, b]];
    while (stack.length) {
      const [x, y] = stack.pop();
      if (x === y) continue;
      if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
        if ((x === null || x === undefined) && (y === null || y === undefined)) continue;
        if (typeof x === "bigint" || typeof y === "bigint") { if (String(x) !== String(y)) return false; continue; }
        if (x instanceof RegExp || y instanceof RegExp) continue;
        if (Number.isNaN(x) && Number.isNaN(y)) continue;
        if (!Object.is(x, y)) return false;
        continue;
      }
      if (x instanceof RegExp && y instanceof RegExp) { if (String(x) !== String(y)) return false; continue; }
      if (Array.isArray(x) !== Array.isArray(y)) return false;
      const kx = Object.keys(x).filter((k) => !POSITION.has(k) && x[k] !== undefined && !k.startsWith("cp"));
      const ky = Object.keys(y).filter((k) => !POSITION.has(k) && y[k] !== undefined && !k.startsWith("cp"));
      if (Array.isArray(x) && x.length !== y.length) return false;
      const keys = new Set([...kx, ...ky]);
      for (const k of keys) stack.push([x[k], y[k]]);
    }
    return true;
  }

  // Generated line -> the sketch line its code came from.
  function lineMapper() {
    const lines = [];
    return {
      lines,
      addMapping(m) {
        if (m.original && lines[m.generated.line] === undefined) lines[m.generated.line] = m.original.line;
      },
    };
  }

  function lineAt(text, pos) {
    let line = 1;
    for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  }

  // Code before the sketch's own. yield* steps through an iterator whose calls count the delegating frame;
  // JSON's methods re-enter sketch code from deep native frames (6-36 KiB a level), so each call is charged
  // JSON_FRAME. APPLY and SYM are the harness's (Reflect.apply; [Symbol.iterator, Symbol.asyncIterator, TypeError]).
  const JSON_FRAME = 32768;
  const charged = (frame, cost) => `const ${O} = ${D};
    if ((${D} = ${O} + ${frame}) > BUDGET) ${OVER}();
    if ((${W} -= ${cost}) < 0) ${W} = ${TICK}(${W});`;
  const PRELUDE = `const ${DELEG} = (iterable, isAsync, weight) => {
  let method = isAsync ? iterable[${SYM}[1]] : undefined;
  const sync = method == null;
  if (sync) method = iterable[${SYM}[0]];
  const it = ${APPLY}(method, iterable, []);
  if (it === null || (typeof it !== "object" && typeof it !== "function")) throw new ${SYM}[2]("the iterator is not an object");
  const next = it.next;
  const step = (fn, value) => { ${charged(`weight + ${FRAME_BASE}`, 1)}
    try { return ${APPLY}(fn, it, [value]); } finally { ${D} = ${O}; } };
  const forward = (name) => { const fn = it[name]; return fn == null ? undefined : (value) => step(fn, value); };
  const proxy = { next: (value) => step(next, value), get throw() { return forward("throw"); }, get return() { return forward("return"); } };
  proxy[${SYM}[sync ? 0 : 1]] = () => proxy;
  return proxy;
};
JSON = ((native) => {
  const { stringify, parse } = native;
  const methods = {
    stringify: (value, replacer, space) => { ${charged(JSON_FRAME, 1)}
      try { return ${APPLY}(stringify, native, [value, replacer, space]); } finally { ${D} = ${O}; } },
    parse: (text, reviver) => { ${charged(JSON_FRAME, 1)}
      try { return ${APPLY}(parse, native, [text, reviver]); } finally { ${D} = ${O}; } },
  };
  const json = { stringify: Object.freeze(methods.stringify), parse: Object.freeze(methods.parse) };
  for (const name of ["rawJSON", "isRawJSON"]) if (name in native) json[name] = native[name];
  Object.defineProperty(json, ${SYM}[3], { value: "JSON", configurable: true });
  return Object.freeze(json);
})(JSON);`;

  /** Instrument a sketch: {code, lines} or {refused: {code, message, line}}. */
  function instrument(source, opts) {
    let tree;
    try {
      tree = parse(source, MAX_NESTING);
      const inst = new Instrumenter(source, opts);
      for (const s of tree.body) inst.visit(s);
      sealGenerators(tree.body);
      lower(tree, opts.depthBudget, opts.suspendCost);
    } catch (e) {
      if (e instanceof Refusal) {
        return { refused: { code: e.code, message: e.message, line: lineAt(source, e.pos) } };
      }
      if (e instanceof SyntaxError && typeof e.pos === "number") {
        const rest = source.slice(e.pos).trim();
        const truncated = rest === "" || /^\/\*/.test(rest) && !rest.includes("*/") ? "truncated" : "syntax_error";
        return { refused: { code: truncated, message: e.message.replace(/ \(\d+:\d+\)$/, ""),
                            line: e.loc ? e.loc.line : lineAt(source, e.pos) } };
      }
      if (e instanceof RangeError) {
        return { refused: { code: "sketch_error", message: "the sketch nests too deeply; flatten it", line: null } };
      }
      throw e;
    }
    const map = lineMapper();
    const body = astring.generate(tree, { sourceMap: map, indent: "", lineEnd: "\n" });
    let check;
    try {
      check = parse(body, MAX_NESTING * 4);
    } catch (e) {
      return { refused: { code: "sketch_error", message: "the renderer could not rebuild this sketch", line: null } };
    }
    if (!same(tree, check)) {
      return { refused: { code: "sketch_error", message: "the renderer could not rebuild this sketch", line: null } };
    }
    for (const pattern of opts.refusedText) {
      const found = new regexps.Native(pattern, "m").exec(body);
      if (found) {
        const at = found.index + (found[1] !== undefined ? found[1].length : 0);
        const genLine = lineAt(body, at);
        return { refused: { code: "refused_text", message: opts.refusedMessage.replace("{text}",
          body.slice(at, found.index + found[0].length).trim().slice(0, 20)), line: map.lines[genLine] || null } };
      }
    }
    const prelude = PRELUDE.replace(/BUDGET/g, String(opts.depthBudget)).replace(/\n\s*/g, " ");
    return { code: body, prelude, counters: `${D} = 0, ${W} = 0`, lines: map.lines };
  }

  const api = Object.freeze({ instrument, hooks: Object.freeze({ over: OVER, tick: TICK, apply: APPLY, symbols: SYM,
                                                                  regexp: RX, spread: SPREAD, link: LINK, extend: EXTEND,
                                                                  made: MADE, seal: SEAL, fresh: FRESH, numeric: NUMERIC,
                                                                  loose: LOOSE, strict: STRICT, switched: SWITCH,
                                                                  reference: REF, postfix: POST,
                                                                  stored: STORED, caught: CAUGHT,
                                                                  settled: SETTLED }) });
  if (typeof module === "object" && module.exports) module.exports = api;
  else Object.defineProperty(root, "__critiquePaintInstrument", { value: api, configurable: true });
})(typeof globalThis !== "undefined" ? globalThis : this);
