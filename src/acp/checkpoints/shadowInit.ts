/**
 * Creates a folder's shadow repository (shadowRepository.ts) in the extension's storage: a git
 * repository of its own, with no hooks or template config, whose excludes and attributes make a
 * checkpoint hold the folder's bytes as they are.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runGit, type GitPlace } from "./gitRunner";

/** Left out of every checkpoint besides what `.gitignore` says. */
const ALWAYS_EXCLUDED = ["node_modules/", ".DS_Store"];

export async function createShadowRepository(place: GitPlace): Promise<void> {
  const { gitDir } = place;
  await mkdir(gitDir, { recursive: true });
  // `--template=`: no sample hooks or template config come in.
  await runGit(place, ["init", "--quiet", "--template="]);
  await mkdir(join(gitDir, "info"), { recursive: true });
  await writeFile(join(gitDir, "info", "exclude"), ALWAYS_EXCLUDED.join("\n") + "\n");
  // Outranks the workspace's .gitattributes: bytes in, the same bytes out (no CRLF, LFS or filters).
  await writeFile(join(gitDir, "info", "attributes"), "* -text -filter -ident -working-tree-encoding\n");
  await writeFile(place.excludesFile, "");
}
