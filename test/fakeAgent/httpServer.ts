/**
 * The fake agent over Bub's HTTP and WebSocket transports (docs/reference/bub-and-lody.md §10), served on
 * 127.0.0.1 with a random port, in the test's own process. Same engine as stdio (agent.ts):
 * one AgentConnection per HTTP or WebSocket connection, sessions and the prompt lock shared.
 *
 * Streamable HTTP, as the Python SDK serves it:
 *   POST initialize (no connection id)  → 200, `Acp-Connection-Id`, the response as the body
 *   GET + Acp-Connection-Id             → the connection SSE stream (`: keepalive` comments)
 *   GET + … + Acp-Session-Id            → that session's SSE stream; only for a session whose id
 *                                         a result on this connection carried (else 404)
 *   POST other messages                 → 202; responses arrive on the SSE streams. Session-scoped
 *                                         methods need Acp-Session-Id (400), of a known session (404)
 *   DELETE + Acp-Connection-Id          → 202, connection closed
 *   415 not JSON, 501 batch, 400 bad JSON / missing ids, 404 unknown ids or path, 406 GET without SSE
 * A message for a session with no stream entry on its connection (the replay of a
 * `session/load`) goes to the connection stream.
 *
 * WebSocket (same URL, ws://): one JSON-RPC object per text frame, non-JSON frames ignored, the
 * upgrade response carries `acp-connection-id`; a dropped socket cancels that connection's turns.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { World } from "./world";
import type { FakeAgentOptions } from "./profiles";
import type { ServerLog } from "./serverLog";
import { streamableHttp } from "./streamableHttp";
import { acceptWebSockets } from "./webSocketAgent";

export interface ServerOptions {
  /** Interval of `: keepalive` comments on SSE streams (Bub: 15 s). */
  readonly keepaliveMs?: number;
  /** Accept a session stream or header for a session this connection has not seen yet (not Bub). */
  readonly lenientSessionStreams?: boolean;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
}

/** A running server: its URLs, the agent's shared World, and what it recorded (ServerLog). */
export interface FakeAgentServer extends ServerLog {
  readonly url: string;
  readonly wsUrl: string;
  readonly world: World;
  /** Drops every live connection, as a network failure would. */
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startFakeAgentServer(
  options: FakeAgentOptions,
  serverOptions: ServerOptions = {},
): Promise<FakeAgentServer> {
  const world = new World(options);
  const log: ServerLog = { messages: [], exchanges: [], requests: [] };
  const http = streamableHttp(world, log, serverOptions);
  const server = createServer((req, res) => void http.handle(req, res).catch(() => res.destroy()));
  const webSockets = acceptWebSockets(server, world, log);
  await new Promise<void>((resolve) => server.listen(serverOptions.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const dropConnections = () => {
    webSockets.dropAll();
    http.dropAll();
  };
  return {
    url: `http://127.0.0.1:${port}/acp`,
    wsUrl: `ws://127.0.0.1:${port}/acp`,
    world,
    ...log,
    dropConnections,
    async close() {
      dropConnections();
      webSockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
