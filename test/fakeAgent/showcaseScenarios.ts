/**
 * Scenarios for the real-VS-Code e2e tests (test/e2e/): one turn through everything the panel
 * renders (`showcase`), and small client-backed turns whose results the tests can read back
 * (the agent echoes what VS Code answered). Terminal commands carry a marker, in their command
 * line and in their environment (ACP_E2E_TERMINAL), so a test can prove none outlives its turn.
 *
 *   showcase [file]            text, thought, plan, a diff of `file` (default greet.ts) with a
 *                              location, a real ANSI terminal, compaction, title, usage, commands
 *   e2e-stream                 stderr marker, then streams "tick N" until cancelled (60 s); the
 *                              first chunk names the process id, so a test can kill the agent
 *   e2e-tool-hang              a tool call in progress ("Run the long build") that never ends until
 *                              cancelled; the chunk before it names the process id (a test kills it)
 *   e2e-read <path>            fs/read_text_file, echoed into a fenced block
 *   e2e-write <path> <text…>   fs/write_text_file of the words after the path (plus a newline)
 *   e2e-terminal <marker> [long]  a bash command with live output (long: sleeps 60 s) embedded in
 *                              its card; wait_for_exit, output, release; Stop kills and releases
 *   e2e-permission             request_permission with options the agent names its own way
 *   e2e-form                   a validated elicitation form on a tool call; echoes the answer
 */
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { Scenario, TurnContext } from "./scenarios";
import { perWorld } from "./world";

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });

/** The environment variable every e2e terminal carries (its value is the test's marker). */
export const TERMINAL_MARKER_ENV = "ACP_E2E_TERMINAL";

/** Tool call ids are unique in a session (ACP): the same scenario may run twice in one. */
const calls = perWorld(() => ({ count: 0 }));
const callId = (turn: TurnContext, name: string) => `${name}-${++calls(turn.world).count}`;

const absolute = (turn: TurnContext, path: string) => (isAbsolute(path) ? path : resolve(turn.cwd, path));
const hasTerminals = (turn: TurnContext) => (turn.clientCapabilities as { terminal?: unknown }).terminal === true;

/** The showcase's change to the file: a doc comment and a friendlier greeting. */
export function showcaseEdit(before: string): string {
  const edited = before.replace("Hello, ", "Hello there, ");
  return `/** Greets someone by name. */\n${edited === before ? `${before}// edited by the showcase\n` : edited}`;
}

/** Runs `command args` in a client terminal embedded in tool call `id`; waits, reads, releases. */
async function runInTerminal(
  turn: TurnContext,
  id: string,
  title: string,
  command: string,
  args: string[],
  marker: string,
): Promise<"exited" | "cancelled"> {
  const { terminalId } = (await turn.request("terminal/create", {
    command,
    args,
    cwd: turn.cwd,
    env: [{ name: TERMINAL_MARKER_ENV, value: marker }],
  })) as { terminalId: string };
  turn.update({
    sessionUpdate: "tool_call",
    toolCallId: id,
    title,
    kind: "execute",
    status: "in_progress",
    rawInput: { command: [command, ...args].join(" ") },
    content: [{ type: "terminal", terminalId }],
  });
  const exited = turn.request("terminal/wait_for_exit", { terminalId }).then(() => "exited" as const);
  exited.catch(() => undefined);
  const outcome = await Promise.race([exited, turn.whenCancelled().then(() => "cancelled" as const)]);
  if (outcome === "cancelled") {
    await turn.request("terminal/kill", { terminalId }).catch(() => undefined);
    await turn.request("terminal/release", { terminalId }).catch(() => undefined);
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "failed" });
    return "cancelled";
  }
  const output = (await turn.request("terminal/output", { terminalId })) as {
    output: string;
    exitStatus?: { exitCode?: number | null };
  };
  await turn.request("terminal/release", { terminalId });
  turn.update({
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status: output.exitStatus?.exitCode === 0 ? "completed" : "failed",
    rawOutput: { output: output.output, exitStatus: output.exitStatus },
  });
  return "exited";
}

