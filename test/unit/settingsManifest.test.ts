/**
 * The settings the manifest contributes and the getters of src/vscode/settings.ts agree: each
 * contributed setting has one getter and each getter reads a contributed setting, the settings that
 * launch code are read from user and machine scope only, and a getter's fallback is the manifest's
 * default. settings.ts imports `vscode`, so its source is read, not imported.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_DISK_BUDGET_MB } from "../../src/acp/journal/journalArchive";
import { repoRoot } from "../support/fakeAgentLaunch";

interface Contributed {
  readonly default?: unknown;
  readonly scope?: string;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
const contributed = manifest.contributes.configuration.properties as Record<string, Contributed>;
const source = readFileSync(join(repoRoot, "src/vscode/settings.ts"), "utf8");

/** Settings that launch code or say where it runs: never taken from a workspace or folder. */
const LAUNCHES_CODE = [
  "acpPanel.agents",
  "acpPanel.defaultAgent",
  "acpPanel.registry",
  "acpPanel.worktrees.folder",
  "acpPanel.autoRestart",
];

interface Getter {
  readonly name: string;
  readonly read: "userValue" | "userSetValue" | "mergedValue";
  readonly key: string;
  readonly fallback?: string;
}

/** The entries of `const getters = { … }`, each with the one read it makes. */
function getters(): Getter[] {
  const body = /\nconst getters = \{\n([\s\S]*?)\n\};/.exec(source)?.[1];
  assert.ok(body, "settings.ts declares `const getters = { … };`");
  const entries = body
    .split("\n")
    .filter((line) => !/^\s*(\/\*\*|\*)/.test(line))
    .join("\n")
    .split(/\n(?=  \w+: )/);
  return entries.map((entry) => {
    const name = /^\s*(\w+): /.exec(entry)?.[1];
    const reads = [
      ...entry.matchAll(/\b(userValue|userSetValue|mergedValue)\b[^(\n]*\(\s*"([\w.]+)"(?:,\s*([^)]+))?\)/g),
    ];
    assert.ok(name, `a getter in: ${entry}`);
    assert.equal(reads.length, 1, `${name} reads exactly one setting`);
    const [, read, key, fallback] = reads[0]!;
    return { name, read: read as Getter["read"], key: `acpPanel.${key}`, ...(fallback ? { fallback } : {}) };
  });
}

test("every contributed setting has one getter, and every getter reads a contributed setting", () => {
  const read = getters().map((getter) => getter.key);
  assert.ok(read.length >= 9);
  assert.deepEqual([...read].sort(), Object.keys(contributed).sort());
});

test("settings that launch code are read from user and machine scope only, and are machine-scoped in the manifest", () => {
  for (const getter of getters()) {
    const userOnly = getter.read !== "mergedValue";
    assert.equal(userOnly, LAUNCHES_CODE.includes(getter.key), `${getter.name} (${getter.key}) reads ${getter.read}`);
    if (userOnly) assert.equal(contributed[getter.key]?.scope, "machine", `${getter.key} is machine-scoped`);
  }
});

test("a merged setting's fallback is the manifest's default", () => {
  const constants: Record<string, unknown> = { DEFAULT_DISK_BUDGET_MB };
  const merged = getters().filter((getter) => getter.read === "mergedValue");
  assert.ok(merged.length > 0);
  for (const { key, fallback } of merged) {
    assert.ok(fallback, `${key} has a fallback`);
    const value = fallback in constants ? constants[fallback] : JSON.parse(fallback);
    assert.deepEqual(value, contributed[key]?.default, key);
  }
});

test("no other file reads, writes or watches the settings: they all go through settings.ts", () => {
  const offenders = readdirSync(join(repoRoot, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && file !== join("vscode", "settings.ts"))
    .filter((file) =>
      /getConfiguration\(|onDidChangeConfiguration/.test(readFileSync(join(repoRoot, "src", file), "utf8")),
    );
  assert.deepEqual(offenders, []);
});
