/** The error code of a failed system call ("ENOENT", "ENOSPC"…), if it has one: a rejection is `unknown`. */
export function errorCode(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** A path that does not exist, or that runs through a file (ENOENT, ENOTDIR). */
export function isMissingPath(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
