/**
 * The checkpoints' storage budget and Clear Checkpoints: the oldest go first, never the newest
 * few; the message whose checkpoint went loses "Restore checkpoint" and a notice says so. And
 * "files and conversation": the seed of the new session is the conversation before the message.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { KEEP_NEWEST, folderBytes, oldestToDrop } from "../../src/acp/checkpoints/checkpointStorage";
import { rewindSeed } from "../../src/acp/sessions/conversationRewind";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { MemoryLogger } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";
import { kindsOf } from "../support/threadReaders";

test("the oldest checkpoints are dropped first, a quarter at a time, never the newest few", () => {
  const all = Array.from({ length: 13 }, (_, at) => ({ at }));
  assert.deepEqual(
    oldestToDrop(all).map((c) => c.at),
    [0, 1],
  );
  assert.deepEqual(oldestToDrop(all.slice(0, KEEP_NEWEST)), []);
});

test("the storage's size counts every file in every folder below it", async () => {
  const root = scratchDir("acp-checkpoint-bytes-");
  let expected = 0;
  for (let folder = 0; folder < 4; folder++) {
    mkdirSync(join(root, `d${folder}`, "sub"), { recursive: true });
    for (let file = 0; file < 5; file++) {
      const size = 100 * (folder + 1) + file;
      writeFileSync(join(root, `d${folder}`, file % 2 ? "sub" : "", `f${file}`), Buffer.alloc(size));
      expected += size;
    }
  }
  writeFileSync(join(root, "top"), Buffer.alloc(7));
  assert.equal(await folderBytes(root), expected + 7);
  assert.equal(await folderBytes(join(root, "missing")), 0);
});

test("over budget, old checkpoints go and their messages say so; Clear removes the rest", async () => {
  const dir = scratchDir("acp-budget-ws-");
  let n = 0;
  const store = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-budget-storage-"),
    folders: () => [dir],
    now: () => ++n,
  });
  let thread: Thread = emptyThread;
  const dispatch = (action: ThreadAction) => (thread = reduceThread(thread, action));
  const checkpoints = new SessionCheckpoints({
    store,
    dispatch,
    newId: () => `n${++n}`,
    logger: new MemoryLogger(),
    enabled: () => true,
  });
  const safetyNet = await store.take("before undo"); // the oldest of all
  for (let turn = 0; turn < 8; turn++) {
    writeFileSync(join(dir, `f${turn}.txt`), `${"x".repeat(20_000)}${turn}\n`);
    dispatch({ type: "turn/started", entryId: `u${turn}`, text: `turn ${turn}`, at: turn });
    await checkpoints.beforeTurn(`u${turn}`);
    dispatch({ type: "turn/ended", stopReason: "end_turn" });
  }
  const withCheckpoint = () => thread.entries.filter((e) => e.kind === "user" && e.checkpoint).length;
  assert.equal(withCheckpoint(), 8);
  const dropped = await store.prune(1);
  assert.ok(dropped.length > 0 && store.all().length >= KEEP_NEWEST, "the newest few stay");
  assert.ok(store.get(safetyNet.id), "what an Undo replaced stays, whatever the budget");
  assert.ok(withCheckpoint() < 8);
  assert.ok(thread.entries.some((e) => e.kind === "notice" && /storage limit/.test(e.title)));
  const first = thread.entries.find((e) => e.kind === "user" && e.id === "u0");
  assert.equal(first?.kind === "user" ? first.checkpoint : "gone", undefined, "the oldest message lost its button");
  await store.clear();
  assert.equal(withCheckpoint(), 0);
  await assert.rejects(checkpoints.restore("u7", "turn 7"), /No checkpoint/);
  checkpoints.dispose();
});

test("the conversation before a message seeds a new session, with the earlier transcript as context", () => {
  let thread: Thread = emptyThread;
  const dispatch = (action: ThreadAction) => (thread = reduceThread(thread, action));
  dispatch({ type: "turn/started", entryId: "u1", text: "first question", at: 1 });
  dispatch({
    type: "acp/update",
    entryId: "a1",
    update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "first answer" } },
  });
  dispatch({ type: "turn/ended", stopReason: "end_turn" });
  dispatch({ type: "turn/started", entryId: "u2", text: "second question", at: 2 });
  const seed = rewindSeed(thread, "u2", "Title");
  assert.ok(seed?.newSession);
  assert.deepEqual(kindsOf(seed), ["user", "assistant"]);
  assert.match(seed.context ?? "", /User: first question[\s\S]*Assistant: first answer/);
  assert.doesNotMatch(seed.context ?? "", /second question/);
  assert.equal(rewindSeed(thread, "u1", undefined)?.context, undefined, "nothing before the first message");
  assert.equal(rewindSeed(thread, "missing", undefined), undefined);
});
