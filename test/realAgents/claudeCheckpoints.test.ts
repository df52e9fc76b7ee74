/**
 * Checkpoints with a real agent (issue 25, done-when 3): claude-agent-acp's Write tool (Claude
 * Code's own, straight to disk: no fs/write_text_file) overwrites a file whose bytes are easy to
 * get wrong (a BOM, CRLF, non-ASCII, no final newline, uncommitted in the user's git), then
 * creates another in a second turn. "Files changed" lists the agent's change, Undo gives the exact
 * bytes back, and Restore checkpoint / Redo move every file to exactly what it held before.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { trackAgentChanges } from "../../src/acp/sessions/changeTracking";
import type { TurnFileChanges } from "../../src/acp/sessions/turnFileChanges";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { systemClock } from "../../src/acp/ports";
import type { FileChange, NoticeEntry, UserEntry } from "../../src/shared/thread/thread";
import { nodeWatcher } from "../support/nodeWatcher";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";
import { rules, toolUse } from "./fakeAnthropic";
import { agentDirs, type AgentDirs } from "./realAgent";
import { realSession, toolCards, type RealSession } from "./realSession";
import { gitOnPath } from "../support/scratchCheckpoints";

const ID = "claude-agent-acp";
/** A BOM, a CRLF line, non-ASCII (2-, 3- and 4-byte UTF-8) and a last line without a newline. */
const ORIGINAL = Buffer.from("\uFEFFfirst line\r\ncafé – naïve 日本語 🙂\nlast line, no newline", "utf8");
/** Not UTF-8 (Latin-1 "café\r\n"): the review holds it as bytes. */
const LEGACY = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]);
const FIRST_WRITE = "rewritten by Claude's Write tool\n";
const SECOND_WRITE = "written again in turn two\r\nwith ünïcödé\n";
const CREATED = "a file Claude created\n";

let session: RealSession | undefined;
let tracker: TurnFileChanges | undefined;
let dirs: AgentDirs | undefined;
afterEach(async () => {
  tracker?.dispose();
  await session?.close();
  dirs?.remove();
  [session, tracker, dirs] = [undefined, undefined, undefined];
});

/** The workspace: a git repository whose notes.md holds ORIGINAL, uncommitted. */
function workspace(): { dirs: AgentDirs; ws: string; git: (...args: string[]) => string } {
  const made = agentDirs();
  const ws = realpathSync(made.workspace);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ws, encoding: "utf8" });
  git("init", "-q");
  git("config", "user.email", "u@example.invalid");
  git("config", "user.name", "U");
  writeFileSync(join(ws, "notes.md"), "committed\n");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(join(ws, "notes.md"), ORIGINAL);
  writeFileSync(join(ws, "legacy.txt"), LEGACY);
  return { dirs: { ...made, workspace: ws }, ws, git };
}

/** Runs one prompt, allowing every Write it asks for, and waits until the review has settled. */
async function turn(s: RealSession, prompt: string, writes: number): Promise<void> {
  const running = s.chat.prompt(prompt);
  for (let at = 0; at < writes; at++) await s.answerNextPermission("allow_once");
  await running;
  assert.deepEqual(s.thread().turn, { phase: "idle", lastStop: "end_turn" });
  const failed = toolCards(s.thread()).filter((card) => card.status !== "completed");
  assert.deepEqual(failed, [], "every tool call completed");
  await waitFor(
    () => tracker!.isWatching,
    (watching) => !watching,
    "the watcher's grace period to end",
    15_000,
  );
  await tracker!.whenSettled();
}

const listed = (s: RealSession, ws: string) =>
  s
    .thread()
    .changes.filter((change) => change.state === "pending")
    .map((change: FileChange) => ({
      path: change.path.slice(ws.length + 1),
      origin: change.origin,
      undoable: change.undoable,
      created: change.created,
    }));

