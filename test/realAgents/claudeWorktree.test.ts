/**
 * A tab in its own git worktree (issue 32) with a real agent: claude-agent-acp (the fake model)
 * is started by a ChatSession whose deps carry the worktree, so its `cwd` and roots are the
 * worktree alone. Claude Code's own Write tool (straight to disk, no fs/write_text_file) then
 * rewrites a committed file and creates another by a path relative to its cwd: both land in the
 * worktree, the main folder keeps the user's uncommitted edit byte for byte, "Files changed" lists
 * the worktree's files, and Undo gives the worktree's file its exact previous bytes.
 *
 * realSession() gets the deps the SessionManager gives a worktree tab (`worktree`, its workspace,
 * checkpoints of the worktree's folder); the watcher and roots are AgentChangeWatcher's for such a tab.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { trackAgentChanges } from "../../src/acp/sessions/changeTracking";
import type { TurnFileChanges } from "../../src/acp/sessions/turnFileChanges";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { PanelWorktrees } from "../../src/acp/worktrees/panelWorktrees";
import type { TabWorktree } from "../../src/acp/worktrees/tabWorktree";
import { systemClock } from "../../src/acp/ports";
import { MemoryLogger } from "../support/memoryPorts";
import { nodeWatcher } from "../support/nodeWatcher";
import { waitFor } from "../support/waitFor";
import { rules, toolUse } from "./fakeAnthropic";
import { agentDirs, type AgentDirs } from "./realAgent";
import { realSession, toolCards, type RealSession } from "./realSession";
import { gitOnPath } from "../support/scratchCheckpoints";

const ID = "claude-agent-acp";
const BRANCH = "acp/claude-write";
/** notes.md as committed: a BOM, a CRLF line, non-ASCII and no final newline (the worktree starts with it). */
const COMMITTED = Buffer.from("\uFEFFcommitted line\r\ncafé – naïve 日本語 🙂\nlast line, no newline", "utf8");
/** The user's uncommitted edit of notes.md in the main folder. */
const USER_EDIT = Buffer.from("\uFEFFcommitted line\r\nthe user's uncommitted line – ünïcödé\r\n", "utf8");
const WRITTEN = "rewritten by Claude's Write tool in the worktree\n";
const CREATED = "a file Claude created in the worktree\n";

/** git with none of an outer hook's GIT_* variables (they would point it elsewhere). */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^GIT_/i.test(name)));
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: cleanEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let dirs: AgentDirs | undefined;
let worktrees: PanelWorktrees | undefined;
let worktree: TabWorktree | undefined;
let session: RealSession | undefined;
let tracker: TurnFileChanges | undefined;
afterEach(async () => {
  try {
    tracker?.dispose();
    await session?.close();
  } finally {
    try {
      if (worktrees && worktree && existsSync(worktree.path)) await worktrees.remove(worktree);
    } finally {
      dirs?.remove();
      [dirs, worktrees, worktree, session, tracker] = [undefined, undefined, undefined, undefined, undefined];
    }
  }
});

/** The main folder: a git repository whose notes.md holds COMMITTED at HEAD and USER_EDIT on disk. */
function mainFolder(made: AgentDirs): string {
  const main = realpathSync(made.workspace);
  gitIn(main, "init", "-q");
  gitIn(main, "config", "user.email", "u@example.invalid");
  gitIn(main, "config", "user.name", "U");
  gitIn(main, "config", "commit.gpgSign", "false");
  writeFileSync(join(main, "notes.md"), COMMITTED);
  gitIn(main, "add", ".");
  gitIn(main, "commit", "-qm", "init");
  writeFileSync(join(main, "notes.md"), USER_EDIT);
  return main;
}

