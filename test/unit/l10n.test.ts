/**
 * Localization: every string the sources translate has a key in the English bundle, every `%key%`
 * of package.json is in package.nls.json, and the Simplified Chinese bundles are complete (same
 * keys, nothing empty, the same `{n}` placeholders and command links). The .vsix ships them all.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { english, formatMessage, parseBundle, translatorFor } from "../../src/shared/l10n";
import { repoRoot } from "../support/fakeAgentLaunch";
import { englishBundle, scanL10n } from "../support/l10nKeys";
import { vsixFiles } from "../support/vsixFiles";

const readJson = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), "utf8")) as Record<string, unknown>;
const scan = scanL10n(repoRoot);

/** The `{n}` placeholders and `command:` links a message has, sorted. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\d+\}|\(command:[\w.]+\)/g)].map((m) => m[0]).sort();
}

function assertComplete(englishFile: string, translatedFile: string): void {
  const source = readJson(englishFile);
  const translated = readJson(translatedFile);
  assert.deepEqual(
    Object.keys(translated).filter((key) => !(key in source)),
    [],
    `${translatedFile} has keys ${englishFile} does not`,
  );
  assert.deepEqual(
    Object.keys(source).filter((key) => !(key in translated)),
    [],
    `${translatedFile} lacks these keys`,
  );
  for (const [key, english] of Object.entries(source)) {
    const text = translated[key];
    assert.ok(typeof text === "string" && text.trim() !== "", `${translatedFile}: "${key}" is empty`);
    assert.deepEqual(
      markers(text),
      markers(String(english)),
      `${translatedFile}: "${key}" changes its placeholders or links: ${text}`,
    );
  }
}

test("every t(…) / vscode.l10n.t(…) call passes a string literal, so its key can be found", () => {
  assert.deepEqual(scan.nonLiteral, []);
  assert.ok(scan.keys.size > 200, `only ${scan.keys.size} keys found: is the scanner broken?`);
  for (const key of [
    "Prompt",
    "Send",
    "Stop",
    "Follow agent",
    "Open a session in the ACP panel first.",
    'No agent named "{0}" is configured.',
  ]) {
    assert.ok(scan.keys.has(key), `"${key}" is not translated anywhere`);
  }
});

test("the English bundle l10n/bundle.l10n.json has exactly the keys the sources use (regenerate: node --import tsx test/harness/l10nBundle.ts)", () => {
  const bundle = readJson("l10n/bundle.l10n.json");
  const expected = englishBundle(scan);
  assert.deepEqual(
    Object.keys(expected).filter((key) => !(key in bundle)),
    [],
    "keys missing from l10n/bundle.l10n.json",
  );
  assert.deepEqual(
    Object.keys(bundle).filter((key) => !(key in expected)),
    [],
    "keys no source uses any more",
  );
  for (const [key, value] of Object.entries(bundle)) assert.equal(value, key);
});

test("every %key% in package.json is in package.nls.json, and every key there is used", () => {
  const manifest = readFileSync(join(repoRoot, "package.json"), "utf8");
  const used = new Set([...manifest.matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1]!));
  const nls = readJson("package.nls.json");
  assert.ok(used.size >= 40, `only ${used.size} %key% values in package.json`);
  assert.deepEqual(
    [...used].filter((key) => !(key in nls)),
    [],
  );
  assert.deepEqual(
    Object.keys(nls).filter((key) => !used.has(key)),
    [],
  );
  assert.equal(JSON.parse(manifest).l10n, "./l10n");
});

/** Keys of package.json's `contributes` whose string values (or arrays of strings) the user reads. */
const SHOWN = new Set([
  "title",
  "shortTitle",
  "name",
  "label",
  "description",
  "markdownDescription",
  "enumDescriptions",
  "markdownEnumDescriptions",
  "deprecationMessage",
  "markdownDeprecationMessage",
  "patternErrorMessage",
  "errorMessage",
  "contents",
  "altText",
]);
/** Values that are data, not text: examples and defaults are written as the user would write them. */
const DATA = new Set(["examples", "default", "enum", "const"]);

/** Every shown string in `value` that is not a `%key%`, as `path: text`. */
function literalTexts(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => literalTexts(item, `${path}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (DATA.has(key)) continue;
    const at = `${path}.${key}`;
    const shown = SHOWN.has(key) && !path.endsWith(".properties");
    if (shown && typeof child === "string" && !/^%[\w.-]+%$/.test(child)) found.push(`${at}: ${child}`);
    else if (shown && Array.isArray(child) && child.every((item) => typeof item === "string")) {
      for (const [index, item] of child.entries())
        if (!/^%[\w.-]+%$/.test(item as string)) found.push(`${at}[${index}]: ${String(item)}`);
    } else found.push(...literalTexts(child, at));
  }
  return found;
}

test("every user-visible string of package.json's contributes is a %key% (titles, descriptions, enum descriptions, names, welcome contents…)", () => {
  const manifest = readJson("package.json");
  assert.deepEqual(literalTexts(manifest.contributes, "contributes"), []);
  // The walker does look inside nested settings: a literal in an agent entry's properties is found.
  const probe = {
    configuration: {
      properties: { a: { additionalProperties: { properties: { b: { description: "B", examples: ["x"] } } } } },
    },
  };
  assert.deepEqual(literalTexts(probe, "c"), [
    "c.configuration.properties.a.additionalProperties.properties.b.description: B",
  ]);
});

test("package.nls.zh-cn.json is complete: same keys, none empty, placeholders and command links kept", () => {
  assertComplete("package.nls.json", "package.nls.zh-cn.json");
});

test("l10n/bundle.l10n.zh-cn.json (the host's and the webview's strings) is complete: same keys, none empty, placeholders kept", () => {
  assertComplete("l10n/bundle.l10n.json", "l10n/bundle.l10n.zh-cn.json");
  const zh = readJson("l10n/bundle.l10n.zh-cn.json");
  assert.equal(zh.Send, "发送");
  // A translation that is still English is a miss, except for the few that are names or symbols.
  const untranslated = Object.entries(zh).filter(([key, text]) => key === text && /[a-z]{3}/.test(key));
  assert.deepEqual(untranslated, []);
});

test("the translator: English is the key, a bundle translates, an empty or missing entry falls back, {n} are filled", () => {
  assert.equal(english("Starting {0}…", "Bub"), "Starting Bub…");
  const zh = translatorFor({ "Starting {0}…": "正在启动 {0}…", Send: "" });
  assert.equal(zh("Starting {0}…", "Bub"), "正在启动 Bub…");
  assert.equal(zh("Send"), "Send");
  assert.equal(zh("Stop"), "Stop");
  assert.equal(formatMessage("{1} and {0}, {2}", ["a", 1]), "1 and a, {2}");
  assert.deepEqual(parseBundle('{"a":"b","n":1}'), { a: "b" });
  assert.equal(parseBundle("[1]"), undefined);
  assert.equal(parseBundle("not json"), undefined);
});

test("the .vsix carries package.nls.json, package.nls.zh-cn.json and the l10n bundles", { timeout: 60_000 }, () => {
  const files = vsixFiles();
  const wanted = ["package.nls.json", "package.nls.zh-cn.json", "l10n/bundle.l10n.json", "l10n/bundle.l10n.zh-cn.json"];
  assert.deepEqual(
    wanted.filter((file) => !files.includes(file)),
    [],
  );
});
