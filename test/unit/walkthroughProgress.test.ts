import { test } from "node:test";
import assert from "node:assert/strict";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { noWalkthroughProgress, walkthroughProgress } from "../../src/shared/thread/walkthroughProgress";

const permission = {
  requestId: "r1",
  toolCallId: "t1",
  options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
};
const thread = (patch: Partial<Thread>): Thread => ({ ...emptyThread, ...patch });
const userEntry = { kind: "user", id: "u1", content: [] } as unknown as Thread["entries"][number];

test("nothing is done on an empty thread", () => {
  assert.deepEqual(walkthroughProgress(noWalkthroughProgress, emptyThread), noWalkthroughProgress);
});

test("a user message in the thread completes 'send a first prompt'", () => {
  assert.equal(walkthroughProgress(noWalkthroughProgress, thread({ entries: [userEntry] })).sentPrompt, true);
});

test("a permission completes only once it was pending and then is gone (answered), not while it waits", () => {
  const waiting = walkthroughProgress(noWalkthroughProgress, thread({ permissions: [permission] }));
  assert.equal(waiting.answeredPermission, false);
  assert.deepEqual(waiting.pendingPermissions, ["r1"]);
  const answered = walkthroughProgress(waiting, thread({ permissions: [] }));
  assert.equal(answered.answeredPermission, true);
  // Never seen pending: an empty list proves nothing.
  assert.equal(walkthroughProgress(noWalkthroughProgress, emptyThread).answeredPermission, false);
});

test("a change kept or undone completes 'review changes'; a pending one does not", () => {
  const change = { path: "a.ts", additions: 1, deletions: 0, created: false, undoable: true };
  assert.equal(
    walkthroughProgress(noWalkthroughProgress, thread({ changes: [{ ...change, state: "pending" }] })).reviewedChange,
    false,
  );
  assert.equal(
    walkthroughProgress(noWalkthroughProgress, thread({ changes: [{ ...change, state: "kept" }] })).reviewedChange,
    true,
  );
  assert.equal(
    walkthroughProgress(noWalkthroughProgress, thread({ changes: [{ ...change, state: "undone" }] })).reviewedChange,
    true,
  );
});

test("progress never goes back: a new empty thread keeps what was done", () => {
  const done = walkthroughProgress(noWalkthroughProgress, thread({ entries: [userEntry] }));
  assert.equal(walkthroughProgress(done, emptyThread).sentPrompt, true);
});
