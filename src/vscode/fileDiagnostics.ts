/**
 * A file's problems as the agent tools report them, whether or not an editor shows the file
 * (issue 28 item 1). VS Code's diagnostics are pushed by language servers, and only for what they
 * choose to analyse: TypeScript validates only files shown in an editor tab (unless the user turns
 * on its project diagnostics), so `languages.getDiagnostics` of an unopened file is empty even
 * when it has type errors. Here:
 * - a file an editor shows, that a language server has already reported on: its current problems;
 * - TypeScript and JavaScript otherwise: the file is opened as a document (no tab), and tsserver is
 *   asked directly through the TypeScript extension's `typescript.tsserverRequest` command
 *   (`syntacticDiagnosticsSync` + `semanticDiagnosticsSync`, which it allows other extensions);
 * - any other language: opened as a document, then the report is awaited (diagnosticsSettle.ts);
 *   when none comes in time the file is "not analysed", never "no problems".
 */
import * as vscode from "vscode";
import type { DiagnosticInfo, FileDiagnostics, Severity } from "../acp/client/mcpTools/editorIntelligence";
import { SETTLE_LIMITS, settleReports } from "../acp/client/mcpTools/diagnosticsSettle";
import { systemClock } from "../acp/ports";

const SEVERITIES: Record<vscode.DiagnosticSeverity, Severity> = {
  [vscode.DiagnosticSeverity.Error]: "error",
  [vscode.DiagnosticSeverity.Warning]: "warning",
  [vscode.DiagnosticSeverity.Information]: "information",
  [vscode.DiagnosticSeverity.Hint]: "hint",
};

const TS_LANGUAGES = new Set(["typescript", "typescriptreact", "javascript", "javascriptreact"]);
const TS_EXTENSION = "vscode.typescript-language-features";
/** tsserver may still be starting (a cold project load takes seconds on a small machine). */
const TSSERVER_WAIT_MS = 60_000;
/** How many directly asked files the workspace's answer asks about again. */
const ASKED_AGAIN = 50;

function diagnosticCode(code: vscode.Diagnostic["code"]): string | undefined {
  if (code === undefined) return undefined;
  return typeof code === "object" ? String(code.value) : String(code);
}

export function toDiagnostic(uri: vscode.Uri, diagnostic: vscode.Diagnostic): DiagnosticInfo {
  const code = diagnosticCode(diagnostic.code);
  return {
    path: uri.fsPath,
    range: {
      start: { line: diagnostic.range.start.line, character: diagnostic.range.start.character },
      end: { line: diagnostic.range.end.line, character: diagnostic.range.end.character },
    },
    severity: SEVERITIES[diagnostic.severity],
    message: diagnostic.message,
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
    ...(code === undefined ? {} : { code }),
  };
}

/** Whether an editor tab shows `uri` (a text or diff editor). */
export function inTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => {
      const input = tab.input;
      if (input instanceof vscode.TabInputText) return input.uri.toString() === key;
      if (input instanceof vscode.TabInputTextDiff) return input.modified.toString() === key;
      return false;
    }),
  );
}

const sourcesOf = (list: readonly DiagnosticInfo[]) => [...new Set(list.map((item) => item.source ?? "?"))];

/**
 * Remembers which files language servers have reported on since activation: an empty list for
 * such a file means "clean", for any other "not analysed yet".
 */
export class DiagnosticsWatch implements vscode.Disposable {
  private readonly reported = new Set<string>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Files tsserver was asked about directly: the workspace's answer asks again (most recent last). */
  private readonly askedDirectly = new Set<string>();
  private readonly subscription = vscode.languages.onDidChangeDiagnostics((event) => {
    for (const uri of event.uris) {
      const key = uri.toString();
      if (this.reported.size > 20_000) this.reported.clear(); // bounded; a forgotten file is only waited for again
      this.reported.add(key);
      for (const listener of this.listeners.get(key) ?? []) listener();
    }
  });

  dispose(): void {
    this.subscription.dispose();
  }

