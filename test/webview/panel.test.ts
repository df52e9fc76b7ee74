/**
 * The panel around the transcript: the agent picker, the status line, and how a failed agent
 * connection is shown and recovered from.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PanelState } from "../../src/shared/wire/panelState";
import {
  AGENT,
  agentEntry,
  messageChunk,
  readyState,
  turnStarted,
  unconfiguredState,
  userEntry,
  RUNNING,
} from "./fixtures";
import { eventually, settle } from "./harness";
import { webviewSuite } from "./webviewSuite";
import { acpUpdate } from "./fixtures";

const STDERR = "$ echo-agent --acp\nError: ECONNREFUSED 127.0.0.1:9\n    at connect (net.js:1)";

describe("webview panel", { timeout: 120_000 }, () => {
  const webview = webviewSuite();

  it("picks the agent with a combobox labelled Agent", () =>
    webview.withPanel({ state: readyState() }, async (panel) => {
      const picker = panel.page.getByRole("combobox", { name: "Agent" });
      await eventually(async () => assert.equal((await picker.textContent())?.trim(), AGENT));
      await picker.click();
      const options = panel.page.getByRole("option");
      await eventually(async () =>
        assert.deepEqual(await options.allTextContents().then((t) => t.map((s) => s.trim())), [
          AGENT,
          "Other Agent",
          "Add agent…",
        ]),
      );
      await panel.page.getByRole("option", { name: "Other Agent" }).click();
      assert.deepEqual(await panel.waitForSentOfType("agent/select"), [{ type: "agent/select", agent: "Other Agent" }]);

      await panel.actions(1, [{ type: "connection/starting", agent: "Other Agent" }]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("status").textContent(), "Starting Other Agent…"),
      );
      assert.equal((await picker.textContent())?.trim(), "Other Agent");
      const log = panel.transcript;
      assert.match((await log.textContent()) ?? "", /Ask Other Agent anything/);

      // A session whose history is being replayed says so where the history will appear.
      await panel.actions(2, [{ type: "connection/loading", agent: "Other Agent", sessionId: "s-old" }]);
      await eventually(async () =>
        assert.equal(await panel.page.getByRole("status").textContent(), "Loading session…"),
      );
      assert.equal(await log.textContent(), "Loading the session's history…");
      await panel.assertHealthy();
    }));

  it("tells the turn's state in the status line, with a spinner while busy", () =>
    webview.withPanel(async (panel) => {
      const status = panel.page.getByRole("status");
      const spinner = status.locator(".codicon-loading.codicon-modifier-spin");
      await panel.snapshot(0, unconfiguredState());
      await eventually(async () => assert.equal(await status.textContent(), "No agent configured"));
      assert.equal(await panel.page.getByRole("combobox", { name: "Agent" }).count(), 1, "the picker is there, empty");

      await panel.actions(1, [
        { type: "agents/configured", agents: [AGENT], selectedAgent: AGENT },
        { type: "connection/starting", agent: AGENT },
      ]);
      await eventually(async () => assert.equal(await status.textContent(), `Starting ${AGENT}…`));
      assert.equal(await spinner.count(), 1);

      await panel.actions(3, [{ type: "connection/ready", agent: AGENT, sessionId: "s" }]);
      await eventually(async () => assert.equal(await status.textContent(), `${AGENT} is ready`));
      assert.equal(await spinner.count(), 0);

      await panel.actions(4, [turnStarted("u1", "go")]);
      await eventually(async () => assert.equal(await status.textContent(), `${AGENT} is working…`));
      assert.equal(await spinner.count(), 1);

      await panel.actions(5, [{ type: "turn/ended", stopReason: "max_tokens" }]);
      await eventually(async () => assert.equal(await status.textContent(), "Stopped: the agent hit its token limit"));
      assert.equal(await spinner.count(), 0);
      await panel.assertHealthy();
    }));

  it("shows a failed connection's error and details, and offers Restart and Show Logs", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "hello")], RUNNING) }, async (panel) => {
      // What the host dispatches when the agent dies: the connection fails and the thread records why.
      await panel.actions(1, [
        { type: "connection/failed", agent: AGENT, message: "The agent exited with code 1", details: STDERR },
        { type: "thread/error", entryId: "err1", message: "The agent exited with code 1", details: STDERR },
      ]);
      const log = panel.transcript;
      const error = log.getByRole("article", { name: "Error" });
      await eventually(async () => assert.equal(await error.count(), 1));
      assert.equal(await error.getByText("The agent exited with code 1").isVisible(), true);
      assert.equal(await panel.page.getByRole("status").textContent(), `${AGENT} failed: The agent exited with code 1`);
      assert.equal(await panel.page.getByRole("button", { name: "Send" }).isDisabled(), true);
      assert.equal(
        await panel.page.getByRole("button", { name: "Stop" }).isDisabled(),
        true,
        "a dead agent ends the turn",
      );

      const details = error.getByText("ECONNREFUSED 127.0.0.1:9", { exact: false });
      assert.equal(await details.isVisible(), false, "details start collapsed");
      await error.getByText("Details", { exact: true }).click();
      await eventually(async () => assert.equal(await details.isVisible(), true));
      assert.equal(await error.locator("pre").textContent(), STDERR, "the details keep their line breaks");

      await error.getByRole("button", { name: "Restart" }).click();
      await panel.waitForSent("agent/restart");
      await error.getByRole("button", { name: "Show Logs" }).click();
      await panel.waitForSent("logs/show");
      assert.deepEqual((await panel.sent()).slice(1), [{ type: "agent/restart" }, { type: "logs/show" }]);

      // Once the agent is back, the error stays in the history but the recovery buttons go.
      await panel.actions(3, [
        { type: "connection/starting", agent: AGENT },
        { type: "connection/ready", agent: AGENT, sessionId: "s2" },
      ]);
      await eventually(async () => assert.equal(await log.getByRole("button", { name: "Restart" }).count(), 0));
      assert.equal(await error.count(), 1);
      await panel.assertHealthy();
    }));

  it("follows new output while the user is at the bottom, and stays put once they scroll up", () =>
    webview.withPanel(async (panel) => {
      const history = Array.from({ length: 30 }, (_, i) => [
        userEntry(`u${i}`, `question ${i}`),
        agentEntry(`a${i}`, { kind: "message", text: `answer ${i}\n\n${"filler text ".repeat(30)}` }),
      ]).flat();
      await panel.snapshot(0, readyState([...history, userEntry("u-last", "go on")], RUNNING));
      const log = panel.transcript;
      const gap = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
      await eventually(async () => assert.ok((await gap()) <= 1, "opens at the newest entry"));
      assert.ok(
        await log.evaluate((element) => element.scrollHeight > element.clientHeight * 3),
        "the transcript really scrolls",
      );

      let seq = 1;
      for (let i = 0; i < 5; i++) await panel.actions(seq++, [messageChunk("a-last", `streamed line ${i}\n\n`)]);
      await eventually(async () => assert.equal(await log.getByText("streamed line 4").count(), 1));
      await eventually(async () => assert.ok((await gap()) <= 1, "follows the stream at the bottom"));

      await log.evaluate((element) => element.scrollBy(0, -400));
      await settle(panel.page);
      // What the reader sees: the first row that starts in view and where it sits. A row above it
      // that is measured meanwhile (one cut by the view's top edge included: its text formatted
      // once the scroll settled) moves scrollTop by its correction and keeps this in place
      // (useVirtualRows).
      const readOnce = () =>
        log.evaluate((element) => {
          const top = element.getBoundingClientRect().top;
          const row = [...element.querySelectorAll<HTMLElement>(".transcript-row")].find(
            (candidate) => candidate.getBoundingClientRect().top >= top - 1,
          );
          return { key: row?.dataset.key, offset: Math.round((row?.getBoundingClientRect().top ?? 0) - top) };
        });
      // As painted: the same across frames. A read between a render's task and the next frame can
      // see a row above grown before its correction, which that frame applies before it paints.
      const reading = async () => {
        let last = await readOnce();
        for (let i = 0; i < 20; i++) {
          await settle(panel.page);
          const next = await readOnce();
          if (next.key === last.key && next.offset === last.offset) return next;
          last = next;
        }
        return last;
      };
      const readingAt = await reading();
      for (let i = 5; i < 10; i++) await panel.actions(seq++, [messageChunk("a-last", `streamed line ${i}\n\n`)]);
      await eventually(async () => assert.equal(await log.getByText("streamed line 9").count(), 1));
      await settle(panel.page);
      assert.deepEqual(await reading(), readingAt, "does not pull a reader down");
      assert.ok((await gap()) > 300);

      await log.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await settle(panel.page);
      await panel.actions(seq++, [messageChunk("a-last", "back at the bottom")]);
      await eventually(async () => assert.equal(await log.getByText("back at the bottom").count(), 1));
      await eventually(async () => assert.ok((await gap()) <= 1, "follows again after returning to the bottom"));
      await panel.assertHealthy();
    }));

  it("shows tool calls as cards that follow their status updates", () =>
    webview.withPanel({ state: readyState([userEntry("u1", "read it")], RUNNING) }, async (panel) => {
      await panel.actions(1, [
        acpUpdate("t1", "tool_call", {
          toolCallId: "call-1",
          title: "Read hello.ts",
          kind: "read",
          status: "in_progress",
        }),
        messageChunk("a1", "Reading…"),
      ]);
      const tool = panel.page.getByRole("log").getByRole("article", { name: "Tool: Read hello.ts" });
      await eventually(async () => assert.match((await tool.textContent()) ?? "", /Running/));
      await panel.actions(3, [acpUpdate("t2", "tool_call_update", { toolCallId: "call-1", status: "completed" })]);
      await eventually(async () => assert.match((await tool.textContent()) ?? "", /Done/));
      assert.equal(
        await panel.page.getByRole("log").getByRole("article").count(),
        3,
        "user, tool call, reply: the update patched the tool in place",
      );
      await panel.assertHealthy();
    }));

  it("offers recovery on the newest error only, and even when the thread has no error entry", () =>
    webview.withPanel(async (panel) => {
      const failed: PanelState = {
        ...readyState([{ kind: "error", id: "old", message: "An old turn failed" }]),
        connection: { status: "failed", agent: AGENT, message: "Could not start echo-agent" },
      };
      await panel.snapshot(0, { ...failed, thread: { ...failed.thread, entries: [] } });
      const log = panel.transcript;
      await eventually(async () => assert.equal(await log.getByText("Could not start echo-agent").isVisible(), true));
      assert.equal(await log.getByRole("button", { name: "Restart" }).count(), 1);

      await panel.snapshot(5, {
        ...failed,
        thread: {
          ...failed.thread,
          entries: [...failed.thread.entries, { kind: "error", id: "new", message: "Could not start echo-agent" }],
        },
      });
      await eventually(async () => assert.equal(await log.getByRole("article", { name: "Error" }).count(), 2));
      await settle(panel.page);
      assert.equal(await log.getByRole("button", { name: "Restart" }).count(), 1);
      assert.equal(
        await log.getByRole("article", { name: "Error" }).last().getByRole("button", { name: "Restart" }).count(),
        1,
      );
      await log.getByRole("button", { name: "Restart" }).click();
      await panel.waitForSent("agent/restart");
      await panel.assertHealthy();
    }));
});
