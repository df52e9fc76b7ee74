/**
 * What the ACP layer needs from its host, in one place: every interface `src/vscode/` implements
 * with the VS Code API (src/vscode/hostPorts.ts builds one adapter per port of `HostPorts`, in
 * this order) and tests implement in memory. Nothing in `src/acp/` imports `vscode`.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentDefinition } from "./agents/agentDefinition";
import type { AgentRef } from "./agents/agentIdentity";
import type { BoundedText, ReadRange } from "./client/callbacks/boundedRead";
import type { DenyTurn } from "./client/callbacks/consentGate";
import type { TerminalSignIn } from "./client/connection/terminalSignIn";
import type * as code from "./client/mcpTools/editorIntelligence";
import type { Attachment, MentionItem } from "../shared/wire/protocol";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /**
   * Raw traffic; `render(maxChars)` gives it as JSON text, cut, credentials replaced: call it only
   * when tracing. The text is a string of its own (a line decoded from the wire, or joined by
   * `logJson`), never a slice of a larger one, so a log may keep it without copying.
   */
  traffic(direction: "in" | "out", agent: string, render: (maxChars: number) => string): void;
  /** A line the agent wrote to stderr. */
  agentStderr(agent: string, line: string): void;
}

/** A scheduled callback. Cancelling twice, or after it ran, does nothing. */
export interface Timer {
  cancel(): void;
}

/** Time for the ACP layer: read it and schedule on it, so tests can move it by hand. */
export interface Clock {
  now(): number;
  /** Runs `run` once, `ms` from now. A `background` timer alone does not keep node running (a watchdog). */
  schedule(ms: number, run: () => void, options?: { readonly background?: boolean }): Timer;
}

/** The settings (src/vscode/settings.ts). Those that launch code come from user or machine scope only. */
export interface PanelSettings {
  readonly agents: () => Readonly<Record<string, unknown>> | undefined;
  readonly defaultAgent: () => string | undefined;
  /** undefined: the default index (registrySource.ts). */
  readonly registry: () => string | undefined;
  /** undefined: the panel's own storage. */
  readonly worktreesFolder: () => string | undefined;
  readonly vscodeTools: () => boolean;
  readonly autoRetry: () => boolean;
  readonly autoRestart: () => boolean;
  readonly checkpointsEnabled: () => boolean;
  readonly checkpointsMaxStorageMB: () => number;
  readonly journalDiskBudgetMB: () => number;
  readonly setUserAgents: (agents: Readonly<Record<string, unknown>>) => Promise<void>;
  onDidChange(listener: () => void): { dispose(): void };
}

/** What it takes to spawn an agent process. */
export type AgentLaunch = Pick<AgentDefinition, "name" | "command" | "args" | "env">;

/** The agents the user can start: user/machine settings over the built-in presets. */
export interface AgentCatalog {
  /** Agents to offer: every configured one, and the presets found on PATH. */
  names(): string[];
  /** The agent to start with: the configured default, else the first configured one. */
  defaultAgent(): string | undefined;
  definition(name: string): AgentDefinition | undefined;
}

/** Where sessions run, and what counts as inside the workspace. */
export interface WorkspacePort {
  /** The session's working directory: the first workspace folder, or a fallback when none is open. */
  cwd(): string;
  /** The folders the user opened, "inside" for file consent; none with no folder open (then every access asks). */
  roots(): string[];
  /** Other workspace roots, sent as `additionalDirectories` when the agent supports them. */
  additionalDirectories?(): string[];
  /** False in Restricted Mode: no agent may start. */
  isTrusted?(): boolean;
  /** `vscode.env.remoteName`: set in a remote window, where `acpPanel.agents` comes from the remote's settings. */
  remoteName?(): string | undefined;
}

/** `${secret:NAME}` in an agent's `env` or a network agent's `headers`, filled in at launch. */
export interface AgentSecretValues {
  resolveEnv(env: Readonly<Record<string, string>>): Promise<Record<string, string>>;
  resolveHeaders(headers: Readonly<Record<string, string>>): Promise<Record<string, string>>;
}

export interface AuthPrompt {
  /** Ask which method to use; undefined = the user declined. */
  choose(agent: string, methods: readonly acp.AuthMethod[]): Promise<acp.AuthMethod | undefined>;
  /** Show `signIn.commandLine`, its folder and added env; true only when the user says to run it. */
  confirmTerminalLogin(signIn: TerminalSignIn): Promise<boolean>;
  /** Run `signIn` in an interactive terminal (its command, args, env and directory as given); true on exit code 0. */
  runTerminalLogin(signIn: TerminalSignIn): Promise<boolean>;
}

