/**
 * What the client answers when the agent calls it. Each group is optional: the handshake
 * advertises exactly the groups provided (an agent routes its tools by these flags, e.g. Bub
 * runs bash "locally" without `terminal`), and anything not provided answers -32601.
 */
import type * as acp from "@agentclientprotocol/sdk";

/**
 * Advertised in `initialize`'s `clientCapabilities._meta`: the client renders a terminal tool call's live
 * output from the three `_meta.terminal_*` keys (toolTerminals.ts reads them).
 */
export const TERMINAL_OUTPUT_META = { terminal_output: true } as const;

export interface FileSystemCallbacks {
  readTextFile(params: acp.ReadTextFileRequest, signal: AbortSignal): Promise<acp.ReadTextFileResponse>;
  writeTextFile(params: acp.WriteTextFileRequest, signal: AbortSignal): Promise<acp.WriteTextFileResponse | undefined>;
}

export interface TerminalCallbacks {
  create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse>;
  output(params: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse>;
  waitForExit(params: acp.WaitForTerminalExitRequest, signal: AbortSignal): Promise<acp.WaitForTerminalExitResponse>;
  kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse | undefined>;
  release(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse | undefined>;
}

export interface ElicitationCallbacks {
  create(params: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse>;
  complete(params: acp.CompleteElicitationNotification): void;
}

export interface ClientCallbacks {
  /** Always answered: without a handler every request is answered `cancelled`. */
  requestPermission?(params: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
  fs?: FileSystemCallbacks;
  terminal?: TerminalCallbacks;
  elicitation?: ElicitationCallbacks;
  /** Opt in to Lody subagent events (`_lody/subagents/event`). */
  subagentEvents?: boolean;
}
