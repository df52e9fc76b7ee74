/**
 * Records the real adapters' wire traffic for the regression tests in
 * test/unit/recordedAgents.test.ts. Run: `node --import tsx test/realAgents/record.ts`.
 * Writes test/fixtures/recorded/*.jsonl: one `{"direction":"in"|"out","message":{…}}` per
 * JSON-RPC message ("in" = agent → client), with the temporary paths replaced by /ws and /home.
 * Review the diff before committing: the tests assert on these exact shapes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { rules, text, thinking, toolUse } from "./fakeAnthropic";
import { adapterVersion, type AdapterId } from "./realAgent";
import { loadWithReplay, realSession, type RealSession, type WireMessage } from "./realSession";
import type { AgentDirs } from "./realAgent";

const outDir = join(repoRoot, "test/fixtures/recorded");

function save(
  name: string,
  id: AdapterId,
  dirs: AgentDirs,
  lines: Array<{ direction: "in" | "out"; message: WireMessage }>,
): void {
  const header = {
    direction: "note",
    message: { recorded: `${id}@${adapterVersion(id)}`, by: "test/realAgents/record.ts" },
  };
  const text = [header, ...lines.map(trimCommands)]
    .map((line) => JSON.stringify(line))
    .join("\n")
    .split(dirs.workspace)
    .join("/ws")
    .split(dirs.home)
    .join("/home");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, name), `${text}\n`);
  console.log(`wrote ${name} (${lines.length} messages)`);
}

/** available_commands_update lists ~30 long descriptions: keep two, so fixtures stay small. */
function trimCommands(line: { direction: "in" | "out"; message: WireMessage }): {
  direction: "in" | "out";
  message: WireMessage;
} {
  const update = (
    line.message.params as { update?: { sessionUpdate?: string; availableCommands?: unknown[] } } | undefined
  )?.update;
  if (update?.sessionUpdate !== "available_commands_update" || !Array.isArray(update.availableCommands)) return line;
  const params = line.message.params as { update: Record<string, unknown> };
  return {
    ...line,
    message: {
      ...line.message,
      params: { ...params, update: { ...params.update, availableCommands: update.availableCommands.slice(0, 2) } },
    },
  };
}

/** claude-code-acp: Read, Write (allowed), Bash (allowed) and TodoWrite through the client. */
async function claudeCodeTools(): Promise<void> {
  const s = await realSession("claude-code-acp", {
    seed: { "notes.txt": "some notes\n" },
    script: (ws) =>
      rules(
        {
          prompt: "read the notes",
          steps: [
            [thinking("Reading first."), toolUse("Read", { file_path: join(ws, "notes.txt") })],
            "The notes say: some notes.",
          ],
        },
        {
          prompt: "create out.txt",
          steps: [[toolUse("Write", { file_path: join(ws, "out.txt"), content: "written\n" })], "Created out.txt."],
        },
        {
          prompt: "run the script",
          steps: [
            [toolUse("Bash", { command: "echo hi-from-bash", description: "Say hi" })],
            "It printed hi-from-bash.",
          ],
        },
        {
          prompt: "make a plan",
          steps: [
            [
              toolUse("TodoWrite", {
                todos: [
                  { content: "One", status: "in_progress", activeForm: "Doing one" },
                  { content: "Two", status: "pending", activeForm: "Doing two" },
                ],
              }),
            ],
            "Planned.",
          ],
        },
      ),
  });
  try {
    await s.start();
    await s.chat.prompt("read the notes");
    for (const prompt of ["create out.txt", "run the script"]) {
      const turn = s.chat.prompt(prompt);
      await s.answerNextPermission("allow_once");
      await turn;
    }
    await s.chat.prompt("make a plan");
    save("claude-code-acp-tools.jsonl", s.id, s.dirs, s.wire());
  } finally {
    await s.close();
  }
}

/** claude-agent-acp: a session reloaded in a new process (session/load replay). */
async function claudeAgentLoad(): Promise<void> {
  const s = await realSession("claude-agent-acp", {
    seed: { "data.txt": "forty-two\n" },
    script: (ws) =>
      rules({
        prompt: "remember the data",
        steps: [[toolUse("Read", { file_path: join(ws, "data.txt") })], "I read data.txt: forty-two."],
      }),
  });
  try {
    await s.start();
    await s.chat.prompt("remember the data");
    const sessionId = s.chat.sessionId!;
    await s.chat.dispose();
    const loaded = await loadWithReplay("claude-agent-acp", s.fake, s.dirs, sessionId);
    await loaded.close();
    save(
      "claude-agent-acp-load.jsonl",
      s.id,
      s.dirs,
      loaded.logger.trafficLog.map((line) => ({
        direction: line.direction,
        message: JSON.parse(line.text) as WireMessage,
      })),
    );
  } finally {
    await s.close();
  }
}

/**
 * claude-agent-acp after a Stop: the next prompt ends at once with the stopped turn's leftover
 * end, its permission request comes while the client is idle, and its updates arrive during
 * the prompt after it.
 */
async function claudeAgentCancelDesync(): Promise<void> {
  const long = Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ");
  const s: RealSession = await realSession("claude-agent-acp", {
    script: (ws) =>
      rules(
        { prompt: "tell a long story", steps: [{ blocks: [text(long)], eventDelayMs: 40 }] },
        {
          prompt: "create a file",
          steps: [[toolUse("Write", { file_path: join(ws, "late.txt"), content: "late\n" })], "Created late.txt."],
        },
        { prompt: "and now?", steps: [[text("Now answering the third prompt.")]] },
      ),
  });
  try {
    await s.start();
    const story = s.chat.prompt("tell a long story");
    await waitFor(
      () => JSON.stringify(s.thread().entries),
      (value) => value.includes("word3"),
      "the first words",
      30_000,
    );
    await s.chat.cancel();
    await story;
    await s.chat.prompt("create a file");
    await s.answerNextPermission("allow_once");
    await waitFor(
      () => s.fake.modelTurns().length,
      (count) => count >= 3,
      "the background turn to finish",
      30_000,
    );
    await s.chat.prompt("and now?");
    save("claude-agent-acp-cancel-desync.jsonl", s.id, s.dirs, s.wire());
  } finally {
    await s.close();
  }
}

void (async () => {
  await claudeCodeTools();
  await claudeAgentLoad();
  await claudeAgentCancelDesync();
})().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
