/**
 * A thread with every entry kind and every tool content type, built the way the host builds it:
 * real panel actions folded through the shared reducePanel. Tests render it from a snapshot and
 * can also replay the actions one by one.
 */
import { type PanelAction, type PanelState, initialPanelState, reducePanel } from "../../src/shared/wire/panelState";
import { AGENT, acpUpdate, textContent } from "./fixtures";

export const OLD_MATH = [
  "export function add(a: number, b: number): number {",
  "  return a - b;",
  "}",
  "",
  "export function sub(a: number, b: number): number {",
  "  return a - b;",
  "}",
  "",
].join("\n");

export const NEW_MATH = `${OLD_MATH.replace("return a - b;", "return a + b;")}\nexport function mul(a: number, b: number): number {\n  return a * b;\n}\n`;

export const NEW_TEST_FILE = 'import { add } from "./math";\n\nconsole.assert(add(2, 2) === 4);\n';

export const TERMINAL_OUTPUT = [
  "\u001b[1m> npm test\u001b[0m",
  "\u001b[32m✓\u001b[0m adds numbers",
  "\u001b[31mred\u001b[0m \u001b[91mbright red\u001b[0m \u001b[38;5;208morange-256\u001b[0m \u001b[38;2;255;105;180mpink-rgb\u001b[0m",
  "\u001b[3mitalic\u001b[23m \u001b[4munderline\u001b[24m \u001b[1;33mbold yellow\u001b[0m",
  "50%\r100% done",
  "",
].join("\n");

/** A 48×32 PNG, inline: images are only ever shown from base64 data. */
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAARElEQVR42u3OIQ0AIBAAQLoQA4n9Zmx0owYOgafED3XbBbjS5k5R10hRhISEhISEhIQ+h+7tKU5ECiEhISEhISGhz6EH4L1cl3nL2z8AAAAASUVORK5CYII=";

export const FORM_SCHEMA = {
  type: "object",
  properties: {
    fileName: {
      type: "string",
      title: "File name",
      description: "Relative to src/",
      minLength: 3,
      default: "math.test.ts",
    },
    email: { type: "string", title: "Notify email", format: "email" },
    framework: {
      type: "string",
      title: "Framework",
      enum: ["vitest", "jest", "node"],
      enumNames: ["Vitest", "Jest", "node:test"],
      default: "vitest",
    },
    level: {
      type: "string",
      title: "Log level",
      oneOf: ["trace", "debug", "info", "warn", "error", "silent"].map((v) => ({ const: v, title: v.toUpperCase() })),
    },
    retries: { type: "integer", title: "Retries", minimum: 0, maximum: 5, default: 2 },
    watch: { type: "boolean", title: "Watch mode" },
    tags: {
      type: "array",
      title: "Tags",
      items: {
        anyOf: [
          { const: "unit", title: "Unit" },
          { const: "slow", title: "Slow" },
        ],
      },
    },
    due: { type: "string", title: "Due date", format: "date" },
  },
  required: ["fileName", "framework"],
};

const update = acpUpdate;

