/**
 * No import cycle in src/ or webview/: none at run time, and none through type-only imports either
 * (a circle of types is a circle a reader follows, and the next value import makes it real).
 * At run time, esbuild decides. esbuild bundles every source file and reports, per
 * file, the imports it kept: type-only imports are gone by then, so only the edges that run at
 * load time are checked. A cycle makes load order decide whether a binding is defined yet.
 */
import * as assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import * as esbuild from "esbuild";
import { repoRoot } from "../support/fakeAgentLaunch";
import { findCycles, sourceImportGraph } from "../support/sourceImports";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function runtimeImportGraph(): Promise<Map<string, string[]>> {
  const result = await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: [...sourceFiles("src"), ...sourceFiles("webview")],
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out/importCycles",
    format: "esm",
    platform: "node",
    packages: "external",
    external: ["vscode", "*.css", "*.ttf"],
    logLevel: "silent",
  });
  const graph = new Map<string, string[]>();
  for (const [path, input] of Object.entries(result.metafile.inputs)) {
    graph.set(
      path,
      input.imports.filter((edge) => !edge.external).map((edge) => edge.path),
    );
  }
  return graph;
}

test("the cycle finder finds a cycle through three files and ignores a diamond", () => {
  assert.deepEqual(
    findCycles(
      new Map([
        ["a", ["b"]],
        ["b", ["c"]],
        ["c", ["a"]],
        ["d", ["a"]],
      ]),
    ).map((c) => c.sort()),
    [["a", "b", "c"]],
  );
  assert.deepEqual(
    findCycles(
      new Map([
        ["a", ["b", "c"]],
        ["b", ["d"]],
        ["c", ["d"]],
        ["d", []],
      ]),
    ),
    [],
  );
});

test("src/ and webview/ have no runtime import cycle", async () => {
  const graph = await runtimeImportGraph();
  assert.ok(graph.size > 100, `the graph should hold the whole tree, got ${graph.size} files`);
  const cycles = findCycles(graph).map((cycle) =>
    cycle.map((path) => relative(repoRoot, join(repoRoot, path))).join(" → "),
  );
  assert.deepEqual(cycles, []);
});

test("src/ and webview/ have no import cycle, type-only imports included", () => {
  const graph = sourceImportGraph(repoRoot, ["src", "webview"]);
  assert.ok(graph.size > 300, `the graph should hold the whole tree, got ${graph.size} files`);
  assert.deepEqual(
    findCycles(graph).map((cycle) => cycle.join(" → ")),
    [],
  );
});
