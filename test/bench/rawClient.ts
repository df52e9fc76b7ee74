/**
 * The raw limit: a UI-less ACP client built straight on the SDK (`client()` + `ndJsonStream`, not
 * our ChatSession), reading the same flood from the same fake agent over stdio and only
 * concatenating the text. Bundled by rawBaseline.ts and run on the extension host's Node 24, one
 * process per run. Input: one JSON argument (RawJob); output: one JSON line (RawResult).
 */
import * as acp from "@agentclientprotocol/sdk";
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { startMemorySampler } from "./memorySampler";
import { runClient } from "./clientMain";

export interface RawJob {
  readonly node: string;
  readonly agentScript: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** `prompt`: session/new then session/prompt; `load`: session/load of `sessionId` (replay). */
  readonly mode: "prompt" | "load";
  readonly prompt?: string;
  readonly endMarker?: string;
  readonly sessionId?: string;
}

export interface RawResult {
  /** prompt: request written → end marker received; load: request written → response. */
  readonly ms: number;
  /** Date.now() when the first agent_message_chunk arrived. */
  readonly firstChunkAt?: number;
  /** Date.now() when the end marker arrived. */
  readonly endAt?: number;
  readonly textLength: number;
  readonly updates: number;
  /** See memorySampler.ts: over the prompt (or the load), MiB. */
  readonly rssPeakGrowthMB?: number;
  readonly heapGrowthMB?: number;
}

async function run(job: RawJob): Promise<RawResult> {
  const child = spawn(job.node, [job.agentScript], {
    cwd: job.cwd,
    env: { ...process.env, ...job.env },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const parts: string[] = [];
  let textLength = 0;
  let updates = 0;
  let firstChunkAt: number | undefined;
  let endAt: number | undefined;
  let sawEnd: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (sawEnd = resolve));
  let started = 0;
  let endMs = 0;

  const app = acp.client({ name: "bench-raw" }).onNotification(acp.methods.client.session.update, ({ params }) => {
    updates += 1;
    const update = params.update;
    if (update.sessionUpdate !== "agent_message_chunk" || update.content.type !== "text") return;
    const text = update.content.text;
    firstChunkAt ??= Date.now();
    parts.push(text);
    textLength += text.length;
    if (job.endMarker && endAt === undefined && text.includes(job.endMarker)) {
      endAt = Date.now();
      endMs = performance.now() - started;
      sawEnd();
    }
  });
  const connection = app.connect(stream);
  const agent = connection.agent;
  await agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
    clientInfo: { name: "bench-raw", version: "0" },
  });
  let ms: number;
  let memory: ReturnType<typeof startMemorySampler>;
  if (job.mode === "prompt") {
    const { sessionId } = await agent.request(acp.methods.agent.session.new, { cwd: job.cwd, mcpServers: [] });
    memory = startMemorySampler();
    started = performance.now();
    const response = agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: job.prompt ?? "" }],
    });
    await ended;
    await response;
    ms = endMs;
  } else {
    memory = startMemorySampler();
    started = performance.now();
    await agent.request(acp.methods.agent.session.load, {
      sessionId: job.sessionId ?? "",
      cwd: job.cwd,
      mcpServers: [],
    });
    ms = performance.now() - started;
  }
  // The concatenated text is the point of the baseline: build it, as a UI would have to.
  textLength = parts.join("").length;
  const { rssPeakGrowthMB, heapGrowthMB } = memory.stop();
  connection.close();
  child.kill();
  return {
    ms,
    textLength,
    updates,
    rssPeakGrowthMB,
    ...(heapGrowthMB === undefined ? {} : { heapGrowthMB }),
    ...(firstChunkAt === undefined ? {} : { firstChunkAt }),
    ...(endAt === undefined ? {} : { endAt }),
  };
}

runClient("raw", run);
