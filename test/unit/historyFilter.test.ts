/**
 * The history's filters and row state, shared by the panel's list and Open Session… (issue 27 §2):
 * archived rows hidden unless asked for, one agent or all, and the state in the words the row shows.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { filterHistory, historyAgents, historyState, noHistoryFilter } from "../../src/shared/wire/historyFilter";
import type { SessionListItem } from "../../src/shared/wire/protocol";

const item = (agent: string, sessionId: string, extra: Partial<SessionListItem> = {}): SessionListItem => ({
  agent,
  sessionId,
  cwd: "/w",
  title: sessionId,
  status: "closed",
  ...extra,
});

const rows = [
  item("Codex", "a"),
  item("Demo", "b", { archived: true }),
  item("Demo", "c", { status: "running" }),
  item("Codex", "d", { archived: true, status: "waiting" }),
];
const ids = (list: readonly SessionListItem[]) => list.map((row) => row.sessionId);

test("archived rows are hidden unless asked for, and the agent filter narrows to one agent", () => {
  assert.deepEqual(ids(filterHistory(rows, noHistoryFilter)), ["a", "c"]);
  assert.deepEqual(ids(filterHistory(rows, { agent: "", showArchived: true })), ["a", "b", "c", "d"]);
  assert.deepEqual(ids(filterHistory(rows, { agent: "Demo", showArchived: false })), ["c"]);
  assert.deepEqual(ids(filterHistory(rows, { agent: "Codex", showArchived: true })), ["a", "d"]);
  assert.deepEqual(filterHistory(rows, { agent: "Nobody", showArchived: true }), []);
  assert.deepEqual(historyAgents(rows), ["Codex", "Demo"]);
});

test("the row's state: a live state wins over archived; a closed archived one reads archived, else ended", () => {
  assert.deepEqual(rows.map(historyState), ["ended", "archived", "running", "waiting"]);
  assert.equal(historyState({ status: "starting" }), "running");
  assert.equal(historyState({ status: "failed" }), "failed");
  assert.equal(historyState({ status: "idle" }), "open");
});
