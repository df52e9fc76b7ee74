/**
 * The journal never discards the user's bytes at once: pruning to the disk budget and Delete
 * Session… set a conversation aside (`retired/`) for a day, and Bring back / Undo give exactly its
 * bytes back. Only a prune after the grace period purges it; retired bytes are not counted against
 * the budget, and a conversation brought back is not pruned again within the grace period (the
 * prune must not loop on it).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { JournalArchive } from "../../src/acp/journal/journalArchive";
import { journalFile } from "../../src/acp/journal/journalFs";
import { RETIRED_JOURNAL_GRACE_MS, RetiredJournals } from "../../src/acp/journal/retiredJournals";
import { TabJournals } from "../../src/acp/journal/tabJournals";
import { MemoryJournalFs } from "../support/memoryJournalFs";
import { ManualClock } from "../support/memoryPorts";

const dir = "/journal";
const hour = 3_600_000;
const line = (record: object) => `${JSON.stringify(record)}\n`;

function setUp(start = Date.parse("2026-12-01T10:00:00Z")) {
  let now = start;
  const fs = new MemoryJournalFs(() => now);
  const archive = new JournalArchive(fs, dir, () => now);
  const write = async (key: string, text: string, at: number) => {
    await fs.append(
      journalFile(dir, key),
      line({ t: "o", w: "w", at, agent: "Demo", sessionId: `s-${key}` }) +
        line({ t: "e", j: 0, e: { kind: "user", text } }),
    );
    fs.touch(journalFile(dir, key), at);
  };
  return {
    fs,
    archive,
    write,
    advance: (ms: number) => (now += ms),
    now: () => now,
    bytes: (key: string) => fs.files.get(journalFile(dir, key))?.data,
  };
}

test("a prune sets the oldest conversation aside; Bring back gives exactly its bytes back", async () => {
  const t = setUp();
  await t.write("oldest", "a".repeat(500), t.now() - 3 * hour);
  await t.write("newest", "b".repeat(500), t.now() - 2 * hour);
  const before = t.bytes("oldest")!;
  const pruned = await t.archive.prune(Buffer.byteLength(t.bytes("newest")!), new Set());
  assert.deepEqual(
    pruned.map((p) => p.key),
    ["oldest"],
  );
  assert.equal(t.bytes("oldest"), undefined, "no longer a live journal");
  assert.deepEqual(
    (await t.archive.list()).map((s) => s.key),
    ["newest"],
  );
  const retired = await t.archive.retired();
  assert.deepEqual(
    retired.map((r) => [r.key, r.reason, r.bytes]),
    [["oldest", "pruned", Buffer.byteLength(before)]],
  );
  assert.equal(await t.archive.bringBack("oldest"), true);
  assert.equal(t.bytes("oldest"), before, "the same bytes");
  assert.deepEqual(await t.archive.retired(), []);
  assert.deepEqual((await t.archive.list()).map((s) => s.key).sort(), ["newest", "oldest"]);
  assert.equal(await t.archive.bringBack("oldest"), false, "nothing left to bring back");
});

test("Delete Session sets the journal aside, and Undo brings it back whole", async () => {
  const t = setUp();
  await t.write("gone", "remember the lantern", t.now() - hour);
  const before = t.bytes("gone")!;
  const clock = new ManualClock(t.now());
  const journals = new TabJournals({
    archive: t.archive,
    fs: t.fs,
    clock,
    writerId: "w",
    cwd: () => "/w",
    budgetBytes: () => 1 << 30,
  });
  await t.archive.remove("gone");
  assert.deepEqual(await t.archive.entries("gone"), []);
  assert.deepEqual(
    (await t.archive.retired()).map((r) => [r.key, r.reason]),
    [["gone", "deleted"]],
  );
  assert.equal(await journals.bringBack("Demo", "s-gone"), false, "the key is the agent's and session's hash");
  assert.equal(await t.archive.bringBack("gone"), true);
  assert.equal(t.bytes("gone"), before);
});

test("retired journals are purged only once the grace period has passed", async () => {
  const t = setUp();
  await t.write("old", "x".repeat(400), t.now() - 5 * hour);
  await t.write("keep", "y".repeat(400), t.now() - 4 * hour);
  const budget = Buffer.byteLength(t.bytes("keep")!);
  await t.archive.prune(budget, new Set());
  t.advance(RETIRED_JOURNAL_GRACE_MS - 1);
  await t.archive.prune(budget, new Set());
  assert.deepEqual(
    (await t.archive.retired()).map((r) => r.key),
    ["old"],
    "still there a moment before the day is up",
  );
  t.advance(1);
  await t.archive.prune(budget, new Set());
  assert.deepEqual(await t.archive.retired(), [], "purged after it");
  assert.equal(await t.archive.bringBack("old"), false);
});

test("retired bytes are not counted against the budget, and a conversation brought back is not pruned again that day", async () => {
  const t = setUp();
  await t.write("a", "a".repeat(400), t.now() - 5 * hour);
  await t.write("b", "b".repeat(400), t.now() - 4 * hour);
  await t.write("c", "c".repeat(400), t.now() - 3 * hour);
  const one = (await t.fs.stat(journalFile(dir, "a"))).size;
  // Room for two: only the oldest goes (were retired bytes counted, every one would go).
  const first = await t.archive.prune(2 * one, new Set());
  assert.deepEqual(
    first.map((p) => p.key),
    ["a"],
  );
  assert.deepEqual(await t.archive.prune(2 * one, new Set()), [], "a second prune finds nothing to do");
  assert.equal(await t.archive.bringBack("a"), true);
  // Over budget again: the next oldest goes, not the one the user just brought back.
  const second = await t.archive.prune(2 * one, new Set());
  assert.deepEqual(
    second.map((p) => p.key),
    ["b"],
  );
  const third = await t.archive.prune(one, new Set());
  assert.deepEqual(
    third.map((p) => p.key),
    ["c"],
    "the brought-back one stays even when that leaves the journal over budget",
  );
  assert.ok(t.bytes("a"));
});

test("Bring back when the conversation was written again meanwhile keeps both: the old bytes, then the new", async () => {
  const t = setUp();
  await t.write("k", "first", t.now() - hour);
  const before = t.bytes("k")!;
  await t.archive.remove("k");
  await t.fs.append(journalFile(dir, "k"), line({ t: "e", j: 1, e: { kind: "user", text: "later" } }));
  assert.equal(await t.archive.bringBack("k"), true);
  assert.equal(t.bytes("k"), `${before}${line({ t: "e", j: 1, e: { kind: "user", text: "later" } })}`);
  assert.deepEqual(
    (await t.archive.entries("k")).map((e) => (e.kind === "user" ? e.text : e.kind)),
    ["first", "later"],
  );
});

test("setting a conversation aside reads the retired names only, not a stat per retired file", async () => {
  const { fs } = setUp();
  const retired = new RetiredJournals(fs, dir, () => 5_000);
  for (let i = 0; i < 20; i++) await fs.append(`${dir}/retired/${1_000 + i}.pruned.other${i}.jsonl`, "x\n");
  await fs.append(`${dir}/retired/5000.deleted.k.jsonl`, "earlier\n");
  await fs.append(journalFile(dir, "k"), "live\n");
  let stats = 0;
  const stat = fs.stat.bind(fs);
  fs.stat = (path) => (stats++, stat(path));
  const set = await retired.retire("k", "pruned");
  assert.equal(set?.at, 5_001, "unique per conversation, whatever the reason");
  assert.equal(stats, 1, "only the live file is stat'd");
});
