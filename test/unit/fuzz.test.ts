/**
 * Property-based fuzzing (fast-check, fixed seed, bounded runs; `npm run fuzz` runs longer):
 * random and mutated ACP traffic thrown at the real connection stack and at the reducer, hostile
 * Markdown at the webview's DOM-free Markdown pipeline, and hostile form schemas and patterns at
 * the form code the host runs (test/support/hostileInputs.ts).
 * Properties: nothing throws out of the handlers, the thread stays well-formed, the connection
 * keeps working afterwards, memory stays bounded, and hostile text or patterns finish promptly.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import * as acp from "@agentclientprotocol/sdk";
import { AgentClient } from "../../src/acp/client/connection/agentClient";
import type { AgentTransport } from "../../src/acp/client/connection/transports/agentTransport";
import {
  reducePanel,
  reducePanelBatch,
  initialPanelState,
  type PanelAction,
  type PanelState,
} from "../../src/shared/wire/panelState";
import {
  parseFormSchema,
  validateForm,
  MAX_ENUM_OPTIONS,
  MAX_FORM_FIELDS,
  type FormValidation,
} from "../../src/shared/forms/formSchema";
import { testPattern } from "../../src/shared/forms/patternMatcher";
import { markdownToHtml } from "../../webview/transcript/markdown/markdownToHtml";
import { MAX_NESTING, markdownLimitExceeded } from "../../webview/transcript/markdown/markdownLimits";
import { MemoryLogger, definitionOf } from "../support/memoryPorts";
import { deepMarkdown, hostileMarkdown, hostilePattern, hostileSchema, patternValue } from "../support/hostileInputs";
import { repoRoot } from "../support/fakeAgentLaunch";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

/** Real recorded updates from the golden fixtures: the base for mutations. */
const recorded: unknown[] = readdirSync(join(repoRoot, "test/fixtures/transcripts"))
  .filter((f) => f.endsWith(".jsonl"))
  .flatMap((f) =>
    readFileSync(join(repoRoot, "test/fixtures/transcripts", f), "utf8")
      .split("\n")
      .filter(Boolean),
  )
  .map((line) => JSON.parse(line).params?.update)
  .filter(Boolean);

const tags = [
  "user_message_chunk",
  "agent_message_chunk",
  "agent_thought_chunk",
  "tool_call",
  "tool_call_update",
  "plan",
  "available_commands_update",
  "current_mode_update",
  "config_option_update",
  "session_info_update",
  "usage_update",
  "notice",
  "compaction_update",
  "compaction_summary_chunk",
  "_vendor/x",
  "tool_call_pending",
];

/** Replace a random path inside a value with a random JSON value. */
function mutate(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== "object") return replacement;
  const keys = Object.keys(value as object);
  if (keys.length === 0) return replacement;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...(value as Record<string, unknown>) };
  copy[key] = mutate(copy[key], path.slice(1), replacement);
  return copy;
}

const randomUpdate = fc.oneof(
  fc
    .record({ sessionUpdate: fc.constantFrom(...tags) }, { requiredKeys: ["sessionUpdate"] })
    .chain((base) =>
      fc
        .dictionary(
          fc.constantFrom(
            "content",
            "toolCallId",
            "title",
            "status",
            "kind",
            "entries",
            "messageId",
            "used",
            "size",
            "compactionId",
            "summary",
            "locations",
            "configOptions",
            "_meta",
          ),
          fc.jsonValue(),
          { maxKeys: 6 },
        )
        .map((extra) => ({ ...extra, ...base })),
    ),
  fc
    .tuple(fc.constantFrom(...recorded), fc.array(fc.nat(20), { maxLength: 4 }), fc.jsonValue())
    .map(([update, path, replacement]) => mutate(update, path, replacement)),
  fc.jsonValue(),
);

const randomAction: fc.Arbitrary<PanelAction> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(randomUpdate, fc.nat())
      .map(([update, n]) => ({ type: "acp/update", entryId: `f${n}`, update }) as PanelAction),
  },
  {
    weight: 1,
    arbitrary: fc
      .string()
      .map((text) => ({ type: "turn/started", entryId: `u${text.length}`, text, at: 1 }) as PanelAction),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<PanelAction>(
      { type: "turn/cancelling" },
      { type: "turn/ended", stopReason: "end_turn" },
      { type: "turn/ended", stopReason: "cancelled" },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string(), fc.jsonValue()).map(
      ([toolCallId, kind]) =>
        ({
          type: "permission/requested",
          requestId: `p${toolCallId}`,
          entryId: "e",
          toolCall: { toolCallId, kind },
          options: [{ optionId: "a", name: "Allow", kind: "allow_once" }],
        }) as PanelAction,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string(), fc.jsonValue())
      .map(
        ([runId, event]) =>
          ({ type: "subagent/event", entryId: "s", event: { runId, type: "output", update: event } }) as PanelAction,
      ),
  },
);

