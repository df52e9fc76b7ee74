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
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { runCommand, screenshot } from "../harness/browser";
import { type Chat, eventually, sendPrompt } from "../harness/chat";
import { safeReaddir } from "../harness/processes";
import { fakeAgent } from "./fixture/agents";
import { DEMO_REPLY, turnEnded, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Demo";
/** 749 tool calls with a reply between each: 1,500 entries with the prompt. */
const LONG = "benchtools 749 journal";
const FIRST_TOOL = "src/area0/file0.ts";
/** 300 tool calls with a reply between each: 601 entries with the prompt, before the turn the kill cuts. */
const DAY = "benchtools 300 hostkill";

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

/** The fake agent's milestones (prompt received, first and last chunk written), for a failure's message. */
const BENCH_LOG = join(mkdtempSync(join(tmpdir(), "acp-panel-journal-bench-")), "bench.jsonl");

/**
 * Waits for `text` in the transcript; on a timeout the error says how far the turn got: the agent's
 * milestones, and whether the view still follows the end.
 * (CI shows a failure's message, not the diagnostics printed before it.)
 */
async function streamedUpTo(view: Chat, text: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  try {
    await view.log.getByText(text, { exact: false }).first().waitFor({ timeout: timeoutMs });
  } catch (error) {
    const milestones = (() => {
      try {
        return readFileSync(BENCH_LOG, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { event: string; at: number })
          .map(({ event, at }) => `${event} at ${((at - started) / 1000).toFixed(1)} s`)
          .join(", ");
      } catch {
        return "none logged";
      }
    })();
    const jump = await view.frame
      .getByRole("button", { name: /^Jump to latest/ })
      .count()
      .catch(() => -1);
    const gap = await view.log
      .first()
      .evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight, undefined, { timeout: 2_000 })
      .catch(() => "?");
    // The status line and the transcript's end follow in the harness's `[at the failure]` gist.
    throw new Error(
      `"${text}" not in the transcript after ${timeoutMs} ms. Agent: ${milestones}. ` +
        `Jump to latest shown: ${jump}. The view is ${gap} px above the transcript's end.`,
      { cause: error },
    );
  }
}

describe("the conversation journal in VS Code", { timeout: 420_000 }, () => {
  // No wire log: a 1,500-entry turn is long enough without one.
  const e2e = useE2e({
    label: "journal",
    agents: { [AGENT]: fakeAgent({ log: false, env: { FAKE_AGENT_BENCH_LOG: BENCH_LOG } }) },
    chat: /Demo is ready/,
  });
  /** Scrolls the transcript (a virtual list) to its top until `text` is rendered. */
  const scrollToTop = async (text: string) =>
    eventually(
      async () => {
        await e2e.view.log.evaluate((log) => {
          for (let node: Element | null = log; node; node = node.parentElement)
            if (node.scrollHeight > node.clientHeight + 1) node.scrollTop = 0;
        });
        return (await e2e.view.log.getByText(text, { exact: false }).count()) > 0;
      },
      `"${text}" at the top of the transcript`,
      30_000,
    );
  /** The transcript, scrolled to its top, starts with the first tool call, after the user's `prompt`. */
  const conversationStartsWith = async (prompt: string) => {
    await scrollToTop(FIRST_TOOL);
    await e2e.view.log
      .getByRole("article", { name: "You" })
      .filter({ hasText: prompt })
      .first()
      .waitFor({ timeout: 10_000 });
  };

  e2e.it(
    "a 1,500-entry conversation is whole after Reload Window: its first entry is in the panel and in the export",
    "e2e-journal-long",
    async ({ page }) => {
      await sendPrompt(e2e.view, LONG);
      await streamedUpTo(e2e.view, "BENCH-END-journal", 180_000);
      await turnEnded(e2e.view, 120_000);
      const view = await e2e.reload();
      await view.log
        .getByText("can't reopen past sessions; your next message starts a new one", { exact: false })
        .first()
        .waitFor({ timeout: 60_000 });
      await conversationStartsWith(LONG);
      await screenshot(page, "e2e-journal-first-entry.png");

      await runCommand(page, "ACP: Export Session as Markdown");
      const editor = page.locator(".monaco-editor .view-lines").first();
      await eventually(
        async () => ((await editor.textContent()) ?? "").includes(FIRST_TOOL),
        "the export to start with the first entries",
        30_000,
      );
      assert.match((await editor.textContent()) ?? "", /journal/);
    },
  );

  e2e.it(
    "the extension host killed mid-turn: what streamed up to a second before is back, and the next prompt is answered",
    "e2e-journal-host-kill",
    async ({ t, server, page }) => {
      let view = await e2e.showChat();
      await runCommand(page, "ACP: New Session");
      await untilReady(view, /Demo is ready/, 60_000);
      await sendPrompt(view, DAY);
      await streamedUpTo(view, "BENCH-END-hostkill", 120_000);
      await turnEnded(view, 120_000);
      await sendPrompt(view, "long");
      await view.log.getByText("Working, step 40.", { exact: false }).first().waitFor({ timeout: 30_000 });
      // The last step on screen just before the kill: a step comes every 100 ms.
      const shown = Math.max(
        ...[...((await view.log.textContent()) ?? "").matchAll(/Working, step (\d+)\./g)].map((m) => Number(m[1])),
      );
      const pids = extensionHostPids(server.homeDir);
      assert.ok(pids.length > 0, "found the extension host");
      for (const pid of pids) process.kill(pid, "SIGKILL");
      const killedAt = Date.now();
      // VS Code restarts a remote extension host that crashed; the panel comes back with its tab.
      await eventually(
        () => extensionHostPids(server.homeDir).some((pid) => !pids.includes(pid)),
        "a new extension host",
        60_000,
      );
      view = await e2e.showChat();
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
      await conversationStartsWith(DAY);
      await untilReady(view, /Demo is ready/, 60_000);
      await screenshot(page, "e2e-journal-host-killed.png");
      const replies = await view.log.getByText(DEMO_REPLY, { exact: false }).count();
      await sendPrompt(view, "hello after the host came back");
      await eventually(
        async () => (await view.log.getByText(DEMO_REPLY, { exact: false }).count()) > replies,
        "the reply after the restart",
        30_000,
      );
    },
  );
});
