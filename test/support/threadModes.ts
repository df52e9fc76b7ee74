import type { ThreadAction } from "../../src/shared/thread/threadActions";

/** A session that offers two modes, Default (current) and Plan: what the mode-change tests start from. */
export const defaultAndPlanModes: ThreadAction = {
  type: "session/state",
  modes: {
    currentModeId: "default",
    availableModes: [
      { id: "default", name: "Default" },
      { id: "plan", name: "Plan" },
    ],
  },
};
