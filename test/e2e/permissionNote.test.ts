/**
 * A permission answered with a note, in real VS Code (code-server) with the fake agent (issue 28
 * item 4): the user types a note in the card and clicks the agent's own reject option; the agent
 * gets that option `selected` (never `cancelled`), then the note as the next message, which the
 * transcript shows as sent. The wire log is what the extension sent.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { eventually, sendPrompt } from "../harness/chat";
import { agentRequests, clientMessages } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { permissionRequest, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const NOTE = "keep the current build on staging, deploy 41 instead";

describe("permission note", { timeout: 300_000 }, () => {
  const e2e = useE2e({ label: "note", agents: { [DEMO_AGENT]: fakeAgent() } });

  e2e.it(
    "a reject with a note: the reject option selected, then the note as the next message",
    "e2e-permission-note",
    async ({ view, wireLog }) => {
      await sendPrompt(view, "e2e-permission");
      const request = permissionRequest(view);
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
      await untilReady(view, DEMO_AGENT);
      assert.equal(clientMessages(wireLog, "session/prompt").length, 2, "the prompt, then the note");
    },
  );
});
