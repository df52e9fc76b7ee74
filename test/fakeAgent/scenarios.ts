/**
 * Prompt-turn scenarios, selected by the prompt's first word (see ../../shared reference
 * catalogue for the numbering). Anything unrecognised gets the friendly demo reply, so the same
 * program serves as the offline demo agent.
 */
import { RpcError } from "./wire";

export type StopReason = "end_turn" | "max_tokens" | "max_turn_requests" | "refusal" | "cancelled";

export interface TurnContext {
  readonly sessionId: string;
  readonly promptText: string;
  /** Sends one `session/update` for this session. */
  update(update: object): void;
  sleep(ms: number): Promise<void>;
  /** True once the client sent `session/cancel` for this session. */
  readonly cancelled: boolean;
  /** Streams text as `agent_message_chunk`s of `size` characters, `delayMs` apart. */
  streamText(text: string, size?: number, delayMs?: number): Promise<void>;
  /** Writes `stderr` and exits the process; the promise never settles. */
  exit(code: number, stderr: string): Promise<never>;
}

export type Scenario = (turn: TurnContext) => Promise<StopReason>;

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

export const scenarios: Record<string, Scenario> = {
  async hello(turn) {
    turn.update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "The user greeted me; reply with a short tour." } });
    await turn.streamText(DEMO_REPLY, 12, 15);
    return "end_turn";
  },

  /** A long turn that honours `session/cancel`: ticks until cancelled (or 60 s). */
  async long(turn) {
    for (let tick = 1; tick <= 600; tick++) {
      if (turn.cancelled) return "cancelled";
      turn.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: `Working, step ${tick}. ` } });
      await turn.sleep(100);
    }
    return "end_turn";
  },

  /** The prompt fails with a JSON-RPC error. */
  async error() {
    throw new RpcError(-32603, "Internal error", { details: "simulated failure: the model API returned 500" });
  },

  /** Streams a little, then dies with a stderr message. */
  async crash(turn) {
    await turn.streamText("Starting work… ", 8, 10);
    return await turn.exit(3, "fatal: simulated crash in the fake agent");
  },

  /** Catalogue 12: text chunks, a thought, two usage updates, end_turn. */
  async "basic-stream"(turn) {
    turn.update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "Thinking about it." } });
    await turn.streamText("Hello from **basic-stream**.", 6, 5);
    turn.update({ sessionUpdate: "usage_update", used: 11, size: 100 });
    turn.update({ sessionUpdate: "usage_update", used: 12, size: 100 });
    return "end_turn";
  },
};

export function pickScenario(promptText: string): Scenario {
  const first = promptText.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return scenarios[first] ?? scenarios.hello!;
}
