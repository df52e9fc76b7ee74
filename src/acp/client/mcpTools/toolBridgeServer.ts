/**
 * The extension's end of the stdio bridge: a local socket that the bridge script (stdioBridge.ts,
 * run by the agent as a stdio MCP server) connects to. One per agent connection, private to it:
 * - a unix socket in a fresh 0700 folder (Windows: 127.0.0.1 on a random port);
 * - the first line a client sends must be `{"token": "<the random token>"}`, within a few
 *   seconds; anything else closes the socket before any tool runs;
 * - then each line is one MCP JSON-RPC message, answered by the McpToolServer, one line each.
 * The token reaches the bridge through the `env` of the `mcpServers` entry (never argv, which
 * other users can read; the traffic log hides `mcpServers` env values).
 */
import { randomBytes, timingSafeEqual, createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LineReader } from "./lineReader";
import type { McpToolServer } from "./mcpToolServer";
import { rpcError } from "./mcpToolServer";
import { bridgeFolderPrefix, sweepStaleBridgeFolders } from "./bridgeFolders";

/** Folders left by killed extension hosts are swept once per process, by its first bridge. */
let swept = false;

export const BRIDGE_ADDRESS_ENV = "ACP_PANEL_MCP_ADDRESS";
export const BRIDGE_TOKEN_ENV = "ACP_PANEL_MCP_TOKEN";
/** One MCP message may be at most this long (tool arguments are small). */
export const MAX_BRIDGE_LINE_BYTES = 1024 * 1024;
const HELLO_TIMEOUT_MS = 10_000;

/** ACP's stdio `McpServer` entry (no `type`). */
export interface StdioMcpServer {
  name: string;
  command: string;
  args: string[];
  env: Array<{ name: string; value: string }>;
}

export class ToolBridgeServer {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly address: string,
    readonly token: string,
    private readonly folder: string | undefined,
    private readonly mcp: McpToolServer,
  ) {
    server.on("connection", (socket) => this.accept(socket));
  }

  static async start(
    mcp: McpToolServer,
    options: { readonly platform?: NodeJS.Platform } = {},
  ): Promise<ToolBridgeServer> {
    const token = randomBytes(32).toString("base64url");
    const server = createServer();
    if ((options.platform ?? process.platform) === "win32") {
      await listen(server, () => server.listen(0, "127.0.0.1"));
      return new ToolBridgeServer(
        server,
        `tcp:127.0.0.1:${(server.address() as AddressInfo).port}`,
        token,
        undefined,
        mcp,
      );
    }
    if (!swept) {
      swept = true;
      void sweepStaleBridgeFolders(tmpdir());
    }
    // mkdtemp creates the folder 0700: only this user can reach the socket inside.
    const folder = await mkdtemp(join(tmpdir(), bridgeFolderPrefix()));
    const path = join(folder, "s");
    await listen(server, () => server.listen(path));
    return new ToolBridgeServer(server, path, token, folder, mcp);
  }

  /** The `mcpServers` entry that runs the bridge with the extension host's own Node. */
  stdioDeclaration(name: string, bridgeScript: string, execPath = process.execPath): StdioMcpServer {
    return {
      name,
      command: execPath,
      args: [bridgeScript],
      env: [
        // VS Code's executable is Electron: this makes it a plain Node (harmless under node itself).
        { name: "ELECTRON_RUN_AS_NODE", value: "1" },
        { name: BRIDGE_ADDRESS_ENV, value: this.address },
        { name: BRIDGE_TOKEN_ENV, value: this.token },
      ],
    };
  }

  async dispose(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.folder) await rm(this.folder, { recursive: true, force: true });
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.setEncoding("utf8");
    let authenticated = false;
    const hello = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
    hello.unref();
    const reader = new LineReader(
      MAX_BRIDGE_LINE_BYTES,
      (line) => {
        if (!authenticated) {
          clearTimeout(hello);
          if (!this.tokenMatches(line)) {
            socket.destroy();
            return;
          }
          authenticated = true;
          return;
        }
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          socket.write(`${JSON.stringify(rpcError(null, -32700, "Parse error"))}\n`);
          return;
        }
        void this.mcp.handleMessage(message).then((response) => {
          if (response && !socket.destroyed) socket.write(`${JSON.stringify(response)}\n`);
        });
      },
      () => socket.destroy(),
    );
    socket.on("data", (chunk: string) => reader.push(chunk));
  }

  private tokenMatches(line: string): boolean {
    let token: unknown;
    try {
      token = (JSON.parse(line) as { token?: unknown }).token;
    } catch {
      return false;
    }
    if (typeof token !== "string") return false;
    // Compare digests: equal lengths, constant time.
    const digest = (value: string) => createHash("sha256").update(value).digest();
    return timingSafeEqual(digest(token), digest(this.token));
  }
}

function listen(server: Server, start: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve();
    });
    start();
  });
}
