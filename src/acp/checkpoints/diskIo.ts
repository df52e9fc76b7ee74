import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { RestoreIo } from "../ports";
import { errorCode } from "../platform/errorCode";

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export const diskIo: RestoreIo = {
  async write(path, content, executable) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.acp-restore-${randomBytes(4).toString("hex")}`;
    try {
      await writeFile(temporary, content, { flag: "wx" });
      if (executable) await chmod(temporary, 0o755);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  },
  async remove(path) {
    // unlink never follows a link: a link itself is removed, never its target.
    await unlink(path).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT") throw error;
    });
  },
  unsaved: () => [],
};