function assertWellFormed(state: PanelState): void {
  const { thread } = state;
  assert.ok(["idle", "running", "cancelling"].includes(thread.turn.phase));
  for (const entry of thread.entries) {
    assert.equal(typeof entry.id, "string");
    assert.ok(["user", "assistant", "tool_call", "compaction", "notice", "error"].includes(entry.kind), entry.kind);
  }
  for (const [key, at] of Object.entries(thread.index)) {
    const entry = thread.entries[at];
    assert.ok(entry, `index ${key} → ${at} points at an entry`);
    if (key.startsWith("tool:"))
      assert.ok(entry.kind === "tool_call" || entry.kind === "compaction", `${key} is a tool or compaction`);
  }
  assert.ok(thread.runOrder.every((id) => thread.runs[id] !== undefined));
}

test("the reducer never throws on random and mutated updates, and the thread stays well-formed", () => {
  fc.assert(
    fc.property(fc.array(randomAction, { maxLength: 80 }), (actions) => {
      let state = initialPanelState;
      for (const action of actions) state = reducePanel(state, action);
      assertWellFormed(state);
    }),
    { seed: SEED, numRuns: RUNS * 10 },
  );
});

test("a batch folds random actions as one action at a time would, and leaves the state it started from unchanged", () => {
  fc.assert(
    fc.property(fc.array(randomAction, { maxLength: 80 }), fc.nat(80), (actions, cut) => {
      const start = actions.slice(0, cut).reduce(reducePanel, initialPanelState);
      const before = structuredClone(start);
      const batch = actions.slice(cut);
      assert.deepEqual(reducePanelBatch(start, batch), batch.reduce(reducePanel, start));
      assert.deepEqual(start, before);
    }),
    { seed: SEED, numRuns: RUNS * 5 },
  );
});

/** An in-memory agent: the test writes raw lines; the client's messages come back parsed. */
function memoryTransport() {
  const toClient = new TransformStream<Uint8Array, Uint8Array>();
  const toAgent = new TransformStream<Uint8Array, Uint8Array>();
  const writer = toClient.writable.getWriter();
  const encoder = new TextEncoder();
  const received: Array<{ id?: unknown; method?: string; result?: unknown; error?: unknown }> = [];
  void (async () => {
    const reader = toAgent.readable.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) received.push(JSON.parse(line));
    }
  })();
  const transport: AgentTransport = {
    stream: acp.ndJsonStream(toAgent.writable, toClient.readable),
    ended: new Promise(() => undefined),
    hasEnded: false,
    description: "in-memory fuzz agent",
    stop: async () => undefined,
  };
  return { transport, received, send: (line: string) => writer.write(encoder.encode(line + "\n")) };
}

const hostileLine = fc.oneof(
  fc.string().filter((s) => !s.includes("\n")),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.array(fc.jsonValue(), { maxLength: 3 }).map((batch) => JSON.stringify(batch)),
  fc
    .tuple(randomUpdate)
    .map(([update]) =>
      JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s1", update } }),
    ),
  fc
    .tuple(fc.oneof(fc.nat(), fc.string()), fc.jsonValue())
    .map(([id, result]) => JSON.stringify({ jsonrpc: "2.0", id, result })),
  fc
    .tuple(fc.oneof(fc.nat(), fc.string()), fc.string(), fc.jsonValue())
    .map(([id, method, params]) => JSON.stringify({ jsonrpc: "2.0", id, method, params })),
  fc
    .tuple(fc.string(), fc.jsonValue())
    .map(([method, params]) => JSON.stringify({ jsonrpc: "2.0", method: `_${method}`, params })),
);

