/**
 * The notes that tests and lint config cite live in this repo (docs/), so a fresh clone can
 * follow every "Q12", "bub-and-lody §5" or "scenario 25": each cited docs/ path exists, and no
 * file names a reference note without its docs/ path (a bare name used to mean a folder outside
 * the repo).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";

const SCANNED = [
  "src",
  "webview",
  "test",
  "eslint.config.mjs",
  "esbuild.mjs",
  "tsconfig.json",
  "tsconfig.base.json",
  ".vscode",
];
const SKIPPED = new Set(["fixtures", "node_modules"]);

const SOURCE = /\.(ts|tsx|mjs|json)$/;

function sourceFiles(path: string): string[] {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name) && (entry.isDirectory() || SOURCE.test(entry.name)))
    .flatMap((entry) => sourceFiles(join(path, entry.name)));
}

const files = SCANNED.flatMap(sourceFiles).filter((file) => file !== relative(repoRoot, import.meta.filename));
const referenceNotes = readdirSync(join(repoRoot, "docs/reference")).filter(
  (name) => name.endsWith(".md") && name !== "README.md",
);

test("the reference notes the tests cite are in docs/", () => {
  for (const note of [
    "fake-agent-scenarios.md",
    "bub-and-lody.md",
    "real-agents-offline.md",
    "codebuddy-offline.md",
    "vscode-e2e.md",
    "acp-client.md",
  ]) {
    assert.ok(referenceNotes.includes(note), `docs/reference/${note} is missing`);
  }
  assert.ok(existsSync(join(repoRoot, "docs/design.md")), "docs/design.md is missing");
});

test("every docs/ path cited in code, tests and configs exists", () => {
  const missing: string[] = [];
  for (const file of files) {
    for (const [path] of readFileSync(join(repoRoot, file), "utf8").matchAll(/docs\/[\w./-]+\.md/g)) {
      if (!existsSync(join(repoRoot, path))) missing.push(`${file}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("no file cites a reference note by bare name or points outside the repo", () => {
  const stems = referenceNotes.map((name) => basename(name, ".md"));
  const bare = new RegExp(`(?<!docs/reference/)\\b(${stems.join("|")})(\\.md)?\\b(?!-)`, "g");
  const offenders: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), "utf8");
    for (const match of text.matchAll(bare)) offenders.push(`${file}: ${match[0]}`);
    for (const match of text.matchAll(/\.\.\/shared(?:\/reference| design)|\/work\/shared|shared reference/g))
      offenders.push(`${file}: ${match[0]}`);
  }
  assert.deepEqual(offenders, []);
});