export const showcaseScenarios: Record<string, Scenario> = {
  async showcase(turn) {
    const file = absolute(turn, turn.args[0] ?? "greet.ts");
    turn.update({
      sessionUpdate: "available_commands_update",
      availableCommands: [
        { name: "review", description: "Review the pending changes", input: { hint: "files to review" } },
        { name: "explain", description: "Explain the selected code" },
        { name: "compact", description: "Summarise the conversation so far" },
      ],
    });
    turn.update({
      sessionUpdate: "agent_thought_chunk",
      content: text("The user wants the full tour: plan first, then edit, then run the tests."),
    });
    turn.update({
      sessionUpdate: "plan",
      entries: [
        { content: "Read greet.ts", priority: "high", status: "completed" },
        { content: "Make the greeting friendlier", priority: "medium", status: "in_progress" },
        { content: "Run the tests", priority: "low", status: "pending" },
      ],
    });
    await turn.streamText("Here is **the showcase**: a plan, an edit with its diff, and a test run.\n\n", 16, 5);

    const before = readFileSync(file, "utf8");
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: callId(turn, "call-edit"),
      title: "Edit greet.ts",
      kind: "edit",
      status: "completed",
      rawInput: { path: file },
      content: [{ type: "diff", path: file, oldText: before, newText: showcaseEdit(before) }],
      locations: [{ path: file, line: 2 }],
    });

    if (hasTerminals(turn)) {
      // printf (no shell) interprets the \033 escapes itself: a real process with real ANSI colours.
      const format =
        "\\033[1;32m✔ 3 passed\\033[0m  \\033[33m1 skipped\\033[0m\\n\\033[31m✘ 0 failed\\033[0m e2e-showcase\\n";
      await runInTerminal(turn, callId(turn, "call-test"), "Run the tests", "printf", [format], "showcase");
    } else {
      turn.update(chunk("(No terminal: the client did not offer one.)\n\n"));
    }

    turn.update({ sessionUpdate: "compaction_update", compactionId: "compact-1", status: "in_progress" });
    await turn.sleep(20);
    turn.update({
      sessionUpdate: "compaction_update",
      compactionId: "compact-1",
      status: "completed",
      summary: [text("Greeted the user, edited greet.ts and ran the tests.")],
    });
    turn.update({ sessionUpdate: "session_info_update", title: "Showcase: a friendlier greeting" });
    turn.update({
      sessionUpdate: "plan",
      entries: [
        { content: "Read greet.ts", priority: "high", status: "completed" },
        { content: "Make the greeting friendlier", priority: "medium", status: "completed" },
        { content: "Run the tests", priority: "low", status: "completed" },
      ],
    });
    turn.update({
      sessionUpdate: "usage_update",
      used: 42_000,
      size: 128_000,
      cost: { amount: 0.12, currency: "USD" },
    });
    await turn.streamText("All done: `greet.ts` now says hello there.", 16, 5);
    return { stopReason: "end_turn", usage: { inputTokens: 1200, outputTokens: 340, totalTokens: 1540 } };
  },

  async "e2e-stream"(turn) {
    process.stderr.write(`e2e-stream: agent ${process.pid} is streaming (stderr marker)\n`);
    turn.update(chunk(`Streaming from agent process ${process.pid}. `));
    for (let tick = 1; tick <= 600; tick++) {
      if (turn.cancelled) return "cancelled";
      turn.update(chunk(`tick ${tick}. `));
      await Promise.race([turn.sleep(100), turn.whenCancelled()]);
    }
    return "end_turn";
  },

  async "e2e-tool-hang"(turn) {
    turn.update(chunk(`Building in agent process ${process.pid}. `));
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: callId(turn, "call-build"),
      title: "Run the long build",
      kind: "execute",
      status: "in_progress",
    });
    await Promise.race([turn.sleep(60_000), turn.whenCancelled()]);
    return turn.cancelled ? "cancelled" : "end_turn";
  },

  async "e2e-read"(turn) {
    const path = absolute(turn, turn.args[0] ?? "notes.txt");
    const id = callId(turn, "call-read");
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: `Read ${turn.args[0] ?? "notes.txt"}`,
      kind: "read",
      status: "in_progress",
      locations: [{ path }],
    });
    const { content } = (await turn.request("fs/read_text_file", { path })) as { content: string };
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "completed" });
    turn.update(chunk(`I read ${turn.args[0] ?? "notes.txt"}:\n\n\`\`\`text\n${content.replace(/\n$/, "")}\n\`\`\`\n`));
    return "end_turn";
  },

  async "e2e-write"(turn) {
    const name = turn.args[0] ?? "notes.txt";
    const path = absolute(turn, name);
    const content = `${turn.args.slice(1).join(" ")}\n`;
    const id = callId(turn, "call-write");
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: `Write ${name}`,
      kind: "edit",
      status: "in_progress",
      locations: [{ path }],
    });
    try {
      await turn.request("fs/write_text_file", { path, content });
    } catch (error) {
      turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "failed" });
      turn.update(chunk(`The write failed: ${(error as Error).message}`));
      return "end_turn";
    }
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "completed" });
    turn.update(chunk(`Wrote ${name}.`));
    return "end_turn";
  },

  async "e2e-terminal"(turn) {
    const marker = turn.args[0] ?? "e2e";
    const long = turn.args[1] === "long";
    const script = long
      ? `echo e2e-started; sleep 60 # e2e-marker-${marker}`
      : `echo e2e-live-1; sleep 8; echo e2e-live-2; sleep 1; echo e2e-live-done # e2e-marker-${marker}`;
    const outcome = await runInTerminal(
      turn,
      callId(turn, "call-bash"),
      long ? "Run a long command" : "Run a live command",
      "bash",
      ["-c", script],
      marker,
    );
    if (outcome === "cancelled") return "cancelled";
    turn.update(chunk("The command finished."));
    return "end_turn";
  },

  async "e2e-permission"(turn) {
    const toolCall = {
      toolCallId: callId(turn, "call-deploy"),
      title: "Deploy build 42 to staging",
      kind: "execute",
      status: "pending",
    };
    turn.update({ sessionUpdate: "tool_call", ...toolCall, rawInput: { build: 42, target: "staging" } });
    const answer = (await turn.request("session/request_permission", {
      toolCall,
      options: [
        { optionId: "ship-it", name: "Ship it", kind: "allow_once" },
        { optionId: "ship-always", name: "Always ship to staging", kind: "allow_always" },
        { optionId: "hold", name: "Hold the release", kind: "reject_once" },
      ],
    })) as { outcome?: { outcome?: string; optionId?: string } };
    const outcome =
      answer.outcome?.outcome === "selected" ? `selected ${answer.outcome.optionId}` : String(answer.outcome?.outcome);
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: toolCall.toolCallId,
      status: answer.outcome?.optionId?.startsWith("ship") ? "completed" : "failed",
    });
    turn.update(chunk(`Permission outcome: ${outcome}.`));
    return "end_turn";
  },

  async "e2e-form"(turn) {
    const id = callId(turn, "call-form");
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: "Ask for the release settings",
      kind: "other",
      status: "in_progress",
    });
    const answer = await turn
      .request("elicitation/create", {
        mode: "form",
        toolCallId: id,
        message: "Configure the release",
        requestedSchema: {
          type: "object",
          properties: {
            version: {
              type: "string",
              title: "Version",
              description: "Semantic version, e.g. 1.2.3",
              pattern: "^\\d+\\.\\d+\\.\\d+$",
            },
            replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 5 },
            notify: { type: "boolean", title: "Notify the team" },
          },
          required: ["version", "replicas"],
        },
      })
      .catch((error: unknown) => ({ error: (error as Error).message }));
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "completed" });
    turn.update(chunk(`Form answer: ${JSON.stringify(answer)}`));
    return "end_turn";
  },
};
