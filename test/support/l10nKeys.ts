/**
 * Finds the strings the product translates by scanning its sources: the first argument of every
 * `vscode.l10n.t(…)`, `t(…)`, `this.t(…)`, `tParts(…)` and `(….translate ?? english)(…)` call in src/
 * and webview/. Such calls must pass a string literal, so the bundles can be checked without running
 * anything; a call with anything else is reported (the few generic wrappers are listed).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Files that forward a message they were given (no literal to find). */
const FORWARDERS = new Set(["src/shared/l10n.ts", "webview/l10n.ts", "src/vscode/host.ts"]);

const CALL = /(?:\bthis\.t|\bl10n\.t|(?<![\w.$])t|(?<![\w.$])tParts|\?\? english\))\(\s*/g;

export interface L10nScan {
  /** Every message key, with the files that use it. */
  readonly keys: Map<string, string[]>;
  /** Calls whose first argument is not a string literal (`file:line`). */
  readonly nonLiteral: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Reads a JS string literal that starts at `text[at]` (a `"` or a `'`); undefined for anything else. */
function readLiteral(text: string, at: number): string | undefined {
  const quote = text[at];
  if (quote !== '"' && quote !== "'") return undefined;
  let body = "";
  for (let i = at + 1; i < text.length; i++) {
    const char = text[i]!;
    if (char === "\\") {
      const next = text[i + 1]!;
      body += next === "'" ? "'" : next === '"' ? '\\"' : `\\${next}`;
      i++;
    } else if (char === quote) {
      return JSON.parse(`"${body}"`) as string;
    } else if (char === '"') {
      body += '\\"';
    } else if (char === "\n") {
      return undefined;
    } else {
      body += char;
    }
  }
  return undefined;
}

export function scanL10n(root: string): L10nScan {
  const keys = new Map<string, string[]>();
  const nonLiteral: string[] = [];
  for (const file of [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "webview"))]) {
    const name = relative(root, file).split("\\").join("/");
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(CALL)) {
      const at = match.index + match[0].length;
      const literal = readLiteral(text, at);
      if (literal === undefined) {
        if (text[at] === ")") continue; // a declaration such as `get t()`, not a call with a message
        if (!FORWARDERS.has(name)) nonLiteral.push(`${name}:${text.slice(0, at).split("\n").length}`);
        continue;
      }
      keys.set(literal, [...(keys.get(literal) ?? []), name]);
    }
  }
  return { keys, nonLiteral };
}

/** The English bundle: every key maps to itself, sorted for stable diffs. */
export function englishBundle(scan: L10nScan): Record<string, string> {
  return Object.fromEntries([...scan.keys.keys()].sort().map((key) => [key, key]));
}
