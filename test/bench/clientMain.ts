/**
 * How every bench client ends: it runs the job its first argument names (JSON), prints the result
 * as one JSON line and exits 0; on a failure it prints the stack and exits 1 (scriptExit.ts).
 */
import { runAndExit } from "./scriptExit";

export function runClient<Job, Result>(name: string, run: (job: Job) => Promise<Result>): void {
  runAndExit(async () => {
    try {
      const result = await run(JSON.parse(process.argv[2] ?? "{}") as Job);
      process.stdout.write(JSON.stringify(result) + "\n");
    } catch (error) {
      throw new Error(`${name} client failed`, { cause: error });
    }
  });
}
