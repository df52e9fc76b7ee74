/**
 * Issue 26 item 5: files that make VS Code or Git run code ask before every write, as `.vscode/`
 * and `.git/` do: `*.code-workspace` (its tasks can run on folder open), `.devcontainer/` and
 * `.devcontainer.json` (`initializeCommand` runs on the host), `.husky/` and the folder the
 * repository's `core.hooksPath` names (read from `.git/config` as text; git is never run).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { fileSystemCallbacks } from "../../src/acp/client/callbacks/fileSystemCallbacks";
import { touchesSensitiveFile } from "../../src/acp/client/callbacks/sensitiveRules";
import { gitHooksFolders } from "../../src/acp/client/callbacks/gitHooksPath";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";
import { cpuMillis } from "../support/cpuMillis";

const signal = new AbortController().signal;

function setup() {
  const root = realpathSync(scratchDir("acp-runs-code-"));
  const consent = new ScriptedConsent({ sensitive: false });
  const fs = fileSystemCallbacks({ agent: "A", roots: () => [root], files: new DiskFiles(), consent });
  const write = (path: string) => fs.writeTextFile({ sessionId: "s", path, content: "x" }, signal);
  return { root, consent, write };
}

const RUNS_CODE = [
  "x.code-workspace",
  "nested/Team.CODE-WORKSPACE",
  ".devcontainer/devcontainer.json",
  ".devcontainer/scripts/init.sh",
  ".devcontainer.json",
  ".husky/pre-commit",
];

test("writes to *.code-workspace, .devcontainer/ and .husky/ ask every time, and say why", async () => {
  const { root, consent, write } = setup();
  for (const name of RUNS_CODE) {
    await assert.rejects(
      write(join(root, name)),
      (error: { code?: number; data?: { reason?: string } }) =>
        error.code === -32003 && error.data?.reason === "sensitive-file",
      name,
    );
    assert.equal(existsSync(join(root, name)), false, `${name} was not written`);
  }
  assert.deepEqual(
    consent.asked,
    RUNS_CODE.map((name) => `sensitive ${join(root, name)}`),
  );
  assert.match(consent.reasons[0]!, /workspace file.*tasks/);
  assert.match(consent.reasons[2]!, /dev container.*initializeCommand/);
  assert.match(consent.reasons[5]!, /Git hooks/);
});

test("the folder core.hooksPath names asks, whether relative, absolute, quoted or under a subsection-free [core]", async () => {
  const { root, consent, write } = setup();
  mkdirSync(join(root, ".git"));
  writeFileSync(
    join(root, ".git/config"),
    '[user]\n\thooksPath = not-this\n[Core] ; comment\n\tbare = false\n\tHooksPath = "tools/git hooks" # why\n',
  );
  await assert.rejects(write(join(root, "tools/git hooks/pre-push")), /did not allow/);
  assert.equal(existsSync(join(root, "tools/git hooks/pre-push")), false);
  await write(join(root, "not-this/file.txt"));
  await write(join(root, "tools/readme.md"));
  assert.deepEqual(consent.asked, [`sensitive ${join(root, "tools/git hooks/pre-push")}`]);
  assert.match(consent.reasons[0]!, /core\.hooksPath/);
});

test("core.hooksPath is found for a worktree (.git file) and for a repository nested below the root", async () => {
  const root = realpathSync(scratchDir("acp-runs-code-wt-"));
  const common = join(root, "elsewhere/repo.git");
  mkdirSync(join(common, "worktrees/wt"), { recursive: true });
  writeFileSync(join(common, "config"), "[core]\n\thooksPath = hooks-here\n");
  writeFileSync(join(common, "worktrees/wt/commondir"), "../..\n");
  mkdirSync(join(root, "wt"));
  writeFileSync(join(root, "wt/.git"), `gitdir: ${join(common, "worktrees/wt")}\n`);
  assert.deepEqual(gitHooksFolders(join(root, "wt/hooks-here/pre-commit"), []), [join(root, "wt/hooks-here")]);
  mkdirSync(join(root, "sub/.git"), { recursive: true });
  writeFileSync(join(root, "sub/.git/config"), "[core]\nhooksPath=/abs/hooks\n");
  assert.deepEqual(gitHooksFolders(join(root, "sub/a/b.txt"), []), ["/abs/hooks"]);
  assert.deepEqual(gitHooksFolders(join(root, "plain.txt"), []), []);
});

test("a .git file of a long run of blanks is read in linear time (20,000 took 5 s); padding around the path is ignored", () => {
  const root = realpathSync(scratchDir("acp-runs-code-pad-"));
  const common = join(root, "elsewhere/repo.git");
  mkdirSync(common, { recursive: true });
  writeFileSync(join(common, "config"), "[core]\n\thooksPath = hooks-here\n");
  mkdirSync(join(root, "wt"));
  writeFileSync(join(root, "wt/.git"), `gitdir: \t${common} \t \r\n`);
  assert.deepEqual(gitHooksFolders(join(root, "wt/a.txt"), []), [join(root, "wt/hooks-here")]);
  mkdirSync(join(root, "hostile"));
  writeFileSync(join(root, "hostile/.git"), `gitdir: a${" ".repeat(20_000)}b`);
  const elapsed = cpuMillis(() => assert.deepEqual(gitHooksFolders(join(root, "hostile/a.txt"), []), []));
  assert.ok(elapsed < 1000, `reading the .git file took ${Math.round(elapsed)} ms`);
});

test("core.hooksPath set in a file the config includes (include.path, includeIf) is found too", () => {
  const root = realpathSync(scratchDir("acp-runs-code-inc-"));
  mkdirSync(join(root, ".git"));
  writeFileSync(
    join(root, ".git/config"),
    '[include]\n\tpath = ../shared.cfg\n[includeIf "gitdir:**"]\n\tpath = "../more.cfg"\n',
  );
  writeFileSync(join(root, "shared.cfg"), "[core]\n\thooksPath = evil-hooks\n[include]\npath = shared.cfg\n");
  writeFileSync(join(root, "more.cfg"), "[core]\n\thooksPath = more-hooks\n");
  assert.deepEqual(gitHooksFolders(join(root, "a.txt"), []), [join(root, "evil-hooks"), join(root, "more-hooks")]);
});

test("a saved allow rule never answers for these files: the request is shown", () => {
  const root = realpathSync(scratchDir("acp-runs-code-rule-"));
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".git/config"), "[core]\n\thooksPath = .githooks\n");
  const request = (path: string): acp.RequestPermissionRequest => ({
    sessionId: "s",
    toolCall: { toolCallId: "t", kind: "edit", locations: [{ path: join(root, path) }] },
    options: [],
  });
  for (const name of [...RUNS_CODE, ".githooks/pre-commit"])
    assert.equal(touchesSensitiveFile(request(name), [root]), true, name);
  assert.equal(touchesSensitiveFile(request("src/workspace.ts"), [root]), false);
});
