import { test } from "node:test";
import assert from "node:assert/strict";
import { TrafficLog, TRAFFIC_LINE_LIMIT } from "../../src/acp/client/connection/trafficLog";
import { redactSecrets } from "../../src/acp/client/connection/secretRedaction";
import { logJson } from "../../src/acp/client/connection/logJson";

test("the ring buffer keeps the newest lines, oldest first", () => {
  const log = new TrafficLog(3);
  for (let i = 1; i <= 5; i++) log.add("A", i % 2 ? "in" : "out", `m${i}`, i);
  assert.deepEqual(
    log.snapshot().map((l) => l.text),
    ["m3", "m4", "m5"],
  );
  assert.match(log.render(), /A ← m3\n.*A → m4\n.*A ← m5$/);
});

test("known secret shapes are redacted", () => {
  const line = JSON.stringify({
    env: { ANTHROPIC_API_KEY: "sk-ant-api03-abcdefghijklmnopqrstuvwxyz" },
    headers: { authorization: "Bearer abcdefghijklmnop1234" },
    apiKey: "hunter2hunter2",
  });
  const redacted = redactSecrets(line);
  assert.doesNotMatch(redacted, /abcdefghijklmnopqrstuvwxyz|abcdefghijklmnop1234|hunter2/);
  assert.match(redacted, /\[redacted\]/);
  assert.equal(redactSecrets('{"text":"a skeleton key"}'), '{"text":"a skeleton key"}');
});

test("huge lines are shortened in the log", () => {
  const log = new TrafficLog();
  log.add("A", "in", "x".repeat(TRAFFIC_LINE_LIMIT * 3), 0);
  assert.ok(log.snapshot()[0]!.text.length < TRAFFIC_LINE_LIMIT + 100);
});

test("what the log shows is redacted, though lines are stored as sent", () => {
  const log = new TrafficLog();
  log.add("A", "out", JSON.stringify({ method: "authenticate", params: { token: "hunter2hunter2" } }), 0);
  log.add("A", "in", "Bearer abcdefghijklmnop1234", 1);
  assert.doesNotMatch(JSON.stringify(log.snapshot()), /hunter2|abcdefghijklmnop1234/);
  assert.doesNotMatch(log.render(), /hunter2|abcdefghijklmnop1234/);
  assert.equal(log.snapshot().filter((line) => line.text.includes("[redacted]")).length, 2);
});

test("a message nested 20,000 levels deep renders for the log without throwing, bounded in size", () => {
  const deep = JSON.parse(`${"[".repeat(20_000)}${"]".repeat(20_000)}`) as unknown;
  const text = logJson({ jsonrpc: "2.0", method: "_x/deep", params: { deep } });
  assert.ok(text.length <= TRAFFIC_LINE_LIMIT, `${text.length} characters`);
  assert.match(text, /^\{"jsonrpc":"2\.0","method":"_x\/deep","params":\{"deep":\[\[\[/);
  assert.match(text, /"\[nested too deep\]"/);
});

test("a rendered message over the limit is cut, says so, and stays within the limit", () => {
  const text = logJson({ params: { text: "x".repeat(100_000) } });
  assert.ok(text.length <= TRAFFIC_LINE_LIMIT);
  assert.match(text, /^\{"params":\{"text":"xxx.*… \(truncated\)$/);
  assert.equal(
    logJson({ a: [1, null, true, "s", undefined], b: undefined, n: Number.NaN }),
    JSON.stringify({ a: [1, null, true, "s", undefined], b: undefined, n: Number.NaN }),
  );
});

test("the ring holds at most its character budget: a replay of big messages keeps only the newest", () => {
  const log = new TrafficLog(5000, 10_000);
  for (let i = 0; i < 100; i++) log.add("A", "in", `${i}:`.padEnd(1_000, "x"), i);
  const kept = log.snapshot();
  assert.ok(kept.reduce((sum, line) => sum + line.text.length, 0) <= 10_000, "within the budget");
  assert.equal(kept.length, 10);
  assert.match(kept.at(-1)!.text, /^99:/, "the newest is kept");
  assert.match(kept[0]!.text, /^90:/, "oldest first");
  // A line over the whole budget still shows (alone): the newest line is never dropped.
  log.add("A", "out", "y".repeat(12_000), 100);
  assert.deepEqual(
    log.snapshot().map((line) => line.at),
    [100],
  );
});
