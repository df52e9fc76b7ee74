/**
 * Folding agent updates never makes zod compile a parser. In the extension host zod compiles one
 * (`new Function`) for each object schema the first time it parses one, unless told otherwise: ~90 ms
 * in a window's first session load (a profile), spent in the middle of the load. The update schemas
 * are parsed on zod's interpreted path (INTERPRETED); the global switch is not ours to flip (the
 * host's other extensions share it). Its own process (node --test runs each file in one), so no
 * other test compiled the schemas first.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";

/** Counts `new Function(…)` while `work` runs (zod's compiler reads the global `Function`). */
function compilationsDuring(work: () => void): number {
  const original = globalThis.Function;
  let count = 0;
  const counting = new Proxy(original, {
    construct(target, args: string[]) {
      count++;
      return Reflect.construct(target, args) as object;
    },
  });
  globalThis.Function = counting;
  try {
    work();
  } finally {
    globalThis.Function = original;
  }
  return count;
}

const update = (n: number, body: Record<string, unknown>): ThreadAction => ({
  type: "acp/update",
  entryId: `e${n}`,
  update: body as never,
});

test("folding every kind of update compiles no parser (zod's interpreted path)", () => {
  const actions: ThreadAction[] = [
    { type: "turn/started", entryId: "u1", text: "hi", at: 1 },
    update(1, { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "thinking" } }),
    update(2, { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "**hello**" } }),
    update(3, {
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      title: "Read a.ts",
      kind: "read",
      status: "pending",
      locations: [{ path: "/w/a.ts", line: 3 }],
      content: [{ type: "content", content: { type: "text", text: "…" } }],
    }),
    update(4, {
      sessionUpdate: "tool_call_update",
      toolCallId: "t1",
      status: "completed",
      content: [{ type: "diff", path: "/w/a.ts", oldText: "a", newText: "b" }],
    }),
    update(5, { sessionUpdate: "plan", entries: [{ content: "step", priority: "high", status: "pending" }] }),
    update(6, {
      sessionUpdate: "available_commands_update",
      availableCommands: [{ name: "explain", description: "Explain" }],
    }),
    update(7, { sessionUpdate: "current_mode_update", currentModeId: "code" }),
    update(8, { sessionUpdate: "session_info_update", title: "A title" }),
    update(9, { sessionUpdate: "usage_update", used: 10, size: 100 }),
    { type: "turn/ended", stopReason: "end_turn" },
  ];
  let thread: Thread = emptyThread;
  const compiled = compilationsDuring(() => {
    for (const action of actions) thread = reduceThread(thread, action);
  });
  assert.equal(thread.entries.filter((entry) => entry.kind === "tool_call").length, 1, "the updates were folded");
  assert.equal(compiled, 0, "parsers compiled while folding");
});
