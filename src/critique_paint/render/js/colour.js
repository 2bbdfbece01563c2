// critique-paint render harness: CSS colour strings -> numbers, in the sandbox realm. A port of the parts of
// colorjs.io 0.6.1 (MIT) that p5 2.3.4 uses to read hex, rgb()/rgba(), hsl()/hsla() and named colours, so the
// numbers are the ones p5 would have computed; no sketch string ever reaches the page realm's colour tables.
"use strict";
(function (root) {
  // colorjs.io src/keywords.js, frozen
  const KEYWORDS = Object.freeze({
    aliceblue: [240 / 255, 248 / 255, 1], antiquewhite: [250 / 255, 235 / 255, 215 / 255], aqua: [0, 1, 1],
    aquamarine: [127 / 255, 1, 212 / 255], azure: [240 / 255, 1, 1], beige: [245 / 255, 245 / 255, 220 / 255],
    bisque: [1, 228 / 255, 196 / 255], black: [0, 0, 0], blanchedalmond: [1, 235 / 255, 205 / 255], blue: [0, 0, 1],
    blueviolet: [138 / 255, 43 / 255, 226 / 255], brown: [165 / 255, 42 / 255, 42 / 255],
    burlywood: [222 / 255, 184 / 255, 135 / 255], cadetblue: [95 / 255, 158 / 255, 160 / 255],
    chartreuse: [127 / 255, 1, 0], chocolate: [210 / 255, 105 / 255, 30 / 255], coral: [1, 127 / 255, 80 / 255],
    cornflowerblue: [100 / 255, 149 / 255, 237 / 255], cornsilk: [1, 248 / 255, 220 / 255],
    crimson: [220 / 255, 20 / 255, 60 / 255], cyan: [0, 1, 1], darkblue: [0, 0, 139 / 255],
    darkcyan: [0, 139 / 255, 139 / 255], darkgoldenrod: [184 / 255, 134 / 255, 11 / 255],
    darkgray: [169 / 255, 169 / 255, 169 / 255], darkgreen: [0, 100 / 255, 0],
    darkgrey: [169 / 255, 169 / 255, 169 / 255], darkkhaki: [189 / 255, 183 / 255, 107 / 255],
    darkmagenta: [139 / 255, 0, 139 / 255], darkolivegreen: [85 / 255, 107 / 255, 47 / 255],
    darkorange: [1, 140 / 255, 0], darkorchid: [153 / 255, 50 / 255, 204 / 255], darkred: [139 / 255, 0, 0],
    darksalmon: [233 / 255, 150 / 255, 122 / 255], darkseagreen: [143 / 255, 188 / 255, 143 / 255],
    darkslateblue: [72 / 255, 61 / 255, 139 / 255], darkslategray: [47 / 255, 79 / 255, 79 / 255],
    darkslategrey: [47 / 255, 79 / 255, 79 / 255], darkturquoise: [0, 206 / 255, 209 / 255],
    darkviolet: [148 / 255, 0, 211 / 255], deeppink: [1, 20 / 255, 147 / 255], deepskyblue: [0, 191 / 255, 1],
    dimgray: [105 / 255, 105 / 255, 105 / 255], dimgrey: [105 / 255, 105 / 255, 105 / 255],
    dodgerblue: [30 / 255, 144 / 255, 1], firebrick: [178 / 255, 34 / 255, 34 / 255],
    floralwhite: [1, 250 / 255, 240 / 255], forestgreen: [34 / 255, 139 / 255, 34 / 255], fuchsia: [1, 0, 1],
    gainsboro: [220 / 255, 220 / 255, 220 / 255], ghostwhite: [248 / 255, 248 / 255, 1], gold: [1, 215 / 255, 0],
    goldenrod: [218 / 255, 165 / 255, 32 / 255], gray: [128 / 255, 128 / 255, 128 / 255], green: [0, 128 / 255, 0],
    greenyellow: [173 / 255, 1, 47 / 255], grey: [128 / 255, 128 / 255, 128 / 255],
    honeydew: [240 / 255, 1, 240 / 255], hotpink: [1, 105 / 255, 180 / 255],
    indianred: [205 / 255, 92 / 255, 92 / 255], indigo: [75 / 255, 0, 130 / 255], ivory: [1, 1, 240 / 255],
    khaki: [240 / 255, 230 / 255, 140 / 255], lavender: [230 / 255, 230 / 255, 250 / 255],
    lavenderblush: [1, 240 / 255, 245 / 255], lawngreen: [124 / 255, 252 / 255, 0],
    lemonchiffon: [1, 250 / 255, 205 / 255], lightblue: [173 / 255, 216 / 255, 230 / 255],
    lightcoral: [240 / 255, 128 / 255, 128 / 255], lightcyan: [224 / 255, 1, 1],
    lightgoldenrodyellow: [250 / 255, 250 / 255, 210 / 255], lightgray: [211 / 255, 211 / 255, 211 / 255],
    lightgreen: [144 / 255, 238 / 255, 144 / 255], lightgrey: [211 / 255, 211 / 255, 211 / 255],
    lightpink: [1, 182 / 255, 193 / 255], lightsalmon: [1, 160 / 255, 122 / 255],
    lightseagreen: [32 / 255, 178 / 255, 170 / 255], lightskyblue: [135 / 255, 206 / 255, 250 / 255],
    lightslategray: [119 / 255, 136 / 255, 153 / 255], lightslategrey: [119 / 255, 136 / 255, 153 / 255],
    lightsteelblue: [176 / 255, 196 / 255, 222 / 255], lightyellow: [1, 1, 224 / 255], lime: [0, 1, 0],
    limegreen: [50 / 255, 205 / 255, 50 / 255], linen: [250 / 255, 240 / 255, 230 / 255], magenta: [1, 0, 1],
    maroon: [128 / 255, 0, 0], mediumaquamarine: [102 / 255, 205 / 255, 170 / 255], mediumblue: [0, 0, 205 / 255],
    mediumorchid: [186 / 255, 85 / 255, 211 / 255], mediumpurple: [147 / 255, 112 / 255, 219 / 255],
    mediumseagreen: [60 / 255, 179 / 255, 113 / 255], mediumslateblue: [123 / 255, 104 / 255, 238 / 255],
    mediumspringgreen: [0, 250 / 255, 154 / 255], mediumturquoise: [72 / 255, 209 / 255, 204 / 255],
    mediumvioletred: [199 / 255, 21 / 255, 133 / 255], midnightblue: [25 / 255, 25 / 255, 112 / 255],
    mintcream: [245 / 255, 1, 250 / 255], mistyrose: [1, 228 / 255, 225 / 255], moccasin: [1, 228 / 255, 181 / 255],
    navajowhite: [1, 222 / 255, 173 / 255], navy: [0, 0, 128 / 255], oldlace: [253 / 255, 245 / 255, 230 / 255],
    olive: [128 / 255, 128 / 255, 0], olivedrab: [107 / 255, 142 / 255, 35 / 255], orange: [1, 165 / 255, 0],
    orangered: [1, 69 / 255, 0], orchid: [218 / 255, 112 / 255, 214 / 255],
    palegoldenrod: [238 / 255, 232 / 255, 170 / 255], palegreen: [152 / 255, 251 / 255, 152 / 255],
    paleturquoise: [175 / 255, 238 / 255, 238 / 255], palevioletred: [219 / 255, 112 / 255, 147 / 255],
    papayawhip: [1, 239 / 255, 213 / 255], peachpuff: [1, 218 / 255, 185 / 255],
    peru: [205 / 255, 133 / 255, 63 / 255], pink: [1, 192 / 255, 203 / 255], plum: [221 / 255, 160 / 255, 221 / 255],
    powderblue: [176 / 255, 224 / 255, 230 / 255], purple: [128 / 255, 0, 128 / 255],
    rebeccapurple: [102 / 255, 51 / 255, 153 / 255], red: [1, 0, 0], rosybrown: [188 / 255, 143 / 255, 143 / 255],
    royalblue: [65 / 255, 105 / 255, 225 / 255], saddlebrown: [139 / 255, 69 / 255, 19 / 255],
    salmon: [250 / 255, 128 / 255, 114 / 255], sandybrown: [244 / 255, 164 / 255, 96 / 255],
    seagreen: [46 / 255, 139 / 255, 87 / 255], seashell: [1, 245 / 255, 238 / 255],
    sienna: [160 / 255, 82 / 255, 45 / 255], silver: [192 / 255, 192 / 255, 192 / 255],
    skyblue: [135 / 255, 206 / 255, 235 / 255], slateblue: [106 / 255, 90 / 255, 205 / 255],
    slategray: [112 / 255, 128 / 255, 144 / 255], slategrey: [112 / 255, 128 / 255, 144 / 255],
    snow: [1, 250 / 255, 250 / 255], springgreen: [0, 1, 127 / 255], steelblue: [70 / 255, 130 / 255, 180 / 255],
    tan: [210 / 255, 180 / 255, 140 / 255], teal: [0, 128 / 255, 128 / 255],
    thistle: [216 / 255, 191 / 255, 216 / 255], tomato: [1, 99 / 255, 71 / 255],
    turquoise: [64 / 255, 224 / 255, 208 / 255], violet: [238 / 255, 130 / 255, 238 / 255],
    wheat: [245 / 255, 222 / 255, 179 / 255], white: [1, 1, 1], whitesmoke: [245 / 255, 245 / 255, 245 / 255],
    yellow: [1, 1, 0], yellowgreen: [154 / 255, 205 / 255, 50 / 255],
  });
  for (const name of Object.keys(KEYWORDS)) Object.freeze(KEYWORDS[name]);

  const units = { "%": 0.01, deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
  const regex = {
    // colorjs reads (?:calc\(NaN\)|.)+? here: the same strings and capture, but exponential backtracking on a
    // run of calc(NaN) with no closing parenthesis; .+ is linear
    function: /^([a-z]+)\((.+)\)$/i,
    number: /^([-+]?(?:[0-9]*\.)?[0-9]+(e[-+]?[0-9]+)?)$/i,
    unitValue: RegExp(`(${Object.keys(units).join("|")})$`),
    singleArgument: /\/?\s*(none|NaN|calc\(NaN\)|[-+\w.]+(?:%|deg|g?rad|turn)?)/g,
    hex: /^#(([a-f0-9]{2}){3,4}|[a-f0-9]{3,4})$/i,
    keyword: /^[a-z]+$/i,
  };

  // coordinate grammars of the formats a function name finds (colorjs ColorSpace.findFormat), per coordinate:
  // [type, from range, to range]; a type that is not listed fails the parse
  const PERCENT_0_1 = ["<percentage>", [0, 1], [0, 1]];
  const RGB = [PERCENT_0_1, ["<number>", [0, 255], [0, 1]]];
  const HUE = [["<number>", null, [0, 360]], ["<angle>", null, null]];
  const SL = [["<percentage>", [0, 1], [0, 100]], ["<number>", null, [0, 100]]];
  const FORMATS = {
    rgb: { space: "srgb", coords: [RGB, RGB, RGB] },
    rgba: { space: "srgb", coords: [RGB, RGB, RGB] },
    hsl: { space: "hsl", coords: [HUE, SL, SL] },
    hsla: { space: "hsl", coords: [HUE, SL, SL] },
  };
  const OTHER_FUNCTIONS = new Set(["color", "hwb", "lab", "lch", "oklab", "oklch"]);

  class Unsupported extends Error {}

  function parseArgument(rawArg) {
    const meta = {};
    const unit = rawArg.match(regex.unitValue)?.[0];
    let value = rawArg;
    if (unit) {
      meta.type = unit === "%" ? "<percentage>" : "<angle>";
      value = Number(value.slice(0, -unit.length)) * units[unit];
    } else if (regex.number.test(value)) {
      value = Number(value);
      meta.type = "<number>";
    } else if (value === "none") {
      value = null;
    } else if (value === "NaN" || value === "calc(NaN)") {
      value = NaN;
      meta.type = "<number>";
    } else {
      meta.type = "<ident>";
    }
    return { value, meta };
  }

  function parseFunction(str) {
    if (!str) return undefined;
    str = str.trim();
    const parts = str.match(regex.function);
    if (!parts) return undefined;
    const args = [];
    const argMeta = [];
    let lastAlpha = false;
    const name = parts[1].toLowerCase();
    parts[2].replace(regex.singleArgument, ($0, rawArg) => {
      const { value, meta } = parseArgument(rawArg);
      if ($0.startsWith("/") || (name !== "color" && args.length === 3)) lastAlpha = true;
      args.push(value);
      argMeta.push(meta);
      return "";
    });
    return { name, args, argMeta, lastAlpha };
  }

  // colorjs util.mapRange
  function mapRange(from, to, value) {
    if (!from || !to || from === to || (from[0] === to[0] && from[1] === to[1]) || isNaN(value) || value === null) {
      return value;
    }
    const p = (value - from[0]) / (from[1] - from[0]);
    if (isNaN(to[0])) return to[1];
    if (isNaN(to[1])) return to[0];
    return to[0] + (to[1] - to[0]) * p;
  }

  // The colour a CSS string names: {space: "srgb" | "hsl", coords: [3 numbers or null], alpha}. Throws TypeError for
  // a string p5 could not read either, Unsupported for colour syntax it could (hwb(), lab(), color(), ...).
  function parse(input) {
    const str = String(input).trim();
    const parsed = parseFunction(str);
    let ret = null;
    if (parsed) {
      const format = FORMATS[parsed.name];
      if (!format) {
        if (OTHER_FUNCTIONS.has(parsed.name)) throw new Unsupported(`${parsed.name}() colours are not supported`);
        throw new TypeError("Invalid color string");
      }
      let alpha = 1;
      const coords = parsed.args;
      const types = coords.map((c, i) => parsed.argMeta[i]?.type);
      if (parsed.lastAlpha) {
        alpha = coords.pop();
        types.pop();
      }
      if (coords.length !== 3) throw new TypeError("Invalid color string");
      const resolved = coords.map((arg, i) => {
        if (arg === null || isNaN(arg)) return arg;
        const type = format.coords[i].find((t) => t[0] === types[i]);
        if (!type) throw new TypeError("Invalid color string");
        if (type[0] === "<angle>") return arg;
        return mapRange(type[1], type[2], arg);
      });
      ret = { space: format.space, coords: resolved, alpha };
    } else if (regex.hex.test(str)) {
      const digits = str.length <= 5 ? str.replace(/[a-f0-9]/gi, "$&$&") : str;
      const rgba = [];
      digits.replace(/[a-f0-9]{2}/gi, (component) => { rgba.push(parseInt(component, 16) / 255); return ""; });
      ret = { space: "srgb", coords: rgba.slice(0, 3), alpha: rgba.slice(3)[0] };
    } else if (regex.keyword.test(str)) {
      const name = str.toLowerCase();
      if (name === "transparent") ret = { space: "srgb", coords: KEYWORDS.black.slice(), alpha: 0 };
      else if (Object.hasOwn(KEYWORDS, name)) ret = { space: "srgb", coords: KEYWORDS[name].slice(), alpha: 1 };
    }
    if (!ret) throw new TypeError("Invalid color string");
    ret.alpha = ret.alpha === null ? null : ret.alpha === undefined ? 1 : Math.max(Math.min(1, ret.alpha), 0);
    return ret;
  }

  const api = Object.freeze({ parse, Unsupported, keywords: KEYWORDS });
  if (typeof module === "object" && module.exports) module.exports = api;
  else Object.defineProperty(root, "__critiquePaintColour", { value: api, configurable: true });
})(typeof globalThis !== "undefined" ? globalThis : this);
