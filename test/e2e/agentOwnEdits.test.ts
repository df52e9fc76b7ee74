/**
 * Files an agent writes with its own tools (not `fs/write_text_file`) in real VS Code: the fake
 * agent's `own-write` scenario writes a file itself, reports it with a `tool_call` (kind edit)
 * and a `diff`, and answers `end_turn` at once, as Copilot's apply_patch does. Over three turns,
 * each file is listed once in "Files changed" (issue 16, point 1).
 */
import * as assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { DEMO_AGENT } from "../harness/agent";
import { screenshot } from "../harness/browser";
import { fakeAgent } from "./fixture/agents";
import { expectFilesChangedOnce, turn } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const FILES = ["own-1.txt", "own-2.txt", "own-3.txt"];

describe("files an agent writes with its own tools", { timeout: 300_000 }, () => {
  const e2e = useE2e({ label: "own-edits", agents: { [DEMO_AGENT]: fakeAgent() } });

  e2e.it(
    "lists every file written by the agent's own tool with end_turn at once, each once",
    "e2e-own-edits",
    async ({ workspace, page, view }) => {
      for (const file of FILES) {
        await turn(view, `own-write ${file}`, `Created ${file}.`);
        assert.ok(existsSync(join(workspace, file)), `${file} is on disk`);
      }
      await expectFilesChangedOnce(view, FILES);
      await screenshot(page, "e2e-own-edits.png");
    },
  );
});
