/**
 * The conversation journal in real VS Code (code-server + Chromium, the installed .vsix), with the
 * demo agent, which cannot reopen sessions (no `session/load`, no `session/resume`):
 * - a 1,500-entry conversation is whole after Developer: Reload Window: its first entry is
 *   reachable in the panel and in *Export Session as Markdown*;
 * - the extension host killed (SIGKILL) mid-turn, late in a long day (a conversation of more
 *   than 600 entries before the turn): when VS Code has restarted it, the tab shows everything
 *   that had streamed up to about a second before the kill, from the conversation's first prompt
 *   (the store before the journal kept the newest 500 entries) to the turn's last steps, and the
 *   next prompt is answered.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openChatView, openWorkbench, runCommand, screenshot } from "../harness/browser";
import { chat, eventually, openChat, sendPrompt, type Chat } from "../harness/chat";
import { startCodeServer, type CodeServer } from "../harness/codeServer";
import { fakeProfileAgent, reloadWindow } from "../harness/panel";
import { safeReaddir } from "../harness/processes";
import { vsixPath } from "../harness/paths";
import { agentSettings, withDiagnostics } from "../harness/workbench";
import { tearDownUi } from "../harness/teardown";

const AGENT = "Demo";
/** 749 tool calls with a reply between each: 1,500 entries with the prompt. */
const LONG = "benchtools 749 journal";
const FIRST_TOOL = "src/area0/file0.ts";
/** 300 tool calls with a reply between each: 601 entries with the prompt, before the turn the kill cuts. */
const DAY = "benchtools 300 hostkill";
const REPLY = "ACP Panel demo agent";

/** The extension host processes of the code-server whose HOME is `home`. */
function extensionHostPids(home: string): number[] {
  return safeReaddir("/proc").flatMap((entry) => {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) return [];
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1");
      if (!cmd.includes("extensionHost")) return [];
      const environ = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0");
      return environ.includes(`HOME=${home}`) ? [pid] : [];
    } catch {
      return [];
    }
  });
}

describe("the conversation journal in VS Code", { timeout: 420_000 }, () => {
  let scratch: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let errors: string[] = [];
  let view: Chat;
  const diag = () => ({ page: () => page, errors: () => errors, serverLog: () => server?.logFile });
  const turnEnded = () =>
    eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end", 120_000);
  /** Scrolls the transcript (a virtual list) to its top until `text` is rendered. */
  const scrollToTop = async (text: string) =>
    eventually(
      async () => {
        await view.log.evaluate((log) => {
          for (let node: Element | null = log; node; node = node.parentElement)
            if (node.scrollHeight > node.clientHeight + 1) node.scrollTop = 0;
        });
        return (await view.log.getByText(text, { exact: false }).count()) > 0;
      },
      `"${text}" at the top of the transcript`,
      30_000,
    );

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-journal-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    server = await startCodeServer({
      label: "journal",
      workspace,
      extensionVsix: vsixPath(),
      settings: agentSettings({ [AGENT]: fakeProfileAgent({ profile: "default" }) }, AGENT),
    });
    browser = await launchBrowser({ homeDir: server.homeDir });
    ({ page, errors } = await openWorkbench(browser, server.folderUrl()));
    view = await openChat(page, /Demo is ready/);
  });

  after(async () => {
    await tearDownUi(browser, server, scratch);
  });

  it("a 1,500-entry conversation is whole after Reload Window: its first entry is in the panel and in the export", async (t) => {
    await withDiagnostics(t, diag(), "e2e-journal-long", async () => {
      await sendPrompt(view, LONG);
      await view.log.getByText("BENCH-END-journal", { exact: false }).first().waitFor({ timeout: 180_000 });
      await turnEnded();
      await reloadWindow(page);
      await openChatView(page);
      view = chat(page);
      await view.log
        .getByText("can't reopen past sessions; your next message starts a new one", { exact: false })
        .first()
        .waitFor({ timeout: 60_000 });
      await scrollToTop(FIRST_TOOL);
      await view.log
        .getByRole("article", { name: "You" })
        .filter({ hasText: LONG })
        .first()
        .waitFor({ timeout: 10_000 });
      await screenshot(page, "e2e-journal-first-entry.png");

      await runCommand(page, "ACP: Export Session as Markdown");
      const editor = page.locator(".monaco-editor .view-lines").first();
      await eventually(
        async () => ((await editor.textContent()) ?? "").includes(FIRST_TOOL),
        "the export to start with the first entries",
        30_000,
      );
      assert.match((await editor.textContent()) ?? "", /journal/);
    });
  });

  it("the extension host killed mid-turn: what streamed up to a second before is back, and the next prompt is answered", async (t) => {
    await withDiagnostics(t, diag(), "e2e-journal-host-kill", async () => {
      await openChatView(page);
      view = chat(page);
      await panelNewSession();
      await sendPrompt(view, DAY);
      await view.log.getByText("BENCH-END-hostkill", { exact: false }).first().waitFor({ timeout: 120_000 });
      await turnEnded();
      await sendPrompt(view, "long");
      await view.log.getByText("Working, step 40.", { exact: false }).first().waitFor({ timeout: 30_000 });
      // The last step on screen just before the kill: a step comes every 100 ms.
      const shown = Math.max(
        ...[...((await view.log.textContent()) ?? "").matchAll(/Working, step (\d+)\./g)].map((m) => Number(m[1])),
      );
      const pids = extensionHostPids(server!.homeDir);
      assert.ok(pids.length > 0, "found the extension host");
      for (const pid of pids) process.kill(pid, "SIGKILL");
      const killedAt = Date.now();
      // VS Code restarts a remote extension host that crashed; the panel comes back with its tab.
      await eventually(
        () => extensionHostPids(server!.homeDir).some((pid) => !pids.includes(pid)),
        "a new extension host",
        60_000,
      );
      await openChatView(page);
      view = chat(page);
      // What streamed up to a second (ten steps of 100 ms) before the kill.
      await view.log
        .getByText(`Working, step ${shown - 10}.`, { exact: false })
        .first()
        .waitFor({ timeout: 60_000 });
      const kept = Math.max(
        ...[...((await view.log.textContent()) ?? "").matchAll(/Working, step (\d+)\./g)].map((m) => Number(m[1])),
      );
      t.diagnostic(`back after ${Date.now() - killedAt} ms; step ${shown} shown at the kill, ${kept} kept`);
      // ...and everything before it, from the conversation's first prompt on.
      await scrollToTop(FIRST_TOOL);
      await view.log
        .getByRole("article", { name: "You" })
        .filter({ hasText: DAY })
        .first()
        .waitFor({ timeout: 10_000 });
      await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 60_000 });
      await screenshot(page, "e2e-journal-host-killed.png");
      const replies = await view.log.getByText(REPLY, { exact: false }).count();
      await sendPrompt(view, "hello after the host came back");
      await eventually(
        async () => (await view.log.getByText(REPLY, { exact: false }).count()) > replies,
        "the reply after the restart",
        30_000,
      );
    });
  });

  async function panelNewSession(): Promise<void> {
    await runCommand(page, "ACP: New Session");
    await view.status.filter({ hasText: /Demo is ready/ }).waitFor({ timeout: 60_000 });
  }
});
