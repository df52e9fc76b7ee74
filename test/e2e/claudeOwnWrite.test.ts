/**
 * claude-agent-acp (pinned devDependency) in real VS Code with the fake Anthropic model: its
 * Write tool runs inside Claude Code, which writes the file itself (no `fs/write_text_file`),
 * after the user clicks the agent's own "Allow". Each file it writes is listed in "Files changed"
 * (issue 16, done-when 2; claude-code-acp writes through `fs/write_text_file`, see claudeEdit).
 */
import * as assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { sendPrompt } from "../harness/chat";
import { ensureTools } from "../harness/tools";
import { FakeAnthropic, rules, toolUse } from "../realAgents/fakeAnthropic";
import { adapterEntry, adapterEnv } from "../realAgents/realAgent";
import { answerPermission, expectFilesChangedOnce, untilReady } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Claude Agent (fake model)";
const FILES = ["first.txt", "second.txt"];

describe("a real agent (claude-agent-acp) writes files with its own tools in VS Code", { timeout: 300_000 }, () => {
  let fake: FakeAnthropic | undefined;
  const e2e = useE2e({
    label: "claude-own-write",
    prepare: async ({ scratch, workspace }) => {
      mkdirSync(join(scratch, "agent-home/.claude"), { recursive: true });
      fake = await FakeAnthropic.start({ logFile: join(scratch, "fake-anthropic.ndjson") });
      fake.script = rules(
        ...FILES.map((file) => ({
          prompt: `create ${file}`,
          steps: [
            [toolUse("Write", { file_path: join(workspace, file), content: `${file} by claude\n` })],
            `Wrote ${file}.`,
          ],
        })),
      );
    },
    agents: ({ scratch }) => ({
      [AGENT]: {
        command: ensureTools().nodePath,
        args: [adapterEntry("claude-agent-acp")],
        env: adapterEnv(fake!.baseUrl, join(scratch, "agent-home")),
      },
    }),
    chatTimeoutMs: 120_000,
    stop: () => fake?.close(),
  });

  e2e.it(
    "lists each file Claude Code wrote after Allow in Files changed",
    "e2e-claude-own-write",
    async ({ workspace, page, view }) => {
      for (const file of FILES) {
        await sendPrompt(view, `create ${file}`);
        await answerPermission(view, "Allow");
        await view.log.getByText(`Wrote ${file}.`).first().waitFor({ timeout: 60_000 });
        await untilReady(view, AGENT);
        const written = readFileSync(join(workspace, file), "utf8");
        assert.equal(written, `${file} by claude\n`, "Claude Code wrote the file");
      }
      await expectFilesChangedOnce(view, FILES);
      await screenshot(page, "e2e-claude-own-write.png");
    },
  );
});
