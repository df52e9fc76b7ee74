/**
 * Sessions and commands in real VS Code (code-server + Chromium): two fake agents ("Fake A" and
 * "Fake B", both the `bub` profile so they can list, load, close and delete, each with its own
 * FAKE_AGENT_STATE and wire log). A session on each, tab switching while one streams, a window
 * reload that brings both tabs back with their history, deleting a session from the session
 * list (confirmed in VS Code's modal dialog) and exporting a session as Markdown.
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, modalDialog, panel, pickQuickItem, reloadWindow } from "../harness/panel";
import { vsixPath } from "../harness/paths";
import { agentSettings, clientMessages, editorText, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const A = "Fake A";
const B = "Fake B";
const PROMPT_A = "hello from tab A";
const PROMPT_B = "long running in tab B";

describe("sessions and commands in VS Code", { timeout: 300_000 }, () => {
  let scratch: string;
  const logs = { a: "", b: "" };
  const states = { a: "", b: "" };
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  let view: Chat;
  let deletedB: string | undefined;
  const diag = (wireLog?: string) => ({
    page: () => page,
    errors: () => errors,
    serverLog: () => server?.logFile,
    ...(wireLog ? { wireLog } : {}),
  });

  const storedSessions = (file: string): Record<string, { title?: string; listed: boolean }> =>
    existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { sessions: Record<string, { title?: string; listed: boolean }> })
          .sessions
      : {};
  /** The session the agent's first session/prompt went to. */
  const sessionIdOf = (wireLog: string): string => {
    const id = clientMessages(wireLog, "session/prompt")[0]?.message?.params?.sessionId;
    assert.equal(typeof id, "string", `a session/prompt in ${wireLog}`);
    return id as string;
  };
  const tab = (name: string) => panel(page!).tabs.filter({ hasText: name }).first();
  const lastStep = async (): Promise<number> => {
    const text = (await view.log.innerText()) ?? "";
    const steps = [...text.matchAll(/Working, step (\d+)/g)].map((m) => Number(m[1]));
    return steps.length ? Math.max(...steps) : 0;
  };

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-sessions-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# sessions e2e\n");
    logs.a = join(scratch, "a-wire.jsonl");
    logs.b = join(scratch, "b-wire.jsonl");
    states.a = join(scratch, "a-state.json");
    states.b = join(scratch, "b-state.json");
    server = await startCodeServer({
      label: "sessions",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings(
        {
          [A]: fakeProfileAgent({ profile: "bub", state: states.a, log: logs.a }),
          [B]: fakeProfileAgent({ profile: "bub", state: states.b, log: logs.b }),
        },
        A,
      ),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /Fake A is ready/);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("keeps a streaming tab going while the user switches to another agent's tab", async (t) => {
    await withDiagnostics(t, diag(logs.b), "e2e-sessions-tabs", async () => {
      const p = page!;
      await sendPrompt(view, PROMPT_A);
      await view.log.getByText("to see a turn you can", { exact: false }).first().waitFor({ timeout: 30_000 });
      await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "A's turn to end");

      // A second session on the other agent: the palette's New Session asks which agent.
      await runCommand(p, "ACP: New Session");
      await pickQuickItem(p, B);
      await view.status.filter({ hasText: /Fake B is ready/ }).waitFor({ timeout: 30_000 });
      await eventually(async () => (await panel(p).tabs.count()) === 2, "two tabs");
      await sendPrompt(view, PROMPT_B);
      await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 20_000 });

      // Switch to A while B streams: A's transcript is intact.
      await tab(PROMPT_A).click();
      await eventually(async () => (await tab(PROMPT_A).getAttribute("aria-selected")) === "true", "A's tab selected");
      await view.log.getByText(PROMPT_A).first().waitFor({ timeout: 10_000 });
      await view.log.getByText("ACP Panel demo agent", { exact: false }).first().waitFor({ timeout: 10_000 });
      assert.equal(
        await view.log.getByText("Working, step", { exact: false }).count(),
        0,
        "B's stream does not leak into A's transcript",
      );
      const bUpdatesBefore = readFileSync(logs.b, "utf8").split("\n").length;
      await screenshot(p, "e2e-sessions-tab-a.png");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.ok(readFileSync(logs.b, "utf8").split("\n").length > bUpdatesBefore + 5, "B kept streaming while hidden");

      // Back to B: still running, further along than before.
      await tab(PROMPT_B).click();
      await view.log.getByText(PROMPT_B).first().waitFor({ timeout: 10_000 });
      const step1 = await lastStep();
      await eventually(async () => (await lastStep()) > step1 + 3, "B's turn to keep going", 10_000);
      assert.ok(step1 >= 15, `B streamed while its tab was hidden (at step ${step1})`);
      await view.status.filter({ hasText: /working/i }).waitFor({ timeout: 5_000 });
      await screenshot(p, "e2e-sessions-tab-b-streaming.png");
      await view.stop.click();
      await view.status.filter({ hasText: "Turn cancelled" }).waitFor({ timeout: 15_000 });
    });
  });

  it("brings both tabs back with their history after Developer: Reload Window", async (t) => {
    await withDiagnostics(t, diag(logs.a), "e2e-sessions-reload", async () => {
      const p = page!;
      const loadsBefore = clientMessages(logs.a, "session/load").length + clientMessages(logs.b, "session/load").length;
      await reloadWindow(p);
      await openChatView(p);
      view = chat(p);
      await eventually(async () => (await panel(p).tabs.count()) === 2, "both tabs restored", 60_000);
      await tab(PROMPT_A).waitFor({ timeout: 30_000 });
      await tab(PROMPT_B).waitFor({ timeout: 30_000 });
      await eventually(
        () =>
          clientMessages(logs.a, "session/load").length + clientMessages(logs.b, "session/load").length >=
          loadsBefore + 2,
        "both sessions loaded again (session/load)",
        30_000,
      );
      await tab(PROMPT_A).click();
      await view.log.getByText(PROMPT_A).first().waitFor({ timeout: 20_000 });
      await view.log.getByText("ACP Panel demo agent", { exact: false }).first().waitFor({ timeout: 20_000 });
      await screenshot(p, "e2e-sessions-reloaded-a.png");
      await tab(PROMPT_B).click();
      await view.log.getByText(PROMPT_B).first().waitFor({ timeout: 20_000 });
      await view.log.getByText("Working, step 3", { exact: false }).first().waitFor({ timeout: 20_000 });
      await screenshot(p, "e2e-sessions-reloaded-b.png");
    });
  });

  it("exports the active session as Markdown", async (t) => {
    await withDiagnostics(t, diag(logs.a), "e2e-sessions-export", async () => {
      const p = page!;
      await tab(PROMPT_A).click();
      await eventually(async () => (await tab(PROMPT_A).getAttribute("aria-selected")) === "true", "A's tab selected");
      await runCommand(p, "ACP: Export Session as Markdown");
      await p
        .locator(".editor-group-container.active .tabs-container .tab.active", { hasText: /Untitled/ })
        .waitFor({ timeout: 15_000 });
      let text = "";
      await eventually(
        async () => /ACP Panel demo agent/.test((text = await editorText(p))),
        "the reply in the exported document",
        15_000,
      );
      t.diagnostic(`export (start): ${text.slice(0, 300).replace(/\n/g, " | ")}`);
      assert.match(text, new RegExp(PROMPT_A), "the prompt is in the export");
      assert.match(text, /ACP Panel demo agent/, "the reply is in the export");
      await screenshot(p, "e2e-sessions-export.png");
    });
  });

  it("deletes a session from the session list after the modal confirmation", async (t) => {
    await withDiagnostics(t, diag(logs.b), "e2e-sessions-delete", async () => {
      const p = page!;
      const parts = panel(p);
      const bId = sessionIdOf(logs.b);
      assert.ok(storedSessions(states.b)[bId], "B's agent knows the session before the delete");
      await parts.showSessions.click();
      await parts.sessionList.waitFor({ timeout: 15_000 });
      const rowB = parts.sessionList.getByRole("listitem").filter({ hasText: PROMPT_B });
      await rowB.first().waitFor({ timeout: 15_000 });
      await parts.searchSessions.fill("long running");
      // The search is full text: A's reply says "long" and "running" too, but B's title says both, so B ranks first.
      await eventually(
        async () => ((await parts.sessionList.getByRole("listitem").first().textContent()) ?? "").includes(PROMPT_B),
        "the search to rank B's session first",
      );
      await parts.searchSessions.fill("");
      await rowB.getByRole("button", { name: `Delete ${PROMPT_B}` }).click();
      const dialog = modalDialog(p);
      await dialog.waitFor({ timeout: 15_000 });
      assert.match((await dialog.innerText()) ?? "", /Delete this Fake B session\?/);
      await screenshot(p, "e2e-sessions-delete-confirm.png");
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await dialog.waitFor({ state: "hidden", timeout: 10_000 });

      await eventually(async () => (await rowB.count()) === 0, "B's row to leave the list", 15_000);
      await parts.sessionList.getByRole("listitem").filter({ hasText: PROMPT_A }).first().waitFor({ timeout: 5_000 });
      await eventually(async () => (await tab(PROMPT_B).count()) === 0, "B's tab to close", 10_000);
      await screenshot(p, "e2e-sessions-deleted.png");
      deletedB = bId;
    });
  });

  // Product bug (src/acp/sessions/sessionManager.ts deleteSession): the session's tab is closed first, which
  // stops Fake B's only client, so no client is left to send session/delete; the agent keeps it.
  it("forgets the deleted session on the agent's side too (session/delete)", async (t) => {
    await withDiagnostics(t, diag(logs.b), "e2e-sessions-delete-agent", async () => {
      assert.ok(deletedB, "the previous test deleted B's session");
      await eventually(
        () => clientMessages(logs.b, "session/delete").some((m) => m.message?.params?.sessionId === deletedB),
        "session/delete in B's wire log",
        10_000,
      );
      await eventually(
        () => storedSessions(states.b)[deletedB!] === undefined,
        "B's agent to forget the session",
        5_000,
      );
    });
  });
});
