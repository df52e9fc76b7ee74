/**
 * How the client reaches an agent: a message stream plus the agent's lifetime. stdio spawns a
 * process; HTTP and WebSocket connect to a running agent server (Bub's `--transport http`).
 */
import type { MessageStream } from "../connection";
import type { FailureReport } from "../agentErrors";

export interface AgentTransport {
  readonly stream: MessageStream;
  /** Resolves when the agent can no longer be reached, with what to tell the user. */
  readonly ended: Promise<FailureReport>;
  readonly hasEnded: boolean;
  /** What was run or connected to, for error messages. */
  readonly description: string;
  /** Graceful shutdown; leaves no process behind. */
  stop(): Promise<void>;
}
