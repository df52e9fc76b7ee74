/**
 * The `checkpoints` workload's workspace: 10,000 files, about 200 MB, written from a seeded PRNG
 * (the same bytes every run). Many small text files (source-like lines, 200 B – 12 KB) in 100
 * folders two levels deep, some large files under the checkpoint cap (text and incompressible
 * binary, 256 KB – 1.25 MB), a few over it (6 MB, left out of checkpoints). A turn edits small
 * text files in place, as an agent's edit tool would.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const WORKSPACE_FILES = 10_000;
const LARGE_FILES = 140;
const OVERSIZED_FILES = 5;
const SMALL_FILES = WORKSPACE_FILES - LARGE_FILES - OVERSIZED_FILES;
const KIB = 1024;

/** mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "const",
  "let",
  "return",
  "await",
  "async",
  "function",
  "export",
  "import",
  "from",
  "if",
  "else",
  "value",
  "index",
  "result",
  "error",
  "options",
  "path",
  "folder",
  "checkpoint",
  "session",
  "turn",
  "=",
  "=>",
  "{",
  "}",
  "(",
  ")",
  ";",
  "+",
  "-",
  "*",
  "0",
  "1",
  "42",
  "null",
  "undefined",
  "true",
];

function textLine(random: () => number): string {
  const words = 3 + Math.floor(random() * 9);
  const parts: string[] = ["  ".repeat(Math.floor(random() * 4))];
  for (let i = 0; i < words; i++) parts.push(WORDS[Math.floor(random() * WORDS.length)]!);
  return parts.join(" ");
}

function text(random: () => number, bytes: number): Buffer {
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = textLine(random);
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join("\n") + "\n");
}

function binary(random: () => number, bytes: number): Buffer {
  const out = Buffer.allocUnsafe(bytes);
  for (let at = 0; at + 4 <= bytes; at += 4) out.writeUInt32LE((random() * 4294967296) >>> 0, at);
  return out;
}

/** Where the `i`th small text file goes (the same for every seed). */
function smallPath(i: number): string {
  return `pkg${i % 10}/mod${Math.floor(i / 10) % 10}/file${i}.ts`;
}

export interface BenchWorkspace {
  readonly root: string;
  readonly bytes: number;
  readonly files: number;
  /** Relative paths of the small text files, the ones turns edit. */
  readonly small: readonly string[];
}

/** Writes the workspace into `root` (an empty folder). */
export function buildWorkspace(root: string, seed = 1): BenchWorkspace {
  const random = prng(seed);
  const small: string[] = [];
  let bytes = 0;
  const put = (rel: string, content: Buffer) => {
    writeFileSync(join(root, rel), content);
    bytes += content.length;
  };
  for (let group = 0; group < 10; group++)
    for (let sub = 0; sub < 10; sub++) mkdirSync(join(root, `pkg${group}`, `mod${sub}`), { recursive: true });
  mkdirSync(join(root, "assets"), { recursive: true });
  for (let i = 0; i < SMALL_FILES; i++) {
    const rel = smallPath(i);
    put(rel, text(random, 200 + Math.floor(random() * 12 * KIB)));
    small.push(rel);
  }
  for (let i = 0; i < LARGE_FILES; i++) {
    const size = 256 * KIB + Math.floor(random() * 1024 * KIB);
    // Half text (logs, fixtures, generated code), half incompressible (images, archives).
    put(`assets/large${i}.${i % 2 ? "bin" : "txt"}`, i % 2 ? binary(random, size) : text(random, size));
  }
  for (let i = 0; i < OVERSIZED_FILES; i++) put(`assets/huge${i}.bin`, binary(random, 6 * 1024 * KIB));
  return { root, bytes, files: SMALL_FILES + LARGE_FILES + OVERSIZED_FILES, small };
}

/** A workspace `buildWorkspace` wrote earlier (possibly edited since): what the turns need of it. */
export function existingWorkspace(root: string): BenchWorkspace {
  return {
    root,
    bytes: NaN,
    files: WORKSPACE_FILES,
    small: Array.from({ length: SMALL_FILES }, (_, i) => smallPath(i)),
  };
}

/** A turn's edits: `count` distinct small files, each with a few lines replaced in the middle. */
export function editFiles(workspace: BenchWorkspace, random: () => number, count: number, tag: string): void {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(workspace.small[Math.floor(random() * workspace.small.length)]!);
  for (const rel of chosen) {
    const file = join(workspace.root, rel);
    const lines = readFileSync(file, "utf8").split("\n");
    const at = Math.floor(random() * lines.length);
    lines.splice(at, Math.min(3, lines.length - at), `// ${tag}`, textLine(random), textLine(random));
    writeFileSync(file, lines.join("\n"));
  }
}
