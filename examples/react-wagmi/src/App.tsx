/**
 * Pay 5 USDC on Base from a token the wallet holds: pick a route, see the quote (asked again
 * before it expires), commit, pay from the wallet with the progress shown step by step, and
 * follow the intent to its receipt. Errors are shown with `userMessage`.
 */
import { useEffect, useState } from "react";
import { formatUnits, parseUnits } from "viem";
import { useAccount, useConnect, useWalletClient } from "wagmi";
import { type IntentClient, type QuoteIntentRequest, userMessage } from "xchain-intents";
import {
  useExecuteWithWallet,
  useIntent,
  useIntentProgress,
  useQuote,
  useQuoteAndCommit,
  useRoutes,
} from "xchain-intents/react";
import { Stepper } from "./Stepper";
import { loadSaved, type Saved, storeSaved } from "./saved";
import { USDC_BASE } from "./settings";

/** The quoted amount plus 1%: the most the wallet may pay if the quote is asked again. */
const withMargin = (amount: bigint) => amount + amount / 100n;

export function App({ client }: { client: IntentClient }) {
  const { address, isConnected } = useAccount();
  const { connect, connectors } = useConnect();
  const { data: wallet } = useWalletClient();
  useEffect(() => {
    const dev = connectors[0];
    if (!isConnected && dev) connect({ connector: dev });
  }, [isConnected, connectors, connect]);

  const routes = useRoutes(client, {
    destinationChainId: 8453,
    destinationTokenAddress: USDC_BASE,
  });
  const tokens = routes.data?.tokens ?? [];
  const [picked, setPicked] = useState("42161:USDC");
  const route = tokens.find((t) => `${t.chainId}:${t.symbol}` === picked);
  const [saved, setSaved] = useState<Saved | undefined>(loadSaved);
  const keep = (next: Saved | undefined) => {
    storeSaved(next);
    setSaved(next);
  };

  const request: QuoteIntentRequest | undefined =
    address && route && !saved
      ? {
          ownerAddress: address,
          originChainId: route.chainId,
          originTokenAddress: route.address,
          destinationChainId: 8453,
          destinationTokenAddress: USDC_BASE,
          tradeType: "EXACT_OUTPUT",
          destinationTokenAmount: parseUnits("5", 6),
        }
      : undefined;
  const quote = useQuote(client, request);
  const commit = useQuoteAndCommit(client);
  const pay = useExecuteWithWallet(client);
  const follow = useIntent(client, saved?.committed.intentId);
  const progress = useIntentProgress(pay, follow);

  const payNow = (s: Saved) => {
    if (!wallet) return;
    keep({ ...s, paying: true });
    // No `store`: in a browser the default is this origin's storage, shared by its tabs under a
    // Web Lock, so a second tab or a reload never pays twice.
    pay.mutate({ ...s.committed, wallet, maxAmount: s.maxAmount });
  };
  // A reload (or a crash) while paying: the same payment resumes; the store makes sure the
  // deposit already sent is waited for, not sent again. Once, when the wallet is there.
  useEffect(() => {
    if (saved?.paying && wallet && pay.isIdle) payNow(saved);
  }, [wallet]);

  const error = pay.error ?? commit.error ?? follow.error ?? quote.error ?? routes.error;
  const origin = saved?.committed.intent ?? quote.data?.intent;
  const originToken = tokens.find(
    (t) =>
      t.chainId === origin?.originChainId &&
      t.address.toLowerCase() === String(origin?.quoteRequest.originTokenAddress).toLowerCase(),
  );
  const receipt = follow.update?.done ? follow.update.receipt : undefined;

  return (
    <main>
      <h1>Pay 5 USDC on Base</h1>
      <p data-testid="account">{address ? `Wallet ${address}` : "Connecting the wallet…"}</p>
      <label>
        Pay with{" "}
        <select value={picked} onChange={(e) => setPicked(e.target.value)} disabled={!!saved}>
          {tokens.map((t) => (
            <option key={`${t.chainId}:${t.address}`} value={`${t.chainId}:${t.symbol}`}>
              {t.symbol} on chain {t.chainId}
            </option>
          ))}
        </select>
      </label>
      {quote.isFetching && !quote.data && <p>Quoting…</p>}
      {quote.data && originToken && (
        <p data-testid="quote">
          You pay {formatUnits(quote.data.intent.quote.fromAmount, originToken.decimals)}{" "}
          {originToken.symbol} (quote valid until {quote.expiresAt?.toLocaleTimeString()})
        </p>
      )}
      {!saved && (
        <button
          type="button"
          data-testid="commit"
          disabled={!request || !quote.data || commit.isPending}
          onClick={() =>
            request &&
            commit.mutate(request, {
              onSuccess: (committed) =>
                keep({
                  committed,
                  maxAmount: withMargin(committed.intent.quote.fromAmount),
                  paying: false,
                }),
            })
          }
        >
          Commit
        </button>
      )}
      {saved && !receipt && (
        <button
          type="button"
          data-testid="pay"
          disabled={!wallet || pay.isPending || pay.isSuccess}
          onClick={() => payNow(saved)}
        >
          Pay from wallet
        </button>
      )}
      {saved && <Stepper progress={progress} />}
      {receipt && (
        <section data-testid="receipt" data-status={receipt.status}>
          <h2>{receipt.status === "SUCCEEDED" ? "Paid" : `Ended: ${receipt.status}`}</h2>
          <p>Deposit {receipt.depositTransaction.txnHash}</p>
          <p>Delivery {receipt.destinationTransaction?.txnHash}</p>
          <button type="button" onClick={() => keep(undefined)}>
            New payment
          </button>
        </section>
      )}
      {error != null && (
        <p role="alert" data-testid="error">
          {userMessage(error, { tokens, chainId: origin?.originChainId })}
        </p>
      )}
    </main>
  );
}
