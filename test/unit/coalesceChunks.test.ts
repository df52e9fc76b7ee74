/**
 * coalesceChunks merges runs of text chunks for the wire to the webview. Property: folding the
 * merged actions gives exactly the state folding the originals gives, whatever the mix of chunk
 * kinds, message ids, content types, `_meta` and other actions around them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { coalesceChunks } from "../../src/shared/wire/coalesceChunks";
import { initialPanelState, reducePanelBatch, type PanelAction } from "../../src/shared/wire/panelState";

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

let ids = 0;
// Fragments of the live prompt ("hello m1") too: the reducer drops user chunks that echo it.
const chunkText = fc.oneof(fc.constantFrom("hello", " m1", "m1", "lo", ""), fc.string({ maxLength: 6 }));
// Mostly mergeable chunks (plain text, no _meta, few message ids), so that runs are common.
const chunkAction = fc
  .record({
    sessionUpdate: fc.constantFrom(
      "agent_message_chunk",
      "agent_message_chunk",
      "agent_thought_chunk",
      "user_message_chunk",
    ),
    messageId: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(null, "m1", "m2") },
    ),
    content: fc.oneof(
      { weight: 8, arbitrary: chunkText.map((text) => ({ type: "text", text })) },
      { weight: 1, arbitrary: chunkText.map((text) => ({ type: "text", text, annotations: { priority: 1 } })) },
      { weight: 1, arbitrary: fc.constant({ type: "image", data: "AAAA", mimeType: "image/png" }) },
    ),
    meta: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map(({ sessionUpdate, messageId, content, meta }): PanelAction => ({
    type: "acp/update",
    entryId: `e${++ids}`,
    update: {
      sessionUpdate,
      content,
      ...(messageId === undefined ? {} : { messageId }),
      ...(meta ? { _meta: { source: "x" } } : {}),
    },
  }));
const otherAction = fc
  .constantFrom<() => PanelAction>(
    () => ({ type: "turn/started", entryId: `e${++ids}`, text: "hello m1", at: 1 }),
    () => ({ type: "turn/ended", stopReason: "end_turn" }),
    () => ({
      type: "acp/update",
      entryId: `e${++ids}`,
      update: { sessionUpdate: "tool_call", toolCallId: "t1", title: "Read", status: "pending" },
    }),
    () => ({ type: "acp/update", entryId: `e${++ids}`, update: { sessionUpdate: "plan", entries: [] } }),
  )
  .map((make) => make());
const actions = fc.array(fc.oneof({ weight: 5, arbitrary: chunkAction }, { weight: 1, arbitrary: otherAction }), {
  maxLength: 60,
  size: "medium",
});

test("folding the coalesced actions gives the same state as folding the originals", () => {
  let merging = 0;
  fc.assert(
    fc.property(actions, actions, (before, batch) => {
      const start = reducePanelBatch(initialPanelState, before);
      const merged = coalesceChunks(batch);
      assert.ok(merged.length <= batch.length);
      if (merged.length < batch.length) merging += 1;
      assert.deepEqual(reducePanelBatch(start, merged), reducePanelBatch(start, batch));
    }),
    { seed: SEED, numRuns: 400 },
  );
  assert.ok(merging > 200, `most runs merge something (${merging} of 400)`);
});

test("a run of plain agent text chunks becomes one action; anything else breaks the run", () => {
  const text = (t: string, extra: Record<string, unknown> = {}): PanelAction => ({
    type: "acp/update",
    entryId: `c-${t}`,
    update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: t }, ...extra },
  });
  const thought: PanelAction = {
    type: "acp/update",
    entryId: "th",
    update: { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hm" } },
  };
  const merged = coalesceChunks([
    text("a"),
    text("b"),
    text("c"),
    thought,
    text("d"),
    text("e", { messageId: "m9" }),
    text("f", { _meta: { x: 1 } }),
  ]);
  assert.deepEqual(merged, [
    {
      type: "acp/update",
      entryId: "c-a",
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "abc" } },
    },
    thought,
    text("d"),
    text("e", { messageId: "m9" }),
    text("f", { _meta: { x: 1 } }),
  ]);
  const flood = Array.from({ length: 5_000 }, (_, n) => text(String(n % 10)));
  assert.equal(coalesceChunks(flood).length, 1);
});
