/**
 * Writes a file so that a crash mid-write never leaves it truncated: the content goes to a
 * temporary file in the same folder, is flushed, and replaces the target with one rename.
 * Missing folders are created. The target's permissions are kept when it exists.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const mode = await stat(path).then((s) => s.mode & 0o7777, () => undefined);
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString("hex")}.acp-tmp`);
  const handle = await open(temp, "wx", mode ?? 0o666);
  try {
    await handle.writeFile(content, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
