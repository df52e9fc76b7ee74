/**
 * `session/request_permission`: shown on its tool call in the panel, answered by the user (or a
 * saved rule), and settled as `cancelled` when the turn is cancelled or the agent withdraws the
 * request (`$/cancel_request`). Options are chosen by `kind`, never by id: ids differ per agent.
 * The SDK validates the params (zod) before they get here: titles and option names are strings,
 * of any length (hence the caps below).
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ThreadAction } from "../../../shared/thread/threadActions";
import { LIMIT_REACHED, RequestError } from "../connection/connection";
import type { AgentRef } from "../../agents/agentIdentity";
import type { PermissionNotifier, PermissionRules, RuledAnswer } from "../../ports";

/** A hostile agent may send thousands of options; the card shows at most this many. */
export const MAX_PERMISSION_OPTIONS = 20;
/** Unanswered requests an agent may have at once (all its sessions); more are refused. */
export const MAX_PENDING_PERMISSIONS = 32;

interface Pending {
  readonly sessionId: string;
  /** What is asked for, in words (the tool call's title). */
  readonly what: string;
  readonly options: readonly acp.PermissionOption[];
  readonly resolve: (response: acp.RequestPermissionResponse) => void;
}

export class PermissionBroker {
  private readonly pending = new Map<string, Pending>();
  private counter = 0;

  constructor(
    private readonly agent: AgentRef,
    private readonly dispatch: (sessionId: string, action: ThreadAction) => void,
    private readonly newId: () => string,
    private readonly rules?: PermissionRules,
    private readonly notifier?: PermissionNotifier,
  ) {}

  request(params: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    if (!this.rules) return this.ask(params, signal);
    // A rule that fails to decide (e.g. an unreadable path) decides nothing: the user is asked.
    return this.rules
      .decide(this.agent, params)
      .catch(() => undefined)
      .then((ruled) => {
        if (signal.aborted) return { outcome: { outcome: "cancelled" } };
        const ruledOption = ruled ? params.options.find((option) => option.kind === ruled.decision) : undefined;
        if (!ruled || !ruledOption) return this.ask(params, signal);
        this.dispatch(params.sessionId, ruledNotice(this.newId(), ruled, params.toolCall));
        return { outcome: { outcome: "selected", optionId: ruledOption.optionId } };
      });
  }

  /** Requests a rule answers don't count towards the cap; the ones waiting for the user do. */
  private ask(params: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    if (this.pending.size >= MAX_PENDING_PERMISSIONS) {
      return Promise.reject(
        new RequestError(
          LIMIT_REACHED,
          `ACP Panel allows at most ${MAX_PENDING_PERMISSIONS} unanswered permission requests per agent; wait for the user's answers.`,
          { limit: MAX_PENDING_PERMISSIONS },
        ),
      );
    }
    const requestId = `perm-${++this.counter}`;
    const options = params.options.slice(0, MAX_PERMISSION_OPTIONS);
    return new Promise((resolve) => {
      const what = (params.toolCall.title ?? params.toolCall.kind ?? params.toolCall.toolCallId).slice(0, 200);
      this.pending.set(requestId, { sessionId: params.sessionId, what, options, resolve });
      this.dispatch(params.sessionId, {
        type: "permission/requested",
        requestId,
        entryId: this.newId(),
        toolCall: params.toolCall,
        options: options.map(({ optionId, name, kind }) => ({ optionId, name: name.slice(0, 200), kind })),
      });
      signal.addEventListener("abort", () => this.settle(requestId, undefined), { once: true });
      this.notifier?.notify(this.agent.name, params, (optionId) => this.settle(requestId, optionId));
    });
  }

  /**
   * The user's answer; `undefined` = dismissed (answered `cancelled`). Returns what was asked and
   * the chosen option's name when an option was chosen (for a note sent after the answer).
   */
  answer(requestId: string, optionId: string | undefined): { what: string; chose: string } | undefined {
    const pending = this.pending.get(requestId);
    const option = pending?.options.find((candidate) => candidate.optionId === optionId);
    this.settle(requestId, optionId);
    return pending && option ? { what: pending.what, chose: option.name.slice(0, 200) } : undefined;
  }

  /** Turn cancelled: every pending request of the session is answered `cancelled` (ACP MUST). */
  cancelSession(sessionId: string): void {
    for (const [requestId, pending] of this.pending)
      if (pending.sessionId === sessionId) this.settle(requestId, undefined);
  }

  cancelAll(): void {
    for (const requestId of [...this.pending.keys()]) this.settle(requestId, undefined);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  private settle(requestId: string, optionId: string | undefined): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    const option =
      optionId === undefined ? undefined : pending.options.find((candidate) => candidate.optionId === optionId);
    pending.resolve(
      option ? { outcome: { outcome: "selected", optionId: option.optionId } } : { outcome: { outcome: "cancelled" } },
    );
    this.dispatch(pending.sessionId, {
      type: "permission/resolved",
      requestId,
      outcome: option ? { optionId: option.optionId, kind: option.kind } : "cancelled",
    });
  }
}

/** What the user sees in the transcript when a rule answered for them: never silent. */
export function ruledNotice(entryId: string, ruled: RuledAnswer, toolCall: acp.ToolCallUpdate): ThreadAction {
  const what = (toolCall.title ?? toolCall.kind ?? toolCall.toolCallId).slice(0, 200);
  const allowed = ruled.decision === "allow_once";
  return {
    type: "acp/update",
    entryId,
    update: {
      sessionUpdate: "notice",
      severity: allowed ? "info" : "warning",
      title: `${allowed ? "Allowed" : "Rejected"} by rule: ${what}`,
      description: `Rule: ${ruled.rule}. Change it with "ACP: Manage Permission Rules".`,
    },
  };
}
