/**
 * Whose change is it? A change on disk during a turn is the agent's when something the agent did
 * explains it: a tool call that names the file (`locations`, `diff`), or a tool call that can write
 * (edit, delete, move, execute, other) or a client terminal running when the file changed (or up to
 * `settleMs` after, since file events arrive late). A tool call waiting for the user's permission
 * has not run yet. Files the user edited in VS Code are known to be the user's (`userEdited`).
 * Anything else is "changed during the turn, not by the agent": listed, never undone.
 */
import type { PanelStore } from "./panelStore";
import type { Clock } from "../ports";

const READ_ONLY_KINDS = new Set(["read", "search", "think", "fetch", "switch_mode"]);
const SETTLE_MS = 3000;

export class AgentActivity {
  /** Tool calls that may write, running now (not waiting for permission). */
  private readonly running = new Set<string>();
  private readonly terminals = new Set<string>();
  private lastActiveAt = Number.NEGATIVE_INFINITY;
  private readonly named = new Set<string>();
  private readonly touchedByUser = new Set<string>();
  /** The turn ran something that can write files without naming them. */
  private wrote = false;
  private readonly subscription: { dispose(): void };

  constructor(
    store: PanelStore,
    private readonly clock: Clock,
  ) {
    this.subscription = store.subscribe((action, _seq, replayed) => {
      if (replayed) return;
      if (action.type === "turn/started") this.newTurn();
      else if (action.type === "acp/update") this.onUpdate(action.update);
      else if (action.type === "permission/requested")
        this.awaitPermission(action.requestId, action.toolCall.toolCallId);
      else if (action.type === "permission/resolved") this.permissionAnswered(action.requestId);
      else if (action.type === "terminal/created") this.start(this.terminals, action.terminalId);
      else if (action.type === "terminal/exited") this.stop(action.terminalId, true);
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  newTurn(): void {
    this.named.clear();
    this.touchedByUser.clear();
    this.wrote = false;
  }

  /** A tool call of the agent's named this file as changed. */
  name(path: string): void {
    this.named.add(path);
  }

  /** The user changed this file in VS Code (an editor edit, a save, a file operation). */
  userEdited(path: string): void {
    this.touchedByUser.add(path);
  }

  wasEditedByUser(path: string): boolean {
    return this.touchedByUser.has(path);
  }

  /** True when something the agent did explains a change of `path` seen now. */
  explains(path: string): boolean {
    if (this.named.has(path)) return true;
    if (this.touchedByUser.has(path)) return false;
    return this.isActive();
  }

  /** For a change found only by comparing with the checkpoint (no event was seen for it). */
  explainsUnseen(path: string): boolean {
    return this.named.has(path) || (this.wrote && !this.touchedByUser.has(path));
  }

  private isActive(): boolean {
    return this.running.size > 0 || this.terminals.size > 0 || this.clock.now() - this.lastActiveAt <= SETTLE_MS;
  }

  private onUpdate(update: ToolUpdate): void {
    if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return;
    const id = update.toolCallId;
    if (typeof id !== "string") return;
    if (typeof update.kind === "string") this.kinds.set(id, update.kind);
    const kind = this.kinds.get(id) ?? "other";
    if (READ_ONLY_KINDS.has(kind)) return;
    const status = update.status ?? (update.sessionUpdate === "tool_call" ? "pending" : undefined);
    if (status === "pending" || status === "in_progress") this.start(this.running, id);
    else if (status === "completed" || status === "failed") this.stop(id, true);
  }

  private readonly kinds = new Map<string, string>();
  private readonly permissionFor = new Map<string, string>();

  /** Waiting for the user: the tool has not run, so nothing it explains happens meanwhile. */
  private awaitPermission(requestId: string, toolCallId: string): void {
    this.permissionFor.set(requestId, toolCallId);
    this.stop(toolCallId, false);
  }

  /** Answered: the tool may run now (until its update says it ended). */
  private permissionAnswered(requestId: string): void {
    const toolCallId = this.permissionFor.get(requestId);
    this.permissionFor.delete(requestId);
    if (toolCallId !== undefined && !READ_ONLY_KINDS.has(this.kinds.get(toolCallId) ?? "other"))
      this.start(this.running, toolCallId);
  }

  private start(set: Set<string>, id: string): void {
    set.add(id);
    this.wrote = true;
    this.lastActiveAt = this.clock.now();
  }

  /** `ran`: it had run (ended), so changes may still arrive for a moment. */
  private stop(id: string, ran: boolean): void {
    const was = this.running.delete(id) || this.terminals.delete(id);
    if (was && ran) this.lastActiveAt = this.clock.now();
  }
}

interface ToolUpdate {
  readonly sessionUpdate: string;
  readonly toolCallId?: unknown;
  readonly kind?: unknown;
  readonly status?: string;
}
