/**
 * Benchmark scenarios (test/bench/): floods the client as fast as the pipe takes it, so the
 * measured time is the client's, never the agent's. Selected by the prompt's first word:
 *
 *   benchflood N NONCE   N `agent_message_chunk`s of 40 characters of realistic Markdown
 *                        (paragraphs, bold, inline code, lists, fenced code); the first chunk
 *                        starts with `BENCH-START-NONCE`, the last carries `BENCH-END-NONCE`.
 *   benchtools N NONCE   N tool calls (announce, in progress with text, completed with output),
 *                        40-character text chunks between them, the same start and end markers.
 *   benchday NONCE       one turn of a working day (test/bench/journalDay.ts): streamed Markdown,
 *                        a read with output, an edit with a 24-line diff, a shell command whose
 *                        40 lines of output stream into a terminal card (`_meta.terminal_output`,
 *                        a console block for a client without it), and a closing paragraph.
 *
 * FAKE_AGENT_BENCH_LOG=<file>: one JSON line per milestone, `{"event":"prompt-received"|"first-chunk"|
 * "end-chunk"|"agent-started"|"load-request"|"load-replayed",
 * "at":<Date.now()>}`, written right after the chunk went out (stdout to a pipe is synchronous in
 * Node on Linux), so a client on the same machine can compare its own wall clock.
 */
import { appendFileSync } from "node:fs";
import type { Scenario, TurnContext } from "./scenarios";

export const CHUNK_CHARS = 40;
export const startMarker = (nonce: string) => `BENCH-START-${nonce}`;
export const endMarker = (nonce: string) => `BENCH-END-${nonce}`;

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });

/** Top-level Markdown blocks in the proportions agents write them: mostly prose, some code. */
const BLOCKS = [
  (i: number) =>
    `The **${i}th** step reads \`src/module${i % 37}.ts\` and checks that every export is used; nothing else in the workspace changes, so the diff stays small and easy to review.`,
  (i: number) =>
    `- update \`config.${i % 11}\` to the new schema\n- keep the **old** keys readable for one release\n- log a warning when \`legacyMode\` is set`,
  (i: number) =>
    "```ts\nexport function step" +
    i +
    '(input: string): number {\n  const parts = input.split(",");\n  return parts.filter((part) => part.trim() !== "").length;\n}\n```',
  (i: number) =>
    `Run \`npm test -- --grep case${i}\` to check it. The **integration** suite takes longer, so it is worth running only once the unit tests pass.`,
  (i: number) =>
    `### Part ${i}\n\nHere the parser ${i % 2 ? "skips" : "keeps"} blank lines inside \`code\` spans, which is why the *second* pass exists at all.`,
];

/** Deterministic Markdown of exactly `length` characters, made of whole-ish blocks from block `first` on. */
export function benchMarkdown(length: number, first = 0): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = first; size < length; i++) {
    const block = BLOCKS[i % BLOCKS.length]!(i) + "\n\n";
    parts.push(block);
    size += block.length;
  }
  return parts.join("").slice(0, length);
}

