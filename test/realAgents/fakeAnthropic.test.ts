/** The fake Anthropic Messages API by itself: routes, SSE shapes, scripts and the request log. */
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_REPLY, FakeAnthropic, SIDE_REPLY, rules, text, thinking, toolUse } from "./fakeAnthropic";
import { readConversation } from "./anthropicConversation";

let fake: FakeAnthropic;
before(async () => {
  fake = await FakeAnthropic.start();
});
after(() => fake.close());

const tools = [
  {
    name: "mcp__acp__Read",
    input_schema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
  },
  {
    name: "mcp__acp__Bash",
    input_schema: {
      type: "object",
      properties: { command: { type: "string" }, timeout: { type: "number" } },
      required: ["command", "timeout"],
    },
  },
  { name: "TodoWrite", input_schema: { type: "object" } },
];

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${fake.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "sk-test" },
    body: JSON.stringify(body),
  });
}

/** The SSE events of a response, parsed. */
async function events(response: Response): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const raw = await response.text();
  return raw
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const [eventLine, dataLine] = block.split("\n");
      return {
        event: eventLine!.replace(/^event: /, ""),
        data: JSON.parse(dataLine!.replace(/^data: /, "")) as Record<string, unknown>,
      };
    });
}

test("streams thinking, text and tool_use as Anthropic SSE, picking the agent's spelling of the tool", async () => {
  fake.script = rules({
    prompt: "do it",
    steps: [[thinking("hmm"), text("Calling a tool now."), toolUse("Bash", { command: "ls" })]],
  });
  const response = await post("/v1/messages?beta=true", {
    model: "claude-x",
    stream: true,
    tools,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "<system-reminder>ctx</system-reminder>" },
          { type: "text", text: "do it" },
        ],
      },
    ],
  });
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const list = await events(response);
  assert.equal(list[0]?.event, "message_start");
  assert.deepEqual(
    list.slice(-2).map((e) => e.event),
    ["message_delta", "message_stop"],
  );
  assert.equal((list.at(-2)!.data.delta as { stop_reason: string }).stop_reason, "tool_use");
  for (const e of list) assert.equal(e.data.type, e.event, "data.type repeats the event name");
  const starts = list
    .filter((e) => e.event === "content_block_start")
    .map((e) => e.data.content_block as { type: string; name?: string; id?: string });
  assert.deepEqual(
    starts.map((b) => b.type),
    ["thinking", "text", "tool_use"],
  );
  assert.equal(starts[2]?.name, "mcp__acp__Bash");
  assert.match(starts[2]?.id ?? "", /^toolu_/);
  const deltas = (index: number, kind: string, field: string) =>
    list
      .filter(
        (e) =>
          e.event === "content_block_delta" &&
          e.data.index === index &&
          (e.data.delta as { type: string }).type === kind,
      )
      .map((e) => (e.data.delta as Record<string, string>)[field])
      .join("");
  assert.equal(deltas(0, "thinking_delta", "thinking"), "hmm");
  assert.equal(deltas(0, "signature_delta", "signature"), "fake-signature");
  assert.equal(deltas(1, "text_delta", "text"), "Calling a tool now.");
  assert.deepEqual(
    JSON.parse(deltas(2, "input_json_delta", "partial_json")),
    { timeout: 60000, command: "ls" },
    "required fields filled in",
  );
  assert.equal(list.filter((e) => e.event === "content_block_stop").length, 3);
  const logged = fake.requests.at(-1)!;
  assert.equal(logged.kind, "messages");
  assert.equal(logged.prompt, "do it", "the system reminder is not the prompt");
  assert.equal(logged.step, 0);
});

test("steps follow the tool results; non-streaming requests get JSON", async () => {
  fake.script = rules({
    prompt: "read it",
    steps: [[toolUse("Read", { file_path: "/x" })], (c) => `Got: ${c.lastToolResult?.text}`],
  });
  const messages = [
    { role: "user", content: "read it" },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_1", name: "mcp__acp__Read", input: { file_path: "/x" } }],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: [{ type: "text", text: "file text\n<system-reminder>be careful</system-reminder>" }],
        },
      ],
    },
  ];
  const response = await post("/v1/messages", { model: "claude-x", stream: false, tools, messages });
  const body = (await response.json()) as {
    type: string;
    role: string;
    content: Array<{ type: string; text: string }>;
    stop_reason: string;
    usage: { input_tokens: number };
  };
  assert.deepEqual(
    { type: body.type, role: body.role, stop_reason: body.stop_reason },
    { type: "message", role: "assistant", stop_reason: "end_turn" },
  );
  assert.deepEqual(body.content, [{ type: "text", text: "Got: file text" }], "reminders stripped from the tool result");
  assert.equal(body.usage.input_tokens, 42);
});

test("a prompt after an interruption starts a new turn even when it shares a message with a tool result", () => {
  const conversation = readConversation({
    tools: [],
    messages: [
      { role: "user", content: "first" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Write", input: {} }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "User refused permission to run tool", is_error: true },
          { type: "text", text: "[Request interrupted by user for tool use]" },
          { type: "text", text: "second" },
        ],
      },
    ],
  });
  assert.deepEqual(
    { prompt: conversation.prompt, step: conversation.step, results: conversation.toolResults.length },
    { prompt: "second", step: 0, results: 0 },
  );
});

test("side requests, token counting, unknown routes and unmatched prompts", async () => {
  fake.script = rules({ prompt: "never said", steps: ["no"] });
  const side = await post("/v1/messages", {
    model: "claude-haiku",
    stream: false,
    messages: [{ role: "user", content: "Write a title" }],
  });
  assert.equal(((await side.json()) as { content: Array<{ text: string }> }).content[0]?.text, SIDE_REPLY);
  assert.equal(fake.requests.at(-1)?.kind, "side");
  const count = await post("/v1/messages/count_tokens?beta=true", { messages: [] });
  assert.deepEqual(await count.json(), { input_tokens: 42 });
  const head = await fetch(`${fake.baseUrl}/`, { method: "HEAD" });
  assert.equal(head.status, 404);
  assert.deepEqual(
    fake.requests.slice(-2).map((r) => [r.method, r.kind]),
    [
      ["POST", "count_tokens"],
      ["HEAD", "other"],
    ],
  );
  const plain = await post("/v1/messages", {
    model: "m",
    stream: false,
    tools,
    messages: [{ role: "user", content: "hello" }],
  });
  assert.equal(((await plain.json()) as { content: Array<{ text: string }> }).content[0]?.text, DEFAULT_REPLY);
});

test("a client that goes away mid-stream marks the request aborted", async () => {
  fake.script = () => ({ blocks: [text("x".repeat(400))], eventDelayMs: 20, chunkChars: 4 });
  const controller = new AbortController();
  const streaming = fetch(`${fake.baseUrl}/v1/messages`, {
    method: "POST",
    signal: controller.signal,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stream: true, tools, messages: [{ role: "user", content: "slow" }] }),
  });
  const reader = (await streaming).body!.getReader();
  await reader.read();
  controller.abort();
  const deadline = Date.now() + 5000;
  while (fake.requests.at(-1)?.aborted !== true && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(fake.requests.at(-1)?.aborted, true);
});
