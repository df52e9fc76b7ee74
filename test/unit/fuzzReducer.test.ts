/**
 * Property-based fuzzing (fast-check, fixed seed, bounded runs; `npm run fuzz` runs longer) of the
 * reducer: random and mutated ACP updates (test/support/randomTraffic.ts) never throw out of it,
 * the thread stays well-formed, and a batch folds as one action at a time would.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { reducePanel, reducePanelBatch, initialPanelState, type PanelState } from "../../src/shared/wire/panelState";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
import { randomAction } from "../support/randomTraffic";

function assertWellFormed(state: PanelState): void {
  const { thread } = state;
  assert.ok(["idle", "running", "cancelling"].includes(thread.turn.phase));
  for (const entry of thread.entries) {
    assert.equal(typeof entry.id, "string");
    assert.ok(
      ["user", "assistant", "tool_call", "compaction", "notice", "error", "mode_change"].includes(entry.kind),
      entry.kind,
    );
  }
  for (const [key, at] of Object.entries(thread.index)) {
    const entry = thread.entries[at];
    assert.ok(entry, `index ${key} → ${at} points at an entry`);
    if (key.startsWith("tool:"))
      assert.ok(entry.kind === "tool_call" || entry.kind === "compaction", `${key} is a tool or compaction`);
  }
  assert.ok(thread.runOrder.every((id) => thread.runs[id] !== undefined));
}

test("the reducer never throws on random and mutated updates, and the thread stays well-formed", () => {
  fc.assert(
    fc.property(fc.array(randomAction, { maxLength: 80 }), (actions) => {
      let state = initialPanelState;
      for (const action of actions) state = reducePanel(state, action);
      assertWellFormed(state);
    }),
    { seed: SEED, numRuns: RUNS * 10 },
  );
});

test("a batch folds random actions as one action at a time would, and leaves the state it started from unchanged", () => {
  fc.assert(
    fc.property(fc.array(randomAction, { maxLength: 80 }), fc.nat(80), (actions, cut) => {
      const start = actions.slice(0, cut).reduce(reducePanel, initialPanelState);
      const before = structuredClone(start);
      const batch = actions.slice(cut);
      assert.deepEqual(reducePanelBatch(start, batch), batch.reduce(reducePanel, start));
      assert.deepEqual(start, before);
    }),
    { seed: SEED, numRuns: RUNS * 5 },
  );
});
