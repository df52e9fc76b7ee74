/**
 * Golden transcripts: recorded wire traffic (JSONL) folded by the shared reducer and rendered to
 * Markdown, compared with the committed `.md` beside it. `UPDATE_GOLDEN=1` rewrites the goldens;
 * review the diff before committing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { reduceThread } from "../../src/shared/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread";
import { threadToMarkdown } from "../../src/shared/threadMarkdown";
import { configOptionsSchema, modeStateSchema } from "../../src/shared/sessionUpdate";
import { repoRoot } from "../support/fakeAgentLaunch";

const dir = join(repoRoot, "test/fixtures/transcripts");

/** Folds recorded lines: `session/update` notifications and session responses carrying config/modes. */
export function foldRecording(jsonl: string): Thread {
  let thread = emptyThread;
  let id = 0;
  for (const line of jsonl.split("\n").filter(Boolean)) {
    const message = JSON.parse(line);
    if (message.method === "session/update") {
      thread = reduceThread(thread, { type: "acp/update", entryId: `e${++id}`, update: message.params.update });
    } else if (message.result && (message.result.configOptions || message.result.modes)) {
      const configOptions = configOptionsSchema.optional().parse(message.result.configOptions);
      const modes = modeStateSchema.optional().parse(message.result.modes);
      thread = reduceThread(thread, { type: "session/state", ...(configOptions ? { configOptions } : {}), ...(modes ? { modes } : {}) });
    }
  }
  return thread;
}

for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  test(`golden transcript: ${file}`, () => {
    const markdown = threadToMarkdown(foldRecording(readFileSync(join(dir, file), "utf8")));
    const golden = join(dir, file.replace(/\.jsonl$/, ".md"));
    if (process.env.UPDATE_GOLDEN === "1" || !existsSync(golden)) writeFileSync(golden, markdown);
    assert.equal(markdown, readFileSync(golden, "utf8"));
  });
}

test("every stable session/update variant appears in the golden fixtures", () => {
  const variants = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean)) {
      const update = JSON.parse(line).params?.update;
      if (update) variants.add(update.sessionUpdate);
    }
  }
  const stable = [
    "user_message_chunk", "agent_message_chunk", "agent_thought_chunk", "tool_call", "tool_call_update", "plan",
    "available_commands_update", "current_mode_update", "config_option_update", "session_info_update", "usage_update",
    "notice", "compaction_update", "compaction_summary_chunk",
  ];
  assert.deepEqual(stable.filter((v) => !variants.has(v)), []);
});
