/**
 * The floors of the source, bottom first: a file imports only from its own folder or from a lower
 * floor, type-only imports included. Folders on one floor are peers and never import each other.
 * A new folder must be placed here, or this test names it. docs/architecture.md draws the same.
 *
 * The webview is one room of the source's floors (it imports only src/shared), with floors of its
 * own inside (WEBVIEW_FLOORS): the bridge and stores, the generic widgets, the features in the
 * order they use each other, the shell that composes them, and the entry.
 *
 * One file stands beside the floors: src/acp/ports.ts, the contract between the ACP layer and its
 * host. Every floor of src/acp uses its interfaces, and they speak the types of the floors that
 * use them, so it imports types only (checked below): nothing of it runs, and the cycle test
 * (importCycles.test.ts) still sees every edge through it.
 */
import * as assert from "node:assert/strict";
import { test } from "node:test";
import { repoRoot } from "../support/fakeAgentLaunch";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { sourceImportGraph } from "../support/sourceImports";

const CONTRACT = "src/acp/ports.ts";

const FLOORS: readonly (readonly string[])[] = [
  ["src/shared/l10n.ts"],
  ["src/shared/thread/", "src/shared/forms/"],
  ["src/shared/wire/"],
  ["src/acp/platform/", "webview/"],
  ["src/acp/agents/"],
  ["src/acp/client/connection/"],
  ["src/acp/client/callbacks/"],
  ["src/acp/client/mcpTools/"],
  ["src/acp/client/session/"],
  ["src/acp/checkpoints/", "src/acp/journal/"],
  ["src/acp/context/", "src/acp/history/", "src/acp/worktrees/"],
  ["src/acp/sessions/"],
  ["src/vscode/"],
  ["src/extension.ts"],
];

const WEBVIEW_FLOORS: readonly (readonly string[])[] = [
  ["webview/l10n.ts", "webview/zodConfig.ts", "webview/assets.d.ts"],
  ["webview/host/"],
  ["webview/ui/"],
  ["webview/requests/"],
  ["webview/composer/"],
  ["webview/review/"],
  ["webview/tabs/", "webview/welcome/"],
  ["webview/transcript/"],
  ["webview/plan/"],
  ["webview/shell/"],
  ["webview/main.tsx"],
];

interface Place {
  readonly room: string;
  readonly floor: number;
}

/** The room (the longest listed prefix) a file is in, and its floor; undefined when unplaced. */
export function placeOf(file: string, floors: readonly (readonly string[])[] = FLOORS): Place | undefined {
  let best: Place | undefined;
  floors.forEach((rooms, floor) => {
    for (const room of rooms)
      if (file.startsWith(room) && (!best || room.length > best.room.length)) best = { room, floor };
  });
  return best;
}

/** Each import that goes up a floor or sideways into a peer room, as "from → to". */
export function arrowsUp(
  graph: ReadonlyMap<string, readonly string[]>,
  floors: readonly (readonly string[])[] = FLOORS,
): string[] {
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    if (from === CONTRACT) continue;
    const a = placeOf(from, floors);
    for (const to of targets) {
      const b = placeOf(to, floors);
      if (!a || !b || a.room === b.room || from === CONTRACT || to === CONTRACT) continue;
      if (b.floor >= a.floor) wrong.push(`${from} → ${to}`);
    }
  }
  return wrong;
}

test("the floor check flags an arrow up and an arrow between peers, and allows one down", () => {
  const floors = [["low/"], ["mid/a/", "mid/b/"], ["top/"]];
  const graph = new Map([
    ["top/x.ts", ["mid/a/y.ts", "low/z.ts"]],
    ["mid/a/y.ts", ["mid/a/w.ts", "mid/b/v.ts"]],
    ["low/z.ts", ["top/x.ts"]],
  ]);
  assert.deepEqual(arrowsUp(graph, floors), ["mid/a/y.ts → mid/b/v.ts", "low/z.ts → top/x.ts"]);
});

/** The imports from one webview file to another. */
function webviewGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const inside = (file: string) => file.startsWith("webview/");
  return new Map(
    [...graph].filter(([from]) => inside(from)).map(([from, targets]) => [from, targets.filter(inside)] as const),
  );
}

test("every source file is on a floor, and every webview file on one of the webview's", () => {
  const graph = sourceImportGraph(repoRoot, ["src", "webview"]);
  assert.ok(graph.size > 300, `the graph should hold the whole tree, got ${graph.size} files`);
  assert.deepEqual(
    [...graph.keys()].filter((file) => file !== CONTRACT && !placeOf(file)),
    [],
  );
  const webview = [...webviewGraph(graph).keys()];
  assert.ok(webview.length > 100, `the webview should be in the graph, got ${webview.length} files`);
  assert.deepEqual(
    webview.filter((file) => !placeOf(file, WEBVIEW_FLOORS)),
    [],
  );
});

test("no import goes up a floor or across to a peer, type-only imports included", () => {
  assert.deepEqual(arrowsUp(sourceImportGraph(repoRoot, ["src", "webview"])), []);
});

test("inside the webview, no import goes up a floor or across to a peer", () => {
  assert.deepEqual(arrowsUp(webviewGraph(sourceImportGraph(repoRoot, ["webview"])), WEBVIEW_FLOORS), []);
});

test("ports.ts, the contract beside the floors, imports types only", () => {
  const source = ts.createSourceFile(CONTRACT, readFileSync(join(repoRoot, CONTRACT), "utf8"), ts.ScriptTarget.Latest);
  const valueImports = source.statements
    .filter(ts.isImportDeclaration)
    .filter((declaration) => {
      const clause = declaration.importClause;
      if (!clause) return true;
      if (clause.isTypeOnly) return false;
      const bindings = clause.namedBindings;
      return (
        Boolean(clause.name) ||
        !bindings ||
        !ts.isNamedImports(bindings) ||
        bindings.elements.some((e) => !e.isTypeOnly)
      );
    })
    .map((declaration) => (declaration.moduleSpecifier as ts.StringLiteral).text);
  assert.deepEqual(valueImports, []);
});
