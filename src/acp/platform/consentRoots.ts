/**
 * What counts as "inside the workspace" for consent, beyond the folders being open:
 * - a folder that is the home folder, one of its parents or a filesystem root is not a consent
 *   root (`code ~` is common, and would hand over ~/.ssh): it is dropped, so its files ask as
 *   if no folder were open. A link to such a folder is dropped too (compared resolved).
 * - under any root, the user's secrets and start-up files (~/.ssh, ~/.aws, ~/.gnupg, ~/.config,
 *   shell rc files, credential files) are never inside: reads and writes of them ask.
 * The checks are synchronous (a realpath or two per root) so the rule guard can use them.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, relative, resolve, sep } from "node:path";
import { isInside } from "./workspacePaths";

/** Folders under ~ that hold keys, credentials or configuration that runs code. */
const SECRET_FOLDERS: ReadonlySet<string> = new Set([
  ".ssh",
  ".aws",
  ".gnupg",
  ".config",
  ".kube",
  ".docker",
  ".azure",
  ".password-store",
]);

/** Files directly in ~ that a shell runs at start-up, or that hold credentials. */
const SHELL_FILES: ReadonlySet<string> = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".zlogout",
  ".cshrc",
  ".tcshrc",
  ".kshrc",
  ".mkshrc",
  ".xprofile",
  ".xinitrc",
  ".xsessionrc",
]);
const CREDENTIAL_FILES: ReadonlySet<string> = new Set([
  ".netrc",
  ".git-credentials",
  ".gitconfig",
  ".npmrc",
  ".pypirc",
  ".pgpass",
]);

/** A filesystem root, the home folder, or a parent of it: too broad to stand for "the project". */
export function isBroadFolder(folder: string, home = homedir()): boolean {
  const homes = variants(home);
  return variants(folder).some((path) => dirname(path) === path || homes.some((h) => isInside(h, path)));
}

/** The roots that count for consent: `roots` without the broad ones. */
export function consentRoots(roots: readonly string[], home = homedir()): string[] {
  return roots.filter((root) => !isBroadFolder(root, home));
}

/**
 * Why a path (absolute; give it as sent and resolved) is one of the user's secrets or start-up
 * files under the home folder, finishing "This file …"; undefined otherwise.
 */
export function homeSecretReason(paths: readonly string[], home = homedir()): string | undefined {
  const homes = variants(home);
  for (const path of paths.map((p) => resolve(p))) {
    for (const base of homes) {
      if (!isInside(path, base) || path === base) continue;
      const segments = relative(base, path).split(sep);
      // One start per run of dots and spaces: `[. ]+$` alone rescanned the run from each (quadratic).
      const first = (segments[0] ?? "").toLowerCase().replace(/(?<![. ])[. ]+$/, "");
      if (SECRET_FOLDERS.has(first))
        return `is in ~/${first}, which holds keys, credentials or configuration that runs code`;
      if (segments.length === 1 && SHELL_FILES.has(first))
        return `is a shell start-up file (~/${first}): it runs each time a shell starts`;
      if (segments.length === 1 && CREDENTIAL_FILES.has(first))
        return `is ~/${first}, which may hold credentials or run code`;
    }
  }
  return undefined;
}

/** A path as given and resolved (symlinks included), when they differ. */
function variants(path: string): string[] {
  const lexical = resolve(path);
  let real = lexical;
  try {
    real = realpathSync(lexical);
  } catch {
    // missing: compare as given
  }
  return real === lexical ? [lexical] : [lexical, real];
}
