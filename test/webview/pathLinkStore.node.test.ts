/**
 * The webview's side of path links (issue 29 §5): asks made together go out as one `paths/check`
 * (split at the protocol's cap), a path is asked once, and only answers to asked paths are kept.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { WebviewMessage } from "../../src/shared/wire/protocol";
import { PathLinkStore } from "../../webview/transcript/markdown/pathLinkStore";

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

test("batches the asks of one task, asks each path once, and keeps only answers to what it asked", async () => {
  const sent: WebviewMessage[] = [];
  const store = new PathLinkStore((message) => sent.push(message));
  store.request(["src/a.ts", "src/b.ts"]);
  store.request(["src/b.ts", "src/c.ts"]);
  await tick();
  assert.deepEqual(sent, [{ type: "paths/check", paths: ["src/a.ts", "src/b.ts", "src/c.ts"] }]);
  let changes = 0;
  store.subscribe(() => changes++);
  store.receive({
    type: "paths/exist",
    results: [
      { path: "src/a.ts", file: "/w/src/a.ts" },
      { path: "src/b.ts", file: null },
      { path: "/etc/passwd", file: "/etc/passwd" },
    ],
  });
  assert.equal(changes, 1);
  assert.equal(store.file("src/a.ts"), "/w/src/a.ts");
  assert.equal(store.file("src/b.ts"), null);
  assert.equal(store.file("src/c.ts"), undefined, "asked, not answered yet");
  assert.equal(store.file("/etc/passwd"), undefined, "an answer to a question never asked is dropped");
  store.request(["src/a.ts", "src/b.ts", "src/c.ts"]);
  await tick();
  assert.equal(sent.length, 1, "nothing asked twice");
});

test("splits a large ask at the protocol's cap", async () => {
  const sent: WebviewMessage[] = [];
  const store = new PathLinkStore((message) => sent.push(message));
  store.request(Array.from({ length: 1_200 }, (_, i) => `src/f${i}.ts`));
  await tick();
  assert.deepEqual(
    sent.map((message) => (message.type === "paths/check" ? message.paths.length : 0)),
    [500, 500, 200],
  );
});
