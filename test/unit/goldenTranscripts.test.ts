/**
 * Golden transcripts: recorded wire traffic (JSONL) folded by the shared reducer and rendered to
 * Markdown, compared with the committed `.md` beside it. `UPDATE_GOLDEN=1` writes the goldens
 * (new ones included); without it a recording with no golden fails. Review the diff before committing.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { threadToMarkdown } from "../../src/shared/thread/threadMarkdown";
import { configOptionsSchema, knownUpdateSchema, modeStateSchema } from "../../src/shared/thread/sessionUpdate";
import { UNSTABLE_UPDATE_TAGS } from "../../src/shared/thread/unstableUpdates";
import { repoRoot } from "../support/fakeAgentLaunch";

const dir = join(repoRoot, "test/fixtures/transcripts");

/** Folds recorded lines: `session/update` notifications and session responses carrying config/modes. */
export function foldRecording(jsonl: string): Thread {
  let thread = emptyThread;
  let id = 0;
  for (const line of jsonl.split("\n").filter(Boolean)) {
    const message = JSON.parse(line);
    if (message.method === "session/update") {
      thread = reduceThread(thread, { type: "acp/update", entryId: `e${++id}`, update: message.params.update });
    } else if (message.result && (message.result.configOptions || message.result.modes)) {
      const configOptions = configOptionsSchema.optional().parse(message.result.configOptions);
      const modes = modeStateSchema.optional().parse(message.result.modes);
      thread = reduceThread(thread, {
        type: "session/state",
        ...(configOptions ? { configOptions } : {}),
        ...(modes ? { modes } : {}),
      });
    }
  }
  return thread;
}

for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  test(`golden transcript: ${file}`, () => {
    const markdown = threadToMarkdown(foldRecording(readFileSync(join(dir, file), "utf8")));
    const golden = join(dir, file.replace(/\.jsonl$/, ".md"));
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, markdown);
    assert.ok(existsSync(golden), `${file} has no golden: run with UPDATE_GOLDEN=1 and review the new .md`);
    assert.equal(markdown, readFileSync(golden, "utf8"));
  });
}

/** The stable `SessionUpdate` variants, read from the ACP schema the pinned SDK ships. */
function stableVariants(): string[] {
  const schema = JSON.parse(
    readFileSync(join(repoRoot, "node_modules/@agentclientprotocol/sdk/schema/v1/schema.json"), "utf8"),
  );
  const union: Array<{ properties?: { sessionUpdate?: { const?: string } } }> = schema.$defs.SessionUpdate.oneOf;
  const tags = union.map((variant) => variant.properties?.sessionUpdate?.const);
  assert.ok(
    tags.every((tag): tag is string => typeof tag === "string"),
    "every SessionUpdate variant has a const sessionUpdate tag",
  );
  return tags;
}

test("every stable session/update variant appears in the golden fixtures", () => {
  const variants = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean)) {
      const update = JSON.parse(line).params?.update;
      if (update) variants.add(update.sessionUpdate);
    }
  }
  const stable = stableVariants();
  assert.ok(stable.length >= 14, `the schema lists ${stable.length} variants`);
  assert.deepEqual(
    stable.filter((v) => !variants.has(v)),
    [],
  );
});

test("the reducer's schema knows every stable session/update variant", () => {
  const known = knownUpdateSchema.options.flatMap(({ shape: { sessionUpdate: tag } }): string[] =>
    "options" in tag ? tag.options : [...tag.values],
  );
  assert.deepEqual(
    stableVariants().filter((v) => !known.includes(v)),
    [],
  );
});

/** The unstable `SessionUpdate` variants (in the unstable schema, not in the stable one). */
function unstableVariants(): string[] {
  const schema = JSON.parse(
    readFileSync(join(repoRoot, "node_modules/@agentclientprotocol/sdk/schema/v1/schema.unstable.json"), "utf8"),
  );
  const union: Array<{ properties?: { sessionUpdate?: { const?: string } } }> = schema.$defs.SessionUpdate.oneOf;
  const stable = new Set(stableVariants());
  return union
    .map((variant) => variant.properties?.sessionUpdate?.const)
    .filter((tag): tag is string => typeof tag === "string" && !stable.has(tag));
}

test("every unstable session/update variant is known to the reducer and appears in the golden fixtures", () => {
  const variants = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean)) {
      const update = JSON.parse(line).params?.update;
      if (update) variants.add(update.sessionUpdate);
    }
  }
  const unstable = unstableVariants();
  assert.ok(unstable.length >= 5, `the unstable schema adds ${unstable.length} variants`);
  assert.deepEqual(
    unstable.filter((v) => !UNSTABLE_UPDATE_TAGS.includes(v)),
    [],
    "the reducer's unstable schema",
  );
  assert.deepEqual(
    unstable.filter((v) => !variants.has(v)),
    [],
    "the golden fixtures",
  );
});
