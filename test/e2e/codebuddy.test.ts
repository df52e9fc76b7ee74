/**
 * The real CodeBuddy CLI (2.117.0, offline against a fake OpenAI server on 127.0.0.1) in real VS
 * Code: a turn with a Bash tool call that asks permission, approved by clicking the agent's own
 * button in the panel; the command runs through the panel's terminal and the reply follows.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { sendPrompt } from "../harness/chat";
import { ensureTools } from "../harness/tools";
import { CODEBUDDY_BIN, codebuddyDefinition, codebuddyMissing } from "../codebuddy/codebuddyLaunch";
import { FakeOpenAi, reply } from "../codebuddy/fakeOpenAi";
import { useE2e } from "./fixture/useE2e";

const skip = codebuddyMissing();

describe("the real CodeBuddy CLI in VS Code", { timeout: 240_000, skip }, () => {
  const model = new FakeOpenAi();
  let env: Record<string, string> = {};
  const e2e = useE2e({
    label: "codebuddy",
    files: { "README.md": "# CodeBuddy in VS Code\n" },
    prepare: async () => {
      const url = await model.start();
      model.queue(
        reply.tool("Bash", { command: "echo hi-from-vscode", description: "Say hi" }, "call_bash_vscode"),
        reply.text("The command printed hi-from-vscode."),
      );
      ({ env } = codebuddyDefinition({ apiBaseUrl: url }));
    },
    agents: () => ({ CodeBuddy: { command: ensureTools().nodePath, args: [CODEBUDDY_BIN, "--acp"], env } }),
    chat: /CodeBuddy is ready/,
    chatTimeoutMs: 120_000,
    stop: () => model.stop(),
  });

  e2e.it(
    "asks permission for Bash in the panel, runs it after the click, and replies",
    "e2e-codebuddy",
    async ({ page, view }) => {
      await sendPrompt(view, "say hi from the shell");
      // One button per option, named as CodeBuddy names it; allow once is the first "Allow…" that is not "always".
      const allow = view.log.getByRole("button", { name: /^allow(?!.*always)/i }).first();
      await allow.waitFor({ timeout: 90_000 });
      const names = await view.log.getByRole("button").allTextContents();
      await screenshot(page, "e2e-codebuddy-permission.png");
      await allow.click();
      await view.log.getByText("hi-from-vscode", { exact: false }).first().waitFor({ timeout: 90_000 });
      await view.log
        .getByText("The command printed hi-from-vscode.", { exact: false })
        .first()
        .waitFor({ timeout: 90_000 });
      await screenshot(page, "e2e-codebuddy-done.png");
      assert.ok(
        names.some((name) => /allow/i.test(name)),
        `permission buttons: ${names.join(" | ")}`,
      );
      assert.ok(
        model.requests.some((request) => JSON.stringify(request.body.messages ?? []).includes("hi-from-vscode")),
        "the command's output went back to the model",
      );
    },
  );
});
