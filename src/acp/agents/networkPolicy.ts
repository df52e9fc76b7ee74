/**
 * What an agent may be given, by where it runs. A stdio agent and an agent server on this machine
 * (loopback) get the client's local powers: file access (`fs/*`) and terminals. A network agent
 * elsewhere is reached only over TLS, and gets neither unless its settings entry enables them:
 * it runs on someone else's machine, and reading files or running commands here is exactly what
 * it should have to be granted. An entry's `capabilities` field overrides the defaults either way.
 */
/** The client capabilities an agent is offered (and whose callbacks it may use). */
export interface ClientGrants {
  readonly fs: boolean;
  readonly terminal: boolean;
}

/** What the policy reads of an agent entry (agentDefinition.ts's AgentDefinition has these fields). */
export interface AgentReach {
  readonly transport: "stdio" | "http" | "websocket";
  readonly url?: string | undefined;
  readonly capabilities?: { readonly fs?: boolean | undefined; readonly terminal?: boolean | undefined } | undefined;
}

/**
 * 127.0.0.0/8, ::1 and `localhost`, as the WHATWG URL parser spells a hostname (lower case, IPv4
 * in dotted decimal, IPv6 in brackets). Anything else, `0.0.0.0` and `*.localhost` included, is not.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Why `url` may not be an agent server's endpoint, or undefined when it may. */
export function agentUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an http(s):// or ws(s):// URL";
  }
  if (parsed.protocol === "https:" || parsed.protocol === "wss:") return undefined;
  if ((parsed.protocol === "http:" || parsed.protocol === "ws:") && isLoopbackHost(parsed.hostname)) return undefined;
  return "must use https:// or wss:// unless the host is loopback (127.0.0.1, ::1, localhost): the connection carries your code and any headers";
}

/** Whether the agent is reached over the network at a host other than this machine. */
export function isRemoteAgent(definition: Pick<AgentReach, "transport" | "url">): boolean {
  if (definition.transport === "stdio") return false;
  try {
    return !isLoopbackHost(new URL(definition.url ?? "").hostname);
  } catch {
    return true;
  }
}

/** What the agent is offered: the entry's `capabilities`, else the default for where it runs. */
export function grantedCapabilities(definition: AgentReach): ClientGrants {
  const local = !isRemoteAgent(definition);
  return {
    fs: definition.capabilities?.fs ?? local,
    terminal: definition.capabilities?.terminal ?? local,
  };
}

/** Header names the transports set themselves; a settings entry may not replace them. */
const RESERVED_HEADERS =
  /^(host|connection|upgrade|content-length|content-type|transfer-encoding|accept|te|trailer|keep-alive|proxy-.*|sec-websocket-.*|acp-.*)$/i;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why `name` may not be a configured header, or undefined when it may. */
export function headerNameProblem(name: string): string | undefined {
  if (!TOKEN.test(name)) return "is not a valid HTTP header name";
  if (RESERVED_HEADERS.test(name)) return "is set by the transport itself and cannot be configured";
  return undefined;
}

/** Header values may not break the header block. */
export const isSafeHeaderValue = (value: string): boolean => !/[\r\n\0]/.test(value);

/** `url` without user name and password, for messages. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url;
  }
}
