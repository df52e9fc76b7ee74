/** A FileEventSource over node's recursive `fs.watch` (the tests' stand-in for VS Code's watcher). */
import { existsSync, watch } from "node:fs";
import { join } from "node:path";
import type { FileEventSource } from "../../src/acp/ports";

export function nodeWatcher(dir: string): FileEventSource {
  return {
    watch(onEvent) {
      const watcher = watch(dir, { recursive: true }, (_event, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        onEvent(existsSync(path) ? "change" : "delete", path);
      });
      return { dispose: () => watcher.close() };
    },
  };
}
