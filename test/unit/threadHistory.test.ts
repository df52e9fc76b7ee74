/**
 * A long thread crosses to the webview as its tail, then as slices of older entries prepended in
 * turn (threadHistory.ts). Property: whatever the thread (tool calls keyed in the index, messages,
 * errors, subagent runs started anywhere) and however it is cut, tail plus slices is the thread;
 * and actions folded on top of the tail meanwhile land as they would on the whole thread, as long
 * as they touch only entries the webview holds (the host checks that with historyIntact).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { threadTail } from "../../src/shared/thread/threadTail";
import { historyIntact, historySlice, prependHistory } from "../../src/shared/thread/threadHistory";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

type Step = { kind: "tool" | "message" | "error" | "run"; n: number };

function actionFor(step: Step, at: number): ThreadAction {
  const entryId = `e${at}`;
  switch (step.kind) {
    case "tool":
      return {
        type: "acp/update",
        entryId,
        update: { sessionUpdate: "tool_call", toolCallId: `call-${at}`, title: `Read ${step.n}`, status: "pending" },
      };
    case "message":
      return {
        type: "acp/update",
        entryId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `m${step.n} ` } },
      };
    case "error":
      return { type: "thread/error", entryId, message: `error ${step.n}` };
    case "run":
      return {
        type: "subagent/event",
        entryId,
        event: { type: "progress", runId: `run-${at}`, progress: { toolsUsed: step.n } },
      };
  }
}

const steps = fc.array(
  fc.record({ kind: fc.constantFrom("tool", "message", "error", "run"), n: fc.nat(50) }) as fc.Arbitrary<Step>,
  { minLength: 1, maxLength: 160 },
);

function fold(actions: readonly ThreadAction[], from: Thread = emptyThread): Thread {
  return actions.reduce(reduceThread, from);
}

/** Prepends slices of the given sizes (cycled) until the held thread starts at 0. */
function prependAll(host: Thread, held: Thread, sizes: readonly number[]): Thread {
  let thread = held;
  let turn = 0;
  while ((thread.omittedEntries ?? 0) > 0) {
    const end = thread.omittedEntries ?? 0;
    const start = Math.max(0, end - (sizes[turn++ % sizes.length] ?? 1));
    const next = prependHistory(thread, historySlice(host, start, end));
    assert.ok(next, `the slice [${start}, ${end}) joins the held entries`);
    thread = next;
  }
  return thread;
}

test("tail plus slices, cut anywhere, is the whole thread", () => {
  fc.assert(
    fc.property(steps, fc.nat(40), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1 }), (plan, keep, sizes) => {
      const whole = fold(plan.map(actionFor));
      const tail = threadTail(whole, Math.max(1, keep));
      assert.deepEqual(prependAll(whole, tail, sizes), whole);
    }),
    { seed: SEED, numRuns: RUNS * 3 },
  );
});

test("actions folded on the tail meanwhile land as on the whole thread when they touch only held entries", () => {
  fc.assert(
    fc.property(steps, steps, fc.nat(30), fc.integer({ min: 1, max: 25 }), (before, after, keep, size) => {
      const base = fold(before.map(actionFor));
      const later = after.map((step, i) => actionFor(step, before.length + 1000 + i));
      // Updates to the newest held tool call, if the tail holds one.
      const kept = Math.max(1, keep);
      const heldTool = [...base.entries.slice(-kept)].reverse().find((entry) => entry.kind === "tool_call");
      if (heldTool?.kind === "tool_call")
        later.push({
          type: "acp/update",
          entryId: "u",
          update: { sessionUpdate: "tool_call_update", toolCallId: heldTool.toolCallId, status: "completed" },
        });
      const host = fold(later, base);
      const webview = fold(later, threadTail(base, kept));
      const omitted = Math.max(0, base.entries.length - kept);
      assert.ok(historyIntact(base.entries, host.entries, omitted), "nothing touched the older entries");
      assert.deepEqual(prependAll(host, webview, [size]), host);
    }),
    { seed: SEED, numRuns: RUNS * 3 },
  );
});

test("an update to an entry only the host holds is caught before any slice is sent", () => {
  const base = fold(
    Array.from({ length: 10 }, (_, i) => actionFor({ kind: "tool", n: i }, i)),
    emptyThread,
  );
  const host = reduceThread(base, {
    type: "acp/update",
    entryId: "u",
    update: { sessionUpdate: "tool_call_update", toolCallId: "call-2", status: "failed" },
  });
  assert.equal(historyIntact(base.entries, host.entries, 7), false, "entry 2 is outside the 3 held");
  assert.equal(historyIntact(base.entries, host.entries, 2), true, "entries 0 and 1 are untouched");
});

test("a slice that does not join the held entries is refused", () => {
  const whole = fold(Array.from({ length: 20 }, (_, i) => actionFor({ kind: "error", n: i }, i)));
  const tail = threadTail(whole, 5);
  assert.equal(prependHistory(tail, historySlice(whole, 0, 10)), undefined, "a gap before the held entries");
  assert.equal(prependHistory(whole, historySlice(whole, 0, 5)), undefined, "nothing is omitted any more");
});
