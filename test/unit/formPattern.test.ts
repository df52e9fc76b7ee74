/**
 * Elicitation `pattern`s are checked in linear time (issue 14, item 8): src/shared/forms/patternMatcher.ts
 * on the host and in the webview. A catastrophic pattern gets its verdict at once, normal
 * patterns behave as JavaScript's RegExp does, and what a linear engine cannot run is never run:
 * the check is left to the agent, and the field says so.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseFormSchema, validateForm, type FormField } from "../../src/shared/forms/formSchema";
import { patternProblem, testPattern } from "../../src/shared/forms/patternMatcher";
import { repoRoot } from "../support/fakeAgentLaunch";
import { cpuMillis } from "../support/cpuMillis";

test("the host refuses `^(a+)+$` against 40 a's and a `!` promptly, and accepts 40 a's (a process with a deadline: backtracking would spin for minutes)", () => {
  const started = Date.now();
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "test/support/catastrophicPattern.ts")],
    { cwd: repoRoot, encoding: "utf8", timeout: 20_000 },
  );
  assert.equal(child.signal, null, `the check did not finish within 20 s (killed after ${Date.now() - started} ms)`);
  assert.equal(child.status, 0, child.stderr);
  const { direct, refused, accepted, response } = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}");
  assert.deepEqual(direct, { ok: false, errors: { code: "Code does not match the expected format." } });
  assert.deepEqual(refused, { ok: false, errors: { code: "Code does not match the expected format." } });
  assert.deepEqual(accepted, { ok: true });
  assert.deepEqual(response, { action: "accept", content: { code: "a".repeat(40) } });
});

test("catastrophic patterns get their verdict in linear time", () => {
  const cases: Array<[string, string, "match" | "mismatch"]> = [
    ["^(a+)+$", `${"a".repeat(40)}!`, "mismatch"],
    ["^(a+)+$", "a".repeat(10_000), "match"],
    ["^(a|a)*$", `${"a".repeat(5_000)}b`, "mismatch"],
    ["^(a|aa)+$", `${"a".repeat(5_000)}b`, "mismatch"],
    ["(x+x+)+y", "x".repeat(5_000), "mismatch"],
    ["^(\\w+\\s?)*$", `${"word ".repeat(2_000)}!`, "mismatch"],
    [
      "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
      `${"a".repeat(3_000)}!`,
      "mismatch",
    ],
  ];
  for (const [pattern, value, verdict] of cases) {
    const elapsed = cpuMillis(() =>
      assert.equal(testPattern(pattern, value), verdict, `${pattern} on ${value.length} chars`),
    );
    assert.ok(elapsed < 2_000, `${pattern} took ${elapsed.toFixed(0)} ms`);
  }
});

test("normal patterns give the verdicts JavaScript's RegExp gives (search semantics, `u` flag)", () => {
  const patterns = [
    "^[A-Z]{2}\\d{4}$",
    "^\\p{Lu}",
    "colou?r",
    "^(foo|bar)+$",
    "\\bword\\b",
    "\\Bb",
    "^.{3,5}$",
    "^\\u{1F600}$",
    "^\\uD83D\\uDE00$",
    "[^\\s]+",
    "(?<year>\\d{4})-\\d{2}",
    "^$",
    "a|",
    "(a*)*b",
    "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$",
    "x{2,}y",
    "^a{0,3}$",
    "^(?:ab|a)(?:bc|c)$",
    "[\\]\\-]",
    "\\.",
    "^\\x41\\cJ?",
    "(|a)+c",
    "^\\d+(\\.\\d{1,2})?$",
    "^[\\p{L} '-]+$",
    "^\\S+$",
    "^(a|ab)(c|bcd)(d*)$",
    ".",
    "^.$",
    "^a+?b*?$",
    "[😀-😂]",
  ];
  const values = [
    "",
    "a",
    "aaaa",
    "aaab",
    "AB1234",
    "ab1234",
    "Éa",
    "color",
    "colour",
    "foobar",
    "foobaz",
    "a word here",
    "swordfish",
    "abc",
    "abcdef",
    "😀",
    "x 😀",
    "😁",
    "2024-05",
    "me@example.com",
    "me@@x",
    "xxy",
    "xy",
    "ab",
    "bcd",
    "]",
    "-",
    "a.b",
    "A\n",
    "A",
    "c",
    "ac",
    "12.5",
    "12.555",
    "Jean-Luc O'Neil",
    "\n",
    "abcd",
    "😀😀",
  ];
  for (const pattern of patterns) {
    for (const value of values) {
      const expected = new RegExp(pattern, "u").test(value) ? "match" : "mismatch";
      assert.equal(testPattern(pattern, value), expected, `${pattern} on ${JSON.stringify(value)}`);
    }
  }
});

test("patterns a linear engine cannot run are never run: the check is left to the agent, and the field says why", () => {
  for (const [pattern, reason] of [
    ["^(a)\\1$", /backreference/],
    ["^(?<x>a)\\k<x>$", /backreference/],
    ["(?=a)a", /lookaround/],
    ["(?<!x)y", /lookaround/],
    ["(a{1000}){1000}", /too many repetitions/],
    ["a{5000}", /repetition count/],
    ["(", /not a valid regular expression/],
    [`${"(".repeat(200)}a${")".repeat(200)}`, /nested deeper/],
  ] as const) {
    assert.match(patternProblem(pattern) ?? "", reason, pattern);
    const result = testPattern(pattern, "aa");
    assert.ok(typeof result === "object", `${pattern} is not checked`);
  }
  const parsed = parseFormSchema({ type: "object", properties: { x: { type: "string", pattern: "^(a)\\1$" } } });
  assert.ok(parsed.ok);
  assert.deepEqual(
    validateForm(parsed.fields, { x: "ab" }),
    { ok: true, content: { x: "ab" } },
    "not enforced by the client",
  );
  assert.equal(patternProblem("^[a-z]+$"), undefined);
});

test("form validation with patterns behaves as before for normal patterns", () => {
  const field: FormField = { key: "slug", label: "Slug", required: true, type: "string", pattern: "^[a-z0-9-]+$" };
  assert.deepEqual(validateForm([field], { slug: "my-page-2" }), { ok: true, content: { slug: "my-page-2" } });
  assert.deepEqual(validateForm([field], { slug: "My Page" }), {
    ok: false,
    errors: { slug: "Slug does not match the expected format." },
  });
  const unanchored: FormField = { ...field, pattern: "\\d" };
  assert.deepEqual(
    validateForm([unanchored], { slug: "a1b" }),
    { ok: true, content: { slug: "a1b" } },
    "JSON Schema patterns are not anchored",
  );
});
