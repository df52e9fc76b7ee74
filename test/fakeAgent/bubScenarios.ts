/**
 * Bub turn scenarios for catalogue groups D (client-backed tools, docs/reference/bub-and-lody.md §5) and E (Bub /
 * Lody extensions: compaction §6, steering §8, subagent events §9), plus a plain slow turn for
 * queueing. Selected by the prompt's first word, like every scenario.
 */
import { randomUUID } from "node:crypto";
import { bubToolResult } from "./bubTools";
import {
  askUser,
  bash,
  bashTool,
  clientCaps,
  fsEdit,
  fsRead,
  fsWrite,
  toolCall,
  type ElicitationAnswer,
} from "./clientTools";
import type { Scenario, TurnContext } from "./scenarios";

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });

/** Runs one Bub tool: announcement, body, completion (a failure is still `completed`, with its text). */
async function tool(
  turn: TurnContext,
  id: string,
  name: string,
  rawInput: Record<string, unknown>,
  body: () => Promise<unknown>,
): Promise<void> {
  turn.update(toolCall(id, name, rawInput));
  let result: unknown;
  try {
    result = await body();
  } catch (error) {
    result = `error: ${error instanceof Error ? error.message : String(error)}`;
  }
  turn.update(bubToolResult(id, result));
}

/** The form `ask_user` shows: one required choice, or only optional fields (`optional`). */
const FORM_SCHEMA = {
  type: "object",
  properties: { answer: { type: "string", title: "Approach", enum: ["minimal", "full"] } },
  required: ["answer"],
};
const OPTIONAL_SCHEMA = {
  type: "object",
  properties: { note: { type: "string", title: "Note", description: "Anything to add?" } },
};

function describeAnswer(answer: ElicitationAnswer | { error: { code: number } }): string {
  return "error" in answer ? `error ${answer.error.code}` : JSON.stringify(answer);
}

const SUPPORT = { stream: ["text", "thought", "tool"], progress: true, outputRead: "none", cancel: false };

function subagentEventsEnabled(turn: TurnContext): boolean {
  const meta = (turn.clientCapabilities as { _meta?: { lody?: { subagentEvents?: { version?: unknown } } } })._meta;
  return meta?.lody?.subagentEvents?.version === 1;
}

