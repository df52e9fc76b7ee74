/**
 * Feeds the "Files changed" review from every source besides `fs/write_text_file` (which
 * ChatSession records itself):
 * - what the agent reports: `diff` content of any tool call, and `locations` of an `edit` tool
 *   call, once the call completes (real agents write with their own tools, then report);
 * - file events from a workspace watcher (`FileEventSource`), from the turn's start until the
 *   file system has settled after it: events of a write just before `end_turn` arrive after the
 *   turn went idle (Copilot answers ~90 ms after its write, Codex ~190 ms), so the watcher stays
 *   on until no event came for `quietMs` (at most `maxGraceMs` after the turn).
 * Once it settles, the disk is compared with the turn's checkpoint, so what the watcher missed is
 * listed too. The review keys files by real path, so each file is listed once whatever reported it.
 */
import type { PanelStore } from "./panelStore";
import type { AgentFileChanges } from "./agentFileChanges";
import type { Clock, FileEventKind, FileEventSource, Timer } from "../ports";
import type { ToolCallEntry } from "../../shared/thread/thread";

export interface TurnFileChangesOptions {
  readonly clock: Clock;
  /** Quiet time after the turn with no file event before the watcher stops. */
  readonly quietMs?: number;
  /** The watcher stops this long after the turn at the latest. */
  readonly maxGraceMs?: number;
}

export const DEFAULT_QUIET_MS = 1500;
export const DEFAULT_MAX_GRACE_MS = 10_000;

export class TurnFileChanges {
  private watching: { dispose(): void } | undefined;
  private settleTimer: Timer | undefined;
  private graceDeadline: number | undefined;
  private turnRunning = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Tool calls of this turn whose reports were taken (a completed call is read once). */
  private readonly taken = new Set<string>();
  private readonly subscription: { dispose(): void };
  private readonly quietMs: number;
  private readonly maxGraceMs: number;

  constructor(
    private readonly store: PanelStore,
    private readonly changes: AgentFileChanges,
    private readonly source: FileEventSource,
    private readonly options: TurnFileChangesOptions,
  ) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.maxGraceMs = options.maxGraceMs ?? DEFAULT_MAX_GRACE_MS;
    this.subscription = store.subscribe((action, _seq, replayed) => {
      // A replayed history (session/load) is not a change made now.
      if (!replayed && action.type === "acp/update") this.takeReports(action.update);
      this.followTurn();
    });
  }

  /** True while file events are being listened to (during a turn and its grace period). */
  get isWatching(): boolean {
    return this.watching !== undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.stop();
  }

  private followTurn(): void {
    const running = this.store.state.thread.turn.phase !== "idle";
    if (running) {
      if (!this.turnRunning) {
        // Some agents number tool calls per turn (Bub's `call-1`): ids are read once per turn.
        this.taken.clear();
        this.changes.newTurn();
      }
      this.turnRunning = true;
      this.graceDeadline = undefined;
      this.settleTimer?.cancel();
      this.settleTimer = undefined;
      if (!this.watching) this.watching = this.source.watch((kind, path) => this.onEvent(kind, path));
      return;
    }
    this.turnRunning = false;
    if (this.watching && this.graceDeadline === undefined) {
      this.graceDeadline = this.options.clock.now() + this.maxGraceMs;
      this.armSettle();
    }
  }

  /** Resolves once every event and report received so far has reached the review. */
  async whenSettled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private track(work: Promise<void>): void {
    const settled = work.catch(() => undefined);
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private onEvent(kind: FileEventKind, path: string): void {
    this.track(kind === "delete" ? this.changes.deleted(path) : this.changes.changed(path, kind === "create"));
    if (this.graceDeadline !== undefined) this.armSettle();
  }

  /** (Re)starts the quiet period; the watcher stops when it passes with no event. */
  private armSettle(): void {
    this.settleTimer?.cancel();
    const deadline = this.graceDeadline ?? this.options.clock.now();
    const wait = Math.max(0, Math.min(this.quietMs, deadline - this.options.clock.now()));
    this.settleTimer = this.options.clock.schedule(wait, () => this.settle(), { background: true });
  }

  /** The file system is quiet after the turn: what no event reported is found against the checkpoint. */
  private settle(): void {
    this.stop();
    this.track(this.changes.sweep());
  }

  private stop(): void {
    this.settleTimer?.cancel();
    this.settleTimer = undefined;
    this.graceDeadline = undefined;
    this.watching?.dispose();
    this.watching = undefined;
  }

  /** On a tool call's completion: the files its `diff` content (any kind) and `locations` (edit) name. */
  private takeReports(update: { sessionUpdate: string }): void {
    if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return;
    const { toolCallId } = update as { toolCallId?: unknown };
    if (typeof toolCallId !== "string" || this.taken.has(toolCallId)) return;
    const thread = this.store.state.thread;
    const at = thread.index[`tool:${toolCallId}`];
    const entry = at === undefined ? undefined : thread.entries[at];
    if (entry?.kind !== "tool_call" || entry.status !== "completed") return;
    this.taken.add(toolCallId);
    for (const report of reportedFiles(entry)) this.track(this.changes.reported(report.path, report.oldText));
  }
}

/** Paths a completed tool call says it changed, with the agent's previous text when it gave one. */
export function reportedFiles(entry: ToolCallEntry): Array<{ path: string; oldText: string | undefined }> {
  const found = new Map<string, string | undefined>();
  for (const item of entry.content) {
    if (item.type === "diff" && !found.has(item.path)) found.set(item.path, item.oldText ?? undefined);
  }
  if (entry.toolKind === "edit") {
    for (const location of entry.locations) if (!found.has(location.path)) found.set(location.path, undefined);
  }
  return [...found].map(([path, oldText]) => ({ path, oldText }));
}
