/**
 * The long-thread seed: one stored session of 2,000 thread entries (100 turns, 1,000 tool calls,
 * 900 agent messages, about 5 MB of text; or any number of turns of the same shape, for the
 * thread-size curve) written straight into a FAKE_AGENT_STATE file, so the
 * fake agent (profile `bub`: session/list + session/load) lists it and replays it on load.
 * Per turn: the user's prompt, a tool call, then nine times (tool call, agent message); the last
 * agent message of the last turn carries `LONG-END-<nonce>`.
 */
import { writeFileSync } from "node:fs";
import { benchMarkdown } from "../fakeAgent/benchScenarios";
import { isoMicros, type HistoryUpdate, type StoredSession } from "../fakeAgent/store";

export const LONG_TURNS = 100;
/** Thread entries per turn: the prompt, ten tool calls, nine agent messages. */
export const ENTRIES_PER_TURN = 20;
export const LONG_TITLE = "Bench long thread";
const TOOLS_PER_TURN = 10;
const MESSAGE_CHARS = 2_000;
const OUTPUT_CHARS = 3_000;

export const longEndMarker = (nonce: string) => `LONG-END-${nonce}`;

const text = (value: string) => ({ type: "text", text: value });

function toolOutput(n: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let line = 1; size < OUTPUT_CHARS; line++) {
    const row = `${String(line).padStart(4)}  export const item${n}_${line} = lookup("area-${n % 17}", ${line}) ?? defaults[${line % 7}];`;
    lines.push(row);
    size += row.length + 1;
  }
  return lines.join("\n").slice(0, OUTPUT_CHARS);
}

export function longHistory(nonce: string, turns = LONG_TURNS): HistoryUpdate[] {
  const history: HistoryUpdate[] = [];
  let tool = 0;
  let message = 0;
  const addTool = () => {
    const id = `long-tool-${tool}`;
    const path = `src/area${tool % 17}/module${tool}.ts`;
    history.push({
      sessionUpdate: "tool_call",
      toolCallId: id,
      title: `Read ${path}`,
      kind: "read",
      status: "in_progress",
      rawInput: { path },
      locations: [{ path }],
    });
    history.push({
      sessionUpdate: "tool_call_update",
      toolCallId: id,
      status: "completed",
      content: [{ type: "content", content: text(toolOutput(tool)) }],
    });
    tool += 1;
  };
  const addMessage = (last: boolean) => {
    const body = benchMarkdown(MESSAGE_CHARS, message * 3);
    history.push({
      sessionUpdate: "agent_message_chunk",
      content: text(last ? `${body}\n\n${longEndMarker(nonce)} — end of the thread.` : body),
    });
    message += 1;
  };
  for (let turn = 0; turn < turns; turn++) {
    history.push({
      sessionUpdate: "user_message_chunk",
      content: text(
        `Turn ${turn + 1}: read the next ten modules of area ${turn % 17} and summarise what each exports, then suggest the smallest change.`,
      ),
    });
    addTool();
    for (let i = 1; i < TOOLS_PER_TURN; i++) {
      addTool();
      addMessage(turn === turns - 1 && i === TOOLS_PER_TURN - 1);
    }
  }
  return history;
}

/** Writes a FAKE_AGENT_STATE file holding only the long session (`turns` × 20 entries); returns its id and size. */
export function writeLongThreadState(
  file: string,
  cwd: string,
  nonce: string,
  turns = LONG_TURNS,
): { sessionId: string; bytes: number; updates: number } {
  const sessionId = `bench-long-${nonce}`;
  const history = longHistory(nonce, turns);
  const micros = Date.now() * 1000;
  const session: StoredSession = {
    sessionId,
    cwd,
    title: LONG_TITLE,
    updatedAt: isoMicros(micros),
    listed: true,
    config: {},
    history,
  };
  const json = JSON.stringify({ clock: micros, sessions: { [sessionId]: session } });
  writeFileSync(file, json);
  return { sessionId, bytes: Buffer.byteLength(json), updates: history.length };
}
