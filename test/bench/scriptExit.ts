/**
 * How a bench script ends: it runs `main` and exits once it settles, with the exit code main set
 * (1 on an error), so a browser, child or timer a failed run left behind cannot keep it alive.
 */
export function runAndExit(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