test("claude-agent-acp's own Write: Undo, Restore checkpoint and Redo give back the exact bytes", async () => {
  const made = workspace();
  dirs = made.dirs;
  const { ws, git } = made;
  const notes = join(ws, "notes.md");
  const other = join(ws, "other.txt");
  const legacy = join(ws, "legacy.txt");
  const userGit = git("status", "--porcelain");
  session = await realSession(ID, {
    dirs,
    clock: systemClock,
    checkpoints: () =>
      new WorkspaceCheckpoints({
        git: gitOnPath(ws),
        storage: scratchDir("acp-real-checkpoints-"),
        folders: () => [ws],
      }),
    // Claude Code writes an existing file only after reading it in the session.
    script: () =>
      rules(
        {
          prompt: "rewrite notes",
          steps: [
            [toolUse("Read", { file_path: notes })],
            [toolUse("Write", { file_path: notes, content: FIRST_WRITE })],
            [toolUse("Read", { file_path: legacy })],
            [toolUse("Write", { file_path: legacy, content: FIRST_WRITE })],
            "Rewrote notes.md and legacy.txt.",
          ],
        },
        {
          prompt: "again, and add other.txt",
          steps: [
            [toolUse("Read", { file_path: notes })],
            [toolUse("Write", { file_path: notes, content: SECOND_WRITE })],
            [toolUse("Write", { file_path: other, content: CREATED })],
            "Done.",
          ],
        },
      ),
  });
  const s = session;
  tracker = trackAgentChanges(s.chat, nodeWatcher(ws), () => [ws], {
    clock: systemClock,
    quietMs: 300,
    maxGraceMs: 3_000,
  });
  await s.start();

  // Turn 1: Claude overwrites notes.md itself; Files changed lists it as the agent's; Undo.
  await turn(s, "rewrite notes", 2);
  assert.notDeepEqual(readFileSync(notes), ORIGINAL, "Claude's Write changed the file");
  assert.notDeepEqual(readFileSync(legacy), LEGACY, "Claude's Write changed the file");
  assert.deepEqual(
    s.wire("in").filter((line) => /^fs\//.test(line.message.method ?? "")),
    [],
    "Claude Code wrote by itself, not through fs/write_text_file",
  );
  assert.deepEqual(listed(s, ws), [
    { path: "notes.md", origin: "agent", undoable: true, created: false },
    { path: "legacy.txt", origin: "agent", undoable: true, created: false },
  ]);
  assert.equal(await s.chat.review?.undo(notes), true);
  assert.deepEqual(readFileSync(notes), ORIGINAL, "Undo gives back the exact previous bytes");
  assert.equal(await s.chat.review?.undo(legacy), true);
  assert.deepEqual(readFileSync(legacy), LEGACY, "Undo gives back the exact previous bytes (not UTF-8)");
  assert.equal(git("status", "--porcelain"), userGit, "the user's git is as it was");

  // Turn 2: notes.md again, and a new file.
  await turn(s, "again, and add other.txt", 2);
  assert.deepEqual(listed(s, ws), [
    { path: "notes.md", origin: "agent", undoable: true, created: false },
    { path: "other.txt", origin: "agent", undoable: true, created: true },
  ]);
  const beforeRestore = { notes: readFileSync(notes), other: readFileSync(other) };

  // Restore checkpoint on the first message: every file as it was just before it.
  const first = s.thread().entries.find((entry): entry is UserEntry => entry.kind === "user");
  assert.ok(first?.checkpoint, "the first message has a checkpoint");
  assert.equal(await s.chat.restoreCheckpoint(first.id), 2);
  assert.deepEqual(readFileSync(notes), ORIGINAL, "notes.md has its bytes from before the first message");
  assert.equal(existsSync(other), false, "the created file is gone");
  assert.equal(git("status", "--porcelain"), userGit, "the user's git is as it was");

  // Redo: exactly what the restore replaced.
  const notice = s.thread().entries.find((entry): entry is NoticeEntry => entry.kind === "notice" && !!entry.redo);
  assert.equal(notice?.redo?.state, "available");
  await s.chat.redoRestore(notice!.redo!.restoreId);
  assert.deepEqual(readFileSync(notes), beforeRestore.notes, "Redo puts back notes.md as Claude left it");
  assert.deepEqual(readFileSync(other), beforeRestore.other, "Redo puts back the created file");
  assert.equal(readFileSync(other, "utf8"), CREATED);
  const redone = s.thread().entries.find((entry): entry is NoticeEntry => entry.id === notice!.id);
  assert.equal(redone?.redo?.state, "done");
});