export function fullFixtureActions(): PanelAction[] {
  return [
    { type: "agents/configured", agents: [AGENT, "Other Agent"], selectedAgent: AGENT },
    { type: "connection/starting", agent: AGENT },
    { type: "connection/ready", agent: AGENT, sessionId: "session-full" },
    {
      type: "session/state",
      configOptions: [
        {
          type: "select",
          id: "model",
          name: "Model",
          category: "model",
          currentValue: "sonnet",
          options: [
            {
              group: "anthropic",
              name: "Anthropic",
              options: [
                { value: "sonnet", name: "Sonnet" },
                { value: "opus", name: "Opus" },
              ],
            },
            { group: "openai", name: "OpenAI", options: [{ value: "gpt", name: "GPT-5" }] },
          ],
        },
        { type: "boolean", id: "thinking", name: "Extended thinking", currentValue: false },
      ],
      modes: {
        currentModeId: "code",
        availableModes: [
          { id: "code", name: "Code" },
          { id: "ask", name: "Ask" },
        ],
      },
    },
    update("cmds", "available_commands_update", {
      availableCommands: [
        { name: "review", description: "Review the current changes", input: { hint: "what to focus on" } },
        { name: "test", description: "Run the test suite" },
        { name: "compact", description: "Compact the conversation" },
      ],
    }),
    {
      type: "turn/started",
      entryId: "u1",
      text: "Fix the failing test in src/math.ts\nand explain why it failed",
      at: 1_000,
      attachments: [{ type: "resource_link", uri: "file:///w/src/math.ts", name: "math.ts" }],
    },
    update("a1", "agent_thought_chunk", { content: { type: "text", text: "The sign in `add` looks wrong." } }),
    update("a1", "agent_message_chunk", { content: { type: "text", text: "Let me look at **src/math.ts** first." } }),
    update("plan", "plan", {
      entries: [
        { content: "Read src/math.ts", priority: "high", status: "completed" },
        { content: "Fix add()", priority: "high", status: "completed" },
        { content: "Run the tests", priority: "medium", status: "in_progress" },
        { content: "Add a test for mul()", priority: "low", status: "pending" },
        { content: "Explain the bug", priority: "low", status: "pending" },
      ],
    }),
    update("t-read", "tool_call", {
      toolCallId: "read-1",
      title: "Read src/math.ts",
      kind: "read",
      status: "completed",
      locations: [{ path: "/w/src/math.ts", line: 2 }],
      rawInput: { path: "/w/src/math.ts", limit: 40 },
      content: [textContent("```ts\nexport function add(a, b) {\n  return a - b;\n}\n```")],
      rawOutput: "export function add(a, b) {",
    }),
    update("t-edit", "tool_call", {
      toolCallId: "edit-1",
      title: "Edit src/math.ts",
      kind: "edit",
      status: "completed",
      content: [{ type: "diff", path: "/w/src/math.ts", oldText: OLD_MATH, newText: NEW_MATH }],
      locations: [{ path: "/w/src/math.ts", line: 2 }],
    }),
    update("t-new", "tool_call", {
      toolCallId: "new-1",
      title: "Create src/math.test.ts",
      kind: "edit",
      status: "completed",
      content: [{ type: "diff", path: "/w/src/math.test.ts", oldText: null, newText: NEW_TEST_FILE }],
    }),
    { type: "terminal/created", terminalId: "term-1", command: "npm test" },
    update("t-exec", "tool_call", {
      toolCallId: "exec-1",
      title: "Run npm test",
      kind: "execute",
      status: "in_progress",
      content: [{ type: "terminal", terminalId: "term-1" }],
    }),
    { type: "terminal/output", terminalId: "term-1", chunk: TERMINAL_OUTPUT },
    { type: "terminal/exited", terminalId: "term-1", exitCode: 1, signal: null },
    update("t-exec-u", "tool_call_update", { toolCallId: "exec-1", status: "failed" }),
    update("t-lost", "tool_call", {
      toolCallId: "exec-2",
      title: "Run lint",
      kind: "execute",
      status: "completed",
      content: [{ type: "terminal", terminalId: "term-gone" }],
    }),
    update("t-ls", "tool_call", {
      toolCallId: "ls-1",
      title: "List src",
      kind: "search",
      status: "completed",
      content: [textContent("src/\n  math.ts\n  math.test.ts\n  util/\n    format.ts\n\n4 files, 1 folder")],
    }),
    update("t-fetch", "tool_call", {
      toolCallId: "fetch-1",
      title: "Fetch the logo",
      kind: "fetch",
      status: "completed",
      content: [
        { type: "content", content: { type: "image", mimeType: "image/png", data: PNG_BASE64 } },
        {
          type: "content",
          content: { type: "image", mimeType: "image/png", data: "", uri: "https://example.invalid/remote.png" },
        },
      ],
    }),
    update("t-think", "tool_call", {
      toolCallId: "think-1",
      title: "Think about edge cases",
      kind: "think",
      status: "pending",
    }),
    update("c1", "compaction_update", { compactionId: "cmp-1", status: "in_progress" }),
    update("c1-s", "compaction_summary_chunk", {
      compactionId: "cmp-1",
      content: { type: "text", text: "Summarised 42 earlier messages about the math module." },
    }),
    update("c1-d", "compaction_update", { compactionId: "cmp-1", status: "completed" }),
    update("c-bub", "tool_call", {
      toolCallId: "bub-compact",
      title: "Compacting context",
      kind: "other",
      status: "in_progress",
      _meta: { contextCompaction: true },
    }),
    update("n1", "notice", { severity: "warning", title: "Rate limited", description: "Retrying in 5 s" }),
    update("n2", "notice", { severity: "info", title: "Switched to the faster model" }),
    {
      type: "thread/error",
      entryId: "e1",
      message: "The linter crashed",
      details: "TypeError: cannot read properties of undefined",
    },
    update("a2", "agent_message_chunk", {
      content: { type: "text", text: "The `add` function subtracted. I fixed it; now I need to write the file." },
    }),
    update("usage", "usage_update", { used: 172_000, size: 200_000, cost: { amount: 0.42, currency: "USD" } }),
    update("info", "session_info_update", { title: "Fix add() sign bug" }),
    update("t-write", "tool_call", {
      toolCallId: "write-1",
      title: "Write src/math.ts",
      kind: "edit",
      status: "pending",
      locations: [{ path: "/w/src/math.ts" }],
    }),
    {
      type: "permission/requested",
      requestId: "perm-1",
      entryId: "t-write-p",
      toolCall: { toolCallId: "write-1" },
      options: [
        { optionId: "opt-once", name: "Allow once", kind: "allow_once" },
        { optionId: "opt-always", name: "Always allow edits", kind: "allow_always" },
        { optionId: "opt-no", name: "No, and tell the agent why", kind: "reject_once" },
      ],
    },
    { type: "form/requested", requestId: "form-1", message: "How should I set up the new test?", schema: FORM_SCHEMA },
    {
      type: "form/requested",
      requestId: "form-2",
      message: "Pick a nested option",
      toolCallId: "exec-2",
      schema: { type: "object", properties: { nested: { type: "object", properties: {} } } },
    },
  ];
}

export function fold(actions: readonly PanelAction[], from: PanelState = initialPanelState): PanelState {
  return actions.reduce(reducePanel, from);
}

export function fullFixtureState(): PanelState {
  return fold(fullFixtureActions());
}
