import * as assert from "node:assert/strict";
import { test } from "node:test";
import { OneAtATime } from "../../src/acp/platform/oneAtATime";

test("a second action for a key under way is dropped; other keys, and the key once free, run", async () => {
  const guard = new OneAtATime();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const ran: string[] = [];
  const first = guard.run("a", async () => (await held, ran.push("a1"), "done"), "busy");
  assert.equal(await guard.run("a", async () => (ran.push("a2"), "done"), "busy"), "busy");
  assert.equal(await guard.run("b", async () => (ran.push("b"), "done"), "busy"), "done");
  release();
  assert.equal(await first, "done");
  assert.equal(await guard.run("a", async () => (ran.push("a3"), "done"), "busy"), "done");
  assert.deepEqual(ran, ["b", "a1", "a3"]);
});

test("a failed action frees its key", async () => {
  const guard = new OneAtATime();
  await assert.rejects(
    guard.run("a", async () => Promise.reject(new Error("disk full")), "busy"),
    /disk full/,
  );
  assert.equal(await guard.run("a", async () => "ran", "busy"), "ran");
});
