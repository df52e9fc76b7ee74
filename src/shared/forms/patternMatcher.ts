/**
 * JSON Schema `pattern` checks in linear time: the pattern (patternSyntax.ts) compiled to a small
 * program and run as a Pike VM (Thompson's NFA simulation), which keeps at most one thread per
 * instruction per input position. `^(a+)+$` against 40 `a`s and a `b` takes microseconds, where
 * a backtracking engine (JavaScript's RegExp) takes minutes and would freeze the extension host
 * or the webview.
 *
 * Search semantics, as JSON Schema says: the pattern may match anywhere unless it is anchored.
 * A pattern this engine cannot run (lookaround, backreferences, too large), or that is not a
 * valid regular expression, is never run another way: `testPattern` answers "unchecked" and the
 * form leaves that check to the agent, with a note on the field saying so.
 */
import { type Assertion, type PatternNode, UnsupportedPattern, parsePattern } from "./patternSyntax";

/** Instructions per program; a bounded repetition is expanded, so `(a{1000}){1000}` is refused here. */
export const MAX_PROGRAM = 20_000;
/** Instruction visits per check (program size × input length, roughly): past it the check is unchecked. */
export const MAX_STEPS = 5_000_000;

/** Targets are patched once the code after them is emitted. */
type Split = { readonly op: "split"; readonly first: number; second: number };
type Jump = { readonly op: "jump"; to: number };
type Instruction =
  | { readonly op: "char"; readonly test: (char: string) => boolean }
  | Split
  | Jump
  | { readonly op: "assert"; readonly assertion: Assertion }
  | { readonly op: "match" };

export type PatternResult = "match" | "mismatch" | { readonly unchecked: string };

type Compiled = { readonly program: readonly Instruction[] } | { readonly unchecked: string };

const cache = new Map<string, Compiled>();
const MAX_CACHED = 64;

function compile(pattern: string): Compiled {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let compiled: Compiled;
  try {
    new RegExp(pattern, "u"); // syntax only: compiling never backtracks
    compiled = { program: emitProgram(parsePattern(pattern)) };
  } catch (error) {
    compiled = {
      unchecked:
        error instanceof UnsupportedPattern
          ? `the pattern uses ${error.message}`
          : "the pattern is not a valid regular expression",
    };
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
  cache.set(pattern, compiled);
  return compiled;
}

function emitProgram(tree: PatternNode): Instruction[] {
  const program: Instruction[] = [];
  const push = (instruction: Instruction): number => {
    if (program.length >= MAX_PROGRAM) throw new UnsupportedPattern("too many repetitions to check");
    return program.push(instruction) - 1;
  };
  const emit = (node: PatternNode): void => {
    switch (node.type) {
      case "char":
        push({ op: "char", test: node.test });
        return;
      case "assert":
        push({ op: "assert", assertion: node.assertion });
        return;
      case "sequence":
        for (const item of node.items) emit(item);
        return;
      case "alternation": {
        const jumps: Jump[] = [];
        node.options.forEach((option, index) => {
          if (index === node.options.length - 1) {
            emit(option);
            return;
          }
          const split: Split = { op: "split", first: program.length + 1, second: -1 };
          push(split);
          emit(option);
          const jump: Jump = { op: "jump", to: -1 };
          push(jump);
          jumps.push(jump);
          split.second = program.length;
        });
        for (const jump of jumps) jump.to = program.length;
        return;
      }
      case "repeat": {
        for (let i = 0; i < node.min; i++) emit(node.node);
        if (node.max === Infinity) {
          const loop: Split = { op: "split", first: program.length + 1, second: -1 };
          const at = push(loop);
          emit(node.node);
          push({ op: "jump", to: at });
          loop.second = program.length;
          return;
        }
        const exits: Split[] = [];
        for (let i = node.min; i < node.max; i++) {
          const optional: Split = { op: "split", first: program.length + 1, second: -1 };
          push(optional);
          exits.push(optional);
          emit(node.node);
        }
        for (const exit of exits) exit.second = program.length;
        return;
      }
    }
  };
  emit(tree);
  push({ op: "match" });
  return program;
}

const isWordChar = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9_]$/.test(char);

function holds(assertion: Assertion, chars: readonly string[], position: number): boolean {
  switch (assertion) {
    case "start":
      return position === 0;
    case "end":
      return position === chars.length;
    case "wordBoundary":
      return isWordChar(chars[position - 1]) !== isWordChar(chars[position]);
    case "notWordBoundary":
      return isWordChar(chars[position - 1]) === isWordChar(chars[position]);
  }
}

/** Why values are not checked against `pattern` at all (then the agent checks them), or undefined when they are. */
export function patternProblem(pattern: string): string | undefined {
  const compiled = compile(pattern);
  return "unchecked" in compiled ? compiled.unchecked : undefined;
}

/** Whether `value` matches `pattern` somewhere, or why that was not checked. Never backtracks. */
export function testPattern(pattern: string, value: string): PatternResult {
  const compiled = compile(pattern);
  if ("unchecked" in compiled) return compiled;
  const { program } = compiled;
  const chars = Array.from(value); // code points, as the `u` flag reads them
  const seen = new Int32Array(program.length).fill(-1);
  const stack: number[] = [];
  let steps = 0;
  let current: number[] = [];

  /** Adds the thread at `pc` and everything it reaches without reading a character; true on a match. */
  const add = (list: number[], pc: number, position: number): boolean => {
    stack.push(pc);
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen[at] === position) continue;
      seen[at] = position;
      steps += 1;
      const instruction = program[at]!;
      switch (instruction.op) {
        case "match":
          stack.length = 0;
          return true;
        case "char":
          list.push(at);
          break;
        case "jump":
          stack.push(instruction.to);
          break;
        case "split":
          stack.push(instruction.second, instruction.first);
          break;
        case "assert":
          if (holds(instruction.assertion, chars, position)) stack.push(at + 1);
          break;
      }
    }
    return false;
  };

  for (let position = 0; position <= chars.length; position++) {
    if (add(current, 0, position)) return "match"; // a match may start at any position
    if (steps > MAX_STEPS) return { unchecked: "the value is too long to check against this pattern" };
    if (position === chars.length) break;
    const char = chars[position]!;
    const next: number[] = [];
    for (const pc of current) {
      const instruction = program[pc]!;
      if (instruction.op === "char" && instruction.test(char) && add(next, pc + 1, position + 1)) return "match";
    }
    current = next;
  }
  return "mismatch";
}
