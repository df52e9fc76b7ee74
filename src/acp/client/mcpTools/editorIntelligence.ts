/**
 * What VS Code knows about the code, as the agent tools need it: the types of the
 * `EditorIntelligencePort` (ports.ts), which `src/vscode/` implements with VS Code's own commands
 * (`vscode.executeDefinitionProvider` and the like), so the tools work for every language with an
 * installed extension. Positions here are 0-based, as in VS Code; the tools speak 1-based lines and
 * columns to the model (toolCalls.ts converts).
 */

export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export type Severity = "error" | "warning" | "information" | "hint";

export interface DiagnosticInfo {
  /** Absolute file path. */
  readonly path: string;
  readonly range: Range;
  readonly severity: Severity;
  readonly message: string;
  readonly source?: string;
  readonly code?: string;
}

export interface SymbolInfo {
  readonly name: string;
  /** VS Code's SymbolKind name: "Function", "Class"… */
  readonly kind: string;
  readonly range: Range;
  /** Workspace symbols: the file; document symbols leave it out (it is the file asked about). */
  readonly path?: string;
  readonly containerName?: string;
  readonly children?: readonly SymbolInfo[];
}

export interface LocationInfo {
  readonly path: string;
  readonly range: Range;
}

export interface OpenEditorInfo {
  readonly path: string;
  readonly active: boolean;
  readonly dirty: boolean;
  /** 1 for the first editor group. */
  readonly group: number;
}

export interface SelectionInfo {
  readonly path: string;
  readonly range: Range;
  /** The selected text (empty for a bare cursor). */
  readonly text: string;
}

/**
 * One file's problems as far as anyone knows them (issue 28). `analysed: false` means no language
 * server reported on the file in time: its problems are unknown, which is not "no problems".
 */
export interface FileDiagnostics {
  readonly path: string;
  readonly analysed: boolean;
  /** Who answered, for the model: "TypeScript (tsserver, asked directly)", "reported by ts, eslint". */
  readonly provider?: string;
  /** VS Code's language id of the document ("typescript", "python"). */
  readonly languageId?: string;
  /** Whether an editor tab showed the file when it was asked about (otherwise the tool opened it without one). */
  readonly open: boolean;
  /** How long the tool waited for a language server, when it had to. */
  readonly waitedMs?: number;
  readonly diagnostics: DiagnosticInfo[];
}

/** Where the answers about one file come from: its language and whether an editor tab shows it. */
export interface DocumentOrigin {
  readonly languageId: string;
  readonly open: boolean;
}
