/**
 * What an agent's lifecycle (agentLifecycle.ts) is given: its dependencies, and the panel its actions
 * go to. A leaf, so the lifecycle's helpers (agentWiring.ts, sessionReopening.ts) read these types
 * without importing the lifecycle itself.
 */
import type { AgentProcesses } from "../client/session/agentProcesses";
import type { TransportOpener } from "../client/connection/transports/openTransport";
import type { SessionController } from "../client/session/sessionController";
import type { ClientPorts } from "../client/session/agentServices";
import type { AgentNotice } from "../client/session/sessionContext";
import type { SessionCheckpoints } from "../checkpoints/sessionCheckpoints";
import type { KeptConversation } from "../journal/tabJournals";
import type { TabWorktree } from "../worktrees/tabWorktree";
import type { AgentCatalog, AuthPrompt, Clock, Logger, WorkspacePort } from "../ports";
import type { Translate } from "../../shared/l10n";
import type { ChangeReview } from "./changeReview";
import type { PanelStore } from "./panelStore";
import type { TabNotes } from "./tabNotes";

export interface AgentLifecycleDeps {
  readonly catalog: AgentCatalog;
  /** Where the agent works; for a tab in a git worktree, that worktree alone (tabWorktree.ts). */
  readonly workspace: WorkspacePort;
  readonly worktree?: TabWorktree;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly auth?: AuthPrompt;
  /** What the client offers agents: files, terminals, permission and form UI. */
  readonly ports?: ClientPorts;
  /** PATH to spawn agents with (the login shell's). */
  readonly pathValue?: () => Promise<string | undefined>;
  /** Fills in secret references in an agent's env (`${secret:NAME}`) at launch. */
  readonly resolveEnv?: (env: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** Fills in secret references in a network agent's `headers` at launch. */
  readonly resolveHeaders?: (headers: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** The extension's private storage folder: package runners (npx, uvx…) start in a folder inside it. */
  readonly storageDirectory?: string;
  /** Delays before automatic restarts after consecutive crashes; empty = never. */
  readonly restartDelaysMs?: readonly number[];
  /** Conversations kept locally (the journal), shown when the agent cannot reopen a session and while it replays one. */
  readonly transcripts?: {
    get(agent: string, sessionId: string): KeptConversation | undefined | Promise<KeptConversation | undefined>;
  };
  /** The user's language for what the panel writes in the transcript (default English; agent text is never translated). */
  readonly translate?: Translate;
  /** The user's auto-retry setting (`acpPanel.autoRetry`): a turn that failed with a temporary error is sent again. */
  readonly autoRetry?: () => boolean;
  /** The user's auto-restart setting (`acpPanel.autoRestart`), read at each crash; absent: on. */
  readonly autoRestart?: () => boolean;
  /** A live `notice` from the named agent: the host shows warnings and errors as toasts. */
  readonly agentNotice?: (agent: string, notice: AgentNotice) => void;
  /** The agent processes tabs share; absent: this tab's own, stopped as soon as it lets go. */
  readonly agentProcesses?: AgentProcesses;
  /** How an agent is reached (default openTransport); the unit tests run the fake agent in memory through it. */
  readonly openTransport?: TransportOpener;
}

/** The panel the agent's actions go to. */
export interface LifecyclePanel {
  readonly store: PanelStore;
  readonly notes: TabNotes;
  /** Records the agent's file writes, when the client has file access. */
  readonly review: ChangeReview | undefined;
  /** The checkpoint before each turn. */
  readonly checkpoints?: SessionCheckpoints;
  /** The transcript was cleared for a new session: messages still queued are shown again. */
  readonly threadReset: () => void;
  /** The session is ready: messages sent while the agent was starting go out. */
  readonly sessionReady: (session: SessionController) => void;
  /** The agent of a ready session ended on its own: what still waits to be sent was not sent. */
  readonly agentEnded: () => void;
}
