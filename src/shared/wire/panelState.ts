/**
 * The whole state a chat panel shows: the agents to pick from, the connection to the chosen
 * agent, and the thread. The host owns the canonical copy; the webview folds the same actions.
 */
import * as z from "zod";
import { type Thread, type TurnOutcome, emptyThread } from "../thread/thread";
import { threadActionSchema } from "../thread/threadActions";
import { describeAwaiting, threadPhase } from "./threadPhase";
import { reduceThread } from "../thread/reduceThread";
import { closeOpenToolCalls } from "../thread/reduceToolCall";
import { foldInDraft } from "../thread/threadEntries";
import { english, type Translate } from "../l10n";

export type ConnectionState =
  | { readonly status: "none" }
  /** `loadingSession`: the agent is up and this session is being loaded (its history replayed). */
  | { readonly status: "starting"; readonly agent: string; readonly loadingSession?: string }
  | { readonly status: "ready"; readonly agent: string; readonly sessionId: string }
  /** Could not start, or died. `details` holds the command run and the stderr tail. */
  | {
      readonly status: "failed";
      readonly agent: string;
      readonly message: string;
      readonly details?: string;
      /** The agent's command was not found: the fix is installing it, not a restart. */
      readonly missingCommand?: boolean;
    };

export interface PanelState {
  readonly agents: readonly string[];
  readonly selectedAgent?: string;
  readonly connection: ConnectionState;
  readonly thread: Thread;
}

export const initialPanelState: PanelState = { agents: [], connection: { status: "none" }, thread: emptyThread };

export const panelActionSchema = z.union([
  threadActionSchema,
  z.discriminatedUnion("type", [
    /** The configured agents changed (settings edited). */
    z.object({
      type: z.literal("agents/configured"),
      agents: z.array(z.string()),
      selectedAgent: z.string().optional(),
    }),
    z.object({ type: z.literal("connection/starting"), agent: z.string() }),
    /**
     * `session/load` (or `session/resume`) is in flight. The host holds the replayed updates and
     * sends one `state/snapshot` when the request returns.
     */
    z.object({ type: z.literal("connection/loading"), agent: z.string(), sessionId: z.string() }),
    z.object({ type: z.literal("connection/ready"), agent: z.string(), sessionId: z.string() }),
    z.object({
      type: z.literal("connection/failed"),
      agent: z.string(),
      message: z.string(),
      details: z.string().optional(),
      missingCommand: z.boolean().optional(),
    }),
    /** The tab's agent was let go without a failure (it left the settings unused): no agent now. */
    z.object({ type: z.literal("connection/closed") }),
  ]),
]);
export type PanelAction = z.infer<typeof panelActionSchema>;

/**
 * Folds a batch of actions into one new state, copying the entry list and index at most once
 * (see threadEntries.ts): the same result as `reducePanel` over each action in turn, in linear
 * time. `state` is left as it was, also when an action throws.
 */
export function reducePanelBatch(state: PanelState, actions: readonly PanelAction[]): PanelState {
  if (actions.length === 1) return reducePanel(state, actions[0]!);
  return foldInDraft(() => actions.reduce(reducePanel, state));
}

export function reducePanel(state: PanelState, action: PanelAction): PanelState {
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- thread actions fall to `default`
  switch (action.type) {
    case "agents/configured":
      return action.selectedAgent === undefined
        ? { ...state, agents: action.agents }
        : { ...state, agents: action.agents, selectedAgent: action.selectedAgent };
    case "connection/starting":
      return { ...state, selectedAgent: action.agent, connection: { status: "starting", agent: action.agent } };
    case "connection/loading":
      return {
        ...state,
        selectedAgent: action.agent,
        connection: { status: "starting", agent: action.agent, loadingSession: action.sessionId },
      };
    case "connection/ready": {
      // A fresh connection is ready: how the last turn ended is history (in the transcript), not status.
      const turn = state.thread.turn.phase === "idle" ? { phase: "idle" as const } : state.thread.turn;
      return {
        ...state,
        connection: { status: "ready", agent: action.agent, sessionId: action.sessionId },
        thread: { ...state.thread, turn },
      };
    }
    case "connection/closed":
      return { ...state, connection: { status: "none" } };
    case "connection/failed": {
      const { agent, message, details, missingCommand } = action;
      const connection = {
        status: "failed" as const,
        agent,
        message,
        ...(details === undefined ? {} : { details }),
        ...(missingCommand ? { missingCommand } : {}),
      };
      // A dead agent ends any running turn and fails its open tool calls: never leave a spinner behind.
      const failed = closeOpenToolCalls(state.thread, "failed");
      const thread: Thread =
        state.thread.turn.phase === "idle"
          ? { ...failed, permissions: [], forms: [] }
          : { ...failed, permissions: [], forms: [], turn: { phase: "idle", lastStop: "error" } };
      return { ...state, connection, thread };
    }
    default: // a thread action: reduceThread's own switch is checked for exhaustiveness
      return { ...state, thread: reduceThread(state.thread, action) };
  }
}

/** What the `role="status"` line says: derived, never stored. */
export function describeStatus(state: PanelState, t: Translate = english): string {
  const { connection, thread } = state;
  if (connection.status === "none") return state.agents.length === 0 ? t("No agent configured") : t("Not connected");
  if (connection.status === "starting")
    return connection.loadingSession === undefined ? t("Starting {0}…", connection.agent) : t("Loading session…");
  if (connection.status === "failed") return t("{0} failed: {1}", connection.agent, connection.message);
  const phase = threadPhase(thread);
  switch (phase) {
    case "running":
      return t("{0} is working…", connection.agent);
    case "cancelling":
      return t("Cancelling…");
    case "awaiting_permission":
    case "awaiting_form":
      return describeAwaiting(phase, t);
    case "idle":
      if (thread.turn.phase === "idle" && thread.turn.stopUnconfirmed)
        return t("Turn stopped: {0} hasn't confirmed the stop yet", connection.agent);
      return describeStop(thread.turn.phase === "idle" ? thread.turn.lastStop : undefined, connection.agent, t);
  }
}

function describeStop(stop: TurnOutcome | undefined, agent: string, t: Translate): string {
  switch (stop) {
    case undefined:
    case "end_turn":
      return t("{0} is ready", agent);
    case "cancelled":
      return t("Turn cancelled");
    case "max_tokens":
      return t("Stopped: the agent hit its token limit");
    case "max_turn_requests":
      return t("Stopped: the agent hit its request limit for one turn");
    case "refusal":
      return t("The agent refused to continue");
    case "error":
      return t("The turn failed");
  }
}
