/**
 * How large each benchmark workload is: the flood sizes of the baselines' curves, the tabs that
 * stream at once, the UI's flood and tool storm, the long thread's scale.
 */
export const RAW_FLOOD_SIZES = [1_000, 5_000, 20_000, 100_000] as const;
/** The scale curve of one reply: bare reader, SDK client and the panel's host stack at each N. */
export const CURVE_FLOOD_SIZES = [1_000, 20_000, 100_000] as const;
/** Tabs streaming at once (each its own agent process, `SESSION_FLOOD` chunks each). */
export const CURVE_SESSIONS = [1, 5, 15] as const;
export const SESSION_FLOOD = 20_000;
/** Tabs of one agent for the memory of process sharing (processesClient.ts). */
export const CURVE_TABS = [1, 5, 15] as const;
export const UI_FLOOD = 20_000;
export const TOOL_CALLS = 200;
/** The thread-size curve: the long thread's load (no scroll) at this many entries, beside `long`'s 2,000. */
export const LONG_SCALE_ENTRIES = 10_000;
