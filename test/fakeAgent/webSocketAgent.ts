/**
 * The fake agent over Bub's WebSocket transport (docs/reference/bub-and-lody.md §10), on the same
 * server and URL as HTTP (ws://): one JSON-RPC object per text frame, non-JSON frames ignored, the
 * upgrade response carries `acp-connection-id`; a dropped socket cancels that connection's turns.
 */
import type { IncomingMessage, Server } from "node:http";
import { randomUUID } from "node:crypto";
import { WebSocketServer, type WebSocket } from "ws";
import { AgentConnection } from "./agent";
import type { World } from "./world";
import type { ServerLog } from "./serverLog";

/** Takes the upgrades to /acp on `server`; `dropAll` terminates every socket, `close` stops taking more. */
export function acceptWebSockets(server: Server, world: World, log: ServerLog) {
  const { messages, requests } = log;
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  const upgradeIds = new WeakMap<IncomingMessage, string>();
  wss.on("headers", (headers, req) => {
    const id = randomUUID().replace(/-/g, "");
    upgradeIds.set(req, id);
    headers.push(`acp-connection-id: ${id}`);
  });
  server.on("upgrade", (req, socket, head) => {
    requests.push({ kind: "upgrade", method: req.method ?? "", headers: req.headers });
    if (new URL(req.url ?? "/", "http://x").pathname !== "/acp") return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const id = upgradeIds.get(req) ?? "?";
      sockets.add(ws);
      const drop = () => ws.terminate();
      const agent = new AgentConnection(
        world,
        { kind: "websocket", exit: drop, disconnect: drop, closeOutput: drop },
        (message) => {
          if (typeof message !== "string")
            messages.push({ connectionId: id, transport: "websocket", direction: "out", stream: "socket", message });
          if (ws.readyState === ws.OPEN) ws.send(typeof message === "string" ? message : JSON.stringify(message));
        },
      );
      ws.on("message", (data, isBinary) => {
        if (isBinary) return;
        let value: unknown;
        try {
          value = JSON.parse(String(data));
        } catch {
          return; // non-JSON frames are ignored
        }
        messages.push({ connectionId: id, transport: "websocket", direction: "in", stream: "socket", message: value });
        agent.peer.receive(value);
      });
      ws.on("close", () => {
        sockets.delete(ws);
        agent.dispose();
      });
    });
  });
  return {
    dropAll: () => {
      for (const ws of sockets) ws.terminate();
    },
    close: () => wss.close(),
  };
}
