/**
 * Random ACP traffic for the fuzz tests: session updates of every kind with random fields, real
 * recorded updates (test/fixtures/transcripts) with a random part replaced, any JSON at all; and
 * panel actions made of them, with turns, permissions, subagent events and mode changes between.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { repoRoot } from "./fakeAgentLaunch";

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

export const randomUpdate = fc.oneof(
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

const modeIds = fc.constantFrom("a", "b", "c");

export const randomAction: fc.Arbitrary<PanelAction> = fc.oneof(
  {
    // Modes known ("c" is not offered), then changed among them: mode markers come, are replaced and go.
    weight: 1,
    arbitrary: modeIds.map(
      (currentModeId) =>
        ({
          type: "session/state",
          modes: {
            currentModeId,
            availableModes: [
              { id: "a", name: "A" },
              { id: "b", name: "B" },
            ],
          },
        }) as PanelAction,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(modeIds, fc.nat()).map(
      ([currentModeId, n]) =>
        ({
          type: "acp/update",
          entryId: `m${n}`,
          update: { sessionUpdate: "current_mode_update", currentModeId },
        }) as PanelAction,
    ),
  },
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
