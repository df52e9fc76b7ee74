/**
 * Child process for the traffic log's memory test (run with `node --expose-gc --import tsx`):
 * feeds 300 distinct 1 MB messages through the real logging path and prints how much the heap
 * grew while the log still holds every line. Usage: trafficHeap.ts <raw|message>
 *   raw:     TrafficLog.add with a 1 MB rendered line (what any Logger may hand it)
 *   message: the agent client's render of a message carrying a 1 MB text, then TrafficLog.add
 */
import { TRAFFIC_CAPACITY, TrafficLog } from "../../src/acp/client/connection/trafficLog";
import { logJson } from "../../src/acp/client/connection/logJson";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const mode = process.argv[2] ?? "raw";
const MESSAGES = 300;
const MESSAGE_CHARS = 1024 * 1024;

function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

// No character budget here: the log must keep all 300 lines, so what the heap holds is the lines'
// own size, not what their parents would keep alive.
const log = new TrafficLog(TRAFFIC_CAPACITY, Number.POSITIVE_INFINITY);
const before = heapUsed();
for (let i = 0; i < MESSAGES; i++) {
  // Distinct, flat 1 MB strings: nothing but the log can keep them alive.
  const big = `${i}:`.padEnd(MESSAGE_CHARS, String.fromCharCode(97 + (i % 26)));
  if (mode === "raw") log.add("A", "in", big, i);
  else {
    const message = {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: "s",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: big } },
      },
    };
    log.add("A", "in", logJson(message), i);
  }
}
const after = heapUsed();
if (log.snapshot().length !== MESSAGES) throw new Error("the log lost lines");
process.stdout.write(JSON.stringify({ grewMb: (after - before) / 1024 / 1024 }));
