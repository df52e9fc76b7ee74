/**
 * The fake agent as a standalone HTTP + WebSocket server, like `bub acp --transport http|websocket`
 * (both transports share one endpoint, as in Bub). For manual runs and the demo; tests start
 * httpServer.ts in-process instead.
 *
 *   node --import tsx test/fakeAgent/serve.ts [--transport http|websocket] [--port N]
 *
 * Options come from the same FAKE_AGENT_* environment as the stdio agent (profile default: bub-web).
 * Prints the endpoint URL on stdout; binds 127.0.0.1 only.
 */
import { optionsFromEnv } from "./profiles";
import { startFakeAgentServer } from "./httpServer";

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const options = optionsFromEnv({ FAKE_AGENT_PROFILE: "bub-web", ...process.env });
const port = Number(argument("port") ?? 0);
void startFakeAgentServer(options, { port }).then((server) => {
  process.stdout.write(`${argument("transport") === "websocket" ? server.wsUrl : server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
});
