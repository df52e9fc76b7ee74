/**
 * Bounds of the path-link exchange (issue 29 §5): the webview asks the host which plain paths in the
 * agent's Markdown name workspace files; these caps keep one hostile reply from becoming a flood of
 * file-system checks.
 */

/** Longest path (without its `:line` suffix) ever treated as a candidate. */
export const MAX_PATH_CANDIDATE_LENGTH = 512;
/** Candidates taken from one rendered Markdown block; the rest of the block stays plain text. */
export const MAX_PATH_CANDIDATES_PER_BLOCK = 200;
/** Paths in one `paths/check` message; more wait for the next one. */
export const MAX_PATHS_PER_CHECK = 500;
