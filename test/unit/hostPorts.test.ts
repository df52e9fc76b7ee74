/**
 * "What does the ACP layer need from VS Code?" has one answer, src/acp/ports.ts: the host builds
 * one adapter per port of `HostPorts`, in its order (src/vscode/hostPorts.ts), and every interface
 * of src/acp that a VS Code class implements is declared there. The sources are read, since
 * src/vscode imports `vscode`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";

const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");

/** The member names of a `{ … }` block, one per line at two spaces of indent. */
function members(block: string | undefined): string[] {
  assert.ok(block, "the block was found");
  return [...block.matchAll(/^ {4}(?:readonly )?(\w+)[?:,]/gm)].map((m) => m[1]!);
}

test("hostPorts.ts builds one adapter per port of HostPorts, in the order ports.ts lists them", () => {
  const declared = members(
    /export interface HostPorts \{\n([\s\S]*?)\n\}/.exec(read("src/acp/ports.ts"))?.[1]?.replace(/^/gm, "  "),
  );
  const built = members(/\n  return \{\n([\s\S]*?)\n  \};\n\}/.exec(read("src/vscode/hostPorts.ts"))?.[1]);
  assert.ok(declared.length >= 10, `only ${declared.length} ports found`);
  assert.deepEqual(built, declared);
});

test("a VS Code class implements only interfaces declared in ports.ts (or VS Code's own)", () => {
  const strays: string[] = [];
  for (const name of readdirSync(join(repoRoot, "src/vscode")).filter((file) => file.endsWith(".ts"))) {
    const source = read(`src/vscode/${name}`);
    for (const [, list] of source.matchAll(/\bimplements ([\w., ]+)\{/g)) {
      for (const implemented of list!.split(",").map((part) => part.trim())) {
        if (implemented.startsWith("vscode.")) continue;
        const from = new RegExp(`import (?:type )?\\{[^}]*\\b${implemented}\\b[^}]*\\} from "([^"]+)"`).exec(
          source,
        )?.[1];
        if (from !== "../acp/ports") strays.push(`${name}: ${implemented} from ${from ?? "?"}`);
      }
    }
  }
  assert.deepEqual(strays, []);
});
