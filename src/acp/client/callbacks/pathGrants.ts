/**
 * What the user allowed an agent to read outside the workspace: one file or one folder (and
 * everything below it), for one session of one agent connection. Grants live in memory only:
 * they end with the session's connection, and the user can list and clear them at any time
 * ("ACP: Manage Permission Rules"). Paths are stored and checked resolved (symlinks included).
 */
import { homedir } from "node:os";
import { dirname } from "node:path";
import { isInside } from "../../platform/workspacePaths";

export interface PathGrant {
  readonly id: number;
  readonly agent: string;
  readonly sessionId: string;
  readonly kind: "file" | "folder";
  /** Resolved absolute path of the file or folder. */
  readonly path: string;
}

/** The grants of one agent connection (one AgentServices): its sessions, its agent name. */
export interface GrantScope {
  allowsRead(sessionId: string, realPath: string): boolean;
  grantRead(sessionId: string, kind: PathGrant["kind"], realPath: string): void;
  /** The connection ended: its grants go. */
  dispose(): void;
}

interface StoredGrant extends PathGrant {
  readonly scope: number;
}

export class PathGrants {
  private readonly grants: StoredGrant[] = [];
  private nextId = 0;
  private nextScope = 0;

  scope(agent: string): GrantScope {
    const scope = ++this.nextScope;
    return {
      allowsRead: (sessionId, realPath) =>
        this.grants.some((grant) => grant.scope === scope && grant.sessionId === sessionId && covers(grant, realPath)),
      grantRead: (sessionId, kind, path) =>
        void this.grants.push({ id: ++this.nextId, scope, agent, sessionId, kind, path }),
      dispose: () => this.removeWhere((grant) => grant.scope === scope),
    };
  }

  /** Every live grant, oldest first. */
  list(): PathGrant[] {
    return this.grants.map(({ id, agent, sessionId, kind, path }) => ({ id, agent, sessionId, kind, path }));
  }

  revoke(id: number): void {
    this.removeWhere((grant) => grant.id === id);
  }

  clear(): void {
    this.removeWhere(() => true);
  }

  private removeWhere(predicate: (grant: StoredGrant) => boolean): void {
    for (let index = this.grants.length - 1; index >= 0; index--)
      if (predicate(this.grants[index]!)) this.grants.splice(index, 1);
  }
}

/**
 * The folder a "this folder" grant for `realFile` would cover, or undefined when that folder is
 * too broad to hand over: a filesystem root, the home folder or one of its parents (a grant on
 * ~ would include ~/.ssh). Then only the file itself can be allowed.
 */
export function grantableFolder(realFile: string, home = homedir()): string | undefined {
  const folder = dirname(realFile);
  return folder === dirname(folder) || isInside(home, folder) ? undefined : folder;
}

function covers(grant: PathGrant, realPath: string): boolean {
  return grant.kind === "file" ? grant.path === realPath : isInside(realPath, grant.path);
}

export function describeGrant(grant: PathGrant): string {
  return `${grant.agent}: may read ${grant.kind === "file" ? "the file" : "the folder"} ${grant.path} (session ${grant.sessionId})`;
}
