/**
 * Plain paths in the agent's reply are links in real VS Code (code-server + Chromium), issue 29 §5:
 * `src/greet.ts:2` names a workspace file and opens it at line 2; `src/missing.ts` names none and
 * stays text. The Demo Agent's `follow-say` replies with the prompt's words.
 */
import * as assert from "node:assert/strict";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { sendPrompt } from "../harness/chat";
import { fakeAgent } from "./fixture/agents";
import { untilEditorAt } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

describe("path links in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "pathlinks",
    files: { "src/greet.ts": "// greetings\nexport const greet = () => 'hi';\n" },
    agents: { [DEMO_AGENT]: fakeAgent() },
  });

  e2e.it(
    "links a path that names a workspace file, and opens it at its line",
    "e2e-pathlinks",
    async ({ page, view }) => {
      await sendPrompt(view, "follow-say It is in `src/greet.ts:2`; src/missing.ts is gone.");
      // The reply's own paragraph: the user's message holds the same words, after "follow-say".
      const reply = "It is in src/greet.ts:2; src/missing.ts is gone.";
      await view.log.getByText(reply, { exact: true }).waitFor({ timeout: 30_000 });
      // The last: the user's own message may show the path too.
      const link = view.log.getByRole("link", { name: "src/greet.ts:2", exact: true }).last();
      await link.waitFor({ timeout: 15_000 });
      assert.equal(
        await view.log.getByRole("link", { name: "src/missing.ts" }).count(),
        0,
        "no link to a missing file",
      );
      await screenshot(page, "e2e-pathlinks.png");
      await link.click();
      await untilEditorAt(page, "greet.ts", 2);
    },
  );
});
