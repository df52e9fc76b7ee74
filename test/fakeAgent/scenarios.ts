/**
 * Prompt-turn scenarios, selected by the prompt's first word; numbers refer to the shared
 * fake-agent scenario catalogue (docs/reference/fake-agent-scenarios.md; group C: turn shapes; group F: robustness). Anything
 * unrecognised gets the friendly demo reply, so the same program is the offline demo agent.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { RpcError, internalError, type JsonRpcId } from "./wire";
import type { Profile } from "./profiles";
import { perWorld, type World } from "./world";
import { bubKind, bubToolResult } from "./bubTools";
import { quirkScenarios } from "./quirkScenarios";
import { benchScenarios } from "./benchScenarios";
import { bubScenarios } from "./bubScenarios";
import { codebuddyScenarios } from "./codebuddyScenarios";
import { showcaseScenarios } from "./showcaseScenarios";
import { consentScenarios } from "./consentScenarios";
import { vscodeToolScenarios } from "./vscodeToolScenarios";
import { followScenarios } from "./followScenarios";
import { realAgentHabits } from "./realAgentHabits";
import { checkpointScenarios } from "./checkpointScenarios";
import { startStopScenarios } from "./startStopScenarios";
import { agentShellScenarios } from "./agentShellScenarios";
import { unstableScenarios } from "./unstableSurface";
import { protocolEdgeScenarios } from "./protocolEdges";

export type StopReason = "end_turn" | "max_tokens" | "max_turn_requests" | "refusal" | "cancelled";
/** A stop reason, or a whole `PromptResponse` (usage, `_meta`…). */
export type TurnResult = StopReason | ({ stopReason: StopReason } & Record<string, unknown>);

export interface TurnContext {
  /** What the agent process shares across its sessions; scenario modules keep their state there (perWorld). */
  readonly world: World;
  readonly sessionId: string;
  readonly promptText: string;
  /** The prompt's words after the first. */
  readonly args: readonly string[];
  readonly profile: Profile;
  readonly clientCapabilities: Readonly<Record<string, unknown>>;
  /** `initialize`'s clientInfo as the client sent it. */
  readonly clientInfo: unknown;
  /** The session's cwd (Bub resolves tool paths against it). */
  readonly cwd: string;
  /** True for a turn no `session/prompt` owns (started from a late steer). */
  readonly background: boolean;
  /** Sends one `session/update` for this session (and records it for `session/load`). */
  update(update: object): void;
  /** Agent → client request for this session (`sessionId` is added); `id` forces the JSON-RPC id. */
  request(method: string, params: object, id?: JsonRpcId): Promise<unknown>;
  /** Sends any message, or a raw line. */
  send(message: object | string): void;
  /** An agent → client notification (`_lody/…`, `$/cancel_request`…). */
  notify(method: string, params: object): void;
  /** Reserves the id of the next agent → client request, to pass to `request`. */
  allocateRequestId(): number;
  /**
   * One model step: consumes the steers waiting in the turn's inbox (they are answered `injected`),
   * or only the first `count` of them (those that were waiting when the step's model call began).
   */
  modelStep(count?: number): string[];
  /** How many steers wait in the inbox now. */
  readonly steersWaiting: number;
  /** Resolves once a steer is waiting for the next model step. */
  whenSteered(): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** True once the client sent `session/cancel` for this session. */
  readonly cancelled: boolean;
  whenCancelled(): Promise<void>;
  /** Streams text as `agent_message_chunk`s of `size` characters, `delayMs` apart; stops when cancelled. */
  streamText(text: string, size?: number, delayMs?: number): Promise<void>;
  /** Writes `stderr` and exits the process (network: drops the connection); never settles. */
  exit(code: number, stderr: string): Promise<never>;
  /** Drops the connection; never settles. */
  disconnect(): Promise<never>;
  /** Closes the agent's output and stays alive; never settles. */
  closeOutput(): Promise<never>;
}

export type Scenario = (turn: TurnContext) => Promise<TurnResult>;

