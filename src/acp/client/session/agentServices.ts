/**
 * The client-side services one agent connection gets: file access, terminals, permission and
 * form brokers. Built per agent so one agent's pending prompts and processes never leak into
 * another's; disposed when the agent ends, which settles every prompt and kills every terminal.
 */
import type { ClientCallbacks } from "../connection/clientCallbacks";
import type { ClientGrants } from "../../agents/networkPolicy";
import { ConsentGate } from "../callbacks/consentGate";
import { ElicitationBroker } from "../callbacks/elicitationBroker";
import { fileSystemCallbacks, type FileWrite } from "../callbacks/fileSystemCallbacks";
import { PathGrants, type GrantScope } from "../callbacks/pathGrants";
import { PermissionBroker } from "../callbacks/permissionBroker";
import { guardSensitiveEdits } from "../callbacks/sensitiveRules";
import { TerminalManager } from "../callbacks/terminalManager";
import type { Translate } from "../../../shared/l10n";
import type { ThreadAction } from "../../../shared/thread/threadActions";
import { VscodeToolServers } from "../mcpTools/vscodeToolServers";
import { warningNotice } from "../../../shared/thread/warningNotice";
import type {
  ConsentPrompt,
  FileSystemPort,
  PermissionNotifier,
  PermissionRules,
  TerminalEvents,
  UrlConsent,
  VscodeToolsPort,
} from "../../ports";

export interface ClientPorts {
  readonly files?: FileSystemPort;
  readonly consent?: ConsentPrompt;
  /** The read grants the user gave ("allow this file/folder for this session"), listed and cleared elsewhere. */
  readonly pathGrants?: PathGrants;
  readonly permissionRules?: PermissionRules;
  readonly permissionNotifier?: PermissionNotifier;
  readonly urls?: UrlConsent;
  /** Extra observers of terminals (e.g. VS Code's terminal panel). */
  readonly terminalEvents?: TerminalEvents;
  readonly onWrite?: (write: FileWrite) => void;
  /** Whether to offer terminals to agents. */
  readonly terminals?: boolean;
  /** VS Code's language intelligence as MCP tools (diagnostics, symbols…); absent: none offered. */
  readonly vscodeTools?: VscodeToolsPort;
}

export interface AgentServicesOptions {
  readonly agent: string;
  /** The agent's stable id (agentIdentity.ts): what permission rules are keyed by. Without one, no saved rule applies. */
  readonly agentId?: string;
  readonly ports: ClientPorts;
  /**
   * What this agent may use of the ports (its entry's `capabilities`, by default everything for
   * local agents). A group switched off is neither advertised nor answered (-32601).
   */
  readonly grants?: ClientGrants;
  readonly dispatch: (sessionId: string, action: ThreadAction) => void;
  readonly newId: () => string;
  /** What counts as inside the workspace for file consent; empty with no folder open. */
  readonly roots: (sessionId: string) => readonly string[];
  /** Where terminals start when the agent names no cwd (default: the first root, else the process's). */
  readonly cwd?: (sessionId: string) => string;
  readonly pathValue?: () => string | undefined;
  /** The user's language for what these services write in the transcript (default English). */
  readonly translate?: Translate;
  /** Offer the VS Code tools (ports.vscodeTools) to this agent; the session they serve, for read grants. */
  readonly vscodeTools?: { readonly sessionId: () => string };
}

export class AgentServices {
  readonly permissions: PermissionBroker;
  readonly forms: ElicitationBroker;
  readonly terminals: TerminalManager | undefined;
  readonly callbacks: ClientCallbacks;
  /** The VS Code tools' MCP servers for this connection, when offered (and the user can be asked about paths). */
  readonly vscodeTools: VscodeToolServers | undefined;
  /** Every consent question of this connection (files, the VS Code tools, URLs): one at a time. */
  private readonly consentGate: ConsentGate;
  /** This connection's read grants: they end with it. */
  private readonly pathGrants: GrantScope;

