/**
 * Activation cost without VS Code: each run is a fresh Node process that requires the built
 * dist/extension.js against a stub `vscode` module and calls activate(): what VS Code's
 * "Activation: N ms" counts (code loading + activate()). Then it runs "ACP: Show Logs", the first
 * need that loads the rest of the extension, which is what opening the panel pays on top.
 *   node --import tsx test/bench/activationLoad.ts [--runs 5] [--dist DIR]
 * A rough probe for before/after comparisons; `npm run bench -- --only panel` is the real figure.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "../harness/paths";

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(arg("--runs") ?? 5);
const dist = resolve(arg("--dist") ?? join(repoRoot, "dist"));

/** The `vscode` namespace members the sources use: the stub's own keys (esbuild's __toESM copies them). */
function vscodeMembers(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts"))
        for (const m of readFileSync(path, "utf8").matchAll(/\bvscode\.([A-Za-z_]+)/g)) names.add(m[1]!);
    }
  };
  walk(join(repoRoot, "src"));
  return [...names];
}

// Runs in the child: every vscode member is an inert proxy, except the two registrations it records.
const child = `
const Module = require("node:module");
const { performance } = require("node:perf_hooks");
const inert = () => new Proxy(function () {}, {
  get: (_, key) => key === "then" ? undefined : key === Symbol.toPrimitive ? () => "" : inert(),
  set: () => true,
  apply: () => inert(),
  construct: () => inert(),
});
const commands = new Map();
const vscode = Object.fromEntries(JSON.parse(process.env.VSCODE_MEMBERS).map((name) => [name, inert()]));
vscode.commands = new Proxy({}, { get: (_, key) => key === "registerCommand" ? (id, fn) => (commands.set(id, fn), inert()) : inert() });
const load = Module._load;
Module._load = function (request, ...rest) { return request === "vscode" ? vscode : load.call(this, request, ...rest); };
const memento = { get: (_, fallback) => fallback, update: async () => undefined, keys: () => [] };
const context = { subscriptions: [], globalState: memento, workspaceState: memento, secrets: inert(), extensionUri: inert(), globalStorageUri: inert(), extensionPath: process.env.DIST };
const started = performance.now();
const extension = require(require("node:path").join(process.env.DIST, "extension.js"));
const loaded = performance.now();
extension.activate(context);
const activated = performance.now();
Promise.resolve(commands.get("acpPanel.showLogs")()).then(() => {
  const firstNeed = performance.now();
  console.log(JSON.stringify({ loadMs: loaded - started, activateMs: activated - loaded, firstNeedMs: firstNeed - activated }));
  process.exit(0);
});
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const members = JSON.stringify(vscodeMembers());
const samples: Array<{ loadMs: number; activateMs: number; firstNeedMs: number }> = [];
for (let run = 0; run < runs; run++) {
  const result = spawnSync(process.execPath, ["-e", child], {
    env: { ...process.env, VSCODE_MEMBERS: members, DIST: dist },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`run ${run + 1} failed:\n${result.stderr}`);
  samples.push(JSON.parse(result.stdout.trim().split("\n").pop()!));
}
const row = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(28)} median ${median(values).toFixed(1).padStart(6)} ms  (${values.map((v) => v.toFixed(1)).join(", ")})`,
  );
console.log(`${dist}/extension.js, ${runs} fresh processes`);
row(
  "require(extension.js)",
  samples.map((s) => s.loadMs),
);
row(
  "activate()",
  samples.map((s) => s.activateMs),
);
row(
  "load + activate",
  samples.map((s) => s.loadMs + s.activateMs),
);
row(
  "first command (host load)",
  samples.map((s) => s.firstNeedMs),
);
