/** Groups a line diff into unified-diff hunks with a few lines of context around each change. */
import type { DiffOp } from "./lineDiff";

export interface Hunk {
  /** `@@ -oldStart,oldCount +newStart,newCount @@` */
  readonly header: string;
  readonly lines: readonly DiffOp[];
}

export interface DiffSummary {
  readonly hunks: readonly Hunk[];
  readonly added: number;
  readonly removed: number;
}

export function toHunks(ops: readonly DiffOp[], context = 3): DiffSummary {
  let added = 0;
  let removed = 0;
  const changed: number[] = [];
  ops.forEach((op, i) => {
    if (op.type === "insert") added++;
    else if (op.type === "delete") removed++;
    if (op.type !== "equal") changed.push(i);
  });
  const hunks: Hunk[] = [];
  let i = 0;
  while (i < changed.length) {
    const start = Math.max(0, (changed[i] ?? 0) - context);
    let end = Math.min(ops.length, (changed[i] ?? 0) + context + 1);
    i++;
    // Changes closer than two contexts apart share one hunk.
    while (i < changed.length && (changed[i] ?? 0) - context <= end) {
      end = Math.min(ops.length, (changed[i] ?? 0) + context + 1);
      i++;
    }
    const lines = ops.slice(start, end);
    hunks.push({ header: hunkHeader(ops, start, lines), lines });
  }
  return { hunks, added, removed };
}

function hunkHeader(ops: readonly DiffOp[], start: number, lines: readonly DiffOp[]): string {
  const oldCount = lines.filter((op) => op.type !== "insert").length;
  const newCount = lines.filter((op) => op.type !== "delete").length;
  const { oldLine, newLine } = positionBefore(ops, start);
  const oldStart = oldCount === 0 ? oldLine : oldLine + 1;
  const newStart = newCount === 0 ? newLine : newLine + 1;
  return `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`;
}

/** How many old and new lines precede ops[start]. */
function positionBefore(ops: readonly DiffOp[], start: number): { oldLine: number; newLine: number } {
  for (let i = start - 1; i >= 0; i--) {
    const op = ops[i];
    if (op?.type === "equal") return { oldLine: op.oldLine, newLine: op.newLine };
    if (op?.type === "delete") return { oldLine: op.oldLine, newLine: newLineBefore(ops, i) };
    if (op?.type === "insert") return { oldLine: oldLineBefore(ops, i), newLine: op.newLine };
  }
  return { oldLine: 0, newLine: 0 };
}

function newLineBefore(ops: readonly DiffOp[], at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const op = ops[i];
    if (op && op.type !== "delete") return op.newLine;
  }
  return 0;
}

function oldLineBefore(ops: readonly DiffOp[], at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const op = ops[i];
    if (op && op.type !== "insert") return op.oldLine;
  }
  return 0;
}
