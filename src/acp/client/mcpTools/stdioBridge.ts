/**
 * The stdio MCP server an agent runs (dist/mcpBridge.js, started with the extension host's own
 * Node): a pipe between its stdin/stdout and the extension's local socket (toolBridgeServer.ts).
 * It sends the token line first, then copies bytes both ways; the MCP server itself runs in the
 * extension. It exits when either side closes. Nothing else may be imported here: it is its own
 * tiny bundle.
 */
import { connect, type Socket } from "node:net";

const ADDRESS_ENV = "ACP_PANEL_MCP_ADDRESS";
const TOKEN_ENV = "ACP_PANEL_MCP_TOKEN";

function main(): void {
  const address = process.env[ADDRESS_ENV];
  const token = process.env[TOKEN_ENV];
  if (!address || !token) {
    process.stderr.write(
      `acp-panel MCP bridge: ${ADDRESS_ENV} and ${TOKEN_ENV} must be set (it is started by ACP Panel).\n`,
    );
    process.exit(2);
  }
  const tcp = /^tcp:127\.0\.0\.1:(\d+)$/.exec(address);
  const socket: Socket = tcp ? connect(Number(tcp[1]), "127.0.0.1") : connect(address);
  socket.on("connect", () => {
    socket.write(`${JSON.stringify({ token })}\n`);
    process.stdin.pipe(socket);
    socket.pipe(process.stdout);
  });
  socket.on("error", (error) => {
    process.stderr.write(`acp-panel MCP bridge: ${error.message} (is the ACP Panel session still open?)\n`);
    process.exit(1);
  });
  socket.on("close", () => process.exit(0));
  process.stdin.on("end", () => socket.end());
}

main();
