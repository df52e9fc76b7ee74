/**
 * `open` flags only POSIX has. @types/node declares every flag as a number, but Windows' `fs.constants`
 * lacks these two: there they are 0 (no effect), and the checks that follow the open still hold.
 */
import { constants } from "node:fs";

const posixOnly: Partial<Pick<typeof constants, "O_NOFOLLOW" | "O_NONBLOCK">> = constants;

/** Fail instead of following a symlink in the last path segment. */
export const noFollowFlag = posixOnly.O_NOFOLLOW ?? 0;
/** Open a FIFO without waiting for a writer (no thread-pool thread blocked). */
export const nonBlockFlag = posixOnly.O_NONBLOCK ?? 0;