test("the connection survives random traffic, answers every request, and keeps working", async () => {
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on("unhandledRejection", onError);
  process.on("uncaughtException", onError);
  const heapBefore = process.memoryUsage().heapUsed;
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileLine, { minLength: 1, maxLength: 40 }), async (lines) => {
        const { transport, received, send } = memoryTransport();
        const updates: unknown[] = [];
        const client = new AgentClient(
          definitionOf({ name: "Fuzz", command: "-", args: [], env: {} }),
          transport,
          {},
          new MemoryLogger(),
        );
        client.attach("s1", { update: (u) => updates.push(u), extNotification: () => undefined });
        const init = client.initialize();
        for (const line of lines) await send(line);
        // A well-formed answer to initialize (id 0) still gets through after the noise.
        await send(JSON.stringify({ jsonrpc: "2.0", id: 0, result: { protocolVersion: 1, agentCapabilities: {} } }));
        const result = await init.catch((error: unknown) => error);
        assert.equal((result as { protocolVersion?: number }).protocolVersion ?? 1, 1);
        await new Promise((resolve) => setImmediate(resolve));
        // Every request the "agent" sent got an answer (an error for unknown methods).
        const asked = lines
          .map((l) => {
            try {
              return JSON.parse(l);
            } catch {
              return undefined;
            }
          })
          .filter(
            (m) =>
              m &&
              typeof m === "object" &&
              !Array.isArray(m) &&
              typeof m.method === "string" &&
              "id" in m &&
              m.id !== null &&
              (typeof m.id === "number" || typeof m.id === "string"),
          );
        for (const request of asked)
          assert.ok(
            received.some((r) => r.id === request.id && ("result" in r || "error" in r)),
            `request ${JSON.stringify(request).slice(0, 80)} answered`,
          );
        assert.ok(!client.connection.isClosed, "the connection is still open");
        client.connection.close();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  } finally {
    process.off("unhandledRejection", onError);
    process.off("uncaughtException", onError);
  }
  assert.deepEqual(errors, [], "nothing escaped the handlers");
  global.gc?.();
  const growth = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
  console.log(`fuzz: ${RUNS} connection runs, heap growth ${growth.toFixed(1)} MiB`);
  assert.ok(growth < 256, `heap grew by ${growth.toFixed(1)} MiB`);
});

/** Wall-clock bound for one hostile input: generous for a loaded CI box, far below a hang. */
const PROMPT_MS = 3_000;

function timed<T>(what: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  const elapsed = performance.now() - started;
  assert.ok(elapsed < PROMPT_MS, `${what} took ${elapsed.toFixed(0)} ms`);
  return result;
}

test("hostile Markdown: the pipeline never throws and finishes promptly; under the limits marked never fails, past them it is never called", () => {
  fc.assert(
    fc.property(hostileMarkdown, (source) => {
      const html = timed(`${source.length} chars of Markdown`, () => markdownToHtml(source));
      assert.equal(typeof html, "string");
      assert.ok(!html.includes("could not be formatted"), "the pre-scan let through a block marked fails on");
      if (markdownLimitExceeded(source) !== undefined)
        assert.ok(
          html.startsWith('<div class="markdown-unformatted">'),
          "a block over the limits is shown as plain text",
        );
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test("deep nesting of quotes and lists is caught by the pre-scan", () => {
  fc.assert(
    fc.property(deepMarkdown, ({ source, depth, container }) => {
      if (container && depth > MAX_NESTING + 1)
        assert.notEqual(markdownLimitExceeded(source), undefined, `${depth} levels passed the pre-scan`);
      timed(`the pre-scan of ${source.length} chars`, () => markdownLimitExceeded(source));
    }),
    { seed: SEED, numRuns: RUNS * 2 },
  );
});

test("hostile patterns: the linear matcher answers promptly and agrees with RegExp where RegExp is safe to run", () => {
  fc.assert(
    fc.property(hostilePattern, patternValue, (pattern, value) => {
      const result = timed(`${pattern} on ${value.length} chars`, () => testPattern(pattern, value));
      if (typeof result === "object" || value.length > 12) return;
      // Short values bound RegExp's backtracking, so it can serve as the oracle.
      assert.equal(
        result,
        new RegExp(pattern, "u").test(value) ? "match" : "mismatch",
        `${pattern} on ${JSON.stringify(value)}`,
      );
    }),
    { seed: SEED, numRuns: RUNS * 10 },
  );
});

test("hostile form schemas: parsing and validation never throw, stay bounded and finish promptly", () => {
  fc.assert(
    fc.property(
      hostileSchema,
      fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(patternValue, fc.jsonValue()), { maxKeys: 12 }),
      (schema, values) => {
        const parsed = timed("parsing a schema", () => parseFormSchema(schema));
        if (!parsed.ok) return;
        assert.ok(parsed.fields.length <= MAX_FORM_FIELDS);
        for (const field of parsed.fields)
          if (field.type === "choice" || field.type === "multi") assert.ok(field.choices.length <= MAX_ENUM_OPTIONS);
        // The values the user typed, and the schema's own defaults (the webview validates those as it renders).
        const defaults = Object.fromEntries(
          parsed.fields.map((field) => [field.key, "defaultValue" in field ? field.defaultValue : undefined]),
        );
        for (const input of [values, defaults] as Array<Readonly<Record<string, unknown>>>) {
          const result = timed("validating a form", (): FormValidation => validateForm(parsed.fields, input));
          assert.equal(typeof result.ok, "boolean");
        }
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});