  async file(path: string): Promise<FileDiagnostics> {
    const uri = vscode.Uri.file(path);
    const open = inTab(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    const languageId = document.languageId;
    const current = () => vscode.languages.getDiagnostics(uri).map((item) => toDiagnostic(uri, item));
    if (open && this.reported.has(uri.toString())) {
      const diagnostics = current();
      const provider =
        diagnostics.length > 0 ? `reported by ${sourcesOf(diagnostics).join(", ")}` : "its language server";
      return { path, analysed: true, open, languageId, provider, diagnostics };
    }
    const started = Date.now();
    if (TS_LANGUAGES.has(languageId)) {
      const asked = await askTsserver(document);
      if (asked) {
        this.askedDirectly.delete(path);
        this.askedDirectly.add(path);
        if (this.askedDirectly.size > ASKED_AGAIN)
          this.askedDirectly.delete(this.askedDirectly.values().next().value ?? "");
        // Other providers (a linter) may have reported too: keep theirs, tsserver's replace "ts".
        const others = current().filter((item) => item.source !== "ts");
        const provider = ["TypeScript (tsserver, asked directly)", ...sourcesOf(others)].join(", ");
        return {
          path,
          analysed: true,
          open,
          languageId,
          provider,
          waitedMs: Date.now() - started,
          diagnostics: [...asked, ...others],
        };
      }
    }
    const settled = await settleReports(
      (listener) => this.listen(uri.toString(), listener),
      systemClock,
      SETTLE_LIMITS,
      this.reported.has(uri.toString()),
    );
    const diagnostics = current();
    return {
      path,
      analysed: settled === "reported",
      open,
      languageId,
      waitedMs: Date.now() - started,
      diagnostics,
      ...(settled === "reported"
        ? {
            provider:
              diagnostics.length > 0 ? `reported by ${sourcesOf(diagnostics).join(", ")}` : "its language server",
          }
        : {}),
    };
  }

  /**
   * Every file language servers have reported on, and the files tsserver was asked about directly,
   * asked again now (they may have changed; TypeScript does not report them by itself).
   */
  async all(): Promise<FileDiagnostics[]> {
    const pushed = this.pushed();
    const known = new Set(pushed.map((report) => report.path));
    const again = await Promise.all(
      [...this.askedDirectly].filter((path) => !known.has(path)).map((path) => this.file(path).catch(() => undefined)),
    );
    return [
      ...pushed,
      ...again.filter((report) => report?.analysed === true).map((report) => report as FileDiagnostics),
    ];
  }

  private pushed(): FileDiagnostics[] {
    return vscode.languages
      .getDiagnostics()
      .filter(([uri, list]) => uri.scheme === "file" && (list.length > 0 || this.reported.has(uri.toString())))
      .map(([uri, list]) => {
        const diagnostics = list.map((item) => toDiagnostic(uri, item));
        return {
          path: uri.fsPath,
          analysed: true,
          open: inTab(uri),
          provider: diagnostics.length > 0 ? `reported by ${sourcesOf(diagnostics).join(", ")}` : "its language server",
          diagnostics,
        };
      });
  }

  private listen(key: string, listener: () => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }
}

interface TsDiagnostic {
  start: { line: number; offset: number };
  end: { line: number; offset: number };
  text: string;
  code?: number;
  category?: string;
  source?: string;
}

const TS_SEVERITY: Record<string, Severity> = {
  error: "error",
  warning: "warning",
  suggestion: "hint",
  message: "information",
};

/**
 * tsserver's syntactic and semantic problems of an open document, or undefined when the
 * TypeScript extension is missing or did not answer in time. Its command returns
 * `{type: "response", body}`; a file tsserver has not synced yet fails, so it is asked again.
 */
async function askTsserver(document: vscode.TextDocument): Promise<DiagnosticInfo[] | undefined> {
  const extension = vscode.extensions.getExtension(TS_EXTENSION);
  if (!extension) return undefined;
  const deadline = Date.now() + TSSERVER_WAIT_MS;
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), TSSERVER_WAIT_MS).unref());
  const attempt = async (): Promise<DiagnosticInfo[] | undefined> => {
    await extension.activate();
    for (;;) {
      try {
        const lists = await Promise.all(
          ["syntacticDiagnosticsSync", "semanticDiagnosticsSync"].map((command) =>
            vscode.commands.executeCommand<{ body?: TsDiagnostic[] } | undefined>(
              "typescript.tsserverRequest",
              command,
              {
                file: document.uri,
                includeLinePosition: false,
              },
            ),
          ),
        );
        if (lists.every((list) => Array.isArray(list?.body)))
          return lists.flatMap((list) => (list?.body ?? []).map((item) => fromTs(document.uri, item)));
      } catch {
        // not registered yet, or the file not synced yet: ask again below
      }
      if (Date.now() > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  return Promise.race([attempt(), timeout]);
}

function fromTs(uri: vscode.Uri, item: TsDiagnostic): DiagnosticInfo {
  return {
    path: uri.fsPath,
    range: {
      start: { line: item.start.line - 1, character: item.start.offset - 1 },
      end: { line: item.end.line - 1, character: item.end.offset - 1 },
    },
    severity: TS_SEVERITY[item.category ?? "error"] ?? "error",
    message: item.text,
    source: item.source ?? "ts",
    ...(item.code === undefined ? {} : { code: String(item.code) }),
  };
}