const DEMO_REPLY = [
  "Hello! I am the **ACP Panel demo agent**, running offline.",
  "",
  "I stream Markdown in small chunks, the way real agents do. Here is some `inline code` and a block:",
  "",
  "```ts",
  "export function greet(name: string): string {",
  "  return `Hello, ${name}!`;",
  "}",
  "```",
  "",
  "Try a prompt that starts with `long` to see a turn you can **Stop**.",
].join("\n");

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });

/** Bub's tool-call pair for one tool: title = tool name, or the command for bash (§4). */
function bubToolCall(id: string, name: string, rawInput: Record<string, unknown>) {
  const title = name === "bash" ? String(rawInput.command) : name;
  return { sessionUpdate: "tool_call", toolCallId: id, title, kind: bubKind(name), status: "in_progress", rawInput };
}

/** `flaky`: how many prompts each session has sent it. */
const flakyAttempts = perWorld(() => new Map<string, number>());

export const scenarios: Record<string, Scenario> = {
  async hello(turn) {
    turn.update({
      sessionUpdate: "agent_thought_chunk",
      content: text("The user greeted me; reply with a short tour."),
    });
    await turn.streamText(DEMO_REPLY, 12, 15);
    return "end_turn";
  },

  /** A long turn that honours `session/cancel` with `cancelled`: ticks until cancelled (or 60 s). */
  async long(turn) {
    for (let tick = 1; tick <= 600; tick++) {
      if (turn.cancelled) return "cancelled";
      turn.update(chunk(`Working, step ${tick}. `));
      await turn.sleep(100);
    }
    return "end_turn";
  },

  /** The prompt fails with a JSON-RPC error. */
  async error() {
    throw internalError("simulated failure: the model API returned 500");
  },

  /**
   * Auto-retry: `flaky <n>` fails the session's first `n` prompts of this scenario like a rate-limited
   * model API (HTTP 429 in the error data), then replies. `flaky-final` fails with a 401 every time.
   */
  async flaky(turn) {
    const failures = Number(turn.args[0] ?? 1);
    const attempts = flakyAttempts(turn.world);
    const seen = (attempts.get(turn.sessionId) ?? 0) + 1;
    attempts.set(turn.sessionId, seen);
    if (seen <= failures)
      throw new RpcError(-32603, "Internal error", { details: "429 Too Many Requests", status: 429, attempt: seen });
    turn.update(chunk(`Answered on attempt ${seen}.`));
    return "end_turn";
  },

  async "flaky-final"() {
    throw new RpcError(-32603, "Internal error", { details: "401 invalid x-api-key", status: 401 });
  },

  /** Streams a little, then dies with a stderr message. */
  async crash(turn) {
    await turn.streamText("Starting work… ", 8, 10);
    return await turn.exit(3, "fatal: simulated crash in the fake agent");
  },

  /** Like `crash`, after 2 s of ticks: time to queue a message in the UI before the agent dies. */
  async "crash-late"(turn) {
    for (let tick = 1; tick <= 20; tick++) {
      turn.update(chunk(`Working before the crash, step ${tick}. `));
      await turn.sleep(100);
    }
    return await turn.exit(3, "fatal: simulated crash in the fake agent");
  },

  /**
   * `crash-on-signal <file>`: ticks as `crash-late` does until `file` (relative to the session's
   * folder) exists, at most a minute, then dies: a test on a loaded machine decides when the
   * agent dies instead of racing a 2 s timer.
   */
  async "crash-on-signal"(turn) {
    const signal = resolve(turn.cwd, turn.args[0] ?? ".crash-now");
    const deadline = Date.now() + 60_000;
    for (let tick = 1; !existsSync(signal) && Date.now() < deadline; tick++) {
      turn.update(chunk(`Working before the crash, step ${tick}. `));
      await turn.sleep(100);
    }
    return await turn.exit(3, "fatal: simulated crash in the fake agent");
  },

  /** 12: text chunks, a thought, two usage updates (used 11 then 12, size 100), end_turn. */
  async "basic-stream"(turn) {
    turn.update(chunk("Hello"));
    turn.update({ sessionUpdate: "agent_thought_chunk", content: text("Thinking about it.") });
    turn.update({ sessionUpdate: "usage_update", used: 11, size: 100 });
    await turn.streamText(" from **basic-stream**.", 6, 5);
    turn.update({ sessionUpdate: "usage_update", used: 12, size: 100 });
    return "end_turn";
  },

  /** 13: nothing streamed; the whole reply in one chunk just before the result. */
  async "late-text"(turn) {
    await turn.sleep(30);
    turn.update(chunk("The complete answer, sent at the end."));
    return "end_turn";
  },

  /** 14: Bub turns a stream error into reply text, and still ends the turn normally. */
  async "stream-error"(turn) {
    turn.update(chunk("Partial answer"));
    turn.update(chunk("\nError: rate limited"));
    return "end_turn";
  },

  /** 14 variant: the turn raises; Bub answers -32603 `{"details":"turn failed"}`. */
  async "stream-error-throw"(turn) {
    turn.update(chunk("Partial answer"));
    throw internalError("turn failed");
  },

  /** 15: a batch of two tools, results in order (the second without title), then three more kinds. */
  async "batch-tools"(turn) {
    turn.update(chunk("Looking around."));
    turn.update(bubToolCall("call-1", "bash", { command: "pwd" }));
    turn.update(bubToolCall("call-2", "fs.read", { path: "README.md" }));
    turn.update(bubToolResult("call-1", "/home/dev/proj", "pwd"));
    turn.update(bubToolResult("call-2", { path: "README.md", content: "# Readme" }));
    turn.update(bubToolCall("call-3", "web.search", { query: "acp" }));
    turn.update(bubToolCall("call-4", "format_code", { path: "main.py" }));
    turn.update(bubToolCall("call-5", "subagent", { prompt: "delegate this" }));
    turn.update(bubToolResult("call-3", ["https://agentclientprotocol.com"]));
    turn.update(bubToolResult("call-4", "formatted main.py"));
    turn.update(bubToolResult("call-5", { session_id: "temp/ab12cd34", output: "work done", errors: [] }));
    turn.update(chunk(" Done."));
    return "end_turn";
  },

  /** 16: a result for a tool call never announced. */
  async "orphan-result"(turn) {
    turn.update(chunk("Before the orphan."));
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "tool-7",
      status: "completed",
      rawOutput: "orphan output",
      content: [{ type: "content", content: text("orphan output") }],
    });
    turn.update(chunk(" After."));
    return "end_turn";
  },

  /** 17: Bub ignores cancellation's stop reason: it winds down and still answers `end_turn`. */
  async cancel(turn) {
    turn.update(bubToolCall("call-9", "bash", { command: "sleep 60" }));
    for (let tick = 1; tick <= 600 && !turn.cancelled; tick++) {
      turn.update(chunk(`tick ${tick}. `));
      await Promise.race([turn.sleep(50), turn.whenCancelled()]);
    }
    turn.update(chunk("(stopped)"));
    return "end_turn";
  },

  /** 18: streams slowly; the prompt lock makes a second session's turn wait for this one. */
  async "serialised-sessions"(turn) {
    for (let i = 1; i <= 5; i++) {
      turn.update(chunk(`[${turn.args[0] ?? turn.sessionId}:${i}]`));
      await turn.sleep(15);
    }
    return "end_turn";
  },

  /** Non-JSON, a batch and a bare number on the wire between good messages. */
  async garbage(turn) {
    turn.update(chunk("before garbage. "));
    turn.send("this line is not JSON {");
    turn.send(
      JSON.stringify([
        { jsonrpc: "2.0", method: "session/update", params: { sessionId: turn.sessionId, update: chunk("batched!") } },
      ]),
    );
    turn.send("42");
    await turn.sleep(20);
    turn.update(chunk("after garbage."));
    return "end_turn";
  },

  /** An unknown update variant, a vendor one, vendor notifications, then ordinary text. */
  async "unknown-update"(turn) {
    turn.update({ sessionUpdate: "_sparkle_update", sparkles: 3 });
    turn.update({ sessionUpdate: "tool_call_pending", toolCallId: "cb1", toolName: "Bash", toolCallIndex: 0 });
    turn.send({ jsonrpc: "2.0", method: "_x/y", params: { sessionId: turn.sessionId, hello: "world" } });
    turn.send({ jsonrpc: "2.0", method: "_x/z", params: { global: true } });
    turn.update(chunk("visible text"));
    return "end_turn";
  },

  /** One 10 MiB `agent_message_chunk` on a single line. */
  async "huge-line"(turn) {
    turn.update(chunk("x".repeat(10 * 1024 * 1024)));
    return "end_turn";
  },

  /**
   * Messages nested 20,000 levels deep (sent as raw lines: the agent's own JSON.stringify would
   * overflow): a vendor notification, an unknown update variant and a known one with deep `_meta`.
   */
  async "deep-nesting"(turn) {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const session = JSON.stringify(turn.sessionId);
    turn.send(`{"jsonrpc":"2.0","method":"_x/deep","params":{"sessionId":${session},"deep":${deep}}}`);
    turn.send(
      `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":{"sessionUpdate":"_deep_update","deep":${deep}}}}`,
    );
    turn.send(
      `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"deep "},"_meta":{"deep":${deep}}}}}`,
    );
    turn.update(chunk("still connected"));
    return "end_turn";
  },

  /** A tool call whose raw input and output, and a plan's _meta, nest 20,000 levels deep; then a reply. */
  async "deep-tool-call"(turn) {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const session = JSON.stringify(turn.sessionId);
    turn.send(
      `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":{"sessionUpdate":"tool_call","toolCallId":"deep-1","title":"Deep input","kind":"other","status":"in_progress","rawInput":{"deep":${deep}}}}}`,
    );
    turn.send(
      `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":{"sessionUpdate":"tool_call_update","toolCallId":"deep-1","status":"completed","rawOutput":${deep}}}}`,
    );
    turn.send(
      `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":{"sessionUpdate":"plan","entries":[{"content":"step","priority":"high","status":"pending","_meta":{"deep":${deep}}}]}}}`,
    );
    turn.update(chunk("deep card shown"));
    return "end_turn";
  },

  /** One line over the client's 32 MiB limit; the agent then waits. */
  async "oversize-line"(turn) {
    turn.send({
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: turn.sessionId, update: chunk("y".repeat(33 * 1024 * 1024)) },
    });
    await new Promise(() => undefined);
    return "end_turn";
  },

  /** 5,000 chunks with no delay. */
  async flood(turn) {
    for (let i = 0; i < 5000; i++) turn.update(chunk(`${i % 10}`));
    return "end_turn";
  },

  /** JSON-RPC responses to ids the client never used, then an ordinary reply. */
  async "unknown-response"(turn) {
    turn.send({ jsonrpc: "2.0", id: 987654, result: { surprise: true } });
    turn.send({ jsonrpc: "2.0", id: "never-used", error: { code: -32603, message: "Internal error" } });
    turn.update(chunk("still here"));
    return "end_turn";
  },

  /** Streams, then the transport drops (WebSocket/HTTP) or the process exits (stdio). */
  async drop(turn) {
    await turn.streamText("Working before the drop. ", 8, 10);
    return await turn.disconnect();
  },

  /** Streams, then closes stdout and stays alive. */
  async "close-stdout"(turn) {
    await turn.streamText("Working before stdout closes. ", 10, 10);
    return await turn.closeOutput();
  },

  ...quirkScenarios,
  ...benchScenarios,
  ...bubScenarios,
  ...codebuddyScenarios,
  ...showcaseScenarios,
  ...consentScenarios,
  ...vscodeToolScenarios,
  ...followScenarios,
  ...realAgentHabits,
  ...checkpointScenarios,
  ...startStopScenarios,
  ...agentShellScenarios,
  ...unstableScenarios,
  ...protocolEdgeScenarios,
};

export function pickScenario(promptText: string): Scenario {
  const first = promptText.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return scenarios[first] ?? scenarios.hello!;
}
