/**
 * Model-based property test of the journal's destructive paths (retiredJournals.ts): random
 * sequences of appends (a writer's records, some cut mid-line as a crash leaves them), prunes to
 * a random budget, Delete Session…, Bring back / Undo and time passing, over an in-memory disk.
 * After every step:
 * - every entry ever written is in a live journal or in a retired one, unless that retired
 *   journal was purged after its grace period ended;
 * - the live and retired files hold exactly the bytes the model says (Bring back gives exactly the
 *   bytes back, followed by whatever was written to the conversation meanwhile);
 * - a prune ends at a fixed point (a second prune right after it sets nothing aside), never sets
 *   aside a conversation brought back within the grace period, and leaves the live journals within
 *   the budget unless what is left is protected (written in the last ten minutes, or brought back).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { journalFile } from "../../src/acp/journal/journalFs";
import { RETIRED_JOURNAL_GRACE_MS } from "../../src/acp/journal/retiredJournals";
import { MemoryJournalFs } from "../support/memoryJournalFs";

const DIR = "/journal";
const KEYS = ["k0", "k1", "k2", "k3"] as const;
type Key = (typeof KEYS)[number];
const MINUTE = 60_000;
const RECENT_MS = 10 * MINUTE;

type Step =
  | { kind: "append"; key: Key; size: number; torn: boolean }
  | { kind: "prune"; budget: number }
  | { kind: "delete"; key: Key }
  | { kind: "bringBack"; key: Key }
  | { kind: "wait"; ms: number };

const key = fc.constantFrom(...KEYS);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("append" as const),
      key,
      size: fc.integer({ min: 0, max: 300 }),
      torn: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("prune" as const), budget: fc.integer({ min: 0, max: 3000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), key }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("bringBack" as const), key }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("wait" as const),
      ms: fc.constantFrom(MINUTE, 11 * MINUTE, 6 * 3_600_000, 23 * 3_600_000, RETIRED_JOURNAL_GRACE_MS, 25 * 3_600_000),
    }),
  },
);

/** The loop the budget contract forbids: a pruned conversation is brought back, then the next prune comes. */
const episode: fc.Arbitrary<Step[]> = fc
  .record({ key, size: fc.integer({ min: 0, max: 300 }), budget: fc.integer({ min: 0, max: 600 }) })
  .map(({ key, size, budget }) => [
    { kind: "append", key, size, torn: false },
    { kind: "wait", ms: 11 * MINUTE },
    { kind: "prune", budget },
    { kind: "bringBack", key },
    { kind: "prune", budget },
  ]);

