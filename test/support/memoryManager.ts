/**
 * The set-up most session-manager tests share: a SessionManager over the given agents on memory
 * ports (a temp-dir workspace, a stepping clock, no restart delays) with a memory-backed index.
 * Each one made is kept for `disposeManagers`, which a test file runs in its `after` hook.
 */
import { tmpdir } from "node:os";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { AgentLaunch } from "../../src/acp/ports";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { MemoryCatalog, MemoryLogger, fixedWorkspace, steppingClock } from "./memoryPorts";
import { memorySessionStorage } from "./memorySessionStorage";

const managers: SessionManager[] = [];

/** `startsAt`: the clock's first reading (an ISO date). */
export function memoryManager(agents: Array<AgentLaunch | AgentDefinition>, startsAt = "2026-12-01T10:00:00Z") {
  const index = new SessionIndex(memorySessionStorage());
  const m = new SessionManager(
    {
      catalog: new MemoryCatalog(agents),
      workspace: fixedWorkspace(tmpdir()),
      logger: new MemoryLogger(),
      clock: steppingClock(Date.parse(startsAt)),
      restartDelaysMs: [],
    },
    index,
  );
  managers.push(m);
  return { m, index };
}

export async function disposeManagers(): Promise<void> {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
}
