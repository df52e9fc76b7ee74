/**
 * The fake agent served in-process over Streamable HTTP and WebSocket (test/fakeAgent/httpServer.ts),
 * and the agent entries that reach it, for the network transport tests.
 */
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { startFakeAgentServer, type FakeAgentServer, type ServerOptions } from "../fakeAgent/httpServer";
import type { FakeAgentOptions } from "../fakeAgent/profiles";
import type { Cleanup } from "./hostHarness";

/** Starts servers of the `bub-web` profile (keepalives every 20 ms), each closed by `cleanup`. */
export function networkAgentServers(cleanup: Cleanup) {
  return async (
    options: Partial<FakeAgentOptions> = {},
    serverOptions: ServerOptions = {},
  ): Promise<FakeAgentServer> => {
    const started = await startFakeAgentServer(
      { profile: "bub-web", ...options },
      { keepaliveMs: 20, ...serverOptions },
    );
    cleanup.add(() => started.close());
    return started;
  };
}

/** An agent entry for a network transport: no command, nothing else set. */
export const remoteAgent = (name: string, transport: "http" | "websocket", url: string): AgentDefinition => ({
  name,
  transport,
  url,
  command: "",
  args: [],
  env: {},
  defaultConfig: {},
  mcpServers: [],
});

/** The JSON-RPC method of a message the server logged (undefined for a response). */
export const methodOf = (message: unknown) => (message as { method?: string }).method;
