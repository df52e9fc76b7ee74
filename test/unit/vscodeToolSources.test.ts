/**
 * Text the VS Code tools return that a language service derives from other files (hover types and
 * doc comments, problem messages) never carries what files outside the workspace hold without the
 * consent fs/read_text_file needs (issue 26 item 4). The hovered symbol can be defined inside
 * (`export const seen = OUTSIDE_VALUE`): what counts is every file the project can draw on.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConsentGate } from "../../src/acp/client/callbacks/consentGate";
import { FakeIntelligence, writeSampleWorkspace } from "../support/fakeIntelligence";
import { type ScriptedAnswers } from "../support/diskFiles";
import { scratchDir } from "../support/scratchDir";
import { toolServer } from "../support/toolServer";

const LEAKED = '```typescript\nconst seen: "outside-literal-42"\n```\n\nSECRET-DOC';

function setup(answers: ScriptedAnswers = {}, gate?: ConsentGate) {
  const base = realpathSync(scratchDir("acp-tools-src-"));
  const root = join(base, "ws");
  const outside = join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeSampleWorkspace(root);
  const secret = join(outside, "secret.ts");
  writeFileSync(secret, '/** SECRET-DOC */\nexport const OUTSIDE_VALUE = "outside-literal-42";\n');
  const intelligence = new FakeIntelligence(root);
  intelligence.hoverParts = [LEAKED];
  const { consent, grants, call } = toolServer(root, intelligence, answers, gate);
  const write = (relative: string, text: string) => {
    const path = join(root, relative);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
  return { root, outside, secret, intelligence, consent, grants, call, write };
}

const hoverAt = (path: string) => ({ path, line: 2, column: 14 });
const hovered = (intelligence: FakeIntelligence) => intelligence.calls.filter((call) => call.startsWith("hover"));

test("hover over a symbol defined inside from an outside import asks like fs/read_text_file; Deny leaves no outside text", async () => {
  const { call, write, consent, secret, intelligence } = setup({ read: "deny" });
  write("src/leak.ts", 'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const seen = OUTSIDE_VALUE;\n');
  const out = await call("hover", hoverAt("src/leak.ts"));
  assert.equal(out.isError, true, out.text);
  assert.doesNotMatch(out.text, /outside-literal-42|SECRET-DOC/);
  assert.match(out.text, /Permission denied/);
  assert.ok(out.text.includes(secret), "the refusal names the outside file");
  assert.deepEqual(consent.asked, [`read ${secret}`]);
  assert.deepEqual(hovered(intelligence), [], "VS Code was not asked");
});

test("closing the dialog about a hover's outside source (deny all this turn) is a denial, never a grant", async () => {
  const { call, write, consent, grants, intelligence } = setup({ read: "deny-turn" });
  write("src/leak.ts", 'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const seen = OUTSIDE_VALUE;\n');
  const out = await call("hover", hoverAt("src/leak.ts"));
  assert.equal(out.isError, true, out.text);
  assert.doesNotMatch(out.text, /outside-literal-42|SECRET-DOC/);
  assert.equal(consent.asked.length, 1);
  assert.deepEqual(grants.list(), [], "nothing granted");
  assert.deepEqual(hovered(intelligence), [], "VS Code was not asked");
});

test("a hover's outside-source question goes through the connection's gate: denied for the turn, nothing more is asked", async () => {
  const gate = new ConsentGate("A");
  const { call, write, consent, intelligence } = setup({ read: "file" }, gate);
  write("src/leak.ts", 'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const seen = OUTSIDE_VALUE;\n');
  await gate.ask({ sessionId: "s", key: "read /elsewhere", ask: async () => "deny-turn" as const, denial: "deny" });
  const out = await call("hover", hoverAt("src/leak.ts"));
  assert.equal(out.isError, true, out.text);
  assert.doesNotMatch(out.text, /outside-literal-42/);
  assert.deepEqual(consent.asked, [], "no dialog after Deny all this turn");
  assert.deepEqual(hovered(intelligence), []);
});