const steps: fc.Arbitrary<Step[]> = fc
  .array(fc.oneof({ weight: 6, arbitrary: step.map((s) => [s]) }, { weight: 1, arbitrary: episode }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((groups) => groups.flat());

interface RetiredModel {
  readonly key: Key;
  readonly reason: "pruned" | "deleted";
  readonly at: number;
  readonly bytes: string;
  readonly mtime: number;
}

class Model {
  readonly live = new Map<Key, { bytes: string; mtime: number }>();
  readonly retired: RetiredModel[] = [];
  /** Every entry token ever written, and the ones that may be gone (their retired file was purged in time). */
  readonly written: string[] = [];
  readonly purged = new Set<string>();
  readonly broughtBack = new Map<Key, number>();

  retire(key: Key, reason: RetiredModel["reason"], now: number): void {
    const live = this.live.get(key);
    if (!live) return;
    let at = now;
    while (this.retired.some((r) => r.key === key && r.at === at)) at++;
    this.retired.push({ key, reason, at, bytes: live.bytes, mtime: live.mtime });
    this.live.delete(key);
  }
}

async function check(steps: readonly Step[]): Promise<void> {
  let now = Date.parse("2026-12-01T08:00:00Z");
  const fs = new MemoryJournalFs(() => now);
  const archive = new JournalArchive(fs, DIR, () => now);
  const model = new Model();
  let serial = 0;

  for (const s of steps) {
    switch (s.kind) {
      case "append": {
        const token = `E${serial++}|`;
        const line = `{"t":"e","j":0,"e":{"kind":"user","text":"${token}${"x".repeat(s.size)}"}}${s.torn ? "" : "\n"}`;
        await fs.append(journalFile(DIR, s.key), line);
        const live = model.live.get(s.key);
        model.live.set(s.key, { bytes: (live?.bytes ?? "") + line, mtime: now });
        model.written.push(token);
        break;
      }
      case "prune": {
        // What a prune may purge: retired a grace period ago or longer.
        for (let i = model.retired.length - 1; i >= 0; i--) {
          const r = model.retired[i]!;
          if (now - r.at >= RETIRED_JOURNAL_GRACE_MS) {
            for (const token of model.written) if (r.bytes.includes(token)) model.purged.add(token);
            model.retired.splice(i, 1);
          }
        }
        const pruned = await archive.prune(s.budget, new Set());
        const protectedKeys = new Set(
          [...model.broughtBack].filter(([, at]) => now - at < RETIRED_JOURNAL_GRACE_MS).map(([k]) => k),
        );
        for (const p of pruned) {
          const k = p.key as Key;
          assert.ok(!protectedKeys.has(k), `${k} was brought back within the day and pruned again`);
          assert.ok(model.live.has(k), `${k} pruned without a live journal`);
          assert.ok(now - model.live.get(k)!.mtime >= RECENT_MS, `${k} was written in the last ten minutes`);
          model.retire(k, "pruned", now);
        }
        const total = [...model.live.values()].reduce((sum, l) => sum + Buffer.byteLength(l.bytes), 0);
        if (total > s.budget)
          for (const [k, l] of model.live)
            assert.ok(
              protectedKeys.has(k) || now - l.mtime < RECENT_MS,
              `over budget (${total} > ${s.budget}) with ${k} still prunable`,
            );
        assert.deepEqual(
          await archive.prune(s.budget, new Set()),
          [],
          "a prune right after a prune sets nothing aside",
        );
        break;
      }
      case "delete":
        await archive.remove(s.key);
        model.retire(s.key, "deleted", now);
        break;
      case "bringBack": {
        const newest = model.retired
          .map((r, index) => ({ r, index }))
          .filter(({ r }) => r.key === s.key)
          .sort((a, b) => b.r.at - a.r.at || b.index - a.index)[0];
        assert.equal(await archive.bringBack(s.key), newest !== undefined, "Bring back finds what is kept");
        if (newest) {
          model.retired.splice(newest.index, 1);
          const live = model.live.get(s.key);
          const old = newest.r.bytes;
          const joined = live ? old + (old === "" || old.endsWith("\n") ? "" : "\n") + live.bytes : old;
          model.live.set(s.key, { bytes: joined, mtime: live ? now : newest.r.mtime }); // a rename keeps the time
          model.broughtBack.set(s.key, now);
        }
        break;
      }
      case "wait":
        now += s.ms;
        break;
    }
    await compare(fs, archive, model, s);
  }
}

async function compare(fs: MemoryJournalFs, archive: JournalArchive, model: Model, s: Step): Promise<void> {
  const where = JSON.stringify(s);
  for (const k of KEYS)
    assert.equal(
      fs.files.get(journalFile(DIR, k))?.data,
      model.live.get(k)?.bytes,
      `live bytes of ${k} after ${where}`,
    );
  const actualRetired = await Promise.all(
    (await archive.retired()).map(async (r) => `${r.key} ${r.reason} ${await fs.readFile(r.path)}`),
  );
  assert.deepEqual(
    actualRetired.sort(),
    model.retired.map((r) => `${r.key} ${r.reason} ${r.bytes}`).sort(),
    `retired journals after ${where}`,
  );
  const everything = [...fs.files.values()].map((f) => f.data).join("\n");
  for (const token of model.written)
    assert.ok(everything.includes(token) || model.purged.has(token), `${token} lost after ${where}`);
}

test("no entry is lost before its grace period ends, and Bring back gives exactly the bytes back", async () => {
  await fc.assert(
    fc.asyncProperty(steps, (sequence) => check(sequence)),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
  );
});

test("the model's episode: prune, delete, bring both back, a day passes, prune again", async () => {
  await check([
    { kind: "append", key: "k0", size: 200, torn: false },
    { kind: "append", key: "k1", size: 200, torn: true },
    { kind: "wait", ms: 11 * MINUTE },
    { kind: "prune", budget: 100 },
    { kind: "append", key: "k0", size: 10, torn: false },
    { kind: "delete", key: "k0" },
    { kind: "bringBack", key: "k0" },
    { kind: "bringBack", key: "k0" },
    { kind: "bringBack", key: "k1" },
    { kind: "wait", ms: RETIRED_JOURNAL_GRACE_MS },
    { kind: "prune", budget: 0 },
    { kind: "wait", ms: RETIRED_JOURNAL_GRACE_MS },
    { kind: "prune", budget: 0 },
  ]);
});
