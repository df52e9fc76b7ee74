/**
 * Property-based fuzzing (fast-check, fixed seed, bounded runs; `npm run fuzz` runs longer) with
 * hostile text: Markdown at the webview's DOM-free Markdown pipeline, and form schemas and
 * patterns at the form code the host runs (test/support/hostileInputs.ts). Nothing throws, and
 * everything finishes promptly.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
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
import { deepMarkdown, hostileMarkdown, hostilePattern, hostileSchema, patternValue } from "../support/hostileInputs";
import { cpuMillisSince } from "../support/cpuMillis";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

/** CPU-time bound for one hostile input: generous, far below a hang. */
const PROMPT_MS = 3_000;

function timed<T>(what: string, run: () => T): T {
  const before = process.cpuUsage();
  const result = run();
  const elapsed = cpuMillisSince(before);
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
