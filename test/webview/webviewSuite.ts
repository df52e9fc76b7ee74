/**
 * The frame every webview test file shares: one harness (Chromium and the page server) for the
 * enclosing `describe`, started before its tests and closed after them, and panels opened in it
 * that are closed whatever the test does.
 */
import { after, before } from "node:test";
import type { PanelState } from "../../src/shared/wire/panelState";
import { type Harness, startHarness } from "./harness";
import { type OpenOptions, Panel } from "./panel";

export interface PanelOptions extends OpenOptions {
  /** The host's first `state/snapshot` (seq 0), posted as soon as the page is ready. */
  readonly state?: PanelState;
}

type PanelBody<T> = (panel: Panel) => Promise<T>;

export interface WebviewSuite {
  /** The running harness, for a test that opens its panels itself (the caller closes them). */
  readonly harness: Harness;
  /** Opens a panel (and posts `options.state`); the caller closes it. */
  open(options?: PanelOptions): Promise<Panel>;
  /** Opens a panel, runs `body` with it, and closes it, pass or fail. */
  withPanel<T>(body: PanelBody<T>): Promise<T>;
  withPanel<T>(options: PanelOptions, body: PanelBody<T>): Promise<T>;
}

/** Call once at the top of a `describe`: its tests then open panels through what it returns. */
export function webviewSuite(): WebviewSuite {
  let started: Harness | undefined;
  before(async () => {
    started = await startHarness();
  });
  after(async () => {
    await started?.close();
  });
  const harness = (): Harness => {
    if (started === undefined) throw new Error("The webview harness is not running (open panels inside a test).");
    return started;
  };
  const open = async ({ state, ...options }: PanelOptions = {}): Promise<Panel> => {
    const panel = await Panel.open(harness(), options);
    if (state !== undefined) await panel.snapshot(0, state);
    return panel;
  };
  async function withPanel<T>(first: PanelOptions | PanelBody<T>, second?: PanelBody<T>): Promise<T> {
    const [{ state, ...options }, body]: [PanelOptions, PanelBody<T>] =
      typeof first === "function" ? [{}, first] : [first, second!];
    const panel = await Panel.open(harness(), options);
    try {
      if (state !== undefined) await panel.snapshot(0, state);
      return await body(panel);
    } finally {
      await panel.close();
    }
  }
  return {
    get harness() {
      return harness();
    },
    open,
    withPanel,
  };
}
