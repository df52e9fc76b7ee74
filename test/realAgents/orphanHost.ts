/**
 * A stand-in extension host for orphan.test.ts: starts claude-code-acp through ChatSession,
 * prints the adapter's process tree as one JSON line, then waits to be killed.
 */
import { descendants } from "./realAgent";
import { realSession } from "./realSession";

void (async () => {
  const session = await realSession("claude-code-acp");
  await session.start();
  const pid = session.pid()!;
  process.stdout.write(
    `${JSON.stringify({ pid, root: session.dirs.root, tree: [pid, ...descendants(pid).map((p) => p.pid)] })}\n`,
  );
  setInterval(() => undefined, 60_000);
})();
