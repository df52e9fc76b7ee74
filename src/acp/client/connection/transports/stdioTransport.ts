/** The stdio transport: the agent is a child process speaking NDJSON on stdin/stdout. */
import { AgentProcess } from "../agentProcess";
import { commandLine, describeExit, describeStartFailure, type FailureReport } from "../agentErrors";
import type { AgentLaunch, Logger } from "../../../ports";
import type { AgentTransport } from "./agentTransport";
import { type Translate } from "../../../../shared/l10n";
import { nodeNdJsonStream } from "./nodeNdJsonStream";

/** `cwd` is the workspace; `runnerBase` holds the private folder package runners start in. */
export function openStdioTransport(
  launch: AgentLaunch,
  cwd: string,
  pathValue: string | undefined,
  logger: Logger,
  runnerBase?: string,
  t?: Translate,
): AgentTransport {
  const agentProcess = new AgentProcess(launch, cwd, logger, pathValue, runnerBase);
  // Framed here rather than by the SDK's ndJsonStream: the fast path for streamed updates.
  const stream = nodeNdJsonStream(agentProcess.stdin, agentProcess.stdout);
  const ended: Promise<FailureReport> = agentProcess.exited.then((exit) =>
    exit.spawnError ? describeStartFailure(launch, exit.spawnError, t) : describeExit(exit, agentProcess.stderr(), t),
  );
  return {
    stream,
    ended,
    get hasEnded() {
      return agentProcess.hasExited;
    },
    description: `Ran: ${commandLine(launch)}`,
    stop: () => agentProcess.stop(),
  };
}
