/**
 * An agent the user can start: from the `acpPanel.agents` setting or a built-in preset.
 * Validated with zod so a bad settings entry is reported with the field at fault.
 */
import * as z from "zod";
import { agentUrlProblem, headerNameProblem, isSafeHeaderValue } from "./networkPolicy";

const envVariable = z.object({ name: z.string(), value: z.string() });
/** ACP McpServer: stdio (no `type`), or `http` / `sse`. */
export const mcpServerSchema = z.union([
  z.object({
    type: z.enum(["http", "sse"]),
    name: z.string().min(1),
    url: z.url(),
    headers: z.array(envVariable).default([]),
  }),
  z.object({
    name: z.string().min(1),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.array(envVariable).default([]),
  }),
]);
export type McpServerConfig = z.infer<typeof mcpServerSchema>;

export const agentEntrySchema = z
  .object({
    command: z.string().min(1, "must be a non-empty string").optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    transport: z.enum(["stdio", "http", "websocket"]).optional(),
    // The message is for a string that is no URL; a value of another type keeps zod's own message.
    url: z
      .url({
        error: (issue) => (issue.code === "invalid_format" ? "must be an http(s):// or ws(s):// URL" : undefined),
      })
      .optional(),
    clientInfo: z
      .object({ name: z.string().min(1), title: z.string().optional(), version: z.string().optional() })
      .optional(),
    defaultConfig: z.record(z.string(), z.union([z.string(), z.boolean()])).optional(),
    mcpServers: z.array(mcpServerSchema).optional(),
    /** Sent as ACP `systemPrompt` where the agent supports it: a string appends; `{mode, text}` picks. */
    systemPrompt: z
      .union([z.string(), z.strictObject({ mode: z.enum(["append", "override"]).default("append"), text: z.string() })])
      .optional(),
    /** http / websocket: sent on every request and on the handshake; values may use `${secret:NAME}`. */
    headers: z.record(z.string(), z.string().refine(isSafeHeaderValue, "must not contain line breaks")).optional(),
    /** Switches the client's local powers on or off for this agent (defaults: networkPolicy.ts). */
    capabilities: z.strictObject({ fs: z.boolean().optional(), terminal: z.boolean().optional() }).optional(),
    /** false: this agent does not get the VS Code tools (diagnostics, symbols…; see mcpTools/). */
    vscodeTools: z.boolean().optional(),
    /** true: every tab of this agent gets its own process (by default tabs of one agent share one). */
    processPerSession: z.boolean().optional(),
  })
  .superRefine((entry, context) => {
    const transport = entry.transport ?? "stdio";
    if (transport === "stdio" && !entry.command)
      context.addIssue({ code: "custom", path: ["command"], message: 'is required for the "stdio" transport' });
    const urlProblem = transport !== "stdio" && entry.url !== undefined ? agentUrlProblem(entry.url) : undefined;
    if (urlProblem) context.addIssue({ code: "custom", path: ["url"], message: urlProblem });
    for (const name of Object.keys(entry.headers ?? {})) {
      const problem = headerNameProblem(name);
      if (problem) context.addIssue({ code: "custom", path: ["headers", name], message: problem });
    }
  });

export type Transport = "stdio" | "http" | "websocket";

export interface AgentDefinition {
  readonly name: string;
  readonly transport: Transport;
  /** stdio: the program to run. */
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** http / websocket: the agent's endpoint. */
  readonly url?: string;
  /** Presents the client differently (Bub sends titles and `_meta.lody` only to "lody" clients). */
  readonly clientInfo?: {
    readonly name: string;
    readonly title?: string | undefined;
    readonly version?: string | undefined;
  };
  /** Config option values applied after `session/new`, when the agent offers them. */
  readonly defaultConfig: Readonly<Record<string, string | boolean>>;
  readonly mcpServers: readonly McpServerConfig[];
  /** Extra instructions for every session (unstable ACP `systemPrompt`; see systemPrompt.ts). */
  readonly systemPrompt?: { readonly mode: "append" | "override"; readonly text: string };
  /** http / websocket: extra request headers (secret references resolved at launch). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Overrides of what the client offers this agent (see networkPolicy.grantedCapabilities). */
  readonly capabilities?: { readonly fs?: boolean | undefined; readonly terminal?: boolean | undefined };
  /** false: no VS Code tools for this agent (the `acpPanel.vscodeTools` setting switches them off for all). */
  readonly vscodeTools?: boolean | undefined;
  /** true: each tab runs its own process or connection instead of sharing one (agentProcesses.ts). */
  readonly processPerSession?: boolean | undefined;
  /** True for a built-in preset the user has not overridden. */
  readonly preset?: boolean;
  /** A preset whose npm package ACP Panel installed in its storage (`command` is the program there). */
  readonly managed?: boolean;
}

/** The default Bub endpoint for the HTTP/WebSocket transports. */
export const BUB_DEFAULT_URL = "http://127.0.0.1:28200/acp";

export function toDefinition(name: string, entry: z.infer<typeof agentEntrySchema>): AgentDefinition {
  const transport = entry.transport ?? "stdio";
  return {
    name,
    transport,
    command: entry.command ?? "",
    args: entry.args ?? [],
    env: entry.env ?? {},
    ...(transport !== "stdio" ? { url: entry.url ?? BUB_DEFAULT_URL } : entry.url ? { url: entry.url } : {}),
    ...(entry.clientInfo ? { clientInfo: entry.clientInfo } : {}),
    defaultConfig: entry.defaultConfig ?? {},
    mcpServers: entry.mcpServers ?? [],
    ...(entry.headers ? { headers: entry.headers } : {}),
    ...(entry.systemPrompt === undefined
      ? {}
      : {
          systemPrompt:
            typeof entry.systemPrompt === "string"
              ? { mode: "append" as const, text: entry.systemPrompt }
              : entry.systemPrompt,
        }),
    ...(entry.capabilities ? { capabilities: entry.capabilities } : {}),
    ...(entry.vscodeTools === undefined ? {} : { vscodeTools: entry.vscodeTools }),
    ...(entry.processPerSession === undefined ? {} : { processPerSession: entry.processPerSession }),
  };
}
