/**
 * What a session's parts share: the controller (sessionController.ts) builds one SessionContext and
 * hands it to the helpers beside it (openRequests, sessionSettings, sessionUpdates, turnEnd,
 * silenceWatchdog, stopGrace, steerer). A leaf: it imports no helper, so the helpers and the
 * controller form a tree, not a circle.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClient } from "../connection/agentClient";
import type { Clock, Logger } from "../../ports";
import type { ThreadAction } from "../../../shared/thread/threadActions";
import type { Translate } from "../../../shared/l10n";

export type ThreadSink = (action: ThreadAction) => void;
export interface AgentNotice {
  readonly severity: "warning" | "error";
  readonly title: string;
  readonly description?: string;
}
export type OpenMode = "new" | "load" | "resume";

export interface SessionContext {
  readonly client: AgentClient;
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  readonly sink: ThreadSink;
  readonly newId: () => string;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * True while the turn waits for the user (a permission or a form): the agent is silent because
   * of us, so the silence watchdog keeps quiet and looks again later.
   */
  readonly awaitingUser?: () => boolean;
  /** The user's language for what the panel itself writes in the transcript (default English). */
  readonly translate?: Translate;
  /** MCP servers the client itself serves to this session (the VS Code tools), after the user's. */
  readonly clientMcpServers?: () => Promise<acp.McpServer[]>;
  /**
   * Runs after the user's message shows and before the agent gets it (the turn's workspace
   * checkpoint). It must not throw; the prompt goes out once it resolves.
   */
  readonly beforePrompt?: (entryId: string) => Promise<void>;
  /** Runs once that prompt's turn is over, however it ended (the checkpoints' storage budget). */
  readonly afterPrompt?: () => void;
  /** A live warning or error `notice` from the agent (sessionUpdates.ts): the host raises a toast. */
  readonly agentNotice?: (notice: AgentNotice) => void;
  /** The user's auto-retry setting (autoRetry.ts), read at each failure; off when absent. */
  readonly autoRetry?: () => boolean;
}
