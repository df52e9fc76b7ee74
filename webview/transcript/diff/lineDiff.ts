/**
 * A line diff for tool-call diffs: common prefix and suffix trimmed, then Myers' O(ND) shortest
 * edit script on what is left. The edit distance is capped: past MAX_EDITS (or for inputs too
 * large to diff cheaply) the changed middle is shown as a whole-block replacement instead.
 */

export type DiffOp =
  | { readonly type: "equal"; readonly text: string; readonly oldLine: number; readonly newLine: number }
  | { readonly type: "delete"; readonly text: string; readonly oldLine: number }
  | { readonly type: "insert"; readonly text: string; readonly newLine: number };

export const MAX_EDITS = 1_000;
/** Beyond this many changed lines on both sides together, Myers is not attempted. */
export const MAX_DIFF_LINES = 20_000;

/** Splits text into lines; a final newline does not make an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

interface Step {
  type: DiffOp["type"];
  text: string;
}

/** Line-level edit script turning `oldText` into `newText`. Line numbers are 1-based. */
export function diffLines(oldText: string, newText: string): DiffOp[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;

  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const middle = midA.length + midB.length <= MAX_DIFF_LINES ? myers(midA, midB, MAX_EDITS) : undefined;
  const steps: Step[] = [
    ...a.slice(0, prefix).map((text): Step => ({ type: "equal", text })),
    ...(middle ?? replaceAll(midA, midB)),
    ...a.slice(a.length - suffix).map((text): Step => ({ type: "equal", text })),
  ];
  slideDown(steps);
  return numbered(steps);
}

function replaceAll(a: readonly string[], b: readonly string[]): Step[] {
  return [...a.map((text): Step => ({ type: "delete", text })), ...b.map((text): Step => ({ type: "insert", text }))];
}

/**
 * Moves each pure run of insertions (or deletions) as far down as equal lines allow: of the
 * equally short scripts, the one a reader expects ("+}\n+\n+fn mul() {" slides to end with
 * "}" rather than start with it). A run next to changes of the other kind stays put.
 */
function slideDown(steps: Step[]): void {
  let i = 0;
  while (i < steps.length) {
    const type = steps[i]?.type;
    if (type === "equal" || type === undefined) {
      i++;
      continue;
    }
    let j = i;
    while (steps[j]?.type === type) j++;
    const before = steps[i - 1]?.type;
    if (before === undefined || before === "equal") {
      // Rotate: the run's first line becomes context, the equal line after it joins the run.
      while (
        steps[j]?.type === "equal" &&
        steps[j]?.text === steps[i]?.text &&
        steps[j + 1]?.type !== otherKind(type)
      ) {
        (steps[i] as Step).type = "equal";
        (steps[j] as Step).type = type;
        i++;
        j++;
      }
    }
    i = j;
  }
}

function otherKind(type: DiffOp["type"]): DiffOp["type"] {
  return type === "insert" ? "delete" : "insert";
}

function numbered(steps: readonly Step[]): DiffOp[] {
  let oldLine = 0;
  let newLine = 0;
  return steps.map((step): DiffOp => {
    if (step.type === "delete") return { type: "delete", text: step.text, oldLine: ++oldLine };
    if (step.type === "insert") return { type: "insert", text: step.text, newLine: ++newLine };
    return { type: "equal", text: step.text, oldLine: ++oldLine, newLine: ++newLine };
  });
}

/**
 * Myers' greedy algorithm. `trace[d]` keeps the furthest x on each diagonal k ∈ [-d, d] after
 * d edits, so memory is O(D²) with D ≤ maxEdits. Returns undefined when D would exceed maxEdits.
 */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): Step[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        return backtrack(a, b, trace);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): Step[] {
  const reversed: Step[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const previous = trace[d - 1] as Int32Array; // diagonals -(d-1)…(d-1), index k + d - 1
    const at = (k: number) => previous[k + d - 1] ?? 0;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      reversed.push({ type: "equal", text: a[x - 1] ?? "" });
      x--;
      y--;
    }
    if (prevK === k + 1) reversed.push({ type: "insert", text: b[prevY] ?? "" });
    else reversed.push({ type: "delete", text: a[prevX] ?? "" });
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    reversed.push({ type: "equal", text: a[x - 1] ?? "" });
    x--;
    y--;
  }
  return reversed.reverse();
}
