/**
 * Saved permission rules never allow a change to a sensitive file inside the workspace (.git/,
 * .vscode/, .env*, package-manager config, Git hooks, dev containers: sensitivePaths.ts) on the
 * user's behalf, nor any tool call, reads included, on the user's secrets under ~ (~/.ssh, shell
 * rc files…: consentRoots.ts). Agents that
 * write files themselves only ask through `session/request_permission`, so an "allow edits in the
 * workspace" rule would otherwise approve `.git/hooks/pre-commit`: such a request is shown to the
 * user instead. Reject rules still apply; read-only tool kinds are not affected. Locations are
 * checked as sent and with symlinks resolved (synchronously: a handful of paths per request).
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { hooksReason, sensitiveReason } from "./sensitivePaths";
import { isInside } from "../../platform/workspacePaths";
import { homeSecretReason } from "../../platform/consentRoots";
import type { PermissionRules } from "../../ports";

/** Tool kinds that do not change files. */
const READ_ONLY: ReadonlySet<string> = new Set(["read", "search", "think", "fetch"]);

export function guardSensitiveEdits(
  rules: PermissionRules,
  roots: (sessionId: string) => readonly string[],
  home?: string,
): PermissionRules {
  return {
    async decide(agent, request) {
      const decided = await rules.decide(agent, request);
      if (!decided?.decision.startsWith("allow")) return decided;
      // The user's secrets under ~ are asked about for reads too; other sensitive files for changes only.
      const shown = READ_ONLY.has(request.toolCall.kind ?? "other")
        ? touchesHomeSecret(request, home)
        : touchesSensitiveFile(request, roots(request.sessionId), home);
      return shown ? undefined : decided;
    },
  };
}

export function touchesHomeSecret(request: acp.RequestPermissionRequest, home?: string): boolean {
  return (request.toolCall.locations ?? []).some((location) => {
    if (typeof location.path !== "string" || location.path.length === 0) return false;
    const lexical = resolve(location.path);
    return homeSecretReason([lexical, realPathOf(lexical)], home) !== undefined;
  });
}

/** Also true for the user's secrets under ~ (~/.ssh, shell rc files…: consentRoots.ts), wherever they are. */
export function touchesSensitiveFile(
  request: acp.RequestPermissionRequest,
  roots: readonly string[],
  home?: string,
): boolean {
  const bases = roots.flatMap((root) => [resolve(root), realPathOf(resolve(root))]);
  return (request.toolCall.locations ?? []).some((location) => {
    if (typeof location.path !== "string" || location.path.length === 0) return false;
    const lexical = resolve(location.path);
    const paths = [lexical, realPathOf(lexical)];
    if (homeSecretReason(paths, home) !== undefined) return true;
    return paths.some((path) =>
      bases.some(
        (base) =>
          isInside(path, base) &&
          (sensitiveReason(relative(base, path).split(sep).join("/")) ?? hooksReason(paths)) !== undefined,
      ),
    );
  });
}

/** realpath of the longest existing prefix, with the missing tail appended. */
function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), basename(path));
  }
}
