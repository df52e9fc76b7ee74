/**
 * A permission answered with a note, in real VS Code (code-server) with the fake agent (issue 28
 * item 4): the user types a note in the card and clicks the agent's own reject option; the agent
 * gets that option `selected` (never `cancelled`), then the note as the next message, which the
 * transcript shows as sent. The wire log is what the extension sent.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { eventually, sendPrompt, type Chat } from "../harness/chat";
import { closeFakeAgentUi, FAKE_AGENT, openFakeAgentUi, type FakeAgentUi } from "../harness/fakeAgentUi";
import { agentRequests, clientMessages, withDiagnostics } from "../harness/workbench";

const AGENT = FAKE_AGENT;
const NOTE = "keep the current build on staging, deploy 41 instead";

describe("permission note", { timeout: 300_000 }, () => {
  let scratch: string;
  let wireLog: string;
  let ui: FakeAgentUi | undefined;
  let view: Chat;
  const diagnostics = () => ui!.diagnostics();

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "acp-panel-note-"));
    const workspace = join(scratch, "workspace");
    mkdirSync(workspace);
    ui = await openFakeAgentUi({ label: "note", scratch, workspace });
    ({ view, wireLog } = ui);
  });

  after(async () => {
    await closeFakeAgentUi(ui, scratch);
  });

  it("a reject with a note: the reject option selected, then the note as the next message", async (t) => {
    await withDiagnostics(t, diagnostics(), "e2e-permission-note", async () => {
      await sendPrompt(view, "e2e-permission");
      const request = view.log.getByRole("group", { name: "Permission request" });
      await request.waitFor({ timeout: 15_000 });
      await request.getByRole("textbox", { name: "Note for the agent (optional)" }).fill(NOTE);
      await request.getByRole("button", { name: "Hold the release", exact: true }).click();
      await view.log.getByText("Permission outcome: selected hold.").waitFor({ timeout: 15_000 });

      const asked = agentRequests(wireLog, "session/request_permission").at(-1);
      assert.deepEqual(asked?.answer?.message?.result, { outcome: { outcome: "selected", optionId: "hold" } });
      const message = `About your request "Deploy build 42 to staging", I answered "Hold the release". My note: ${NOTE}`;
      await eventually(
        () =>
          clientMessages(wireLog, "session/prompt").some((line) =>
            JSON.stringify(line.message?.params ?? {}).includes(JSON.stringify(message).slice(1, -1)),
          ),
        "the note to reach the agent as a prompt",
      );
      await view.log.getByText(message).waitFor({ timeout: 15_000 });
      await view.status.filter({ hasText: `${AGENT} is ready` }).waitFor({ timeout: 30_000 });
      assert.equal(clientMessages(wireLog, "session/prompt").length, 2, "the prompt, then the note");
    });
  });
});
