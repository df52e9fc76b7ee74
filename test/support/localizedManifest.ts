/** package.json as VS Code shows it in English: every `"%key%"` value replaced from package.nls.json. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest read as JSON, like the tests' other manifest reads
export function readLocalizedManifest(root: string): any {
  const nls = JSON.parse(readFileSync(join(root, "package.nls.json"), "utf8")) as Record<string, string>;
  return JSON.parse(readFileSync(join(root, "package.json"), "utf8"), (_key, value: unknown) => {
    const key = typeof value === "string" ? /^%([\w.-]+)%$/.exec(value)?.[1] : undefined;
    return key !== undefined && key in nls ? nls[key] : value;
  });
}
