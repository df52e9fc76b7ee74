/**
 * The other files a file's text names, as a language service would follow them. Pure text work
 * (outsideSources.ts resolves and follows what this finds). Three kinds of file:
 * - scripts (TypeScript / JavaScript, and Vue / Svelte / Astro components): module specifiers of `import … from`, `export … from`,
 *   side-effect `import "…"`, `import("…")` (type imports and JSDoc `import("…")` included),
 *   `require("…")`, and `/// <reference path|types="…"/>`;
 * - project configs (`tsconfig*.json`, `jsconfig*.json`, `package.json`): every string that is a
 *   path (`./`, `../`, `/`, `~`, `C:\`, `file:`, `${configDir}`), globs cut at their first
 *   wildcard, and the package names of `extends` and `compilerOptions.types`;
 * - anything else (JSON, Markdown, other languages): quoted strings and Markdown link targets that
 *   are paths, the generic way a file names another (`"$schema": "../x.json"`, `#include "/…"`).
 * The scan errs towards finding too much: a string that only looks like a path is resolved and,
 * when it stays inside the workspace, costs nothing.
 */
import { basename } from "node:path";

export type SourceKind = "script" | "config" | "other";

export interface SourceReference {
  readonly specifier: string;
  /** `path`: a path (relative to the file's folder); `package`: a bare name looked up in node_modules. */
  readonly as: "path" | "package";
}

/** TypeScript and JavaScript, and the component files whose language services run on the TypeScript project. */
const SCRIPT = /\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/i;
const CONFIG = /^(?:[tj]sconfig(?:\.[^/\\]*)?\.json|package\.json)$/i;

export function sourceKind(path: string): SourceKind {
  if (SCRIPT.test(path)) return "script";
  return CONFIG.test(basename(path)) ? "config" : "other";
}

/** A path as opposed to a package name: relative, absolute, home, drive, file: URL, `${configDir}`. */
const PATH_LIKE = /^(?:\.{1,2}(?:[\\/]|$)|[\\/]|~(?:[\\/]|$)|[A-Za-z]:[\\/]|file:|\$\{configDir\})/;

export const isPathLike = (value: string): boolean => PATH_LIKE.test(value);

const SCRIPT_PATTERNS: readonly RegExp[] = [
  /\bfrom\s*(["'])([^"'\r\n]+)\1/g,
  /\bimport\s*(["'])([^"'\r\n]+)\1/g,
  /\b(?:import|require)\s*\(\s*(["'`])([^"'`\r\n]+)\1/g,
];
const REFERENCE_DIRECTIVE = /\/\/\/\s*<reference\s+(path|types)\s*=\s*(["'])([^"'\r\n]+)\2/g;

export function scriptReferences(text: string): SourceReference[] {
  const found: SourceReference[] = [];
  for (const pattern of SCRIPT_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      const specifier = match[2]!;
      found.push({ specifier, as: isPathLike(specifier) ? "path" : "package" });
    }
  for (const match of text.matchAll(REFERENCE_DIRECTIVE)) {
    const specifier = match[3]!;
    // `path=` is relative to the file even without "./"; `types=` names a package.
    found.push({ specifier, as: match[1] === "path" || isPathLike(specifier) ? "path" : "package" });
  }
  return found;
}

const JSON_STRING = /"((?:[^"\\\r\n]|\\.)*)"/g;
/**
 * `extends` and `compilerOptions.types` name packages (looked up in node_modules, then `@types`).
 * An array stops at the next `[` too (no package name has one): `[^\]]*` scanned every unclosed
 * `"types":[` to the end of the file (90 KB of them took 4 s).
 */
const EXTENDS = /"(?:extends|types)"\s*:\s*(?:"((?:[^"\\]|\\.)*)"|\[([^\][]*)\])/g;

/** The package.json fields a language service loads files by (`main`, `types`, `exports`…). */
const PACKAGE_FIELDS = ["main", "module", "types", "typings", "exports", "imports", "typesVersions", "browser"];

/** A package.json: the paths in its entry-point fields (unparsable: every path string, as a config). */
export function packageReferences(text: string): SourceReference[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return configReferences(text);
  }
  if (typeof manifest !== "object" || manifest === null) return [];
  const found: SourceReference[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 20) return;
    if (typeof value === "string") {
      // Entry points are relative to the package even without "./"; URLs are not files.
      if (value !== "" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
        found.push({ specifier: cutGlob(value), as: "path" });
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (typeof value === "object" && value !== null)
      Object.values(value).forEach((item) => visit(item, depth + 1));
  };
  for (const field of PACKAGE_FIELDS) visit((manifest as Record<string, unknown>)[field], 0);
  return found;
}

export function configReferences(text: string): SourceReference[] {
  const found: SourceReference[] = [];
  for (const match of text.matchAll(JSON_STRING)) {
    const value = unescapeJson(match[1]!);
    if (isPathLike(value)) found.push({ specifier: cutGlob(value), as: "path" });
  }
  for (const match of text.matchAll(EXTENDS)) {
    const names = match[1] !== undefined ? [match[1]] : [...match[2]!.matchAll(JSON_STRING)].map((m) => m[1]!);
    for (const name of names.map(unescapeJson))
      if (name !== "" && !isPathLike(name)) found.push({ specifier: name, as: "package" });
  }
  return found;
}

const QUOTED = /(["'`])([^"'`\r\n]{1,4096}?)\1/g;
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)/g;

export function otherReferences(text: string): SourceReference[] {
  const found: SourceReference[] = [];
  for (const match of text.matchAll(QUOTED)) {
    const value = match[1] === '"' ? unescapeJson(match[2]!) : match[2]!;
    if (isPathLike(value)) found.push({ specifier: cutGlob(value), as: "path" });
  }
  for (const match of text.matchAll(MARKDOWN_LINK))
    if (isPathLike(match[1]!)) found.push({ specifier: match[1]!.replace(/#.*$/, ""), as: "path" });
  return found;
}

export function referencesOf(kind: SourceKind, text: string, path: string): SourceReference[] {
  if (kind === "script") return scriptReferences(text);
  if (kind === "other") return otherReferences(text);
  return basename(path).toLowerCase() === "package.json" ? packageReferences(text) : configReferences(text);
}

/** `src/**\/*.ts` → `src/`: the folder a glob starts from (what it can reach is under it). */
function cutGlob(value: string): string {
  const wildcard = value.search(/[*?[{]/);
  if (wildcard === -1) return value;
  const head = value.slice(0, wildcard);
  const slash = Math.max(head.lastIndexOf("/"), head.lastIndexOf("\\"));
  return slash === -1 ? "." : head.slice(0, slash + 1);
}

function unescapeJson(value: string): string {
  if (!value.includes("\\")) return value;
  try {
    return JSON.parse(`"${value}"`) as string;
  } catch {
    return value;
  }
}