test("the outside file is found however the project reaches it: another file's global, a re-export chain, tsconfig, a linked package", async () => {
  const ways: Array<[string, (s: ReturnType<typeof setup>) => void]> = [
    [
      "a global declared in another file of the project",
      (s) => s.write("src/globals.d.ts", 'declare const LEAK: typeof import("../../outside/secret").OUTSIDE_VALUE;\n'),
    ],
    [
      "a chain of re-exports inside",
      (s) => {
        s.write("src/a.ts", 'export * from "./b";\n');
        s.write("src/b.ts", 'export * from "./deep/c";\n');
        s.write("src/deep/c.ts", 'export { OUTSIDE_VALUE } from "../../../outside/secret.js";\n');
      },
    ],
    [
      "tsconfig paths",
      (s) => s.write("tsconfig.json", '{ "compilerOptions": { "paths": { "#cfg": ["../outside/secret.ts"] } } }\n'),
    ],
    [
      "compilerOptions.types naming a package found above the workspace",
      (s) => {
        mkdirSync(join(s.root, "..", "node_modules", "leaky"), { recursive: true });
        writeFileSync(join(s.root, "..", "node_modules", "leaky", "index.d.ts"), "declare const LEAK: string;\n");
        s.write("tsconfig.json", '{ "compilerOptions": { "types": ["leaky"] } }\n');
      },
    ],
    [
      "a package in node_modules linked outside",
      (s) => {
        mkdirSync(join(s.root, "node_modules"), { recursive: true });
        symlinkSync(s.outside, join(s.root, "node_modules", "shared"));
        s.write("src/pkg.ts", 'import { OUTSIDE_VALUE } from "shared/secret";\nexport const v = OUTSIDE_VALUE;\n');
      },
    ],
  ];
  for (const [way, plant] of ways) {
    const s = setup({ read: "deny" });
    plant(s);
    s.write("src/use.ts", "export const x = 1;\nexport const seen = 2;\n");
    const out = await s.call("hover", hoverAt("src/use.ts"));
    assert.equal(out.isError, true, `${way}: ${out.text}`);
    assert.doesNotMatch(out.text, /outside-literal-42/, way);
    assert.equal(s.consent.asked.length, 1, `${way}: asked once (${s.consent.asked.join(", ")})`);
    assert.match(s.consent.asked[0]!, /outside|leaky/, way);
    assert.deepEqual(hovered(s.intelligence), [], way);
  }
});

test("Allow this file answers the hover, and the grant serves the next ones without asking", async () => {
  const { call, write, consent, secret, grants } = setup({ read: "file" });
  write("src/leak.ts", 'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const seen = OUTSIDE_VALUE;\n');
  assert.match((await call("hover", hoverAt("src/leak.ts"))).text, /outside-literal-42/);
  assert.match((await call("hover", hoverAt("src/leak.ts"))).text, /outside-literal-42/);
  assert.deepEqual(consent.asked, [`read ${secret}`]);
  assert.deepEqual(
    grants.list().map((grant) => [grant.kind, grant.path]),
    [["file", secret]],
  );
});

test("problem messages: one file's ask like hover; the workspace's leave out files that can draw on outside files, without asking", async () => {
  const { call, write, consent, intelligence, root, secret } = setup({ read: "deny" });
  const leak = write(
    "src/leak.ts",
    'import { OUTSIDE_VALUE } from "../../outside/secret";\nexport const n: number = OUTSIDE_VALUE;\n',
  );
  intelligence.extraDiagnostics = [
    {
      path: leak,
      range: { start: { line: 1, character: 13 }, end: { line: 1, character: 14 } },
      severity: "error",
      message: `Type '"outside-literal-42"' is not assignable to type 'number'.`,
    },
  ];
  const all = await call("diagnostics");
  assert.doesNotMatch(all.text, /outside-literal-42/);
  assert.match(all.text, /left out/);
  assert.deepEqual(consent.asked, [], "the workspace's problems never prompt");
  const one = await call("diagnostics", { path: "src/leak.ts" });
  assert.equal(one.isError, true);
  assert.doesNotMatch(one.text, /outside-literal-42/);
  assert.deepEqual(consent.asked, [`read ${secret}`]);
  assert.ok(root);
});

test("a project that reaches nothing outside hovers without asking; a Markdown or JSON file naming an outside path asks", async () => {
  const { call, write, consent } = setup({ read: "deny" });
  assert.equal((await call("hover", { path: "src/util.ts", line: 1, column: 17 })).isError, false);
  assert.deepEqual(consent.asked, []);
  write("config.json", '{ "$schema": "../outside/secret.ts" }\n');
  assert.equal((await call("hover", { path: "config.json", line: 1, column: 5 })).isError, true);
  assert.equal(consent.asked.length, 1);
});

test("Vue, Svelte and Astro files are answered from the TypeScript project too: another file's outside global asks", async () => {
  for (const name of ["App.vue", "Card.svelte", "Page.astro"]) {
    const { call, write, consent } = setup({ read: "deny" });
    write("src/globals.d.ts", 'declare const LEAK: typeof import("../../outside/secret").OUTSIDE_VALUE;\n');
    write(`src/${name}`, "<script>\nexport const seen = LEAK;\n</script>\n");
    const out = await call("hover", hoverAt(`src/${name}`));
    assert.equal(out.isError, true, `${name}: ${out.text}`);
    assert.equal(consent.asked.length, 1, name);
  }
});
