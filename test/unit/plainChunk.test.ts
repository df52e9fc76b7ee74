/**
 * The reducer folds a plain text chunk without parsing it (thread/plainChunk.ts): the streaming hot
 * path. Property: whatever looks like a chunk (any kind, message id, content, extra or missing
 * fields), when `asPlainChunk` takes it, it is exactly what the reducer's schema gives back; and
 * folding it gives the same thread as folding the schema's copy of it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { asPlainChunk } from "../../src/shared/thread/plainChunk";
import { INTERPRETED, knownUpdateSchema } from "../../src/shared/thread/sessionUpdate";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread } from "../../src/shared/thread/thread";

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);

const oddValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.object(),
);
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
// Mostly plain chunks, so the fast path is taken often; the rest is what must not take it.
const chunkLike = fc.record({
  sessionUpdate: fc.constantFrom("agent_message_chunk", "agent_thought_chunk", "user_message_chunk", "plan", 7),
  content: fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 8 }).map((text) => ({ type: "text", text })) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom("text", "image"), text: oddValue }) },
    { weight: 1, arbitrary: fc.string().map((text) => ({ type: "text", text, annotations: { priority: 1 } })) },
    { weight: 1, arbitrary: oddValue },
  ),
  messageId: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(undefined, "m1", "m2") },
    { weight: 1, arbitrary: oddValue },
  ),
  _meta: rarely(fc.object()),
  vendorField: rarely(fc.string({ maxLength: 3 })),
});

test("a chunk the reducer folds without parsing is exactly what its schema gives back", () => {
  let taken = 0;
  fc.assert(
    // As the wire delivers it: JSON, so plain objects and no undefined fields.
    fc.property(
      chunkLike.map((fields) => JSON.parse(JSON.stringify(fields)) as unknown),
      (update) => {
        const plain = asPlainChunk(update);
        if (plain === undefined) return;
        taken += 1;
        const parsed = knownUpdateSchema.safeParse(update, INTERPRETED);
        assert.ok(parsed.success, "the schema accepts it");
        assert.deepEqual(plain, parsed.data);
        const entryId = "e1";
        assert.deepEqual(
          reduceThread(emptyThread, { type: "acp/update", entryId, update: plain }),
          reduceThread(emptyThread, { type: "acp/update", entryId, update: parsed.data }),
        );
      },
    ),
    { seed: SEED, numRuns: 2_000 },
  );
  assert.ok(taken > 200, `the fast path was taken often enough to mean something (${taken} of 2000)`);
});

test("what is not plain goes through the schema: extra fields, annotations, odd ids and contents", () => {
  const text = { type: "text", text: "hi" };
  for (const update of [
    { sessionUpdate: "agent_message_chunk", content: text, _meta: { a: 1 } },
    { sessionUpdate: "agent_message_chunk", content: { ...text, annotations: {} } },
    { sessionUpdate: "agent_message_chunk", content: text, messageId: 3 },
    { sessionUpdate: "agent_message_chunk", content: { type: "image", data: "", mimeType: "image/png" } },
    { sessionUpdate: "user_message_chunk", content: text },
  ])
    assert.equal(asPlainChunk(update), undefined, JSON.stringify(update));
  for (const update of [
    { sessionUpdate: "agent_message_chunk", content: text },
    { sessionUpdate: "agent_thought_chunk", content: text, messageId: "m1" },
    { sessionUpdate: "agent_message_chunk", content: text, messageId: null },
  ])
    assert.equal(asPlainChunk(update), update, JSON.stringify(update));
});
