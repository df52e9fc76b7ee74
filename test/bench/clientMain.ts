/**
 * How every bench client ends: it runs the job its first argument names (JSON), prints the result
 * as one JSON line and exits 0; on a failure it prints the stack and exits 1.
 */
export function runClient<Job, Result>(name: string, run: (job: Job) => Promise<Result>): void {
  run(JSON.parse(process.argv[2] ?? "{}") as Job).then(
    (result) => {
      process.stdout.write(JSON.stringify(result) + "\n");
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${name} client failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
