/**
 * The VS Code tools as MCP lists them (`tools/list`): names, descriptions and JSON Schemas, and
 * the zod schemas their arguments are checked with. Lines and columns are 1-based, as editors
 * and compilers print them.
 */
import * as z from "zod";

export const VSCODE_TOOLS_SERVER_NAME = "vscode";

const path = z.string().min(1).max(4096);
const position = z.object({ path, line: z.number().int().min(1), column: z.number().int().min(1) });

export const toolArguments = {
  diagnostics: z.object({ path: path.optional() }),
  document_symbols: z.object({ path }),
  workspace_symbols: z.object({ query: z.string().max(500) }),
  definition: position,
  references: position,
  hover: position,
  open_editors: z.object({}),
  selection: z.object({}),
} as const;

export type ToolName = keyof typeof toolArguments;

export const isToolName = (name: string): name is ToolName => Object.hasOwn(toolArguments, name);

export interface ToolDescription {
  readonly name: ToolName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: object;
  readonly annotations: { readonly readOnlyHint: true; readonly openWorldHint: false };
}

const pathProperty = { type: "string", description: "File path: absolute, or relative to the first workspace folder." };
const positionSchema = {
  type: "object",
  properties: {
    path: pathProperty,
    line: { type: "integer", minimum: 1, description: "1-based line number." },
    column: { type: "integer", minimum: 1, description: "1-based column (character) number." },
  },
  required: ["path", "line", "column"],
  additionalProperties: false,
};
const noArguments = { type: "object", properties: {}, additionalProperties: false };

const describe = (name: ToolName, title: string, description: string, inputSchema: object): ToolDescription => ({
  name,
  title,
  description,
  inputSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
});

export const TOOL_DESCRIPTIONS: readonly ToolDescription[] = [
  describe(
    "diagnostics",
    "Problems",
    "The problems VS Code's language extensions report (compiler errors, lint warnings): for one file, or the whole workspace when no path is given. Each line: path:line:column severity [source code] message. Unsaved editor buffers are included.",
    {
      type: "object",
      properties: { path: pathProperty },
      additionalProperties: false,
    },
  ),
  describe(
    "document_symbols",
    "Document symbols",
    "The outline of a file as VS Code sees it: classes, functions, methods, variables, with their 1-based line ranges.",
    {
      type: "object",
      properties: { path: pathProperty },
      required: ["path"],
      additionalProperties: false,
    },
  ),
  describe(
    "workspace_symbols",
    "Workspace symbols",
    "Find symbols by name across the workspace (VS Code's Go to Symbol in Workspace).",
    {
      type: "object",
      properties: { query: { type: "string", description: "Part of a symbol name." } },
      required: ["query"],
      additionalProperties: false,
    },
  ),
  describe(
    "definition",
    "Go to definition",
    "Where the symbol at a file, line and column (1-based) is defined.",
    positionSchema,
  ),
  describe(
    "references",
    "Find references",
    "Every reference to the symbol at a file, line and column (1-based), its declaration included.",
    positionSchema,
  ),
  describe(
    "hover",
    "Hover",
    "The hover text (type and documentation) of the symbol at a file, line and column (1-based).",
    positionSchema,
  ),
  describe(
    "open_editors",
    "Open editors",
    "The files open in VS Code's editor tabs, which one is active, and which have unsaved changes.",
    noArguments,
  ),
  describe(
    "selection",
    "Selection",
    "The active editor's file, selected range (1-based) and selected text.",
    noArguments,
  ),
];