/** The files agents read and write (fileSystemCallbacks.ts), seen through the editor. */
export interface FileSystemPort {
  /** The text of an open editor buffer for this file (unsaved changes included), if one is open. */
  openBufferText(path: string): string | undefined;
  isDirty(path: string): boolean;
  /** The whole file on disk; undefined when it does not exist (the "before" of a write). */
  readDisk(path: string): Promise<string | undefined>;
  /** The file for an agent's read, never more than `maxBytes` held (boundedRead.ts); undefined when missing. */
  readDiskBounded(path: string, range: ReadRange, maxBytes: number): Promise<BoundedText | undefined>;
  /** Whole file through the editor (undoable; created if missing), then saved. `resolved`: see atomicWrite.ts. */
  writeThroughEditor(path: string, content: string, options?: { readonly resolved?: boolean }): Promise<void>;
  deleteFile(path: string): Promise<void>;
}

/** A read outside the workspace: the grant for the session, or deny (DENY_TURN: all until the user's next message). */
export type ReadConsent = "file" | "folder" | "deny" | DenyTurn;

/**
 * The questions file access asks. Anything but an explicit allow is a denial; any may be answered
 * DENY_TURN (consentGate.ts). `noFolder`: no folder is open, so nothing is inside.
 */
export interface ConsentPrompt {
  /** Ask before writing outside the workspace (each time). */
  allowWriteOutsideWorkspace(agent: string, path: string, noFolder: boolean): Promise<boolean | DenyTurn>;
  /** Ask before reading outside the workspace: allow this file, or its folder, for the session. */
  allowReadOutsideWorkspace(agent: string, path: string, noFolder: boolean): Promise<ReadConsent>;
  /** Ask before writing a sensitive file inside the workspace (each time); `why` finishes "This file …". */
  allowSensitiveWrite(agent: string, path: string, why: string): Promise<boolean | DenyTurn>;
  /** Ask before replacing a buffer that has unsaved edits of the user's. */
  allowOverwriteUnsaved(agent: string, path: string): Promise<boolean | DenyTurn>;
}

export interface UrlConsent {
  /** Shows the full URL and asks before opening it outside the editor; true if opened. */
  confirmAndOpen(agent: string, message: string, url: string): Promise<boolean | DenyTurn>;
}

/** A saved rule's answer: the option kind it picks, and the rule in words (shown in the transcript). */
export interface RuledAnswer {
  readonly decision: "allow_once" | "reject_once";
  readonly rule: string;
}

export interface PermissionRules {
  /** The saved rule that answers this request, if any (see permissionRuleDecision.ts). Async: paths are resolved. */
  decide(agent: AgentRef, request: acp.RequestPermissionRequest): Promise<RuledAnswer | undefined>;
}

/** Tells the user about a request when the panel cannot show it (hidden view). */
export interface PermissionNotifier {
  notify(agent: string, request: acp.RequestPermissionRequest, answer: (optionId: string | undefined) => void): void;
}

export interface TerminalExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
}

/** Observers of the agents' terminals (VS Code's terminal panel mirrors them). */
export interface TerminalEvents {
  /** Before the process starts: what is about to run is shown first. */
  created?(sessionId: string, terminalId: string, commandLine: string): void;
  output?(sessionId: string, terminalId: string, chunk: string): void;
  exited?(sessionId: string, terminalId: string, exit: TerminalExit): void;
  /** The id was forgotten (released by the agent, its session or agent ended, or evicted by the cap). */
  released?(sessionId: string, terminalId: string): void;
}

/** What VS Code knows about the code, for the agent tools (types: editorIntelligence.ts). Read-only; absolute paths. */
export interface EditorIntelligencePort {
  /** One file's problems: opened as a document (no tab), its language server awaited (diagnosticsSettle.ts). */
  diagnostics(path: string): Promise<code.FileDiagnostics>;
  /** Every file a language server has reported on so far (the workspace's files are not all analysed). */
  workspaceDiagnostics(): Promise<code.FileDiagnostics[]>;
  /** Opens the file as a document (no tab) so its providers can answer; says where answers come from. */
  documentOrigin(path: string): Promise<code.DocumentOrigin>;
  documentSymbols(path: string): Promise<code.SymbolInfo[]>;
  workspaceSymbols(query: string): Promise<code.SymbolInfo[]>;
  definition(path: string, position: code.Position): Promise<code.LocationInfo[]>;
  references(path: string, position: code.Position): Promise<code.LocationInfo[]>;
  hover(path: string, position: code.Position): Promise<string[]>;
  openEditors(): Promise<code.OpenEditorInfo[]>;
  /** The active editor's selection, or undefined with no active text editor. */
  selection(): Promise<code.SelectionInfo | undefined>;
}

/** What the host provides for the VS Code tools. */
export interface VscodeToolsPort {
  readonly intelligence: EditorIntelligencePort;
  /** The bridge script shipped in the extension (dist/mcpBridge.js), and the Node that runs it (default: this one). */
  readonly bridgeScript: string;
  readonly execPath?: string;
  /** The `acpPanel.vscodeTools` setting. */
  enabled(): boolean;
}

