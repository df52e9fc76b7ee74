/**
 * Parses the ECMAScript regular expressions that JSON Schema `pattern`s are written in (read with
 * the `u` flag, as the form checks always did) into a tree that patternMatcher.ts runs in linear
 * time. Only what a backtracking-free engine can run is accepted; the rest is refused with a
 * reason, never run some other way:
 * - backreferences (`\1`, `\k<name>`) and lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`);
 * - repetition counts over MAX_REPEAT, groups nested deeper than MAX_GROUP_DEPTH, patterns longer
 *   than MAX_PATTERN_CHARS.
 *
 * The caller checks the syntax first with `new RegExp(pattern, "u")` (compiling is linear; only
 * matching backtracks), so this parser may assume a valid pattern. Single-character pieces
 * (classes such as `[^a-z\d]`, escapes such as `\p{L}` or `\u{1F600}`) are tested by a native
 * RegExp anchored on one code point: a class cannot backtrack, and the semantics stay exact.
 */
export const MAX_REPEAT = 1_000;
export const MAX_GROUP_DEPTH = 100;
export const MAX_PATTERN_CHARS = 2_000;

export type Assertion = "start" | "end" | "wordBoundary" | "notWordBoundary";

export type PatternNode =
  | { readonly type: "char"; readonly test: (char: string) => boolean }
  | { readonly type: "assert"; readonly assertion: Assertion }
  | { readonly type: "sequence"; readonly items: readonly PatternNode[] }
  | { readonly type: "alternation"; readonly options: readonly PatternNode[] }
  | { readonly type: "repeat"; readonly node: PatternNode; readonly min: number; readonly max: number };

/** Thrown for a valid pattern that a linear-time engine cannot run; the message says why. */
export class UnsupportedPattern extends Error {}

const LINE_TERMINATORS = new Set(["\n", "\r", "\u2028", "\u2029"]);

function nativeSingle(source: string): (char: string) => boolean {
  const regex = new RegExp(`^(?:${source})$`, "u");
  return (char) => regex.test(char);
}

export function parsePattern(pattern: string): PatternNode {
  if (pattern.length > MAX_PATTERN_CHARS)
    throw new UnsupportedPattern(`a pattern longer than ${MAX_PATTERN_CHARS} characters`);
  let at = 0;
  let depth = 0;

  const peek = () => pattern[at];

  function alternation(): PatternNode {
    const options = [sequence()];
    while (peek() === "|") {
      at += 1;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { type: "alternation", options };
  }

  function sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (at < pattern.length && peek() !== "|" && peek() !== ")") items.push(quantified(atom()));
    return items.length === 1 ? items[0]! : { type: "sequence", items };
  }

  function quantified(node: PatternNode): PatternNode {
    let result = node;
    for (;;) {
      const char = peek();
      let min: number;
      let max: number;
      if (char === "*") [min, max, at] = [0, Infinity, at + 1];
      else if (char === "+") [min, max, at] = [1, Infinity, at + 1];
      else if (char === "?") [min, max, at] = [0, 1, at + 1];
      else if (char === "{") {
        const counts = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at, at + 30));
        if (!counts) return result;
        min = Number(counts[1]);
        max = counts[2] === undefined ? min : counts[3] === "" ? Infinity : Number(counts[3]);
        at += counts[0].length;
      } else return result;
      if (peek() === "?") at += 1; // lazy: the same language, and only whether it matches counts here
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT))
        throw new UnsupportedPattern(`a repetition count over ${MAX_REPEAT}`);
      result = { type: "repeat", node: result, min, max };
    }
  }

  function atom(): PatternNode {
    const char = peek() ?? "";
    if (char === "(") return group();
    if (char === "[") return charClass();
    if (char === "\\") return escape();
    at += 1;
    if (char === ".") return { type: "char", test: (c) => !LINE_TERMINATORS.has(c) };
    if (char === "^") return { type: "assert", assertion: "start" };
    if (char === "$") return { type: "assert", assertion: "end" };
    const literal = String.fromCodePoint(pattern.codePointAt(at - 1) ?? 0);
    at += literal.length - 1;
    return { type: "char", test: (c) => c === literal };
  }

  function group(): PatternNode {
    if (++depth > MAX_GROUP_DEPTH) throw new UnsupportedPattern(`groups nested deeper than ${MAX_GROUP_DEPTH}`);
    at += 1;
    if (pattern.startsWith("?:", at)) at += 2;
    else if (
      pattern.startsWith("?=", at) ||
      pattern.startsWith("?!", at) ||
      pattern.startsWith("?<=", at) ||
      pattern.startsWith("?<!", at)
    ) {
      throw new UnsupportedPattern("lookaround");
    } else if (pattern.startsWith("?<", at)) at = pattern.indexOf(">", at) + 1;
    else if (peek() === "?") throw new UnsupportedPattern("a group modifier");
    const inner = alternation();
    at += 1; // ")"
    depth -= 1;
    return inner;
  }

  function charClass(): PatternNode {
    const start = at;
    at += 1;
    while (at < pattern.length && peek() !== "]") at += peek() === "\\" ? 2 : 1;
    at += 1;
    return { type: "char", test: nativeSingle(pattern.slice(start, at)) };
  }

  function escape(): PatternNode {
    const next = pattern[at + 1] ?? "";
    if (next === "b" || next === "B") {
      at += 2;
      return { type: "assert", assertion: next === "b" ? "wordBoundary" : "notWordBoundary" };
    }
    if (/[1-9k]/.test(next)) throw new UnsupportedPattern("a backreference");
    const start = at;
    at += escapeLength(pattern, at);
    return { type: "char", test: nativeSingle(pattern.slice(start, at)) };
  }

  const tree = alternation();
  if (at < pattern.length) throw new UnsupportedPattern("an unbalanced parenthesis"); // not reached for a valid pattern
  return tree;
}

/** The length of the single-character escape at `at` (`\d`, `\x41`, `\u{1F600}`, `\uD83D\uDE00`, `\p{L}`...). */
function escapeLength(pattern: string, at: number): number {
  const rest = pattern.slice(at, at + 64);
  const braced = /^\\[pPu]\{[^}]*\}/.exec(rest);
  if (braced) return braced[0].length;
  const pair = /^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/.exec(rest);
  if (pair) return pair[0].length;
  if (/^\\u[0-9a-fA-F]{4}/.test(rest)) return 6;
  if (/^\\x[0-9a-fA-F]{2}/.test(rest)) return 4;
  if (/^\\c[a-zA-Z]/.test(rest)) return 3;
  return 1 + String.fromCodePoint(pattern.codePointAt(at + 1) ?? 0).length;
}
