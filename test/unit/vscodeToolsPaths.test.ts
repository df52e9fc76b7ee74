/**
 * VS Code's intelligence as MCP tools (issue 18 §1), their path rules: a path outside the workspace
 * asks like fs/read_text_file (and shares its grants), a file fs/read_text_file would refuse is
 * refused first, and locations outside the workspace are left out of results.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, truncateSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { scratchDir } from "../support/scratchDir";
import { sampleToolServer } from "../support/toolServer";

const tempDir = (prefix: string) => realpathSync(scratchDir(prefix));

test("a path outside the workspace asks the user like fs/read_text_file; a denial is a tool error and nothing is asked of VS Code", async () => {
  const { call, consent, intelligence } = sampleToolServer({ read: "deny" });
  const outside = tempDir("acp-tools-out-");
  writeFileSync(join(outside, "secret.ts"), "export const key = 1;\n");
  const out = await call("document_symbols", { path: join(outside, "secret.ts") });
  assert.equal(out.isError, true);
  assert.match(out.text, /Permission denied: the user did not allow reading outside the workspace/);
  assert.deepEqual(consent.asked, [`read ${join(outside, "secret.ts")}`]);
  assert.ok(!intelligence.calls.some((line) => line.includes(outside)));
});

test("an allowed outside file is granted for the session (shared with fs/*), and asked only once", async () => {
  const { call, consent, grants } = sampleToolServer({ read: "file" });
  const outside = tempDir("acp-tools-out-");
  writeFileSync(join(outside, "lib.ts"), "export const x = 1;\n");
  assert.equal((await call("document_symbols", { path: join(outside, "lib.ts") })).isError, false);
  await call("hover", { path: join(outside, "lib.ts"), line: 1, column: 1 });
  assert.equal(consent.asked.length, 1);
  assert.deepEqual(
    grants.list().map((grant) => [grant.sessionId, grant.kind, grant.path]),
    [["s", "file", join(outside, "lib.ts")]],
  );
});

test("a file fs/read_text_file would refuse (over the size cap, a folder, a FIFO) is refused before VS Code opens it", async () => {
  const { call, root, intelligence } = sampleToolServer();
  const big = join(root, "huge.log");
  writeFileSync(big, "");
  truncateSync(big, 11 * 1024 * 1024); // sparse: 11 MiB on paper, nothing on disk
  const fifo = join(root, "pipe");
  const made = spawnSync("mkfifo", [fifo]).status === 0;
  for (const [path, reason] of [
    [big, /too large/],
    [join(root, "src"), /not a regular file/],
    ...(made ? [[fifo, /FIFO|not a regular file/] as const] : []),
  ] as const) {
    for (const tool of ["document_symbols", "hover", "definition"]) {
      const out = await call(tool, { path, line: 1, column: 1 });
      assert.equal(out.isError, true, `${tool} ${path}: ${out.text}`);
      assert.match(out.text, reason);
    }
  }
  assert.deepEqual(intelligence.calls, [], "VS Code was never asked to open them");
});

test("locations outside the workspace are left out of results, and the result says how many", async () => {
  const { call, intelligence, consent } = sampleToolServer();
  const outside = tempDir("acp-tools-lib-");
  writeFileSync(join(outside, "index.d.ts"), "declare const x: number;\n");
  intelligence.extraLocations = [
    { path: join(outside, "index.d.ts"), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
  ];
  const out = await call("references", { path: "src/broken.ts", line: 4, column: 22 });
  assert.doesNotMatch(out.text, /index\.d\.ts/);
  assert.match(out.text, /\(1 result outside the workspace left out\)/);
  assert.deepEqual(consent.asked, [], "returned locations never prompt");
});
