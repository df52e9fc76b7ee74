/**
 * An in-memory EditorIntelligencePort over a tiny workspace (`src/broken.ts` with one type error,
 * `src/util.ts` defining `double`), for the tests that run without VS Code: the unit tests, the
 * fake-agent tests and the real-agent test. The e2e test proves the VS Code side.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type {
  DiagnosticInfo,
  DocumentOrigin,
  FileDiagnostics,
  LocationInfo,
  Position,
  Range,
} from "../../src/acp/client/mcpTools/editorIntelligence";
import type { EditorIntelligencePort } from "../../src/acp/ports";

const range = (line: number, start: number, end: number): Range => ({
  start: { line, character: start },
  end: { line, character: end },
});

export const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";

/** Writes the two files under `root`; returns their paths. */
export function writeSampleWorkspace(root: string): { broken: string; util: string } {
  mkdirSync(join(root, "src"), { recursive: true });
  const util = join(root, "src/util.ts");
  const broken = join(root, "src/broken.ts");
  writeFileSync(util, "export function double(value: number): number {\n  return value * 2;\n}\n");
  writeFileSync(
    broken,
    'import { double } from "./util";\n\nexport const answer: number = "forty-two";\nexport const twice = double(21);\n',
  );
  return { broken, util };
}

export class FakeIntelligence implements EditorIntelligencePort {
  readonly calls: string[] = [];
  /** Extra diagnostics (tests of bounds and filtering). */
  extraDiagnostics: DiagnosticInfo[] = [];
  /** Extra locations returned by definition/references (e.g. outside the workspace). */
  extraLocations: LocationInfo[] = [];
  /** What hover answers instead of `double`'s signature (e.g. a type drawn from another file). */
  hoverParts: string[] | undefined;
  /**
   * The files an editor shows. Like VS Code with TypeScript, the workspace's problems cover only
   * these; one file's are known whether it is open or not (asked directly).
   */
  openFiles: string[];
  /** Files no language server analyses (a language without one): their problems are unknown. */
  readonly notAnalysed = new Set<string>();

  constructor(private readonly root: string) {
    this.openFiles = [join(root, "src/broken.ts")];
  }

  private get files() {
    return { broken: join(this.root, "src/broken.ts"), util: join(this.root, "src/util.ts") };
  }

  private allDiagnostics(): DiagnosticInfo[] {
    return [
      {
        path: this.files.broken,
        range: range(2, 13, 19),
        severity: "error",
        message: TYPE_ERROR,
        source: "ts",
        code: "2322",
      },
      ...this.extraDiagnostics,
    ];
  }

  private report(path: string): FileDiagnostics {
    const open = this.openFiles.includes(path);
    if (this.notAnalysed.has(path))
      return { path, analysed: false, open, languageId: languageOf(path), waitedMs: 5_000, diagnostics: [] };
    return {
      path,
      analysed: true,
      open,
      languageId: languageOf(path),
      provider: open ? "reported by ts" : "TypeScript (tsserver, asked directly)",
      diagnostics: this.allDiagnostics().filter((item) => item.path === path),
    };
  }

  async diagnostics(path: string): Promise<FileDiagnostics> {
    this.calls.push(`diagnostics ${path}`);
    return this.report(path);
  }

  async workspaceDiagnostics(): Promise<FileDiagnostics[]> {
    this.calls.push("diagnostics *");
    const paths = new Set([...this.openFiles, ...this.extraDiagnostics.map((item) => item.path)]);
    return [...paths].filter((path) => !this.notAnalysed.has(path)).map((path) => this.report(path));
  }

  async documentOrigin(path: string): Promise<DocumentOrigin> {
    return { languageId: languageOf(path), open: this.openFiles.includes(path) };
  }

  async documentSymbols(path: string) {
    this.calls.push(`documentSymbols ${path}`);
    return path === this.files.util
      ? [{ name: "double", kind: "Function", range: range(0, 0, 1) }]
      : [
          { name: "answer", kind: "Constant", range: range(2, 13, 19) },
          { name: "twice", kind: "Constant", range: range(3, 13, 18) },
        ];
  }

  async workspaceSymbols(query: string) {
    this.calls.push(`workspaceSymbols ${query}`);
    return "double".includes(query)
      ? [{ name: "double", kind: "Function", range: range(0, 16, 22), path: this.files.util }]
      : [];
  }

  async definition(path: string, position: Position): Promise<LocationInfo[]> {
    this.calls.push(`definition ${path} ${position.line}:${position.character}`);
    return [{ path: this.files.util, range: range(0, 16, 22) }, ...this.extraLocations];
  }

  async references(path: string, position: Position): Promise<LocationInfo[]> {
    this.calls.push(`references ${path} ${position.line}:${position.character}`);
    return [
      { path: this.files.util, range: range(0, 16, 22) },
      { path: this.files.broken, range: range(0, 9, 15) },
      { path: this.files.broken, range: range(3, 21, 27) },
      ...this.extraLocations,
    ];
  }

  async hover(path: string, position: Position): Promise<string[]> {
    this.calls.push(`hover ${path} ${position.line}:${position.character}`);
    return this.hoverParts ?? ["```typescript\nfunction double(value: number): number\n```"];
  }

  async openEditors() {
    return this.openFiles.map((path, index) => ({ path, active: index === 0, dirty: false, group: 1 }));
  }

  async selection() {
    return { path: this.files.broken, range: range(2, 13, 19), text: "answer" };
  }
}

const languageOf = (path: string) =>
  path.endsWith(".ts")
    ? "typescript"
    : path.endsWith(".py")
      ? "python"
      : path.endsWith(".md")
        ? "markdown"
        : "plaintext";
