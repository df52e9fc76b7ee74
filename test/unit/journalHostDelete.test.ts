/**
 * The journal at host level, Delete Session: the journal goes (also with a write in flight, which
 * must not bring the conversation back), the archive's listeners hear of it, and Undo brings the
 * journal back byte for byte.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { conversationKey } from "../../src/acp/journal/journalArchive";
import { journalFile, nodeJournalFs, type JournalFs } from "../../src/acp/journal/journalFs";
import { disposeManagers } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";
import { userTexts, windowOn } from "../support/journalWindows";

after(disposeManagers);

test("Delete Session removes the journal and tells the archive's listeners", async () => {
  const dir = scratchDir("acp-journal-delete-");
  const w = windowOn(dir);
  const changed: string[] = [];
  w.archive.onDidChange((key) => changed.push(key));
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello, then delete");
  const id = tab.sessionId!;
  const key = conversationKey("Demo", id);
  await waitFor(() => changed.includes(key), Boolean, "a write reported");
  await w.manager.deleteSession("Demo", id);
  assert.deepEqual(await w.archive.entries(key), []);
  assert.equal((await w.archive.list()).length, 0);
  assert.ok(changed.filter((k) => k === key).length >= 2, "written, then removed");
  const reopened = await w.manager.openSession("Demo", id);
  assert.deepEqual(userTexts(reopened), []);
});

test("Delete Session of an open tab whose journal write is still in flight: the conversation does not come back", async () => {
  // The tab's writer is closed when its tab closes; that close was not waited for, so its last
  // write could land after the journal was set aside and list the deleted conversation again.
  const dir = scratchDir("acp-journal-delete-inflight-");
  let held: (() => void) | undefined;
  let hold = false;
  let inFlight = 0;
  const gate = () => (hold ? new Promise<void>((resolve) => (held = resolve)) : Promise.resolve());
  const slowFs: JournalFs = {
    ...nodeJournalFs,
    append: async (path, data) => {
      inFlight++;
      try {
        await gate();
        await nodeJournalFs.append(path, data);
      } finally {
        inFlight--;
      }
    },
  };
  const w = windowOn(dir, slowFs);
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("hello, then delete at once");
  const id = tab.sessionId!;
  hold = true;
  const deleting = w.manager.deleteSession("Demo", id);
  await waitFor(() => held, Boolean, "the tab's last journal write to start");
  hold = false;
  held!();
  await deleting;
  await waitFor(() => inFlight === 0, Boolean, "no journal write in flight");
  await w.journals.flush();
  assert.deepEqual(
    (await w.archive.list()).map((s) => s.sessionId),
    [],
    "the deleted conversation is not listed again",
  );
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.endsWith(".jsonl")),
    [],
    "no live journal left",
  );
  assert.equal((await w.archive.retired()).length, 1, "set aside once, for Undo");
});

test("Undo of Delete Session: the journal comes back byte for byte, and the session reopens with its conversation", async () => {
  const dir = scratchDir("acp-journal-undo-");
  const w = windowOn(dir);
  const tab = await w.manager.newTab("Demo");
  await tab.prompt("remember the violet lantern");
  const id = tab.sessionId!;
  await w.journals.flush();
  const key = conversationKey("Demo", id);
  const before = readFileSync(journalFile(dir, key), "utf8");
  await w.manager.deleteSession("Demo", id);
  assert.deepEqual(
    readdirSync(dir).filter((name) => name.endsWith(".jsonl")),
    [],
    "no live journal left",
  );
  assert.equal((await w.archive.retired()).length, 1, "set aside, not deleted");
  assert.equal(await w.journals.bringBack("Demo", id), true);
  assert.equal(readFileSync(journalFile(dir, key), "utf8"), before);
  assert.deepEqual(
    (await w.archive.list()).map((s) => s.sessionId),
    [id],
  );
  const reopened = await w.manager.openSession("Demo", id);
  assert.equal(userTexts(reopened)[0], "remember the violet lantern");
});
