/**
 * The host's side of path links (issue 29 §5): which asked paths name files inside the workspace
 * folders, over an injected stat that records every path it is asked about.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PathLinkCheck, workspaceCandidates } from "../../src/acp/context/pathLinkCheck";
import type { StatKind } from "../../src/acp/ports";

function fakeDisk(entries: Record<string, StatKind>) {
  const statted: string[] = [];
  const stat = async (path: string): Promise<StatKind> => {
    statted.push(path);
    if (path.endsWith("boom.ts")) throw new Error("EACCES");
    return entries[path];
  };
  return { stat, statted };
}

test("answers relative paths from each folder in turn and absolute paths inside one, files only", async () => {
  const disk = fakeDisk({
    "/w/src/greet.ts": "file",
    "/w/src": "other",
    "/other/lib/util.ts": "file",
    "/w/link.ts": "symlink",
  });
  const check = new PathLinkCheck(() => ["/w", "/other"], disk.stat);
  assert.deepEqual(
    await check.check(["src/greet.ts", "lib/util.ts", "/w/src/greet.ts", "src", "missing.ts", "link.ts", "boom.ts"]),
    [
      { path: "src/greet.ts", file: "/w/src/greet.ts" },
      { path: "lib/util.ts", file: "/other/lib/util.ts" },
      { path: "/w/src/greet.ts", file: "/w/src/greet.ts" },
      { path: "src", file: null },
      { path: "missing.ts", file: null },
      { path: "link.ts", file: null },
      { path: "boom.ts", file: null },
    ],
  );
});

test("never stats a path outside the workspace folders", async () => {
  const disk = fakeDisk({ "/etc/passwd": "file", "/w/../etc/passwd": "file", "/wx/a.ts": "file" });
  const check = new PathLinkCheck(() => ["/w"], disk.stat);
  const asked = [
    "/etc/passwd",
    "../etc/passwd",
    "src/../../etc/passwd",
    "/w/../etc/passwd",
    "../wx/a.ts",
    "//host/share/a.ts",
  ];
  assert.deepEqual(
    (await check.check(asked)).map((result) => result.file),
    asked.map(() => null),
  );
  assert.deepEqual(disk.statted, [], "nothing outside /w was looked at");
  assert.deepEqual(workspaceCandidates("src/./a/../b.ts", ["/w"]), ["/w/src/b.ts"], "`..` inside the folder is fine");
  assert.deepEqual(workspaceCandidates("a.ts", []), [], "no folder open: nothing is inside the workspace");
});

test("caches answers per path, and asks again when the folders change", async () => {
  const disk = fakeDisk({ "/w/a.ts": "file" });
  let roots = ["/w"];
  const check = new PathLinkCheck(() => roots, disk.stat);
  await check.check(["a.ts", "b.ts", "a.ts"]);
  await check.check(["a.ts", "b.ts"]);
  assert.deepEqual(disk.statted, ["/w/b.ts", "/w/a.ts"], "each path stat'ed once, duplicates folded");
  roots = ["/v"];
  assert.deepEqual(await check.check(["a.ts"]), [{ path: "a.ts", file: null }]);
  assert.deepEqual(disk.statted.at(-1), "/v/a.ts");
});
