/** The stdio transport: the agent is a child process speaking NDJSON on stdin/stdout. */
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { AgentProcess } from "../agentProcess";
import { commandLine, describeExit, describeStartFailure, type FailureReport } from "../agentErrors";
import type { AgentLaunch, Logger } from "../../ports";
import type { AgentTransport } from "./agentTransport";

/** `cwd` is the workspace; `runnerBase` holds the private folder package runners start in. */
export function openStdioTransport(launch: AgentLaunch, cwd: string, pathValue: string | undefined, logger: Logger, runnerBase?: string): AgentTransport {
  const agentProcess = new AgentProcess(launch, cwd, logger, pathValue, runnerBase);
  const stream = acp.ndJsonStream(Writable.toWeb(agentProcess.stdin), Readable.toWeb(agentProcess.stdout) as ReadableStream<Uint8Array>);
  const ended: Promise<FailureReport> = agentProcess.exited.then((exit) =>
    exit.spawnError ? describeStartFailure(launch, exit.spawnError) : describeExit(exit, agentProcess.stderr()));
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
