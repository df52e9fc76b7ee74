/**
 * Bring back moves a live file written meanwhile aside (`retired/<ms>.merging.<key>.tmp`) before
 * it renames the retired journal into place. When that rename fails (another window purged or
 * brought it back first), the live bytes must go back where they were; and a merging file left
 * behind by a crash in between is recovered, never stranded where no name pattern finds it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { journalFile } from "../../src/acp/journal/journalFs";
import { RetiredJournals } from "../../src/acp/journal/retiredJournals";
import { MemoryJournalFs } from "../support/memoryJournalFs";

const dir = "/journal";
const start = Date.parse("2026-12-01T10:00:00Z");

test("Bring back whose retired file vanished under it puts the live conversation back", async () => {
  const fs = new MemoryJournalFs(() => start);
  const retired = new RetiredJournals(fs, dir, () => start);
  await fs.append(journalFile(dir, "k"), "old\n");
  const set = await retired.retire("k", "pruned");
  assert.ok(set);
  await fs.append(journalFile(dir, "k"), "new\n");
  // Another window purges the retired file between our two renames.
  const rename = fs.rename.bind(fs);
  fs.rename = async (from, to) => {
    if (from === set.path) await fs.unlink(set.path);
    return rename(from, to);
  };
  await retired.bringBack("k").catch(() => false);
  assert.equal(fs.files.get(journalFile(dir, "k"))?.data, "new\n");
  assert.deepEqual(
    [...fs.files.keys()].filter((path) => path.endsWith(".tmp")),
    [],
  );
});

test("a merging file stranded by a crash is recovered: to the live file, or listed when one was written since", async () => {
  const fs = new MemoryJournalFs(() => start);
  const retired = new RetiredJournals(fs, dir, () => start + 3_600_000);
  await fs.append(join(dir, "retired", `${start}.merging.k.tmp`), "stranded\n");
  await fs.append(join(dir, "retired", `${start}.merging.j.tmp`), "stranded j\n");
  await fs.append(journalFile(dir, "j"), "written since\n");
  const listed = await retired.list();
  assert.equal(fs.files.get(journalFile(dir, "k"))?.data, "stranded\n");
  assert.deepEqual(
    listed.map((r) => [r.key, r.at]),
    [["j", start]],
  );
  assert.equal(await retired.bringBack("j"), true);
  assert.equal(fs.files.get(journalFile(dir, "j"))?.data, "stranded j\nwritten since\n");
  assert.deepEqual(
    [...fs.files.keys()].filter((path) => path.endsWith(".tmp")),
    [],
  );
});
