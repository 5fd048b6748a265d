/**
 * The hooks' page: a component following an intent with `useIntent`, mounted in React's strict
 * mode (effects run twice on mount) and unmounted on demand, with a client whose `fetch` counts
 * the calls it sends and those aborted. The test drives it through `window.hooks`.
 */
import { createElement, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createClient, type IntentStatus } from "../../../src/index.js";
import { useIntent } from "../../../src/react/index.js";

/** What the page shows the test. */
interface HooksPage {
  statuses: IntentStatus[];
  sent: number;
  aborted: number;
  mount(url: string, accessKey: string, intentId: string): void;
  unmount(): void;
}

let root: Root | undefined;
const page: HooksPage = {
  statuses: [],
  sent: 0,
  aborted: 0,
  mount(url, accessKey, intentId) {
    const counting: typeof fetch = (input, init) => {
      page.sent++;
      // openapi-fetch sends a Request, its signal inside.
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      signal?.addEventListener("abort", () => {
        page.aborted++;
      });
      return fetch(input, init);
    };
    const client = createClient({ baseUrl: url, accessKey, fetch: counting });
    function Follow() {
      const { update } = useIntent(client, intentId);
      if (update && page.statuses.at(-1) !== update.status) page.statuses.push(update.status);
      return createElement("p", null, update?.status ?? "following");
    }
    const div = document.createElement("div");
    document.body.append(div);
    root = createRoot(div);
    root.render(createElement(StrictMode, null, createElement(Follow)));
  },
  unmount() {
    root?.unmount();
  },
};
(window as unknown as { hooks: HooksPage; ready: boolean }).hooks = page;
(window as unknown as { ready: boolean }).ready = true;
