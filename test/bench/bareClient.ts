/**
 * The bare limit: no SDK, no panel. Spawns the same fake agent, writes the three requests by hand,
 * reads its stdout as a Node stream, splits on newlines, `JSON.parse`s each line and joins the
 * text of the `agent_message_chunk`s: what any client must do at least. Bundled and run like
 * rawClient.ts (one Node 24 process per run); input RawJob (mode "prompt"), output one RawResult line.
 */
import { spawn } from "node:child_process";
import { startMemorySampler } from "./memorySampler";
import type { RawJob, RawResult } from "./rawClient";
import { runClient } from "./clientMain";

interface Message {
  id?: number;
  method?: string;
  result?: { sessionId?: string };
  error?: unknown;
  params?: { update?: { sessionUpdate?: string; content?: { type?: string; text?: string } } };
}

async function run(job: RawJob): Promise<RawResult> {
  const child = spawn(job.node, [job.agentScript], {
    cwd: job.cwd,
    env: { ...process.env, ...job.env },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const waiting = new Map<number, (message: Message) => void>();
  const parts: string[] = [];
  let updates = 0;
  let firstChunkAt: number | undefined;
  let endAt: number | undefined;
  let endMs = 0;
  let started = 0;
  let sawEnd: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (sawEnd = resolve));

  const onMessage = (message: Message) => {
    if (message.method === "session/update") {
      updates += 1;
      const update = message.params?.update;
      if (update?.sessionUpdate !== "agent_message_chunk" || update.content?.type !== "text") return;
      const text = update.content.text ?? "";
      firstChunkAt ??= Date.now();
      parts.push(text);
      if (job.endMarker && endAt === undefined && text.includes(job.endMarker)) {
        endAt = Date.now();
        endMs = performance.now() - started;
        sawEnd();
      }
    } else if (typeof message.id === "number" && !message.method) {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  };
  let buffer = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    buffer += text;
    let start = 0;
    for (let newline = buffer.indexOf("\n"); newline !== -1; newline = buffer.indexOf("\n", start)) {
      const line = buffer.slice(start, newline);
      start = newline + 1;
      if (line.trim()) onMessage(JSON.parse(line) as Message);
    }
    buffer = buffer.slice(start);
  });

  let nextId = 0;
  const request = (method: string, params: unknown): Promise<Message> => {
    const id = nextId++;
    const answer = new Promise<Message>((resolve) => waiting.set(id, resolve));
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    return answer.then((message) =>
      message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message,
    );
  };

  await request("initialize", {
    protocolVersion: 1,
    clientCapabilities: {},
    clientInfo: { name: "bench-bare", version: "0" },
  });
  const session = await request("session/new", { cwd: job.cwd, mcpServers: [] });
  const memory = startMemorySampler();
  started = performance.now();
  const response = request("session/prompt", {
    sessionId: session.result?.sessionId,
    prompt: [{ type: "text", text: job.prompt ?? "" }],
  });
  await ended;
  await response;
  const textLength = parts.join("").length;
  const { rssPeakGrowthMB, heapGrowthMB } = memory.stop();
  child.kill();
  return {
    ms: endMs,
    textLength,
    updates,
    rssPeakGrowthMB,
    ...(heapGrowthMB === undefined ? {} : { heapGrowthMB }),
    ...(firstChunkAt === undefined ? {} : { firstChunkAt }),
    ...(endAt === undefined ? {} : { endAt }),
  };
}

runClient("bare", run);