export const bubScenarios: Record<string, Scenario> = {
  /** 19: read (line 2, limit 3), write, then edit = whole read (line 1) + whole write. First request id 0. */
  async "fs-roundtrip"(turn) {
    await tool(turn, "call-1", "fs.read", { path: "notes.txt", offset: 1, limit: 3 }, () =>
      fsRead(turn, "notes.txt", 1, 3),
    );
    await tool(turn, "call-2", "fs.write", { path: "result.txt", content: "done" }, () =>
      fsWrite(turn, "result.txt", "done"),
    );
    await tool(turn, "call-3", "fs.edit", { path: "notes.txt", old: "line two", new: "line 2" }, () =>
      fsEdit(turn, "notes.txt", "line two", "line 2"),
    );
    turn.update(chunk("Files handled."));
    return "end_turn";
  },

  /** 19 variant: an edit whose `old` text is missing fails after the read, before any write. */
  async "fs-edit-missing"(turn) {
    await tool(turn, "call-1", "fs.edit", { path: "notes.txt", old: "no such text", new: "x" }, () =>
      fsEdit(turn, "notes.txt", "no such text", "x"),
    );
    return "end_turn";
  },

  /** 20: the exact 7-step foreground sequence of `pwd`. */
  async "bash-foreground"(turn) {
    await bashTool(turn, "call-1", "pwd");
    turn.update(chunk("Ran pwd."));
    return "end_turn";
  },

  /** 21: exit code 2 is still `completed`, with the error text. */
  async "bash-fail"(turn) {
    await bashTool(turn, "call-1", "echo oops >&2; exit 2");
    return "end_turn";
  },

  /** 21: `wait_for_exit` never returns within `timeout_seconds` (1 here) → kill, release, timeout text. */
  async "bash-timeout"(turn) {
    await bashTool(turn, "call-1", "echo started; sleep 30", { timeoutSeconds: 1 });
    return "end_turn";
  },

  /** 21: the turn is cancelled while waiting → kill, release; Bub still answers end_turn. */
  async "bash-cancel"(turn) {
    await bashTool(turn, "call-1", "echo started; sleep 30");
    turn.update(chunk("(stopped)"));
    return "end_turn";
  },

  /** 22: background create (no release); later bash.output; then bash.kill = kill, output, release. */
  async "bash-background"(turn) {
    const started = await bashTool(turn, "call-1", "echo tick; sleep 30", { background: true });
    const terminalId = started.terminalId ?? "";
    await tool(turn, "call-2", "bash.output", { shell_id: terminalId }, async () => {
      // The model polls until the command has printed something (a login shell can be slow to start).
      for (let attempt = 0; ; attempt++) {
        const { output } = (await turn.request("terminal/output", { terminalId })) as { output: string };
        if (output || attempt >= 100) return output;
        await turn.sleep(100);
      }
    });
    await tool(turn, "call-3", "bash.kill", { shell_id: terminalId }, async () => {
      await turn.request("terminal/kill", { terminalId });
      const output = (await turn.request("terminal/output", { terminalId })) as {
        output: string;
        exitStatus?: unknown;
      };
      await turn.request("terminal/release", { terminalId });
      return `killed: ${terminalId}\n${output.output.trim()}`;
    });
    return "end_turn";
  },

  /**
   * 23: a batch pwd, ls, pwd (tool-0..2) run in the order ls, pwd, pwd; each terminal attaches to
   * the first pending call with the same command: tool-1, tool-0, tool-2. Results in call order.
   */
  async "bash-dup-commands"(turn) {
    const calls = [
      ["tool-0", "pwd"],
      ["tool-1", "ls"],
      ["tool-2", "pwd"],
    ] as const;
    for (const [id, command] of calls) turn.update(toolCall(id, "bash", { command }));
    const results = new Map<string, string>();
    for (const [id, command] of [
      ["tool-1", "ls"],
      ["tool-0", "pwd"],
      ["tool-2", "pwd"],
    ] as const) {
      results.set(id, (await bash(turn, command, { attachTo: id })).text);
    }
    for (const [id, command] of calls) turn.update(bubToolResult(id, results.get(id), command));
    return "end_turn";
  },

  /**
   * 24: `ask_user` (only with `elicitation.form`); the answer goes back to the model as is.
   * Args: `optional` (no required field), `withdraw` (the agent abandons it after 300 ms with
   * `$/cancel_request`). A cancelled turn also withdraws it.
   */
  async elicitation(turn) {
    if (!clientCaps(turn).form) {
      // No `elicitation.form` advertised: Bub has no `ask_user` tool, so the model cannot ask.
      turn.update(chunk("I cannot ask you here; assuming the minimal approach."));
      return "end_turn";
    }
    const schema = turn.args.includes("optional") ? OPTIONAL_SCHEMA : FORM_SCHEMA;
    turn.update(toolCall("call-ask", "ask_user", { question: "Choose an approach" }));
    const answer = await askUser(turn, "Choose an approach", schema, turn.args.includes("withdraw") ? 300 : undefined);
    turn.update(bubToolResult("call-ask", describeAnswer(answer)));
    turn.update(chunk(`The user answered: ${describeAnswer(answer)}`));
    return "end_turn";
  },

  /** 25: live `tape.handoff`: compacting, then compacted; `_meta.contextCompaction`, no content. */
  async compaction(turn) {
    turn.update(chunk("Long conversation; compacting."));
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "call-handoff",
      title: "Context compacting",
      kind: "other",
      status: "in_progress",
      rawInput: { name: "phase-1", summary: "done" },
      _meta: { contextCompaction: true },
    });
    await turn.sleep(20);
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "call-handoff",
      title: "Context compacted",
      status: "completed",
      rawOutput: "anchor added: phase-1",
      _meta: { contextCompaction: true },
    });
    turn.update(chunk(" Carrying on."));
    return "end_turn";
  },

  /**
   * 27/28: a turn of model steps 50 ms apart (FAKE_AGENT_STEP_MS; the e2e test slows it so the
   * pending state is on screen long enough to be seen). As with a real model call, a step takes in
   * only the steers that were waiting when it began: a steer waits at least one whole step (so
   * its pending state lasts that long, never a few milliseconds by chance), is answered
   * `injected` there (after `*_applied` when they carry a steerId) while the turn goes on, and the
   * turn ends three steps after the last one (or after 10 s without any).
   */
  async "steer-inject"(turn) {
    turn.update(chunk("Working"));
    let sinceSteer: number | undefined;
    const stepMs = Number(process.env.FAKE_AGENT_STEP_MS ?? 50);
    for (let step = 0; step < 200 && !turn.cancelled; step++) {
      const waitingAtStart = turn.steersWaiting;
      await turn.sleep(stepMs);
      const steers = turn.modelStep(waitingAtStart);
      for (const steer of steers) turn.update(chunk(` [steered: ${steer}]`));
      if (steers.length > 0) sinceSteer = 0;
      else if (sinceSteer !== undefined && ++sinceSteer >= 3 && turn.steersWaiting === 0) break;
      turn.update(chunk("."));
    }
    turn.update(chunk(" Done."));
    return "end_turn";
  },

  /**
   * 29: the steer arrives as the turn ends: the turn finishes without another model step, so the
   * steer is not drained and Bub starts a new turn (unowned) for it after this prompt's result.
   */
  async "steer-late"(turn) {
    turn.update(chunk("Almost done."));
    await Promise.race([turn.whenSteered(), turn.whenCancelled(), turn.sleep(10_000)]);
    turn.update(chunk(" Finished."));
    return "end_turn";
  },

  /** The turn Bub starts from an undrained steer: text, a (local) tool, usage; nobody owns it. */
  async "steered-turn"(turn) {
    turn.update(chunk(`Picking up: ${turn.promptText}`));
    turn.update(toolCall("call-steered", "fs.read", { path: "README.md" }));
    await turn.sleep(30);
    turn.update(bubToolResult("call-steered", "# Readme"));
    turn.update({ sessionUpdate: "usage_update", used: 21, size: 128000 });
    turn.update(chunk(" Done with the steer."));
    turn.update({ sessionUpdate: "usage_update", used: 34, size: 128000 });
    return "end_turn";
  },

  /**
   * 31: the parent's `subagent` tool call with the child run's 9 events in between (only when the
   * client opted in). Args: `failed`, `cancelled`, `malformed` (junk events mixed in).
   */
  async "subagent-run"(turn) {
    const variant = turn.args[0] ?? "completed";
    const events = subagentEventsEnabled(turn);
    const runId = randomUUID().replace(/-/g, "");
    const emit = (event: object) => {
      if (events) turn.notify("_lody/subagents/event", { version: 1, sessionId: turn.sessionId, runId, ...event });
    };
    turn.update(chunk("Delegating."));
    turn.update(toolCall("call-sub", "subagent", { prompt: "delegate this" }));
    const started = 1787300000;
    emit({
      type: "snapshot",
      snapshot: { state: "running", description: "delegate this", startedAtEpochSeconds: started, support: SUPPORT },
    });
    if (variant === "malformed" && events) {
      turn.notify("_lody/subagents/event", {
        version: 1,
        sessionId: turn.sessionId,
        runId,
        type: "telemetry",
        data: { x: 1 },
      });
      turn.notify("_lody/subagents/event", {
        version: 1,
        sessionId: turn.sessionId,
        type: "output",
        update: chunk("no run id"),
      });
      turn.notify("_lody/subagents/event", {
        version: 1,
        sessionId: turn.sessionId,
        runId,
        type: "progress",
        progress: "not an object",
      });
      turn.notify("_lody/subagents/event", { version: 1, sessionId: turn.sessionId, runId, type: "output" });
    }
    emit({ type: "output", update: chunk("work") });
    emit({ type: "output", update: { sessionUpdate: "agent_thought_chunk", content: text("thinking") } });
    emit({
      type: "output",
      update: {
        sessionUpdate: "tool_call",
        toolCallId: "call-1",
        title: "ls",
        kind: "execute",
        status: "in_progress",
        rawInput: { command: "ls" },
      },
    });
    emit({ type: "progress", progress: { lastToolName: "bash", turnCount: 0, toolCallCount: 1, durationMs: 3 } });
    await turn.sleep(20);
    if (variant === "failed" || variant === "cancelled") {
      const reason =
        variant === "failed" ? { code: "error", message: "child exploded" } : { code: "cancelled", message: null };
      emit({
        type: "snapshot",
        snapshot: { state: variant, endedAtEpochSeconds: started + 1, reason, support: SUPPORT },
      });
      turn.update(
        bubToolResult("call-sub", variant === "failed" ? "error: child exploded" : "error: subagent cancelled"),
      );
      return "end_turn";
    }
    emit({
      type: "output",
      update: {
        sessionUpdate: "tool_call_update",
        toolCallId: "call-1",
        title: "ls",
        status: "completed",
        content: [{ type: "content", content: text("file.txt") }],
      },
    });
    emit({ type: "output", update: chunk(" done") });
    emit({
      type: "progress",
      progress: { lastToolName: "bash", turnCount: 1, toolCallCount: 1, durationMs: 9, totalTokens: 42 },
    });
    emit({
      type: "snapshot",
      snapshot: { state: "completed", summary: "work done", endedAtEpochSeconds: started + 1, support: SUPPORT },
    });
    turn.update(
      bubToolResult("call-sub", { session_id: `temp/${runId.slice(0, 8)}`, output: "work done", errors: [] }),
    );
    turn.update(chunk(" The subagent finished."));
    return "end_turn";
  },

  /** A plain turn of `args[0]` ms (default 600) that honours cancel with `cancelled`. */
  async slow(turn) {
    const total = Number(turn.args[0] ?? 600);
    for (let waited = 0; waited < total; waited += 50) {
      if (turn.cancelled) return "cancelled";
      turn.update(chunk("."));
      await Promise.race([turn.sleep(50), turn.whenCancelled()]);
    }
    return turn.cancelled ? "cancelled" : "end_turn";
  },
};

// Catalogue names for the same scripts: 28 (the acknowledgement is the steering handler's) and 29.
bubScenarios["steer-ack"] = bubScenarios["steer-inject"]!;
bubScenarios["steer-late-new-turn"] = bubScenarios["steer-late"]!;
