/**
 * The panel's messages as the host routes them (sessions/panelMessages.ts), with VS Code replaced
 * by its ports: the ready handshake, a prompt with no tab, Install, form errors, deleting and
 * renaming from the session list (with the questions answered by a script), what goes to VS Code
 * itself, the review and checkpoint requests, and Kill command on a terminal.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import type { PanelHost } from "../../src/acp/ports";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { handlePanelMessage, type PanelMessageContext } from "../../src/acp/sessions/panelMessages";
import { SessionOps } from "../../src/acp/sessions/sessionOps";
import type { PathLinkCheck } from "../../src/acp/context/pathLinkCheck";
import {
  webviewMessageSchema,
  type HostMessage,
  type SessionListItem,
  type WebviewMessage,
} from "../../src/shared/wire/protocol";
import { english } from "../../src/shared/l10n";
import { MemoryLogger } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { ScriptedDialogs, type Answer } from "../support/scriptedDialogs";
import { waitFor } from "../support/waitFor";

after(disposeManagers);

const listed: SessionListItem = {
  agent: "Bub",
  sessionId: "s1",
  title: "Fix the build",
} as SessionListItem;

interface Setup {
  answer?: Answer;
  session?: Partial<ChatSession>;
  history?: Partial<PanelMessageContext["history"]>;
  installed?: boolean;
}

function setup({ answer, session, history, installed = true }: Setup = {}) {
  const { m: manager } = memoryManager([]);
  const dialogs = new ScriptedDialogs(answer);
  const posted: HostMessage[] = [];
  const done: string[] = [];
  const host: PanelHost = {
    copy: async (text) => void done.push(`copy ${text}`),
    mentions: async (query) => [{ kind: "file", uri: `file:///w/${query}.ts`, name: `${query}.ts`, detail: "w" }],
    fetchUrl: async (url) =>
      url.includes("good") ? { uri: url, name: url, mimeType: "text/plain", text: "page" } : undefined,
    addAgent: async (source) => void done.push(`add ${source ?? "ask"}`),
    openSettings: async (query) => void done.push(`settings ${query}`),
    openRemoteSettings: async () => void done.push("remote settings"),
    showLogs: () => void done.push("logs"),
  };
  const follow = { enabled: false };
  const context: PanelMessageContext = {
    manager,
    history: { list: async () => [listed], search: async () => [], delete: async () => async () => true, ...history },
    logger: new MemoryLogger(),
    workspace: { roots: () => ["/w"] },
    navigation: {
      openDiff: async (path) => void done.push(`diff ${path}`),
      openReviewDiff: async (path, before) => void done.push(`review ${path} ${before}`),
      openReviewAll: async (files) => void done.push(`review all ${files.map((file) => file.path).join(",")}`),
      openLocation: async () => true,
      openLink: async () => true,
    },
    dialogs,
    host,
    translate: english,
    ops: new SessionOps(manager, dialogs, english),
    follow,
    post: (message) => void posted.push(message),
    session: () => session as ChatSession | undefined,
    openInEditor: async (key) => void done.push(`editor ${key}`),
    resync: () => void done.push("resync"),
    catalog: () => ({ type: "agents/catalog", agents: [], problems: [] }),
    installAgent: async (agent) => (done.push(`install ${agent}`), installed),
    pathLinks: {} as PathLinkCheck,
  };
  const send = (message: WebviewMessage) => handlePanelMessage(message, context);
  return { manager, dialogs, posted, done, follow, send };
}

test("ready: the first-run catalog and the workspace folders go out, then a snapshot", async () => {
  const { posted, done, send } = setup();
  await send({ type: "webview/ready" });
  assert.deepEqual(
    posted.map((message) => message.type),
    ["agents/catalog", "workspace/roots"],
  );
  assert.deepEqual(posted[1], { type: "workspace/roots", roots: ["/w"] });
  assert.deepEqual(done, ["resync"]);
});

test("a prompt with no tab to take it goes back to the composer; an empty one is dropped", async () => {
  const { posted, send } = setup();
  await send({ type: "prompt/send", text: "hello", attachments: [] });
  await send({ type: "prompt/send", text: "   ", attachments: [] });
  assert.deepEqual(posted, [{ type: "composer/insert", text: "hello" }]);
});

test("Install starts the agent in the tab it was clicked in, or in a new tab; a failed install starts nothing", async () => {
  const started: string[] = [];
  const inTab = setup({ session: { start: async (agent) => void started.push(agent ?? "") } });
  await inTab.send({ type: "agent/install", agent: "Codex" });
  assert.deepEqual(started, ["Codex"]);

  const noTab = setup();
  await noTab.send({ type: "agent/install", agent: "Codex" });
  assert.equal(noTab.manager.summaries().length, 1, "a new tab for it");

  const failed = setup({ installed: false });
  await failed.send({ type: "agent/install", agent: "Codex" });
  assert.deepEqual(failed.done, ["install Codex"]);
  assert.equal(failed.manager.summaries().length, 0);
});

test("a form the agent would refuse gets its errors back", async () => {
  const { posted, send } = setup({
    session: { submitForm: () => ({ ok: false, errors: { name: "Required" } }) },
  });
  await send({ type: "form/submit", requestId: "f1", values: {} });
  assert.deepEqual(posted, [{ type: "form/errors", requestId: "f1", errors: { name: "Required" } }]);
});

test("Kill command goes to the tab's session with the terminal's id; with no tab it does nothing", async () => {
  const killed: string[] = [];
  const { send } = setup({ session: { killTerminal: async (terminalId) => void killed.push(terminalId) } });
  await send({ type: "terminal/kill", terminalId: "term-2" });
  assert.deepEqual(killed, ["term-2"]);
  await setup().send({ type: "terminal/kill", terminalId: "term-2" });
  assert.equal(webviewMessageSchema.safeParse({ type: "terminal/kill" }).success, false, "no id: dropped at the door");
});

test("deleting from the list asks first; Undo, offered under the listed title, brings it back and the list follows", async () => {
  const deleted: string[] = [];
  const { dialogs, posted, send } = setup({
    answer: (call) => (call.kind === "confirm" ? "Delete" : call.actions.includes("Undo") ? "Undo" : undefined),
    history: {
      delete: async (agent, sessionId) => (deleted.push(`${agent}/${sessionId}`), async () => true),
    },
  });
  await send({ type: "session/delete", agent: "Bub", sessionId: "s1" });
  assert.equal(dialogs.of("confirm")[0]?.text, "Delete this Bub session? The agent forgets it too.");
  assert.deepEqual(deleted, ["Bub/s1"]);
  await waitFor(
    () => posted.length,
    (count) => count === 2,
    "the list after the delete and after the undo",
  );
  assert.deepEqual(
    dialogs.of("info").map((call) => call.text),
    [
      'Deleted "Fix the build". Its conversation can be brought back for a day.',
      '"Fix the build" is back in the history.',
    ],
  );
  assert.ok(posted.every((message) => message.type === "sessions/list"));
});

test("a declined delete deletes nothing; a failed one says so and still refreshes the list", async () => {
  const declined = setup({ history: { delete: async () => assert.fail("not deleted") } });
  await declined.send({ type: "session/delete", agent: "Bub", sessionId: "s1" });
  assert.deepEqual(declined.posted, []);

  const failed = setup({
    answer: (call) => (call.kind === "confirm" ? "Delete" : undefined),
    history: { delete: async () => Promise.reject(new Error("disk full")) },
  });
  await failed.send({ type: "session/delete", agent: "Bub", sessionId: "s1" });
  assert.deepEqual(
    failed.dialogs.of("error").map((call) => call.text),
    ["Could not delete the session: Error: disk full"],
  );
  assert.deepEqual(
    failed.posted.map((message) => message.type),
    ["sessions/list"],
  );
  assert.deepEqual(failed.dialogs.of("info"), [], "nothing to undo");
});

test("renaming from the list asks with the listed title, refuses a blank one, and posts the list after", async () => {
  const { manager, dialogs, posted, send } = setup({
    answer: (call) => (call.kind === "input" ? "New title" : undefined),
  });
  await send({ type: "session/rename", agent: "Bub", sessionId: "s1" });
  const [input] = dialogs.of("input");
  assert.equal(input?.text, "ACP: Rename Session");
  assert.equal(input?.value, "Fix the build");
  assert.equal(input?.validate?.("  "), "A title can't be empty.");
  assert.equal(input?.validate?.("ok"), undefined);
  // Bub offers no session/set_title here: the title is kept in the local index.
  assert.deepEqual(
    manager.index.all().map(({ sessionId, title, titleByUser }) => ({ sessionId, title, titleByUser })),
    [{ sessionId: "s1", title: "New title", titleByUser: true }],
  );
  assert.deepEqual(dialogs.of("error"), []);
  assert.deepEqual(
    posted.map((message) => message.type),
    ["sessions/list"],
  );
});

test("archiving from the list with an agent that does not offer it says so, and posts the list", async () => {
  const { dialogs, posted, send } = setup();
  await send({ type: "session/archive", agent: "Bub", sessionId: "s1", archived: true });
  await send({ type: "session/archive", agent: "Bub", sessionId: "s1", archived: false });
  assert.deepEqual(
    dialogs.of("error").map((call) => call.text),
    [
      "Could not archive the session: Bub does not offer archiving sessions.",
      "Could not unarchive the session: Bub does not offer archiving sessions.",
    ],
  );
  assert.deepEqual(
    posted.map((message) => message.type),
    ["sessions/list", "sessions/list"],
  );
});

test("what only VS Code can do goes to the panel's host: settings, adding agents, the clipboard, the log, mentions", async () => {
  const { posted, done, follow, send } = setup();
  await send({ type: "settings/open" });
  await send({ type: "settings/openRemote" });
  await send({ type: "agents/add", source: "registry" });
  await send({ type: "agents/add" });
  await send({ type: "clipboard/copy", text: "x" });
  await send({ type: "logs/show" });
  await send({ type: "follow/set", enabled: true });
  await send({ type: "mention/search", query: "main" });
  await send({ type: "mention/fetch", url: "https://bad.example" });
  await send({ type: "mention/fetch", url: "https://good.example" });
  assert.deepEqual(done, ["settings acpPanel.agents", "remote settings", "add registry", "add ask", "copy x", "logs"]);
  assert.equal(follow.enabled, true);
  assert.deepEqual(
    posted.map((message) => message.type),
    ["mention/results", "composer/attach"],
  );
});

test("review and checkpoint requests: a diff against the checkpoint, a preview or its error, a failure said in words", async () => {
  const session = {
    review: {
      baseline: () => ({ kind: "file", content: Buffer.from("before") }),
      undo: async () => Promise.reject(new Error("changed since")),
    },
    checkpoints: {
      preview: async (entryId: string) =>
        entryId === "e1"
          ? { files: [{ absolute: "/w/a.ts", status: "modified", additions: 1, deletions: 2 }], warnings: [] }
          : Promise.reject(new Error("gone")),
    },
  } as unknown as ChatSession;
  const { dialogs, posted, done, send } = setup({ session });
  await send({ type: "review/diff", path: "/w/a.ts" });
  await send({ type: "review/undo", path: "/w/a.ts" });
  await send({ type: "checkpoint/preview", entryId: "e1" });
  await send({ type: "checkpoint/preview", entryId: "e2" });
  assert.deepEqual(done, ["review /w/a.ts before"]);
  assert.deepEqual(
    dialogs.of("error").map((call) => call.text),
    ["Undo failed: changed since"],
  );
  assert.deepEqual(posted, [
    {
      type: "checkpoint/preview",
      entryId: "e1",
      files: [{ path: "/w/a.ts", status: "modified", additions: 1, deletions: 2 }],
      warnings: [],
    },
    { type: "checkpoint/preview", entryId: "e2", files: [], warnings: [], error: "gone" },
  ]);
  const none = setup();
  await none.send({ type: "review/diff", path: "/w/a.ts" });
  assert.deepEqual(none.done, [], "no tab: nothing to review");
});
