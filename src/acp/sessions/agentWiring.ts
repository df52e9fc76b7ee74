/**
 * How a launched agent reaches the panel: its client services (files, terminals, permissions,
 * forms, the VS Code tools) and its session's context. Both check at each call that they still
 * belong to the panel's current agent (`current`, read then, not when wired): whatever a
 * superseded agent, its services or a session it still runs send is dropped. Services act for the
 * current session and for the child sessions it announced.
 *
 * "Current" is the open's lease, not the client: tabs share a process (agentProcesses.ts), so New
 * Session, Open or Fork on the same agent gets the same AgentClient back, and only the lease (one
 * per acquire) tells the session left behind from the one that replaced it.
 */
import { agentIdOf } from "../agents/agentIdentity";
import { grantedCapabilities } from "../agents/networkPolicy";
import type { AgentDefinition } from "../agents/agentDefinition";
import type { AgentLease } from "../client/session/agentProcesses";
import { capabilitiesOf } from "../client/connection/agentCapabilities";
import { AgentServices } from "../client/session/agentServices";
import type { SessionController } from "../client/session/sessionController";
import type { SessionContext } from "../client/session/sessionContext";
import { clientMcpServers, vscodeToolsEnabled } from "../client/mcpTools/vscodeToolServers";
import { isAwaitingUser, threadPhase } from "../../shared/wire/threadPhase";
import { english } from "../../shared/l10n";
import type { AgentLifecycleDeps, LifecyclePanel } from "./lifecycleContext";

/** The panel's agent at the moment of asking. */
export interface CurrentAgent {
  /** One per open: what a superseded open's callbacks compare against (its client may still be this one). */
  readonly lease: AgentLease | undefined;
  readonly services: AgentServices | undefined;
  readonly session: SessionController | undefined;
}

export function agentServicesFor(
  deps: AgentLifecycleDeps,
  panel: LifecyclePanel,
  current: CurrentAgent,
  agent: { name: string; definition: AgentDefinition; cwd: string; pathValue: string | undefined },
): AgentServices {
  const { definition, cwd, pathValue } = agent;
  // Not `cwd`: with no folder open the cwd is a fallback (home), and nothing is inside.
  const roots = deps.workspace.roots();
  const grants = grantedCapabilities(definition);
  const services = new AgentServices({
    agent: agent.name,
    grants,
    agentId: agentIdOf(definition),
    ports: { ...deps.ports, onWrite: (write) => panel.review?.record(write.path, write.before, write.after) },
    dispatch: (sessionId, action) => {
      if (current.services === services && (current.session === undefined || ownsSession(current.session, sessionId)))
        panel.store.dispatch(action);
    },
    newId: () => panel.notes.newEntryId(),
    roots: () => roots,
    cwd: () => cwd,
    ...(deps.translate ? { translate: deps.translate } : {}),
    ...(pathValue ? { pathValue: () => pathValue } : {}),
    ...(vscodeToolsEnabled(deps.ports?.vscodeTools, definition, grants)
      ? { vscodeTools: { sessionId: () => current.session?.sessionId ?? "" } }
      : {}),
  });
  return services;
}

export function sessionContextFor(
  deps: AgentLifecycleDeps,
  panel: LifecyclePanel,
  current: CurrentAgent,
  lease: AgentLease,
  services: AgentServices,
  cwd: string,
): SessionContext {
  const { store, notes } = panel;
  const { client } = lease;
  return {
    client,
    cwd,
    additionalDirectories: deps.workspace.additionalDirectories?.() ?? [],
    sink: (action) => {
      if (current.lease === lease) store.stream(action);
    },
    newId: () => notes.newEntryId(),
    ...(panel.checkpoints
      ? {
          beforePrompt: (entryId: string) => panel.checkpoints?.beforeTurn(entryId) ?? Promise.resolve(),
          afterPrompt: () => panel.checkpoints?.afterTurn(),
        }
      : {}),
    clock: deps.clock,
    logger: deps.logger,
    awaitingUser: () => isAwaitingUser(threadPhase(store.state.thread)),
    translate: deps.translate ?? english,
    ...(deps.autoRetry ? { autoRetry: deps.autoRetry } : {}),
    agentNotice: (notice) => {
      if (current.lease === lease) deps.agentNotice?.(client.name, notice);
    },
    clientMcpServers: () =>
      clientMcpServers(services.vscodeTools, client.connection, capabilitiesOf(client.init).mcpOverAcp, (message) =>
        deps.logger.warn(message),
      ),
  };
}

/** Whether `sessionId` is `session`'s own or a child session it announced. */
export function ownsSession(session: SessionController | undefined, sessionId: string): boolean {
  return session !== undefined && (session.sessionId === sessionId || session.children.owns(sessionId));
}
