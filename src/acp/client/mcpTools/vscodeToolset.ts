/**
 * Runs one VS Code tool call: checks the arguments, checks the paths (toolPaths.ts), asks the
 * EditorIntelligencePort, and renders a bounded text result (toolOutput.ts). A refusal or a bad
 * argument is a tool error the model can read (`isError: true`), not a protocol error.
 */
import { isAbsolute, resolve } from "node:path";
import type { DiagnosticInfo, DocumentOrigin, LocationInfo, Position, SymbolInfo } from "./editorIntelligence";
import { TOOL_DESCRIPTIONS, isToolName, toolArguments, type ToolDescription } from "./toolCatalog";
import {
  boundedList,
  boundedText,
  displayPath,
  displayRange,
  drawingNote,
  hiddenNote,
  problemLine,
  type ToolText,
} from "./toolOutput";
import type { ToolPaths } from "./toolPaths";
import { ToolInputError } from "./toolPaths";
import type { EditorIntelligencePort } from "../../ports";

/** MCP's `CallToolResult`, text only. */
export interface CallToolResult {
  readonly content: Array<{ type: "text"; text: string }>;
  readonly isError?: boolean;
  readonly _meta?: { readonly truncated: boolean };
}

/** An unknown tool name: a protocol error (-32602) in MCP, unlike a failed call. */
export class UnknownToolError extends Error {}

export interface VscodeToolsetOptions {
  readonly port: EditorIntelligencePort;
  readonly paths: ToolPaths;
  readonly roots: () => readonly string[];
}

export class VscodeToolset {
  constructor(private readonly options: VscodeToolsetOptions) {}

  list(): readonly ToolDescription[] {
    return TOOL_DESCRIPTIONS;
  }

