/**
 * The session engine in real VS Code: the agent (the fake agent in Bub's profile, with a session
 * store that outlives its process) is killed mid-turn and comes back on its own with the session
 * and its history, and killed mid-tool-call its card is marked failed; an agent whose command does not exist fails with a message that names the
 * command, and nothing keeps spinning. One code-server for the file.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { readWireLog } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { eventually, sendPrompt } from "../harness/chat";
import { clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { chooseAgent, DEMO_REPLY, untilReady, untilSendEnabled } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { answeredWith, firstSessionId } from "./fixture/wire";

const BUB = "Bub (fake)";
/** Supports session/load but not session/resume: after a crash the history is replayed. */
const QUIRKY = "Quirky (fake)";
const MISSING = "Missing Agent";
const MISSING_COMMAND = "acp-e2e-no-such-agent";

/** The process id the fake agent's `e2e-stream` scenario announced in its wire log. */
function streamingPid(wireLog: string): number {
  return Number(
    readWireLog(wireLog)
      .map((line) => /Streaming from agent process (\d+)/.exec(line.line))
      .find(Boolean)?.[1],
  );
}

describe("session engine in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "engine",
    files: { "README.md": "# session engine\n" },
    agents: {
      [BUB]: fakeAgent({ profile: "bub", state: true }),
      [QUIRKY]: fakeAgent({ profile: "quirks", state: true }),
      [MISSING]: { command: MISSING_COMMAND, args: ["--acp"] },
    },
  });

  e2e.it(
    "recovers from the agent being killed mid-turn: error with stderr, restart, resumed session, history kept",
    "e2e-engine-kill",
    async ({ t, page, view, wireLog }) => {
      await sendPrompt(view, "hello before the crash");
      await view.log.getByText("to see a turn you can", { exact: false }).first().waitFor({ timeout: 30_000 });
      await untilReady(view, BUB);
      const firstSession = clientMessages(wireLog, "session/new").at(-1)?.message?.params;
      assert.ok(firstSession, "the first agent process got session/new");
      const sessionId = firstSessionId(wireLog);
      assert.equal(typeof sessionId, "string", "the agent named the session");

      await sendPrompt(view, "e2e-stream until killed");
      await view.log.getByText("tick 3.", { exact: false }).first().waitFor({ timeout: 30_000 });
      await view.status.filter({ hasText: /working/i }).waitFor({ timeout: 5_000 });
      const pid = streamingPid(wireLog);
      assert.ok(pid > 0, "the agent announced its process id");
      // The extension starts each agent in its own process group: kill the whole group, as the OOM killer or a user might.
      process.kill(-pid, "SIGKILL");
      const killedAt = Date.now();

      const error = view.log
        .getByRole("article", { name: "Error" })
        .filter({ hasText: "The agent was killed by SIGKILL." });
      await error.first().waitFor({ timeout: 15_000 });
      const details = ((await error.first().locator(".error-details pre").textContent()) ?? "").trim();
      t.diagnostic(`error details: ${JSON.stringify(details)}`);
      assert.match(details, /Last output on stderr:/, "the details carry the stderr tail");
      assert.match(
        details,
        new RegExp(`e2e-stream: agent ${pid} is streaming \\(stderr marker\\)`),
        "the stderr tail is the agent's own",
      );
      await error.first().getByText("Details").click();
      await screenshot(page, "e2e-engine-killed.png");

      // Automatic restart (1 s backoff), then the session is resumed (Bub supports session/resume).
      await view.log.getByText(`Restarting ${BUB} in 1 s (attempt 1 of 3).`).first().waitFor({ timeout: 15_000 });
      await view.log.getByText(`Reconnected to ${BUB} and resumed the session.`).first().waitFor({ timeout: 30_000 });
      // Connected again: Send is enabled; the status still tells how the killed turn ended.
      await untilSendEnabled(view, 15_000);
      const status = (await view.status.textContent()) ?? "";
      t.diagnostic(`status after the restart: ${JSON.stringify(status)}`);
      assert.doesNotMatch(status, /working|starting|failed:/i, "the status no longer shows a dead or starting agent");
      assert.equal(
        await view.frame.locator(".status-line .codicon-modifier-spin").count(),
        0,
        "the status line does not spin",
      );
      t.diagnostic(`kill → ready again in ${Date.now() - killedAt} ms`);
      const resumed = clientMessages(wireLog, "session/resume");
      assert.equal(resumed.length, 1, "the restarted agent was asked to resume");
      assert.equal(resumed[0]?.message?.params?.sessionId, sessionId, "…the same session");
      assert.equal(clientMessages(wireLog, "initialize").length, 2, "a second agent process was initialised");

      // The history from before the crash is still there.
      await view.log
        .getByRole("article", { name: "You" })
        .filter({ hasText: "hello before the crash" })
        .first()
        .waitFor({ timeout: 5_000 });
      await view.log.getByText(DEMO_REPLY, { exact: false }).first().waitFor({ timeout: 5_000 });
      await view.log
        .getByText(`Streaming from agent process ${pid}.`, { exact: false })
        .first()
        .waitFor({ timeout: 5_000 });

      // And the session goes on in the new process.
      await sendPrompt(view, "basic-stream after the restart");
      await view.log.getByText("from basic-stream", { exact: false }).first().waitFor({ timeout: 30_000 });
      await untilReady(view, BUB);
      const prompts = clientMessages(wireLog, "session/prompt");
      assert.equal(prompts.at(-1)?.message?.params?.sessionId, sessionId, "the new prompt went to the resumed session");
      const answered = answeredWith(wireLog, prompts.at(-1)?.message?.id, "end_turn");
      assert.ok(answered, "the new process answered the prompt end_turn");
      await screenshot(page, "e2e-engine-resumed.png");
    },
  );

  e2e.it(
    "the agent killed by the OS mid-tool-call: its card is marked failed, the transcript stays, the restart resumes",
    "e2e-engine-kill-tool",
    async ({ page, view, wireLog }) => {
      const reconnected = view.log.getByText(`Reconnected to ${BUB} and resumed the session.`);
      const reconnects = await reconnected.count();
      await sendPrompt(view, "e2e-tool-hang");
      const card = view.log.getByRole("article", { name: "Tool: Run the long build" }).first();
      await card.waitFor({ timeout: 30_000 });
      const pid = Number(
        /Building in agent process (\d+)/.exec((await view.log.textContent()) ?? "")?.[1] ?? Number.NaN,
      );
      assert.ok(pid > 0, "the agent named its process id");
      process.kill(-pid, "SIGKILL");
      await eventually(async () => /\btool-failed\b/.test((await card.getAttribute("class")) ?? ""), "the card failed");
      await card.getByText("Failed").first().waitFor({ timeout: 5_000 });
      await eventually(async () => (await reconnected.count()) > reconnects, "the session resumed", 30_000);
      await view.log
        .getByRole("article", { name: "You" })
        .filter({ hasText: "hello before the crash" })
        .first()
        .waitFor({ timeout: 5_000 });
      assert.match((await card.getAttribute("class")) ?? "", /\btool-failed\b/, "still failed after the restart");
      await screenshot(page, "e2e-engine-killed-mid-tool.png");
      await sendPrompt(view, "basic-stream after the tool was cut short");
      // "ready" may still be showing from before the send: wait for the answer on the wire itself.
      const answered = () =>
        answeredWith(wireLog, clientMessages(wireLog, "session/prompt").at(-1)?.message?.id, "end_turn");
      await eventually(async () => answered(), "the next prompt was answered", 30_000);
    },
  );

  e2e.it(
    "reloads a session after a crash when the agent can only load it: the history is replayed by the new process",
    "e2e-engine-kill-load",
    async ({ page, view }) => {
      const quirkyLog = e2e.wireLog(QUIRKY);
      await chooseAgent(view, QUIRKY);
      await untilReady(view, QUIRKY);
      await sendPrompt(view, "basic-stream remembered across processes");
      await view.log.getByText("from basic-stream", { exact: false }).first().waitFor({ timeout: 30_000 });
      await untilReady(view, QUIRKY);
      const sessionId = firstSessionId(quirkyLog);

      await sendPrompt(view, "e2e-stream until killed");
      await view.log.getByText("tick 2.", { exact: false }).first().waitFor({ timeout: 30_000 });
      const pid = streamingPid(quirkyLog);
      assert.ok(pid > 0, "the agent announced its process id");
      process.kill(-pid, "SIGKILL");

      await view.log
        .getByText(`Reconnected to ${QUIRKY} and reloaded the session.`)
        .first()
        .waitFor({ timeout: 30_000 });
      const loads = clientMessages(quirkyLog, "session/load");
      assert.equal(loads.length, 1, "the restarted agent was asked to load the session");
      assert.equal(loads[0]?.message?.params?.sessionId, sessionId, "…the same session");
      // The transcript was rebuilt from the agent's replay: the first turn is back, from the new process.
      await view.log
        .getByRole("article", { name: "You" })
        .filter({ hasText: "basic-stream remembered across processes" })
        .first()
        .waitFor({ timeout: 10_000 });
      await view.log.getByText("from basic-stream", { exact: false }).first().waitFor({ timeout: 10_000 });
      await untilSendEnabled(view, 15_000);
      await screenshot(page, "e2e-engine-reloaded.png");

      await sendPrompt(view, "late-text after the reload");
      await view.log.getByText("The complete answer, sent at the end.").first().waitFor({ timeout: 30_000 });
      assert.equal(
        clientMessages(quirkyLog, "session/prompt").at(-1)?.message?.params?.sessionId,
        sessionId,
        "the new prompt went to the reloaded session",
      );
    },
  );

  e2e.it(
    "reports an agent whose command does not exist, naming the command, with no spinner",
    "e2e-engine-spawn-failure",
    async ({ page, view }) => {
      await chooseAgent(view, MISSING);

      const message = `Could not start "${MISSING}": the command "${MISSING_COMMAND}" was not found.`;
      const error = view.log.getByRole("article", { name: "Error" }).filter({ hasText: message });
      await error.first().waitFor({ timeout: 30_000 });
      await view.status.filter({ hasText: `${MISSING} failed: ${message}` }).waitFor({ timeout: 10_000 });
      const details = ((await error.first().locator(".error-details pre").textContent()) ?? "").trim();
      assert.match(details, new RegExp(`Ran: ${MISSING_COMMAND} --acp`), "the details show the command line");
      // Give a late spinner a chance to show up before checking there is none.
      await page.waitForTimeout(1_500);
      assert.equal(await view.frame.locator(".codicon-modifier-spin").count(), 0, "nothing spins");
      assert.equal(await view.frame.getByRole("progressbar").count(), 0, "no progress bar");
      assert.doesNotMatch((await view.status.textContent()) ?? "", /working|starting/i, "the status is not busy");
      // A restart can't find the command either: the user's own agent is fixed in its setting (issue 29).
      assert.equal(
        await error.first().getByRole("button", { name: "Open Settings" }).count(),
        1,
        "its setting is offered",
      );
      assert.equal(await error.first().getByRole("button", { name: "Restart" }).count(), 0, "Restart is not offered");
      await eventually(
        async () => (await view.send.getAttribute("aria-disabled")) === "true",
        "Send to be disabled without an agent",
      );
      await screenshot(page, "e2e-engine-spawn-failure.png");
    },
  );
});
