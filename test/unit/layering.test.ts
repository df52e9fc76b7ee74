/**
 * The layer boundaries are enforced by tooling, not by review: these run the project's ESLint
 * config on imports that would cross a boundary, placed at real paths in the tree.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { repoRoot } from "../support/fakeAgentLaunch";

// The snippets sit at paths no tsconfig includes: lint them without type information, every
// type-aware rule off (the import rules here need none).
const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-globals")
    .map((m) => m.message);
}

const cases: Array<[string, string, boolean]> = [
  ["src/acp/leak.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', true],
  ["src/shared/leak.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', true],
  ["webview/leak.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', true],
  ["src/vscode/ok.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', false],
  ["src/extension.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', false],
  ["src/acp/leak.ts", 'import { useState } from "react";\nexport const x = useState;\n', true],
  ["src/vscode/leak.ts", 'import { createRoot } from "react-dom/client";\nexport const x = createRoot;\n', true],
  ["webview/ok.tsx", 'import { useState } from "react";\nexport const x = useState;\n', false],
  ["src/shared/leak.ts", 'import { readFileSync } from "node:fs";\nexport const x = readFileSync;\n', true],
  ["webview/leak.ts", 'import { ChatSession } from "../src/acp/chatSession";\nexport const x = ChatSession;\n', true],
  [
    "src/acp/client/leak.ts",
    'import { ChatSession } from "../sessions/chatSession";\nexport const x = ChatSession;\n',
    true,
  ],
  [
    "src/acp/agents/leak.ts",
    'import { PanelStore } from "../sessions/panelStore";\nexport const x = PanelStore;\n',
    true,
  ],
  [
    "src/acp/client/connection/transports/leak.ts",
    'import { parseHostMessage } from "../../../../shared/wire/protocol";\nexport const x = parseHostMessage;\n',
    true,
  ],
  ["src/acp/client/leak.ts", 'import * as vscode from "vscode";\nexport const x = vscode;\n', true],
  [
    "src/acp/sessions/ok.ts",
    'import { AgentClient } from "../client/agentClient";\nexport const x = AgentClient;\n',
    false,
  ],
  [
    "src/acp/sessions/ok.ts",
    'import { parseHostMessage } from "../../shared/wire/protocol";\nexport const x = parseHostMessage;\n',
    false,
  ],
  [
    "src/shared/leak.ts",
    'import { AgentClient } from "../acp/client/agentClient";\nexport const x = AgentClient;\n',
    true,
  ],
  ["webview/transcript/leak.tsx", "export const api = acquireVsCodeApi();\n", true],
  ["webview/host/bridge.ts", "export const api = acquireVsCodeApi();\n", false],
];

for (const [filePath, code, forbidden] of cases) {
  test(`${forbidden ? "rejects" : "allows"} ${code.split("\n")[0]} in ${filePath}`, async () => {
    const errors = await importErrors(filePath, code);
    assert.equal(errors.length > 0, forbidden, errors.join("; "));
  });
}