/** How a checkpoint restore writes: tests count the calls; the default writes the disk atomically. */
export interface RestoreIo {
  write(path: string, content: Buffer, executable: boolean): Promise<void>;
  remove(path: string): Promise<void>;
  /** Files with unsaved changes in an editor: a restore never overwrites those bytes. */
  unsaved(): readonly string[];
}

export type FileEventKind = "change" | "create" | "delete";

/** A workspace file watcher (VS Code's in the extension, `fs.watch` in tests). */
export interface FileEventSource {
  watch(onEvent: (kind: FileEventKind, path: string) => void): { dispose(): void };
}

/** What a stat found: a regular file, anything else, or nothing (missing, unreadable). */
export type StatKind = "file" | "symlink" | "other" | undefined;
export type StatPath = (absolutePath: string) => Promise<StatKind>;

/** A row of a pick list; a `separator` heads the rows after it. */
export type Choice<T> =
  | { readonly label: string; readonly description?: string; readonly detail?: string; readonly value: T }
  | { readonly separator: string };

/** Toasts, modal questions, pick lists and input boxes. Every text is already translated. */
export interface Dialogs {
  /** A toast; resolves to the action clicked, if any. */
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  warning(message: string, ...actions: string[]): Promise<string | undefined>;
  error(message: string, ...actions: string[]): Promise<string | undefined>;
  /** A modal warning; resolves to the action chosen, undefined for the Cancel it adds. */
  confirm(message: string, detail: string | undefined, ...actions: string[]): Promise<string | undefined>;
  pick<T>(
    choices: readonly Choice<T>[],
    options: { readonly title?: string; readonly placeHolder?: string; readonly matchOnDetail?: boolean },
  ): Promise<T | undefined>;
  /** A text box that stays open until Enter or Escape; `validate` says what is wrong, if anything. */
  input(options: {
    readonly title: string;
    readonly prompt: string;
    readonly value: string;
    readonly validate?: (value: string) => string | undefined;
  }): Promise<string | undefined>;
  /** Runs `task` under a progress notification titled `title`. */
  progress<T>(title: string, task: () => Promise<T>): Promise<T>;
}

/** What the panel opens in the editor. */
export interface Navigation {
  openDiff(path: string, oldText: string | null | undefined, newText: string): Promise<void>;
  /** The turn's checkpoint against the real file, whose revert arrows undo one hunk. */
  openReviewDiff(path: string, before: string): Promise<void>;
  openReviewAll(files: ReadonlyArray<{ path: string; before: string | undefined }>): Promise<void>;
  /** An absolute path at a 1-based line; outside the workspace only after asking. False when not opened. */
  openLocation(
    path: string,
    line: number | null | undefined,
    options?: { readonly preserveFocus?: boolean; readonly column?: number | null | undefined },
  ): Promise<boolean>;
  /** Only http(s) links, and file links inside the workspace; false when refused. */
  openLink(href: string): Promise<boolean>;
}

/** What the panel's buttons ask of VS Code besides the sessions. */
export interface PanelHost {
  copy(text: string): Promise<void>;
  /** What "@" offers for `query`. */
  mentions(query: string): Promise<MentionItem[]>;
  /** The page at `url` as an attachment, after the user agreed to fetch it; undefined when not. */
  fetchUrl(url: string): Promise<Attachment | undefined>;
  /** "Add agent…": from the registry, or (no source) the choice between it and the settings. */
  addAgent(source: "registry" | undefined): Promise<void>;
  /** The Settings editor at `query` (a setting's id); the remote's settings. */
  openSettings(query: string): Promise<void>;
  openRemoteSettings(): Promise<void>;
  showLogs(): void;
}

/** Every port, in the order the host builds them. */
export interface HostPorts {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly settings: PanelSettings;
  readonly catalog: AgentCatalog;
  readonly workspace: WorkspacePort;
  readonly secrets: AgentSecretValues;
  readonly auth: AuthPrompt;
  readonly files: FileSystemPort;
  readonly consent: ConsentPrompt;
  readonly urls: UrlConsent;
  readonly permissionRules: PermissionRules;
  readonly permissionNotifier: PermissionNotifier;
  readonly terminalEvents: TerminalEvents;
  readonly vscodeTools: VscodeToolsPort;
  readonly restoreIo: RestoreIo;
  readonly fileEvents: (folder: string | undefined) => FileEventSource;
  readonly statPath: StatPath;
  readonly dialogs: Dialogs;
  readonly navigation: Navigation;
  readonly panel: PanelHost;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, run, options) {
    const handle = setTimeout(run, ms);
    if (options?.background) handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