/** Text that ends an open fence (if the cut left one open) and starts a new paragraph. */
function closingFor(body: string): string {
  const fences = body.split("\n").filter((line) => /^```/.test(line)).length;
  return fences % 2 === 1 ? "\n```\n\n" : "\n\n";
}

/** The chunks of a flood of `count` chunks: 40 characters each, the last one the end marker. */
export function floodChunks(count: number, nonce: string): string[] {
  const first = `${startMarker(nonce)} `;
  const body = first + benchMarkdown(Math.max(0, (count - 1) * CHUNK_CHARS - first.length));
  const chunks: string[] = [];
  for (let i = 0; i < body.length; i += CHUNK_CHARS) chunks.push(body.slice(i, i + CHUNK_CHARS));
  chunks.push(`${closingFor(body)}${endMarker(nonce)} done.\n`);
  return chunks;
}

const KINDS = ["read", "edit", "execute", "search"] as const;

/** Text output of tool call `i`: a few hundred characters of plausible tool output. */
export function toolOutput(i: number): string {
  const lines: string[] = [];
  for (let line = 0; line < 8; line++)
    lines.push(`${String(line + 1).padStart(3)}  const value${i}_${line} = compute(${line}, "item-${i}");`);
  return lines.join("\n");
}

/** The updates of a tool-call storm, in wire order. */
export function toolStormUpdates(count: number, nonce: string): object[] {
  const updates: object[] = [chunk(`${startMarker(nonce)} `.padEnd(CHUNK_CHARS, "."))];
  for (let i = 0; i < count; i++) {
    const id = `bench-tool-${nonce}-${i}`;
    const kind = KINDS[i % KINDS.length]!;
    const path = `src/area${i % 13}/file${i}.ts`;
    updates.push(chunk(`\n\nNext I look at \`${path}\`, item ${i}.`.slice(0, CHUNK_CHARS)));
    updates.push({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: `${kind} ${path}`,
      kind,
      status: "pending",
      rawInput: { path, index: i },
      locations: [{ path: `/workspace/${path}` }],
    });
    updates.push({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: "in_progress",
      content: [{ type: "content", content: text(`Working on ${path}…`) }],
    });
    updates.push({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: "completed",
      rawOutput: { lines: 8 },
      content: [{ type: "content", content: text(toolOutput(i)) }],
    });
    updates.push(chunk(` It has **${8 + (i % 5)}** lines; moving on.`.slice(0, CHUNK_CHARS)));
  }
  updates.push(chunk(`\n\n${endMarker(nonce)} done.\n`));
  return updates;
}

/** One day-bench turn's updates (`benchday`); `nonce` keeps tool call ids and paths apart between turns. */
export function dayTurnUpdates(nonce: string, liveTerminal: boolean): object[] {
  const path = `/workspace/src/day/${nonce}.ts`;
  const lines = (tag: string) =>
    Array.from({ length: 24 }, (_, i) => `export const ${tag}${i} = compute(${i}, "${nonce}");`).join("\n");
  const terminalId = `bench-term-${nonce}`;
  const output = Array.from({ length: 40 }, (_, i) => `ok ${i + 1} - case ${nonce}.${i} (${3 + (i % 7)} ms)`);
  const updates: object[] = [];
  for (let i = 0; i < 8; i++) updates.push(chunk(BLOCKS[i % BLOCKS.length]!(i).slice(0, 120) + "\n\n"));
  updates.push(
    {
      sessionUpdate: "tool_call",
      toolCallId: `bench-read-${nonce}`,
      title: `read ${path}`,
      kind: "read",
      status: "pending",
      locations: [{ path }],
    },
    {
      sessionUpdate: "tool_call_update",
      toolCallId: `bench-read-${nonce}`,
      status: "completed",
      content: [{ type: "content", content: text(toolOutput(nonce.length)) }],
    },
    {
      sessionUpdate: "tool_call",
      toolCallId: `bench-edit-${nonce}`,
      title: `edit ${path}`,
      kind: "edit",
      status: "pending",
      locations: [{ path }],
    },
    {
      sessionUpdate: "tool_call_update",
      toolCallId: `bench-edit-${nonce}`,
      status: "completed",
      content: [{ type: "diff", path, oldText: lines("before"), newText: lines("after") }],
    },
    {
      sessionUpdate: "tool_call",
      toolCallId: terminalId,
      title: "npm test",
      kind: "execute",
      status: "in_progress",
      rawInput: { command: "npm test" },
      content: liveTerminal ? [{ type: "terminal", terminalId }] : [],
      ...(liveTerminal ? { _meta: { terminal_info: { terminal_id: terminalId } } } : {}),
    },
  );
  if (liveTerminal) {
    for (let i = 0; i < output.length; i += 10)
      updates.push({
        sessionUpdate: "tool_call_update",
        toolCallId: terminalId,
        _meta: { terminal_output: { terminal_id: terminalId, data: output.slice(i, i + 10).join("\n") + "\n" } },
      });
    updates.push({
      sessionUpdate: "tool_call_update",
      toolCallId: terminalId,
      status: "completed",
      content: [{ type: "terminal", terminalId }],
      _meta: { terminal_exit: { terminal_id: terminalId, exit_code: 0, signal: null } },
    });
  } else
    updates.push({
      sessionUpdate: "tool_call_update",
      toolCallId: terminalId,
      status: "completed",
      content: [{ type: "content", content: text("```console\n" + output.join("\n") + "\n```") }],
    });
  updates.push(chunk(`All 40 cases pass for ${nonce}; the edit is ready for review.`));
  return updates;
}

export function benchLog(event: string): void {
  const file = process.env.FAKE_AGENT_BENCH_LOG;
  if (file) appendFileSync(file, JSON.stringify({ event, at: Date.now() }) + "\n");
}

/**
 * A bench turn: `prompt-received` as it starts (the agent has read and parsed session/prompt), then
 * the updates as fast as the pipe takes them. `make` builds them after that milestone: building
 * 20,000 chunks is the agent's own 40-100 ms, which the client's share before the prompt leaves out.
 */
async function benchTurn(turn: TurnContext, make: () => readonly object[]): Promise<void> {
  benchLog("prompt-received");
  await flood(turn, make());
}

/** Sends `updates` back to back; logs the first and the last one. Yields to I/O every 500. */
async function flood(turn: TurnContext, updates: readonly object[]): Promise<void> {
  for (let i = 0; i < updates.length; i++) {
    if (turn.cancelled) return;
    turn.update(updates[i]!);
    if (i === 0) benchLog("first-chunk");
    // Lets a `session/cancel` in; costs nothing measurable (the pipe is the bottleneck).
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
  }
  benchLog("end-chunk");
}

const countArg = (turn: TurnContext, fallback: number) => {
  const value = Number(turn.args[0]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const nonceArg = (turn: TurnContext) => turn.args[1] ?? "x";

export const benchScenarios: Record<string, Scenario> = {
  async benchflood(turn) {
    await benchTurn(turn, () => floodChunks(countArg(turn, 20_000), nonceArg(turn)).map(chunk));
    return turn.cancelled ? "cancelled" : "end_turn";
  },

  async benchday(turn) {
    const live = (turn.clientCapabilities._meta as Record<string, unknown> | undefined)?.terminal_output === true;
    await benchTurn(turn, () => dayTurnUpdates(turn.args[0] ?? "x", live));
    return turn.cancelled ? "cancelled" : "end_turn";
  },

  async benchtools(turn) {
    await benchTurn(turn, () => toolStormUpdates(countArg(turn, 200), nonceArg(turn)));
    return turn.cancelled ? "cancelled" : "end_turn";
  },
};
