/**
 * Pruning and "Clear Checkpoints" can be taken back: a checkpoint that goes (over the storage
 * budget, or cleared) is set aside for a day, "Bring back" gives it back with exactly its bytes and
 * its message's "Restore checkpoint", and only after the day is its space freed. The property test
 * runs random sequences of turns (random file contents), prunes at random budgets, clears, bring
 * backs and clock jumps over a real shadow repository: after every step, every checkpoint taken
 * less than a day ago is either still a checkpoint or can be brought back, and either way holds
 * exactly the bytes it was taken with.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { WorkspaceCheckpoints, type Checkpoint } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { RETIRED_GRACE_MS } from "../../src/acp/checkpoints/retiredCheckpoints";
import { folderBytes } from "../../src/acp/checkpoints/checkpointStorage";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { MemoryLogger } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";

const HOUR = 60 * 60 * 1000;

function workspace(prefix: string) {
  const dir = scratchDir(`${prefix}-ws-`);
  const storage = scratchDir(`${prefix}-storage-`);
  const clock = { now: 1_000_000 };
  const store = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage,
    folders: () => [dir],
    now: () => clock.now,
  });
  return { dir, storage, clock, store };
}

async function contentAt(store: WorkspaceCheckpoints, checkpoint: Checkpoint, path: string): Promise<string | null> {
  const found = await store.fileAt(checkpoint, path);
  if (found === "absent") return null;
  if ("unknown" in found) throw new Error(found.unknown);
  return found.content.toString("utf8");
}

test("a pruned checkpoint can be brought back, with its bytes and its message's Restore checkpoint", async () => {
  const { dir, clock, store } = workspace("acp-bringback");
  let thread: Thread = emptyThread;
  const dispatch = (action: ThreadAction) => (thread = reduceThread(thread, action));
  let n = 0;
  const session = new SessionCheckpoints({
    store,
    dispatch,
    newId: () => `n${++n}`,
    logger: new MemoryLogger(),
    enabled: () => true,
  });
  const file = join(dir, "notes.txt");
  for (let turn = 0; turn < 8; turn++) {
    clock.now += 1000;
    writeFileSync(file, `${"x".repeat(10_000)} turn ${turn}\n`);
    dispatch({ type: "turn/started", entryId: `u${turn}`, text: `turn ${turn}`, at: turn });
    await session.beforeTurn(`u${turn}`);
    dispatch({ type: "turn/ended", stopReason: "end_turn" });
  }
  const first = store.all()[0]!;
  const dropped = await store.prune(1);
  assert.ok(
    dropped.some((c) => c.id === first.id),
    "the oldest went",
  );
  assert.equal(store.get(first.id), undefined);
  const notice = thread.entries.find((e) => e.kind === "notice" && e.bringBack?.checkpointId === first.id);
  assert.ok(notice?.kind === "notice" && notice.bringBack?.state === "available", "its notice offers Bring back");
  const checkpointOfFirstMessage = () => {
    const entry = thread.entries.find((e) => e.kind === "user" && e.id === "u0");
    return entry?.kind === "user" ? entry.checkpoint : "no message";
  };
  assert.equal(checkpointOfFirstMessage(), undefined, "the message lost Restore checkpoint");

  clock.now += 23 * HOUR;
  await session.bringBack(first.id);
  const back = store.get(first.id);
  assert.ok(back, "it is a checkpoint again");
  assert.equal(await contentAt(store, back, file), `${"x".repeat(10_000)} turn 0\n`);
  assert.equal(checkpointOfFirstMessage(), first.id, "Restore checkpoint is back");
  const done = thread.entries.find((e) => e.kind === "notice" && e.bringBack?.checkpointId === first.id);
  assert.equal(done?.kind === "notice" ? done.bringBack?.state : undefined, "done");
  await session.restore("u0", "turn 0");
  session.dispose();
});

test("a day after a prune its space is freed, and it can no longer be brought back", async () => {
  const { dir, storage, clock, store } = workspace("acp-expire");
  const file = join(dir, "big.bin");
  for (let turn = 0; turn < 8; turn++) {
    clock.now += 1000;
    // Incompressible, so the freed space shows.
    writeFileSync(file, Buffer.from(Array.from({ length: 200_000 }, () => Math.floor(Math.random() * 256))));
    await store.take(`turn ${turn}`);
  }
  const dropped = await store.prune(1);
  assert.ok(dropped.length > 0);
  const kept = await folderBytes(join(storage, "checkpoints"));
  clock.now += RETIRED_GRACE_MS + 1;
  await store.prune(Number.MAX_SAFE_INTEGER);
  const freed = await folderBytes(join(storage, "checkpoints"));
  assert.ok(freed < kept, `space is freed after the day (${kept} → ${freed} bytes)`);
  assert.equal(await store.bringBack(dropped[0]!.id), undefined);
  assert.equal(store.isRetired(dropped[0]!.id), false);
});

test("Clear Checkpoints is undone by bringing every checkpoint back", async () => {
  const { dir, store } = workspace("acp-clear");
  const file = join(dir, "a.txt");
  const taken: Array<[Checkpoint, string]> = [];
  for (let turn = 0; turn < 3; turn++) {
    writeFileSync(file, `version ${turn}\n`);
    taken.push([await store.take(`turn ${turn}`), `version ${turn}\n`]);
  }
  const cleared = await store.clear();
  assert.equal(cleared.length, 3);
  assert.equal(store.all().length, 0);
  for (const [checkpoint, content] of taken) {
    const back = await store.bringBack(checkpoint.id);
    assert.ok(back);
    assert.equal(await contentAt(store, back, file), content);
  }
});

type Step =
  | { kind: "turn"; file: number; text: string }
  | { kind: "prune"; budget: number }
  | { kind: "clear" }
  | { kind: "bringBack"; pick: number }
  | { kind: "wait"; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("turn" as const), file: fc.nat(2), text: fc.string() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("prune" as const), budget: fc.nat(200_000) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("bringBack" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wait" as const), hours: fc.integer({ min: 1, max: 30 }) }) },
);

test("property: what a prune or a clear set aside within the last day comes back byte for byte", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const { dir, clock, store } = workspace("acp-prop-bb");
      mkdirSync(join(dir, "sub"));
      const files = ["a.txt", "b.txt", "sub/c.txt"].map((name) => join(dir, name));
      /** Every checkpoint taken, with what each file held then. */
      const taken: Array<{ checkpoint: Checkpoint; contents: Array<string | null>; goneAt?: number }> = [];
      const current: Array<string | null> = [null, null, null];
      for (const s of steps) {
        clock.now += 1000;
        if (s.kind === "turn") {
          writeFileSync(files[s.file]!, s.text);
          current[s.file] = s.text;
          taken.push({ checkpoint: await store.take("turn"), contents: [...current] });
        } else if (s.kind === "prune" || s.kind === "clear") {
          const went = s.kind === "prune" ? await store.prune(s.budget) : await store.clear();
          for (const checkpoint of went) {
            const record = taken.find((t) => t.checkpoint.id === checkpoint.id);
            if (record) record.goneAt = clock.now;
          }
        } else if (s.kind === "bringBack") {
          const retired = taken.filter((t) => t.goneAt !== undefined && store.isRetired(t.checkpoint.id));
          const pick = retired[s.pick % Math.max(1, retired.length)];
          if (pick && (await store.bringBack(pick.checkpoint.id))) delete pick.goneAt;
        } else clock.now += s.hours * HOUR;
        for (const record of taken) {
          const { id } = record.checkpoint;
          const withinDay = record.goneAt === undefined || clock.now - record.goneAt < RETIRED_GRACE_MS;
          if (!withinDay) continue;
          const live = store.get(id);
          assert.ok(live ?? store.isRetired(id), `checkpoint ${id} is kept or can be brought back`);
          if (live)
            for (const [index, path] of files.entries())
              assert.equal(await contentAt(store, live, path), record.contents[index] ?? null);
        }
      }
      // Everything set aside less than a day ago comes back with exactly its bytes.
      for (const record of taken) {
        if (record.goneAt === undefined || !store.isRetired(record.checkpoint.id)) continue;
        const back = await store.bringBack(record.checkpoint.id);
        assert.ok(back, `retired ${record.checkpoint.id} comes back`);
        for (const [index, path] of files.entries())
          assert.equal(await contentAt(store, back, path), record.contents[index] ?? null);
      }
    }),
    { numRuns: 12 },
  );
});

test("the storage measure counts every file of nested folders (the budget depends on it)", async () => {
  const root = scratchDir("acp-bytes-");
  let expected = 0;
  for (let a = 0; a < 4; a++)
    for (let b = 0; b < 4; b++) {
      mkdirSync(join(root, `d${a}`, `e${b}`), { recursive: true });
      writeFileSync(join(root, `d${a}`, `e${b}`, "f"), "x".repeat(1000 + a * 10 + b));
      expected += 1000 + a * 10 + b;
    }
  assert.equal(await folderBytes(root), expected);
});
