/**
 * The app's start: the dev server's chains for the wagmi config (read once with `devChains`; with
 * `serve`'s fixed ports they could be written here as well), its test wallet as the injected
 * connector, one QueryClient for wagmi and the SDK's hooks.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { http } from "viem";
import { createConfig, injected, WagmiProvider } from "wagmi";
import { createClient } from "xchain-intents";
import { devChains, devWalletProvider } from "xchain-intents/devserver/browser";
import { App } from "./App";
import { ACCESS_KEY, SERVICE_URL } from "./settings";

const client = createClient({ baseUrl: SERVICE_URL, accessKey: ACCESS_KEY });
const queryClient = new QueryClient();
const root = createRoot(document.getElementById("root") as HTMLElement);

devChains(SERVICE_URL, ACCESS_KEY).then(
  (chains) => {
    const provider = devWalletProvider({ chains });
    const config = createConfig({
      chains,
      connectors: [injected({ target: () => ({ id: "dev", name: "Dev wallet", provider }) })],
      transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
    });
    root.render(
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <App client={client} />
        </QueryClientProvider>
      </WagmiProvider>,
    );
  },
  (error: unknown) => root.render(<p role="alert">{String(error)}</p>),
);
