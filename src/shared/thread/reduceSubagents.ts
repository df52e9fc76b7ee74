/**
 * Subagent runs (`_lody/subagents/event`) and CodeBuddy member lanes. Events are validated
 * leniently: `reason.message: null` is fine (Bub sends it), unknown event types and malformed
 * events are ignored. Child output folds into the run's own thread with the same reducer.
 */
import * as z from "zod";
import { emptyThread, type SubagentRun, type Thread } from "./thread";
import { INTERPRETED, type SessionUpdate } from "./sessionUpdate";

const num = z.number().nullish().catch(undefined);
const str = z.string().nullish().catch(undefined);

const snapshotSchema = z.looseObject({
  state: z.enum(["pending", "running", "completed", "failed", "cancelled", "unknown"]).catch("unknown"),
  description: str,
  summary: str,
  modelId: str,
  parentToolCallId: str,
  startedAtEpochSeconds: num,
  endedAtEpochSeconds: num,
  reason: z.looseObject({ code: str, message: str }).nullish().catch(undefined),
});
const progressSchema = z.looseObject({
  lastToolName: str,
  toolsUsed: num,
  toolCallCount: num,
  turnCount: num,
  durationMs: num,
  totalTokens: num,
});

const eventSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("snapshot"), runId: z.string(), snapshot: snapshotSchema }),
  z.looseObject({ type: z.literal("progress"), runId: z.string(), progress: progressSchema }),
  z.looseObject({ type: z.literal("output"), runId: z.string(), update: z.looseObject({ sessionUpdate: z.string() }) }),
]);

/** Folds child output into a run's thread; injected to avoid a module cycle with reduceThread. */
export type ChildFold = (thread: Thread, update: SessionUpdate, entryId: string) => Thread;

export function foldSubagentEvent(thread: Thread, raw: unknown, entryId: string, foldChild: ChildFold): Thread {
  const parsed = eventSchema.safeParse(raw, INTERPRETED);
  if (!parsed.success) return thread;
  const event = parsed.data;
  const existing = thread.runs[event.runId];
  let run: SubagentRun = existing ?? newRun(thread, event.runId, "running");
  switch (event.type) {
    case "snapshot": {
      const s = event.snapshot;
      const reason = s.reason ? [s.reason.code, s.reason.message].filter(Boolean).join(": ") : undefined;
      run = {
        ...run,
        state: s.state,
        ...defined({
          description: s.description ?? undefined,
          summary: s.summary ?? undefined,
          reason: reason || undefined,
          startedAt: s.startedAtEpochSeconds ? s.startedAtEpochSeconds * 1000 : undefined,
          endedAt: s.endedAtEpochSeconds ? s.endedAtEpochSeconds * 1000 : undefined,
          parentToolCallId: s.parentToolCallId ?? undefined,
        }),
      };
      break;
    }
    case "progress":
      run = {
        ...run,
        progress: {
          ...run.progress,
          ...defined(Object.fromEntries(Object.entries(event.progress).map(([k, v]) => [k, v ?? undefined]))),
        },
      };
      break;
    case "output":
      run = { ...run, thread: foldChild(run.thread, event.update, `${event.runId}:${entryId}`) };
      break;
  }
  return withRun(thread, run, existing === undefined);
}

/** A CodeBuddy team member's update, into the member's lane. */
export function foldMemberUpdate(
  thread: Thread,
  member: string,
  update: SessionUpdate,
  entryId: string,
  foldChild: ChildFold,
): Thread {
  const runId = `member:${member}`;
  const existing = thread.runs[runId];
  const run: SubagentRun = existing ?? {
    runId,
    kind: "member",
    state: "running",
    description: member,
    progress: {},
    thread: emptyThread,
  };
  return withRun(
    thread,
    { ...run, thread: foldChild(run.thread, update, `${runId}:${entryId}`) },
    existing === undefined,
  );
}

const teamUpdateSchema = z.looseObject({
  type: z.string(),
  members: z
    .array(
      z.looseObject({
        name: z.string(),
        status: str,
        toolCallCount: num,
        lastFailure: z.looseObject({ error: str }).nullish().catch(undefined),
      }),
    )
    .nullish()
    .catch(undefined),
});

/** CodeBuddy task states; `killed` is a cancellation. */
function memberState(status: string | null | undefined): SubagentRun["state"] {
  switch (status) {
    case "pending":
    case "running":
    case "completed":
    case "failed":
    case "cancelled":
      return status;
    case "killed":
    case "stopped":
      return "cancelled";
    case "idle":
      return "running";
    case null:
    case undefined:
    default: // a state this client does not know yet
      return "unknown";
  }
}

/**
 * `session_info_update._meta["codebuddy.ai/teamUpdate"]` of type `member_status_change`: every
 * member's lane takes its state (and failure), created if the member has not spoken yet.
 */
export function foldTeamUpdate(thread: Thread, raw: unknown): Thread {
  const parsed = teamUpdateSchema.safeParse(raw, INTERPRETED);
  if (!parsed.success || parsed.data.type !== "member_status_change" || !parsed.data.members) return thread;
  let next = thread;
  for (const member of parsed.data.members) {
    const runId = `member:${member.name}`;
    const existing = next.runs[runId];
    const run: SubagentRun = existing ?? {
      runId,
      kind: "member",
      state: "running",
      description: member.name,
      progress: {},
      thread: emptyThread,
    };
    const reason = member.lastFailure?.error ?? undefined;
    const toolCallCount = member.toolCallCount ?? undefined;
    next = withRun(
      next,
      {
        ...run,
        state: memberState(member.status),
        ...(reason ? { reason } : {}),
        ...(toolCallCount !== undefined ? { progress: { ...run.progress, toolCallCount } } : {}),
      },
      existing === undefined,
    );
  }
  return next;
}

export function withRun(thread: Thread, run: SubagentRun, isNew: boolean): Thread {
  const placed = isNew ? { ...run, position: thread.entries.length } : run;
  return {
    ...thread,
    runs: { ...thread.runs, [run.runId]: placed },
    runOrder: isNew ? [...thread.runOrder, run.runId] : thread.runOrder,
  };
}

/** A run not seen before, empty, under the parent's running `subagent` tool call when there is one. */
export function newRun(thread: Thread, runId: string, state: SubagentRun["state"]): SubagentRun {
  return { runId, kind: "subagent", state, progress: {}, thread: emptyThread, ...parentOf(thread) };
}

/** Attach a new run to the parent's `subagent` tool call when one is running (Bub sends no link). */
function parentOf(thread: Thread): { parentToolCallId?: string } {
  for (let i = thread.entries.length - 1; i >= 0; i--) {
    const entry = thread.entries[i];
    if (entry?.kind !== "tool_call") continue;
    const isSubagent = /subagent|task|agent/i.test(entry.name ?? entry.title);
    if (isSubagent && (entry.status === "in_progress" || entry.status === "pending"))
      return { parentToolCallId: entry.toolCallId };
  }
  return {};
}

function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
