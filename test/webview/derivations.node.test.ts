/**
 * The webview's pure derivations, in node: where subagent runs sit in the transcript, which runs
 * a tool card holds, short paths, the session list's live overlay, search and times, and the
 * progress line of a run.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shortPaths, shortenPath } from "../../webview/ui/displayPaths";
import fc from "fast-check";
import { formatCount, formatDuration } from "../../webview/ui/format";
import { filterSessions, relativeTime, sessionRows } from "../../webview/tabs/sessionRows";
import { runIdsOfToolCall, transcriptRows } from "../../webview/transcript/transcriptRows";
import { describeProgress } from "../../webview/transcript/runs/runProgress";
import { fold } from "./fullFixture";
import { TABS, featureActions, memberUpdate, readyActions, sessionsList, subagentEvent } from "./featureFixture";

describe("webview derivations", () => {
  it("places runs after the entries that existed when they started; attached runs go in their card", () => {
    const state = fold(featureActions());
    const rows = transcriptRows(state.thread).map((row) =>
      row.kind === "run"
        ? `run:${row.runId}`
        : row.kind === "segment"
          ? `segment:${row.key}`
          : `${row.entry.kind}:${row.entry.id}`,
    );
    assert.deepEqual(rows, [
      "user:u1",
      "assistant:a1",
      "tool_call:t-task",
      "run:member:Reviewer",
      "user:u2",
      "assistant:a2",
      "user:u3",
    ]);
    assert.equal(runIdsOfToolCall(state.thread, "call-task"), "run-tests");
    assert.equal(runIdsOfToolCall(state.thread, "nope"), "");

    // A run naming a tool call the thread does not have is a row of its own, at its position.
    const orphan = fold([
      ...readyActions,
      subagentEvent("s1", "r1", { type: "snapshot", snapshot: { state: "running", parentToolCallId: "missing" } }),
      memberUpdate("m1", "A", { content: { type: "text", text: "x" } }),
    ]);
    assert.deepEqual(
      transcriptRows(orphan.thread).map((row) => row.key),
      ["run:r1", "run:member:A"],
    );
  });

  it("groups a count's digits as en-US does, without Intl (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((n) => -n),
          fc.double(),
        ),
        (n) => assert.equal(formatCount(n), n.toLocaleString("en-US")),
      ),
      { numRuns: 2_000 },
    );
    assert.equal(formatCount(1_850), "1,850");
    assert.equal(formatCount(999), "999");
  });

  it("shortens paths: the shared folder goes, at most three segments stay", () => {
    assert.deepEqual(
      [...shortPaths(["/w/app/src/a/b/deep.ts", "/w/app/README.md"]).values()],
      ["…/a/b/deep.ts", "README.md"],
    );
    assert.deepEqual(
      [...shortPaths(["C:\\w\\app\\x.ts", "C:\\w\\app\\lib\\y.ts"]).values()],
      ["x.ts", "lib/y.ts"],
      "Windows paths too",
    );
    assert.deepEqual([...shortPaths(["/w/app/src/a.ts", "/w/app/b.ts"]).values()], ["src/a.ts", "b.ts"]);
    assert.deepEqual(
      [...shortPaths(["/w/app/src/parser/deep/a.ts", "/w/app/b.ts"]).values()],
      ["…/parser/deep/a.ts", "b.ts"],
    );
    assert.deepEqual([...shortPaths(["/only/one/file/in/here.ts"]).values()], ["…/file/in/here.ts"]);
    assert.deepEqual([...shortPaths(["/w/same.ts", "/w/same.ts"]).values()], ["same.ts"]);
    assert.equal(shortenPath("/home/ada/work/parser"), "…/work/parser");
    assert.equal(shortenPath("C:\\Users\\ada\\docs"), "…/ada/docs");
    assert.equal(shortenPath("/tmp"), "/tmp");
  });

  it("overlays the tab strip on the session list and searches every word in title, agent and folder", () => {
    const { sessions } = sessionsList(Date.UTC(2026, 0, 10));
    assert.deepEqual(
      sessionRows(sessions, undefined).map((row) => row.status),
      ["running", "waiting", "closed", "closed"],
      "no tab strip yet: as sent",
    );
    const live = sessionRows(sessions, [
      { ...TABS[0]!, status: "idle" },
      { key: "tab-9", agent: "Codex", sessionId: "session-9", title: "Matrix", status: "running" },
    ]);
    assert.deepEqual(
      live.map((row) => [row.status, row.tabKey ?? "-", row.title]),
      [
        ["idle", "tab-1", "Parser refactor"],
        ["closed", "-", "Release notes"],
        ["running", "tab-9", "Matrix"],
        ["closed", "-", "Docs typo"],
      ],
    );
    assert.deepEqual(filterSessions(live, "  ").length, 4);
    assert.deepEqual(
      filterSessions(live, "echo DOCS").map((row) => row.title),
      ["Docs typo"],
    );
    assert.deepEqual(
      filterSessions(live, "ci-tools codex").map((row) => row.title),
      ["Matrix"],
    );
  });

  it("tells times relative to now, and progress in words", () => {
    const now = Date.UTC(2026, 0, 10, 12);
    const ago = (ms: number) => new Date(now - ms).toISOString();
    assert.equal(relativeTime(ago(20_000), now), "just now");
    assert.equal(relativeTime(ago(5 * 60_000), now), "5 minutes ago");
    assert.equal(relativeTime(ago(26 * 3600_000), now), "yesterday");
    assert.equal(relativeTime(ago(9 * 24 * 3600_000), now), "last week");
    assert.equal(relativeTime("not a date", now), undefined);
    assert.equal(relativeTime(undefined, now), undefined);

    assert.deepEqual([950, 9_400, 64_000, 3_720_000].map(formatDuration), ["950 ms", "9.4 s", "1m 4s", "1h 2m"]);
    assert.equal(
      describeProgress({ toolsUsed: 1, turnCount: 1 }, { state: "completed", startedAt: 1_000, endedAt: 3_500 }),
      "1 tool used · 1 turn · 2.5 s",
    );
    assert.equal(
      describeProgress({ lastToolName: "bash", toolCallCount: 0 }, { state: "running" }),
      "0 tool calls · last: bash",
    );
    assert.equal(describeProgress({}, { state: "pending" }), "");
  });
});
