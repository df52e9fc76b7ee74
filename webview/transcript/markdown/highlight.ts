/**
 * Syntax highlighting with highlight.js core; each grammar is its own chunk, loaded the first time
 * a fenced block names its language (or one of its aliases), so the panel's first paint does not
 * wait for grammars nobody uses. Until a grammar has loaded, its blocks render as plain, escaped
 * code; `whileCollectingGrammarWaits` tells the caller which render was missing one, so it can
 * render again once the grammar is in (markdownCache.ts, Markdown.tsx).
 * Unknown languages stay plain.
 */
import hljs from "highlight.js/lib/core";
import type { LanguageFn } from "highlight.js";

type GrammarModule = { default: LanguageFn };

// Static import() calls, one per grammar: esbuild makes each its own chunk.
const loaders: Record<string, () => Promise<GrammarModule>> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  go: () => import("highlight.js/lib/languages/go"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  php: () => import("highlight.js/lib/languages/php"),
  powershell: () => import("highlight.js/lib/languages/powershell"),
  python: () => import("highlight.js/lib/languages/python"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** The names a fence may use for each grammar (highlight.js's own aliases, known before loading). */
const aliases: Record<string, readonly string[]> = {
  bash: ["sh", "zsh"],
  c: ["h"],
  cpp: ["cc", "c++", "h++", "hpp", "hh", "hxx", "cxx"],
  csharp: ["cs", "c#"],
  diff: ["patch"],
  dockerfile: ["docker"],
  go: ["golang"],
  ini: ["toml"],
  java: ["jsp"],
  javascript: ["js", "jsx", "mjs", "cjs"],
  json: ["jsonc", "json5"],
  kotlin: ["kt", "kts"],
  makefile: ["mk", "mak", "make"],
  markdown: ["md", "mkdown", "mkd"],
  powershell: ["pwsh", "ps", "ps1"],
  python: ["py", "gyp", "ipython"],
  ruby: ["rb", "gemspec", "podspec", "thor", "irb"],
  rust: ["rs"],
  shell: ["console", "shellsession"],
  typescript: ["ts", "tsx", "mts", "cts"],
  xml: ["html", "xhtml", "rss", "atom", "xsd", "xsl", "plist", "svg"],
  yaml: ["yml"],
};

const grammarOf = new Map<string, string>();
for (const name of Object.keys(loaders)) grammarOf.set(name, name);
for (const [name, names] of Object.entries(aliases)) for (const alias of names) grammarOf.set(alias, name);

/** Grammars asked for: loading (a promise) or settled (undefined: registered, or failed to load). */
const requested = new Map<string, Promise<void> | undefined>();

/** Starts loading `language`'s grammar (an alias works); resolves once it is registered or failed. */
export function loadGrammar(language: string): Promise<void> | undefined {
  const name = grammarOf.get(language);
  const load = name === undefined ? undefined : loaders[name];
  if (name === undefined || load === undefined) return undefined;
  if (requested.has(name)) return requested.get(name);
  const loading = load()
    .then(
      (module) => {
        hljs.registerLanguage(name, module.default);
        // The names this table promised, whether or not the grammar declares them all itself.
        hljs.registerAliases([...(aliases[name] ?? [])], { languageName: name });
      },
      (error: unknown) => console.warn(`ACP Panel: the ${name} grammar could not be loaded`, error),
    )
    .finally(() => requested.set(name, undefined));
  requested.set(name, loading);
  return loading;
}

let collecting: Promise<void>[] | undefined;

/** Runs `render`, and returns with its value the grammars it found still loading. */
export function whileCollectingGrammarWaits<T>(render: () => T): { value: T; waits: readonly Promise<void>[] } {
  const outer = collecting;
  const waits: Promise<void>[] = [];
  collecting = waits;
  try {
    return { value: render(), waits };
  } finally {
    collecting = outer;
  }
}

/** Highlighted, escaped HTML for `code`, or undefined when `language` has no grammar (yet). */
export function highlightCode(code: string, language: string): string | undefined {
  if (language === "") return undefined;
  if (hljs.getLanguage(language) === undefined) {
    const loading = loadGrammar(language);
    if (loading !== undefined) collecting?.push(loading);
    return undefined;
  }
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