test("claude-agent-acp in a worktree: its own Write lands in the worktree, not the main folder; Undo there", async () => {
  dirs = agentDirs();
  const root = realpathSync(dirs.root);
  const main = mainFolder(dirs);
  const mainStatus = gitIn(main, "status", "--porcelain");
  worktrees = new PanelWorktrees({
    git: gitOnPath(main),
    recordsFile: join(root, "worktrees.json"),
    folder: () => join(root, "worktrees"),
    logger: new MemoryLogger(),
  });
  ({ worktree } = await worktrees.create({ repo: main, branch: BRANCH, carry: false }));
  const tab = worktree;
  assert.equal(gitIn(tab.path, "rev-parse", "--abbrev-ref", "HEAD").trim(), BRANCH);
  const notes = join(tab.path, "notes.md");
  const created = join(tab.path, "new.txt");
  assert.deepEqual(readFileSync(notes), COMMITTED, "the worktree starts from the commit, not the user's edit");

  const storage = join(dirs.root, "checkpoints");
  mkdirSync(storage);
  const r = (session = await realSession(ID, {
    dirs,
    worktree: tab,
    clock: systemClock,
    // Claude Code writes an existing file only after reading it; new.txt is named relative to its cwd.
    script: () =>
      rules({
        prompt: "rewrite notes and add new.txt",
        steps: [
          [toolUse("Read", { file_path: notes })],
          [toolUse("Write", { file_path: notes, content: WRITTEN })],
          [toolUse("Write", { file_path: "new.txt", content: CREATED })],
          "Rewrote notes.md and created new.txt.",
        ],
      }),
    checkpoints: (folder) =>
      new WorkspaceCheckpoints({
        git: gitOnPath(main, folder),
        storage,
        folders: () => [folder],
      }),
  }));
  assert.equal(r.chat.worktree, tab, "the tab carries its worktree");
  tracker = trackAgentChanges(r.chat, nodeWatcher(tab.path), () => [tab.path], {
    clock: systemClock,
    quietMs: 300,
    maxGraceMs: 3_000,
  });
  await r.start();

  const [opened] = r
    .wire("out")
    .map((line) => line.message)
    .filter((message) => message.method === "session/new");
  assert.equal(opened?.params?.cwd, tab.path, "session/new runs the agent in the worktree");
  assert.deepEqual(opened?.params?.additionalDirectories ?? [], [], "no other folder is offered");
  assert.ok(
    !JSON.stringify(opened?.params).includes(JSON.stringify(main)),
    `the main folder is not offered to the agent: ${JSON.stringify(opened?.params)}`,
  );

  const turn = r.chat.prompt("rewrite notes and add new.txt");
  for (let at = 0; at < 2; at++) await r.answerNextPermission("allow_once");
  await turn;
  assert.deepEqual(r.chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
  const failed = toolCards(r.chat.store.state.thread).filter((card) => card.status !== "completed");
  assert.deepEqual(failed, [], "every tool call completed");
  assert.deepEqual(
    r
      .wire("in")
      .map((line) => line.message)
      .filter((message) => /^fs\//.test(message.method ?? "")),
    [],
    "Claude Code wrote by itself, not through fs/write_text_file",
  );
  await waitFor(
    () => tracker!.isWatching,
    (watching) => !watching,
    "the watcher's grace period to end",
    15_000,
  );
  await tracker.whenSettled();

  // The writes landed in the worktree…
  assert.equal(readFileSync(notes, "utf8"), WRITTEN);
  assert.equal(readFileSync(created, "utf8"), CREATED);
  // …and nowhere in the main folder, whose uncommitted edit is exactly as the user left it.
  assert.deepEqual(readFileSync(join(main, "notes.md")), USER_EDIT, "the main folder's notes.md is untouched");
  assert.equal(existsSync(join(main, "new.txt")), false, "no new.txt in the main folder");
  assert.equal(gitIn(main, "status", "--porcelain"), mainStatus, "the main folder's git status is as it was");

  // "Files changed" lists the worktree's files, by their absolute paths there.
  const changes = r.chat.store.state.thread.changes
    .filter((change) => change.state === "pending")
    .map((change) => ({
      path: change.path,
      origin: change.origin,
      undoable: change.undoable,
      created: change.created,
    }));
  assert.deepEqual(changes, [
    { path: notes, origin: "agent", undoable: true, created: false },
    { path: created, origin: "agent", undoable: true, created: true },
  ]);

  // Undo of notes.md gives the worktree's file its exact previous bytes; the main folder is still untouched.
  assert.equal(await r.chat.review?.undo(notes), true);
  assert.deepEqual(readFileSync(notes), COMMITTED, "Undo gives back the worktree file's exact previous bytes");
  assert.deepEqual(readFileSync(join(main, "notes.md")), USER_EDIT, "Undo in the worktree leaves the main folder be");
  assert.equal(
    gitIn(tab.path, "status", "--porcelain"),
    "?? new.txt\n",
    "only new.txt is left changed in the worktree",
  );
  assert.equal(gitIn(main, "status", "--porcelain"), mainStatus, "the main folder's git status is as it was");
});