  constructor(options: AgentServicesOptions) {
    const { agent, ports, dispatch, newId, roots } = options;
    const grants = options.grants ?? { fs: true, terminal: true };
    // Rules never approve a change to .git/, .vscode/, .env* & co. on the user's behalf (sensitiveRules.ts).
    const rules = ports.permissionRules && guardSensitiveEdits(ports.permissionRules, roots);
    this.permissions = new PermissionBroker(
      { name: agent, id: options.agentId ?? "" },
      dispatch,
      newId,
      rules,
      ports.permissionNotifier,
    );
    this.consentGate = new ConsentGate(
      agent,
      (sessionId, title, description) => dispatch(sessionId, warningNotice(newId(), title, description)),
      options.translate,
    );
    this.forms = new ElicitationBroker(agent, dispatch, ports.urls, this.consentGate);
    this.pathGrants = (ports.pathGrants ?? new PathGrants()).scope(agent);
    this.terminals =
      ports.terminals === false || !grants.terminal
        ? undefined
        : new TerminalManager({
            defaultCwd: (sessionId) => options.cwd?.(sessionId) ?? roots(sessionId)[0] ?? process.cwd(),
            ...(options.pathValue ? { pathValue: options.pathValue } : {}),
            events: {
              created: (sessionId, terminalId, command) => {
                dispatch(sessionId, { type: "terminal/created", terminalId, command, killable: true });
                ports.terminalEvents?.created?.(sessionId, terminalId, command);
              },
              output: (sessionId, terminalId, chunk) => {
                dispatch(sessionId, { type: "terminal/output", terminalId, chunk });
                ports.terminalEvents?.output?.(sessionId, terminalId, chunk);
              },
              exited: (sessionId, terminalId, exit) => {
                dispatch(sessionId, {
                  type: "terminal/exited",
                  terminalId,
                  exitCode: exit.exitCode,
                  signal: exit.signal,
                });
                ports.terminalEvents?.exited?.(sessionId, terminalId, exit);
              },
              released: (sessionId, terminalId) => ports.terminalEvents?.released?.(sessionId, terminalId),
            },
          });
    this.vscodeTools =
      ports.vscodeTools && ports.consent && options.vscodeTools
        ? new VscodeToolServers({
            agent,
            port: ports.vscodeTools,
            roots: () => roots(options.vscodeTools!.sessionId()),
            sessionId: options.vscodeTools.sessionId,
            consent: ports.consent,
            grants: this.pathGrants,
            gate: this.consentGate,
          })
        : undefined;
    this.callbacks = {
      requestPermission: (params, signal) => this.permissions.request(params, signal),
      elicitation: this.forms,
      // The panel folds Lody subagent runs (`_lody/subagents/event`) into the thread: opt in.
      subagentEvents: true,
      ...(this.terminals ? { terminal: this.terminals } : {}),
      ...(ports.files && ports.consent && grants.fs
        ? {
            fs: fileSystemCallbacks({
              agent,
              roots,
              files: ports.files,
              consent: ports.consent,
              grants: this.pathGrants,
              gate: this.consentGate,
              ...(ports.onWrite ? { onWrite: ports.onWrite } : {}),
            }),
          }
        : {}),
    };
  }

  /** The user's message starts a turn of `sessionId`: a "deny all for this turn" ends. */
  turnStarted(sessionId: string): void {
    this.consentGate.turnStarted(sessionId);
  }

  /** The turn ended: what consent refused without asking is written into the transcript. */
  turnEnded(): void {
    this.consentGate.turnEnded();
  }

  /** The turn of `sessionId` was cancelled: settle what waits for the user. */
  cancelSession(sessionId: string): void {
    this.permissions.cancelSession(sessionId);
    this.forms.cancelSession(sessionId);
  }

  async dispose(): Promise<void> {
    this.permissions.cancelAll();
    this.forms.cancelAll();
    this.pathGrants.dispose();
    await Promise.all([this.terminals?.dispose(), this.vscodeTools?.dispose()]);
  }
}
