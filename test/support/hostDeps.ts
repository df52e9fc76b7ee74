/**
 * The deps a ChatSession or SessionManager gets in host tests: the given agents on memory ports (a
 * temp-dir workspace, a stepping clock, no automatic restarts), with the fake agent in memory
 * (memoryTransport.ts). `overrides` replaces any of them.
 */
import { tmpdir } from "node:os";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { AgentLaunch } from "../../src/acp/ports";
import type { ChatSessionDeps } from "../../src/acp/sessions/chatSession";
import { MemoryCatalog, MemoryLogger, fixedWorkspace, steppingClock } from "./memoryPorts";
import { testTransports } from "./memoryTransport";

export function hostDeps(
  agents: Array<AgentLaunch | AgentDefinition>,
  overrides: Partial<ChatSessionDeps> = {},
): ChatSessionDeps {
  return {
    catalog: new MemoryCatalog(agents),
    workspace: fixedWorkspace(tmpdir()),
    logger: new MemoryLogger(),
    clock: steppingClock(),
    restartDelaysMs: [],
    openTransport: testTransports,
    ...overrides,
  };
}
