/**
 * What the palette's session commands decide, with the dialogs answered by a script: New Session's
 * agent, Open Session in Editor's tab, Select Model/Effort/Mode, Clear Checkpoints, Rebuild History
 * Index, and the tab operations' questions (sessions/sessionCommands.ts, configChoices.ts, sessionOps.ts).
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { pickConfig, pickMode, type ConfigurableSession } from "../../src/acp/sessions/configChoices";
import {
  clearCheckpoints,
  newSession,
  openTabInEditor,
  rebuildHistoryIndex,
  sessionMarkdown,
  tabKeyOf,
  withSession,
} from "../../src/acp/sessions/sessionCommands";
import { SessionOps } from "../../src/acp/sessions/sessionOps";
import type { Checkpoint } from "../../src/acp/checkpoints/checkpointTypes";
import type { ConfigOption, ModeState } from "../../src/shared/thread/sessionUpdate";
import { initialPanelState } from "../../src/shared/wire/panelState";
import { english } from "../../src/shared/l10n";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { ScriptedDialogs, type Answer } from "../support/scriptedDialogs";
import { waitFor } from "../support/waitFor";

after(disposeManagers);

test("New Session: one agent starts at once; among several the one picked; none says where to add one", async () => {
  const run = async (agents: string[], answer?: Answer) => {
    const { m } = memoryManager([]);
    const dialogs = new ScriptedDialogs(answer);
    const shown: string[] = [];
    const opened: Array<string | undefined> = [];
    const tabs: Parameters<typeof newSession>[0] = {
      newTab: async (agent) => (opened.push(agent), m.newTab(agent, false)),
      tab: (key) => m.tab(key),
      activeTabKey: undefined,
    };
    await newSession(tabs, { names: () => agents }, dialogs, english, async () => void shown.push("panel"));
    return { dialogs, shown, opened };
  };
  const one = await run(["Bub"]);
  assert.deepEqual([one.dialogs.calls, one.shown, one.opened], [[], ["panel"], ["Bub"]]);

  const several = await run(["Bub", "Codex"], () => "Codex");
  const [pick] = several.dialogs.of("pick");
  assert.deepEqual(
    [pick?.text, pick?.placeHolder, pick?.rows],
    ["ACP: New Session", "Pick an agent", ["Bub", "Codex"]],
  );
  assert.deepEqual(several.opened, ["Codex"]);

  const dismissed = await run(["Bub", "Codex"]);
  assert.deepEqual([dismissed.shown, dismissed.opened, dismissed.dialogs.of("warning")], [[], [], []]);

  const none = await run([]);
  assert.deepEqual(
    none.dialogs.of("warning").map((call) => call.text),
    ['No ACP agent is configured. Add one under "acpPanel.agents" in your user settings.'],
  );
  assert.deepEqual(none.opened, []);
});

test("Open Session in Editor: the tab given (a key, or a tab's context), else the active one, else a new session", async () => {
  const { m } = memoryManager([]);
  const open = async (arg: unknown) => {
    const shown: string[] = [];
    await openTabInEditor(m, arg, async (key) => void shown.push(key));
    return shown;
  };
  assert.equal(m.summaries().length, 0);
  const [created] = await open(undefined);
  assert.ok(created, "a new tab, shown in an editor");
  await m.newTab(undefined, false);
  const active = m.activeTabKey!;
  assert.notEqual(active, created);
  assert.deepEqual(await open(created), [created]);
  assert.deepEqual(await open({ tabKey: created }), [created]);
  assert.deepEqual(await open("no-such-tab"), [active]);
  assert.deepEqual(await open({ tabKey: 7 }), [active]);
  assert.deepEqual(
    [tabKeyOf("k"), tabKeyOf({ tabKey: "k" }), tabKeyOf({}), tabKeyOf(null)],
    ["k", "k", undefined, undefined],
  );
});

function configurable(configOptions: ConfigOption[], modes?: ModeState) {
  const set: string[] = [];
  const session: ConfigurableSession = {
    store: { state: { thread: { configOptions, ...(modes ? { modes } : {}) } } },
    setConfigOption: async (id, value) => void set.push(`${id}=${String(value)}`),
    setMode: async (id) => void set.push(`mode=${id}`),
  };
  return { session, set };
}

test("Select Model: the options flattened with their groups, the current one marked; the one picked is set", async () => {
  const { session, set } = configurable([
    {
      type: "select",
      id: "model",
      name: "Model",
      currentValue: "sonnet",
      options: [
        { group: "fast", name: "Fast", options: [{ value: "haiku", name: "Haiku", description: "quick" }] },
        { group: "smart", name: "Smart", options: [{ value: "sonnet", name: "Sonnet" }] },
      ],
    },
  ]);
  const dialogs = new ScriptedDialogs(() => "Haiku");
  await pickConfig(session, "model", "Model", dialogs, english);
  const [pick] = dialogs.of("pick");
  assert.deepEqual([pick?.text, pick?.placeHolder], ["Model", "Model"]);
  assert.deepEqual(pick?.rows, ["Haiku | Fast | quick", "Sonnet | current · Smart"]);
  assert.deepEqual(set, ["model=haiku"]);
});

test("a boolean option is On or Off; no option of the category says so; dismissing sets nothing", async () => {
  const { session, set } = configurable([
    { type: "boolean", id: "think", name: "Extended thinking", category: "thought_level", currentValue: false },
  ]);
  const dialogs = new ScriptedDialogs((call) => (call.kind === "pick" ? "Off" : undefined));
  await pickConfig(session, "thought_level", "Reasoning effort", dialogs, english);
  assert.deepEqual(dialogs.of("pick")[0]?.text, "Reasoning effort: Extended thinking");
  assert.deepEqual(dialogs.of("pick")[0]?.rows, ["On", "Off"]);
  assert.deepEqual(set, ["think=false"], "false is a choice, not a dismissal");
  await pickConfig(session, "model", "Model", dialogs, english);
  assert.deepEqual(
    dialogs.of("info").map((call) => call.text),
    ["The agent offers no model setting."],
  );
  const dismissed = new ScriptedDialogs();
  await pickConfig(session, "thought_level", "Reasoning effort", dismissed, english);
  assert.deepEqual(set, ["think=false"]);
});

test("Select Mode: the config option of category mode when there is one, else the legacy modes", async () => {
  const modes: ModeState = {
    currentModeId: "ask",
    availableModes: [
      { id: "ask", name: "Ask" },
      { id: "code", name: "Code", description: "edits files" },
    ],
  };
  const legacy = configurable([], modes);
  const dialogs = new ScriptedDialogs(() => "Code");
  await pickMode(legacy.session, dialogs, english);
  assert.deepEqual(dialogs.of("pick")[0]?.rows, ["Ask | current", "Code |  | edits files"]);
  assert.deepEqual(legacy.set, ["mode=code"]);

  const option = configurable(
    [
      {
        type: "select",
        id: "m",
        name: "Mode",
        category: "mode",
        currentValue: "a",
        options: [{ value: "b", name: "Plan" }],
      },
    ],
    modes,
  );
  await pickMode(option.session, new ScriptedDialogs(() => "Plan"), english);
  assert.deepEqual(option.set, ["m=b"]);

  const none = new ScriptedDialogs();
  await pickMode(configurable([]).session, none, english);
  assert.deepEqual(
    none.of("info").map((call) => call.text),
    ["The agent offers no modes."],
  );
});

test("a command with no session says so; Export Session heads the Markdown with the title, else the agent", async () => {
  const dialogs = new ScriptedDialogs();
  let ran = false;
  await withSession(undefined, async () => void (ran = true), dialogs, english);
  assert.equal(ran, false);
  assert.deepEqual(
    dialogs.of("info").map((call) => call.text),
    ["Open a session in the ACP panel first."],
  );
  await withSession({}, async () => void (ran = true), dialogs, english);
  assert.equal(ran, true);

  assert.match(sessionMarkdown(initialPanelState), /^# ACP session/);
  const connected = { ...initialPanelState, connection: { status: "ready", agent: "Bub" } } as typeof initialPanelState;
  assert.match(sessionMarkdown(connected), /^# Bub session/);
  const titled = { ...connected, thread: { ...connected.thread, title: "Fix the build" } };
  assert.match(sessionMarkdown(titled), /^# Fix the build/);
});

test("Clear Checkpoints asks first; Undo brings back what was cleared", async () => {
  const checkpoint = (id: string) => ({ id }) as Checkpoint;
  const store = {
    cleared: 0,
    back: [] as string[],
    async clear() {
      this.cleared++;
      return [checkpoint("c1"), checkpoint("c2")];
    },
    async bringBack(id: string) {
      this.back.push(id);
      return id === "c1" ? checkpoint(id) : undefined;
    },
  };
  const cancel = new ScriptedDialogs();
  await clearCheckpoints(store, cancel, english);
  assert.equal(store.cleared, 0);
  assert.deepEqual(cancel.of("confirm")[0]?.actions, ["Clear Checkpoints"]);
  assert.match(cancel.of("confirm")[0]?.detail ?? "", /^Your files are not changed\./);

  const undo = new ScriptedDialogs((call) => (call.kind === "confirm" ? "Clear Checkpoints" : call.actions[0]));
  await clearCheckpoints(store, undo, english);
  assert.equal(store.cleared, 1);
  assert.deepEqual(store.back, ["c1", "c2"]);
  assert.deepEqual(
    undo.of("info").map((call) => call.text),
    ["Removed 2 checkpoints. Undo brings them back (for a day).", "Brought back 1 checkpoints."],
  );
});

test("Rebuild History Index reports the index, or that search scans the conversations", async () => {
  for (const [engine, said] of [
    ["fts5", "History index rebuilt: 3 conversations."],
    ["scan", /^History search scans the 3 conversations directly/],
  ] as const) {
    const dialogs = new ScriptedDialogs();
    await rebuildHistoryIndex({ rebuild: async () => ({ engine, conversations: 3 }) }, dialogs, english);
    assert.equal(dialogs.of("progress")[0]?.text, "Rebuilding the history index…");
    if (typeof said === "string") assert.equal(dialogs.of("info")[0]?.text, said);
    else assert.match(dialogs.of("info")[0]?.text ?? "", said);
  }
});

test("tab operations say why they can't run: no session to rename or fork, no sign-out, no closed tab", async () => {
  const { m } = memoryManager([]);
  await m.newTab(undefined, false);
  const dialogs = new ScriptedDialogs();
  const ops = new SessionOps(m, dialogs, english);
  await ops.renameTab();
  await ops.fork({ list: async () => [], post: () => undefined });
  await ops.signOut();
  await ops.reopenTab();
  assert.deepEqual(
    dialogs.of("info").map((call) => call.text),
    [
      "This tab has no session to rename yet.",
      "This session can't be forked: its agent does not offer session/fork.",
      "This agent does not offer signing out.",
      "There is no closed tab to reopen.",
    ],
  );
  assert.deepEqual(dialogs.of("input"), [], "no title asked for");
  const key = m.activeTabKey!;
  await ops.closeTab(key);
  assert.equal(m.tab(key), undefined, "an idle tab closes without a question");
  assert.deepEqual(dialogs.of("confirm"), []);
});

test("Delete Session from the palette: declined deletes nothing; Undo that finds nothing warns", async () => {
  const { m } = memoryManager([]);
  const deleted: string[] = [];
  const history = {
    delete: async (agent: string, sessionId: string) => (deleted.push(`${agent}/${sessionId}`), async () => false),
  };
  const item = { agent: "Bub", sessionId: "s1", title: "Fix the build" };
  await new SessionOps(m, new ScriptedDialogs(), english).deleteListed(history, item);
  assert.deepEqual(deleted, []);

  const dialogs = new ScriptedDialogs((call) => (call.kind === "confirm" ? "Delete" : "Undo"));
  const ops = new SessionOps(m, dialogs, english);
  await ops.deleteListed(history, item);
  assert.deepEqual(deleted, ["Bub/s1"]);
  assert.equal(await ops.offerUndoDelete(item.title, async () => Promise.reject(new Error("gone"))), false);
  await waitFor(
    () => dialogs.of("warning").length,
    (count) => count === 2,
    "both warnings",
  );
  assert.deepEqual(
    dialogs.of("warning").map((call) => call.text),
    [
      '"Fix the build" has no kept conversation to bring back.',
      '"Fix the build" has no kept conversation to bring back.',
    ],
  );
});