  async call(name: string, args: unknown): Promise<CallToolResult> {
    if (!isToolName(name)) throw new UnknownToolError(`Unknown tool: ${name}`);
    const parsed = toolArguments[name].safeParse(args ?? {});
    if (!parsed.success)
      return failure(
        `Invalid arguments for ${name}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"} ${issue.message}`).join("; ")}`,
      );
    try {
      const out = await this.run(name, parsed.data);
      return { content: [{ type: "text", text: out.text }], _meta: { truncated: out.truncated } };
    } catch (error) {
      if (error instanceof ToolInputError) return failure(error.message);
      return failure(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async run(name: string, args: Record<string, unknown>): Promise<ToolText> {
    const { port } = this.options;
    switch (name) {
      case "diagnostics":
        return typeof args.path === "string" ? this.fileDiagnostics(args.path) : this.workspaceDiagnostics();
      case "document_symbols": {
        const file = await this.input(args.path as string);
        const lines: string[] = [];
        const walk = (symbols: readonly SymbolInfo[], depth: number) => {
          for (const symbol of symbols) {
            lines.push(`${"  ".repeat(depth)}${symbol.kind} ${symbol.name} ${displayRange(symbol.range)}`);
            if (symbol.children) walk(symbol.children, depth + 1);
          }
        };
        const origin = await port.documentOrigin(file);
        walk(await port.documentSymbols(file), 0);
        return boundedList(`Symbols in ${this.show(file)}:`, lines, `No symbols in ${this.show(file)}.`, [
          this.originNote(file, origin, "symbol"),
        ]);
      }
      case "workspace_symbols": {
        const { kept, hidden } = await this.options.paths.filterVisible(
          await port.workspaceSymbols(args.query as string),
          (item) => item.path,
        );
        const lines = kept.map(
          (symbol) =>
            `${symbol.kind} ${symbol.name}${symbol.containerName ? ` (in ${symbol.containerName})` : ""} ${symbol.path ? this.where(symbol.path, symbol.range) : displayRange(symbol.range)}`,
        );
        return boundedList(
          `Symbols matching "${String(args.query)}":`,
          lines,
          `No symbols match "${String(args.query)}".`,
          [
            ...hiddenNote(hidden),
            "(from: the workspace symbol providers; TypeScript searches only the projects of files it has loaded, so ask about a file first if this looks incomplete)",
          ],
        );
      }
      case "definition":
      case "references": {
        const file = await this.input(args.path as string);
        const at = positionOf(args);
        const origin = await port.documentOrigin(file);
        const found = name === "definition" ? await port.definition(file, at) : await port.references(file, at);
        const { kept, hidden } = await this.options.paths.filterVisible(found, (item) => item.path);
        const what = name === "definition" ? "Definition" : "References";
        return boundedList(
          `${what} of the symbol at ${this.show(file)}:${displayRange({ start: at, end: at })}:`,
          kept.map((item: LocationInfo) => this.where(item.path, item.range)),
          `No ${name === "definition" ? "definition" : "references"} found at ${this.show(file)}:${displayRange({ start: at, end: at })}.`,
          [...hiddenNote(hidden), this.originNote(file, origin, name === "definition" ? "definition" : "reference")],
        );
      }
      case "hover": {
        const file = await this.input(args.path as string);
        const at = positionOf(args);
        await this.options.paths.checkSources(file, "hover");
        const origin = await port.documentOrigin(file);
        const parts = await port.hover(file, at);
        return boundedText(
          `${
            parts.length > 0
              ? parts.join("\n\n---\n\n")
              : `No hover information at ${this.show(file)}:${displayRange({ start: at, end: at })}.`
          }\n${this.originNote(file, origin, "hover")}`,
        );
      }
      case "open_editors": {
        const { kept, hidden } = await this.options.paths.filterVisible(await port.openEditors(), (item) => item.path);
        const lines = kept.map(
          (editor) =>
            `${this.show(editor.path)} (group ${editor.group}${editor.active ? ", active" : ""}${editor.dirty ? ", unsaved changes" : ""})`,
        );
        return boundedList("Open editors:", lines, "No files are open.", hiddenNote(hidden));
      }
      case "selection": {
        const selection = await port.selection();
        if (!selection) return { text: "No text editor is active.", truncated: false };
        const { kept } = await this.options.paths.filterVisible([selection], (item) => item.path);
        if (kept.length === 0)
          return { text: "The active editor's file is outside the workspace (left out).", truncated: false };
        const head = this.where(selection.path, selection.range);
        return boundedText(
          selection.text.length === 0
            ? `Cursor at ${head} (nothing selected).`
            : `Selected ${head}:\n${selection.text}`,
        );
      }
      default:
        throw new UnknownToolError(`Unknown tool: ${name}`);
    }
  }

  /** One file: the consent to problem messages first (they quote types from anywhere), then the port. */
  private async fileDiagnostics(path: string): Promise<ToolText> {
    const file = await this.input(path);
    await this.options.paths.checkSources(file, "problems");
    const report = await this.options.port.diagnostics(file);
    if (!report.analysed) {
      const waited = report.waitedMs === undefined ? "" : ` within ${Math.round(report.waitedMs / 1000)} s`;
      return {
        text: `${this.show(file)}: not analysed (no language server answered for ${this.show(file)}${waited}; language ${report.languageId ?? "unknown"}). Its problems are unknown, which does not mean it has none.`,
        truncated: false,
      };
    }
    const { kept, hidden } = await this.options.paths.filterVisible(report.diagnostics, (item) => item.path);
    return boundedList(
      `${kept.length} problem${kept.length === 1 ? "" : "s"} in ${this.show(file)}:`,
      this.problemLines(kept),
      `No problems in ${this.show(file)}.`,
      [
        ...hiddenNote(hidden),
        `(from: ${report.provider ?? "its language server"}; ${this.openState(file, report.open)})`,
      ],
    );
  }

  /**
   * What language servers have reported so far: they analyse the files they choose (TypeScript:
   * those an editor shows), so the answer names the files it covers. Files whose project reaches
   * outside the workspace are left out without asking (outsideSources.ts).
   */
  private async workspaceDiagnostics(): Promise<ToolText> {
    const reports = await this.options.port.workspaceDiagnostics();
    const visibleFiles = await this.options.paths.filterVisible(reports, (item) => item.path);
    const items = visibleFiles.kept.flatMap((report) => report.diagnostics);
    const visible = await this.options.paths.filterVisible(items, (item) => item.path);
    const { kept, hidden: drawing } = await this.options.paths.withoutOutsideSources(visible.kept, (item) => item.path);
    const analysed = visibleFiles.kept.map((report) => `${this.show(report.path)}${report.open ? " (open)" : ""}`);
    const shown = analysed.slice(0, 50);
    const analysedNote =
      analysed.length === 0
        ? "(Analysed: no file yet. Language servers report on files they have loaded; ask about a file by path to have it analysed.)"
        : `(Analysed ${analysed.length} file${analysed.length === 1 ? "" : "s"}: ${shown.join(", ")}${analysed.length > shown.length ? `, and ${analysed.length - shown.length} more` : ""}. Other files were not analysed; ask about a file by path to have it analysed.)`;
    return boundedList(
      `${kept.length} problem${kept.length === 1 ? "" : "s"} in the workspace:`,
      this.problemLines(kept),
      "No problems in the analysed files.",
      [...hiddenNote(visible.hidden + visibleFiles.hidden), ...drawingNote(drawing), analysedNote],
    );
  }

  private problemLines(items: DiagnosticInfo[]): string[] {
    const order = { error: 0, warning: 1, information: 2, hint: 3 };
    items.sort(
      (a, b) =>
        order[a.severity] - order[b.severity] ||
        a.path.localeCompare(b.path) ||
        a.range.start.line - b.range.start.line,
    );
    return items.map((item) => problemLine(item, this.show(item.path)));
  }

  private openState(file: string, open: boolean): string {
    return open
      ? `${this.show(file)} is open in an editor`
      : `${this.show(file)} is not open in an editor; it was opened for this without a tab`;
  }

  private originNote(file: string, origin: DocumentOrigin, what: string): string {
    return `(from: VS Code's ${what} providers for ${origin.languageId}; ${this.openState(file, origin.open)})`;
  }

  /** Relative paths are taken from the first workspace folder. */
  private async input(path: string): Promise<string> {
    const root = this.options.roots()[0];
    if (!isAbsolute(path)) {
      if (root === undefined) throw new ToolInputError(`path must be absolute (no folder is open), got "${path}"`);
      path = resolve(root, path);
    }
    return this.options.paths.checkInput(path);
  }

  private show(path: string): string {
    return displayPath(path, this.options.roots());
  }

  private where(path: string, range: LocationInfo["range"]): string {
    return `${this.show(path)}:${displayRange(range)}`;
  }
}

const positionOf = (args: Record<string, unknown>): Position => ({
  line: (args.line as number) - 1,
  character: (args.column as number) - 1,
});

const failure = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });
