/**
 * The scripted fake ACP agent: a Node program speaking ACP v1 over stdio. Tests and the offline
 * demo launch it as `node out/test/fakeAgent.js`.
 *
 * Environment:
 *   FAKE_AGENT_LOG    append every line in and out (JSONL) to this file, so tests can assert the wire
 *   FAKE_AGENT_NAME   agentInfo.name to report (default "fake-agent")
 */
import { Wire, RpcError, type IncomingRequest } from "./wire";
import { pickScenario, type TurnContext } from "./scenarios";

interface SessionState {
  cancelled: boolean;
  busy: boolean;
}

const sessions = new Map<string, SessionState>();
let sessionCounter = 0;

const wire = new Wire(handleRequest, (notification) => {
  if (notification.method === "session/cancel") {
    const sessionId = (notification.params as { sessionId?: string } | undefined)?.sessionId;
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (session) session.cancelled = true;
  }
}, process.env.FAKE_AGENT_LOG);

async function handleRequest(request: IncomingRequest): Promise<unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  switch (request.method) {
    case "initialize":
      return {
        protocolVersion: 1,
        agentCapabilities: { loadSession: false, promptCapabilities: { image: false, audio: false, embeddedContext: true } },
        agentInfo: { name: process.env.FAKE_AGENT_NAME ?? "fake-agent", title: "Fake Agent", version: "1.0.0" },
        authMethods: [],
      };
    case "session/new": {
      if (typeof params.cwd !== "string" || !Array.isArray(params.mcpServers)) {
        throw new RpcError(-32602, "Invalid params", { cwd: params.cwd, mcpServers: params.mcpServers });
      }
      sessionCounter += 1;
      const sessionId = `sess-${process.pid}-${sessionCounter}`;
      sessions.set(sessionId, { cancelled: false, busy: false });
      return { sessionId };
    }
    case "session/prompt":
      return runPrompt(params);
    default:
      throw new RpcError(-32601, "Method not found", { method: request.method });
  }
}

async function runPrompt(params: Record<string, unknown>): Promise<unknown> {
  const sessionId = String(params.sessionId);
  const session = sessions.get(sessionId);
  if (!session) throw new RpcError(-32002, `Resource not found: ${sessionId}`, { sessionId });
  if (!Array.isArray(params.prompt)) throw new RpcError(-32602, "Invalid params: prompt must be an array of content blocks");
  const promptText = params.prompt
    .map((block: { type?: string; text?: string }) => (block.type === "text" ? block.text ?? "" : ""))
    .join("");
  session.cancelled = false;
  session.busy = true;
  const turn: TurnContext = {
    sessionId,
    promptText,
    update: (update) => wire.notify("session/update", { sessionId, update }),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    get cancelled() {
      return session.cancelled;
    },
    async streamText(text, size = 16, delayMs = 10) {
      for (let i = 0; i < text.length; i += size) {
        if (session.cancelled) return;
        wire.notify("session/update", { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: text.slice(i, i + size) } } });
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    },
    exit(code, stderr) {
      process.stderr.write(stderr + "\n", () => process.exit(code));
      return new Promise<never>(() => undefined);
    },
  };
  try {
    const stopReason = await pickScenario(promptText)(turn);
    return { stopReason };
  } finally {
    session.busy = false;
  }
}

process.stderr.write(`fake agent ${process.pid} ready\n`);
