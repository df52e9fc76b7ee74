/**
 * A tab that works in a git worktree (issue 32 §1), through the session manager with the fake
 * agent: its agent starts with the worktree as `cwd`; its own edits land in the worktree and never
 * in the main folder (whose uncommitted edit stays as it was); "Files changed" comes from the
 * worktree's own checkpoints; a write into the main folder is outside the tab's root and asks; the
 * tab and its restore record carry the worktree; and a worktree folder removed behind the panel's
 * back is said in the user's words when the tab is opened again.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { PanelWorktrees } from "../../src/acp/worktrees/panelWorktrees";
import type { TabWorktree } from "../../src/acp/worktrees/tabWorktree";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";
import { nodeWatcher } from "../support/nodeWatcher";
import { trackAgentChanges } from "../../src/acp/sessions/changeTracking";
import { systemClock } from "../../src/acp/ports";
import { gitOnPath } from "../support/scratchCheckpoints";

after(disposeManagers);

const USER_EDIT = "committed\nthe user's uncommitted line\n";

async function setUp() {
  const main = realpathSync(scratchDir("acp-wt-main-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=U", "-c", "user.email=u@example.invalid", ...args], {
      cwd: main,
      encoding: "utf8",
    });
  writeFileSync(join(main, "notes.md"), "committed\n");
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "init");
  writeFileSync(join(main, "notes.md"), USER_EDIT);
  const storage = scratchDir("acp-wt-storage-");
  const gitExe = gitOnPath(main);
  const worktrees = new PanelWorktrees({
    git: gitExe,
    recordsFile: join(storage, "worktrees.json"),
    folder: () => join(storage, "worktrees"),
    logger: new MemoryLogger(),
  });
  const { worktree } = await worktrees.create({ repo: main, branch: "acp/task-a", carry: false });
  const checkpointFolders: string[] = [];
  const agent = fakeAgent("Fake", { FAKE_AGENT_STATE: tempStatePath() });
  const consent = new ScriptedConsent();
  const { m: manager } = memoryManager([agent.launch], {
    startsAt: "2026-12-03T10:00:00Z",
    deps: {
      workspace: fixedWorkspace(main),
      ports: { files: new DiskFiles(), consent },
      worktreeCheckpoints: (folder) => {
        checkpointFolders.push(folder);
        return new WorkspaceCheckpoints({ git: gitExe, storage, folders: () => [folder] });
      },
      worktreeOf: (cwd) => worktrees.worktreeAt(cwd),
    },
  });
  return { main, worktree, worktrees, manager, agent, consent, checkpointFolders, git };
}

const idle = (session: { store: { state: { thread: { turn: { phase: string } } } } }) =>
  waitFor(
    () => session.store.state.thread.turn.phase,
    (phase) => phase === "idle",
    "the turn to end",
  );

test("a worktree tab's agent starts in the worktree, and its own edit lands there, not in the main folder", async () => {
  const { main, worktree, manager, agent, checkpointFolders } = await setUp();
  const tab = await manager.newTab("Fake", true, worktree);
  const opened = agent.received().find((message) => message.method === "session/new");
  assert.equal((opened?.params as { cwd?: string }).cwd, worktree.path);
  assert.deepEqual(checkpointFolders, [worktree.path], "the tab's checkpoints are the worktree's");
  await tab.prompt("own-append notes.md the agent's line");
  await idle(tab);
  assert.equal(readFileSync(join(worktree.path, "notes.md"), "utf8"), "committed\nthe agent's line\n");
  assert.equal(readFileSync(join(main, "notes.md"), "utf8"), USER_EDIT, "the main folder's uncommitted edit");
  // Through fs/write_text_file (own-tool edits reach the review through VS Code's watcher, not here).
  await tab.prompt("e2e-write new.txt written in the worktree");
  await idle(tab);
  assert.equal(readFileSync(join(worktree.path, "new.txt"), "utf8"), "written in the worktree\n");
  assert.ok(!existsSync(join(main, "new.txt")));
  await waitFor(
    () => tab.store.state.thread.changes.map((change) => change.path),
    (paths) => paths.includes(join(worktree.path, "new.txt")),
    "the worktree's file in Files changed",
  );
  const [summary] = manager.summaries();
  assert.deepEqual(summary?.worktree, { branch: "acp/task-a", path: worktree.path });
  assert.deepEqual(manager.openTabs().tabs[0]?.worktree, worktree);
  assert.equal(manager.index.all()[0]?.cwd, worktree.path, "the history knows where it ran");
});

test("an own-tool edit in a worktree tab is in its Files changed, against the worktree's checkpoint", async () => {
  const { worktree, manager } = await setUp();
  const tab = await manager.newTab("Fake", true, worktree);
  const tracker = trackAgentChanges(tab, nodeWatcher(worktree.path), () => [worktree.path], { clock: systemClock });
  try {
    await tab.prompt("own-append notes.md the agent's line");
    await idle(tab);
    await waitFor(
      () => tab.store.state.thread.changes.map((change) => [change.path, change.additions, change.deletions]),
      (changes) => changes.some(([path]) => path === join(worktree.path, "notes.md")),
      "the worktree's notes.md in Files changed",
    );
    const change = tab.store.state.thread.changes.find((entry) => entry.path === join(worktree.path, "notes.md"));
    assert.equal(change?.additions, 1, "one line, the agent's");
    assert.equal(change?.deletions, 0);
  } finally {
    tracker.dispose();
  }
});

test("a write into the main folder is outside a worktree tab's root: it asks, and refused, nothing is written", async () => {
  const { main, worktree, manager, consent } = await setUp();
  const tab = await manager.newTab("Fake", true, worktree);
  const target = join(main, "notes.md");
  await tab.prompt(`e2e-write-guarded ${target} overwritten by the agent`);
  await idle(tab);
  assert.deepEqual(consent.asked, [`outside ${target}`]);
  assert.equal(readFileSync(target, "utf8"), USER_EDIT);
});

test("a session reopened from the history goes back to its worktree; a worktree folder removed since is said plainly", async () => {
  const { worktree, manager } = await setUp();
  const tab = await manager.newTab("Fake", true, worktree);
  await tab.prompt("hello");
  await idle(tab);
  const sessionId = tab.sessionId!;
  await manager.closeTab(manager.summaries()[0]!.key);
  const again = await manager.openSession("Fake", sessionId);
  assert.deepEqual(again.worktree, worktree, "found by the session's cwd (worktreeOf)");
  await manager.closeTab(manager.summaries()[0]!.key);
  rmSync(worktree.path, { recursive: true, force: true });
  assert.ok(!existsSync(worktree.path));
  const gone = await manager.openSession("Fake", sessionId, worktree as TabWorktree);
  await waitFor(
    () => gone.store.state.connection,
    (connection) => connection.status === "failed",
    "the open to fail",
  );
  const connection = gone.store.state.connection;
  assert.ok(connection.status === "failed");
  assert.match(
    connection.message,
    /worktree of branch "acp\/task-a" is gone: its folder .* was removed outside ACP Panel/,
  );
});

test("closing a worktree tab tells the listeners, and the worktree is no longer in use", async () => {
  const { worktree, manager } = await setUp();
  const closed: Array<TabWorktree | undefined> = [];
  manager.onDidCloseTab((session) => closed.push(session.worktree));
  await manager.newTab("Fake", true, worktree);
  assert.ok(manager.worktreeInUse(worktree.path));
  await manager.closeTab(manager.summaries()[0]!.key);
  assert.deepEqual(closed, [worktree]);
  assert.ok(!manager.worktreeInUse(worktree.path));
});
