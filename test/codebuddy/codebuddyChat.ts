/**
 * The real CodeBuddy CLI behind the panel's own ChatSession, for the CodeBuddy tests: a scratch
 * workspace holding hello.txt, files, terminals and forms offered, permissions answered by kind
 * as the panel's buttons do; the fake model; and readers of the wire the traffic log kept.
 */
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { AuthPrompt } from "../../src/acp/ports";
import type { Thread, ToolCallEntry } from "../../src/shared/thread/thread";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { MemoryCatalog, MemoryLogger, fixedWorkspace, steppingClock } from "../support/memoryPorts";
import type { Cleanup } from "../support/hostHarness";
import { scratchDir } from "../support/scratchDir";
import { FakeOpenAi } from "./fakeOpenAi";
import { codebuddyMissing } from "./codebuddyLaunch";

/** The options of every test on the real CLI: its time, and skipped where the CLI is not installed. */
export const CODEBUDDY_TEST = { timeout: 90_000, skip: codebuddyMissing() };

/** One message of the traffic log, parsed: `in` from the agent, `out` to it. */
export interface Wire {
  readonly direction: "in" | "out";
  readonly message: {
    id?: unknown;
    method?: string;
    params?: Record<string, unknown>;
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
}

/** A ChatSession on the real CLI in a scratch workspace, with every permission answered by `kind`. */
export async function startCodebuddy(
  cleanup: Cleanup,
  definition: AgentDefinition,
  options: { auth?: AuthPrompt; permissionKind?: string } = {},
) {
  const workspace = realpathSync(scratchDir("acp-codebuddy-ws-"));
  writeFileSync(join(workspace, "hello.txt"), "hello from the workspace\n");
  const logger = new MemoryLogger();
  const files = new DiskFiles();
  const chat = new ChatSession({
    catalog: new MemoryCatalog([definition]),
    workspace: fixedWorkspace(workspace),
    logger,
    clock: steppingClock(),
    restartDelaysMs: [],
    ports: { files, consent: new ScriptedConsent() },
    ...(options.auth ? { auth: options.auth } : {}),
  });
  chat.refreshAgents();
  cleanup.add(() => chat.dispose());
  const states: Thread[] = [];
  const answered = new Set<string>();
  chat.store.subscribe(() => {
    const { thread } = chat.store.state;
    states.push(thread);
    for (const permission of thread.permissions) {
      if (answered.has(permission.requestId) || !options.permissionKind) continue;
      answered.add(permission.requestId);
      const option = permission.options.find((candidate) => candidate.kind === options.permissionKind);
      queueMicrotask(() => chat.answerPermission(permission.requestId, option?.optionId));
    }
  });
  await chat.start();
  const wire = (): Wire[] =>
    logger.trafficLog.map((entry) => ({
      direction: entry.direction,
      message: JSON.parse(entry.text) as Wire["message"],
    }));
  return { chat, logger, files, workspace, states, wire };
}

/** Agent → client requests with our answers. */
export function clientCalls(wire: Wire[], method: RegExp) {
  const answers = new Map(
    wire
      .filter((w) => w.direction === "out" && w.message.method === undefined)
      .map((w) => [JSON.stringify(w.message.id), w.message]),
  );
  return wire
    .filter(
      (w) =>
        w.direction === "in" &&
        w.message.method !== undefined &&
        w.message.id !== undefined &&
        method.test(w.message.method),
    )
    .map((w) => ({
      method: w.message.method!,
      params: w.message.params ?? {},
      answer: answers.get(JSON.stringify(w.message.id)),
    }));
}

/** Whether the card shows a fragment of JSON arguments as text (what the re-announcement must replace). */
export const fragmentShown = (card: ToolCallEntry | undefined) =>
  card?.content.some((c) => c.type === "content" && /^[{"]|":/.test((c.content as { text?: string }).text ?? "")) ??
  false;

/** The fake OpenAI model, started, stopped by `cleanup`. */
export async function withModel(cleanup: Cleanup) {
  const model = new FakeOpenAi();
  const url = await model.start();
  cleanup.add(() => model.stop());
  return { model, url };
}
