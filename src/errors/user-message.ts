/**
 * `userMessage`: a short sentence for the end user of an app, for any error the SDK raises (the
 * service's, the client's own, the wallet step's), beside `error.message`, which stays for
 * developers. Amounts are in token units with the symbol and the chain's name when the caller
 * passes the tokens it knows (route or receipt data); addresses and hashes are shortened. The
 * access key is never in it: no text of the error's message or cause is copied.
 */
import { chainName, findToken, formatUnits, shorten, type UserToken } from "./user-amount.js";

export type { UserToken } from "./user-amount.js";

/** Options of `userMessage`. */
export interface UserMessageOptions {
  /** Tokens the app knows (`GetExactOutputRoutes`' tokens, a receipt's token metadata). */
  tokens?: readonly UserToken[] | undefined;
  /** The chain the error is about when the error does not say (the intent's origin chain). */
  chainId?: number | undefined;
  /** Chain names by id, over the built-in ones (e.g. `{ 42161: "Arbitrum (local)" }`). */
  chainNames?: Readonly<Record<number, string>> | undefined;
}

type Fields = Record<string, unknown>;
type Say = string | ((e: Fields, o: UserMessageOptions) => string);

// Plain strings, no template: the root entry's bundles drop all of this when unused, and a
// top-level template literal would count as code with effects.
const DOWN = "The payment service is not available right now. Please try again in a moment.";
const SETUP =
  "This app cannot use the payment service as it is set up. Please contact its support.";
const BUSY = "Too many requests right now. Please try again in a moment.";
const REQUOTE = "This quote has expired. Please get a new quote.";
const CHECK_WALLET = "Check your wallet's activity before you try again.";
const UNREADABLE =
  "The payment service sent an answer this app cannot read. Please try again in a moment.";
const SLOW = "The payment service took too long to answer. Please try again in a moment.";
const CANCELLED = "The request was cancelled.";

const insufficient = (e: Fields, o: UserMessageOptions): string => {
  const token = findToken(o.tokens, String(e.token), o.chainId);
  const chain = token ?? (o.chainId === undefined ? undefined : { chainId: o.chainId });
  const on = chain ? ` on ${chainName(chain.chainId, o.chainNames)}` : "";
  if (token?.decimals === undefined || typeof e.need !== "bigint" || typeof e.have !== "bigint")
    return `Your wallet does not hold enough ${token?.symbol ?? (typeof e.token === "string" ? `of token ${shorten(e.token)}` : "funds")}${on} for this payment. Nothing was sent.`;
  const need = formatUnits(e.need, token.decimals, true);
  const have = formatUnits(e.have, token.decimals, false);
  return `You need ${need} ${token.symbol}${on}; your wallet has ${have}. Nothing was sent.`;
};

/** The sentence of each wire name; a name not here gets `FALLBACK_USER_MESSAGE`. */
const table = (): Readonly<Record<string, Say>> => ({
  // The service's errors (schema order).
  WebrpcEndpoint: DOWN,
  WebrpcRequestFailed:
    "The payment service cannot be reached. Check your connection and try again.",
  WebrpcBadRoute: SETUP,
  WebrpcBadMethod: SETUP,
  WebrpcBadRequest: SETUP,
  WebrpcBadResponse: UNREADABLE,
  WebrpcServerPanic: DOWN,
  WebrpcInternalError: DOWN,
  WebrpcClientAborted: CANCELLED,
  WebrpcStreamLost: "The connection to the payment service was lost. Please try again.",
  Unauthorized: SETUP,
  PermissionDenied: SETUP,
  SessionExpired: "Your session has expired. Please reload the page.",
  MethodNotFound: SETUP,
  RequestConflict: "This request is already being handled. Please wait a moment.",
  Aborted: CANCELLED,
  Geoblocked: "This service is not available in your region.",
  RateLimited: BUSY,
  ProjectNotFound: SETUP,
  AccessKeyNotFound: SETUP,
  AccessKeyMismatch: SETUP,
  InvalidOrigin: SETUP,
  InvalidService: SETUP,
  UnauthorizedUser: "You are not allowed to make this payment.",
  QuotaExceeded: "This app has reached its usage limit for now. Please try again later.",
  QuotaRateLimit: BUSY,
  NoDefaultKey: SETUP,
  MaxAccessKeys: SETUP,
  AtLeastOneKey: SETUP,
  Timeout: SLOW,
  InvalidArgument: "Some details of this payment are not valid. Please check them and try again.",
  Unexpected: DOWN,
  Unavailable: DOWN,
  QueryFailed: DOWN,
  IntentStatus: "This payment has already moved on. Refresh to see where it is.",
  IntentsSkipped: "This route cannot be used right now. Please choose another.",
  QuoteExpired: REQUOTE,
  HighPriceImpact: "This amount would move the price too much. Please try a smaller amount.",
  NotFound: "This payment could not be found.",
  UnsupportedNetwork: "This network is not supported. Please choose another.",
  ClientOutdated: "This app needs an update. Please reload the page.",
  IntentsDisabled: "Cross-chain payments are paused for now. Please try again later.",
  ChainNodeHealth: "A network this payment uses is not responding. Please try again in a moment.",
  // The client's own.
  RequestTimeout: SLOW,
  ResponseValidation: UNREADABLE,
  RedirectRefused: SETUP,
  IntentMismatch: "The quote did not match your request, so it was not used. Please try again.",
  // The wallet step's.
  DepositMismatch: "The payment instructions did not match your quote, so nothing was sent.",
  WrongChain: (e, o) =>
    `Switch your wallet to ${typeof e.expectedChainId === "number" ? chainName(e.expectedChainId, o.chainNames) : "the payment's network"} to pay.`,
  InsufficientBalance: insufficient,
  DepositReverted: (e) =>
    e.hash
      ? `Your payment ${shorten(String(e.hash))} failed on chain; no funds moved.`
      : "This payment would fail on chain, so it was not sent.",
  DepositRejected: "You declined the payment in your wallet. Nothing was sent.",
  DepositOutcomeUnknown:
    "It is not known whether your payment was sent. Check your wallet's activity before you try again.",
  IntentNotAwaitingDeposit: "This payment is already under way or closed. Nothing more was sent.",
  ExecuteWindowClosed: "There is not enough time left to pay this quote. Please get a new quote.",
  ClockSkew:
    "This payment could not be timed safely, so nothing was signed. Please try again in a moment.",
  NonceRace: "Another transaction from your wallet went first; this payment was not sent.",
  WalletRpc: (e) =>
    e.sent
      ? `Your wallet or its network stopped answering. ${CHECK_WALLET}`
      : "Your wallet or its network stopped answering. Nothing was sent; please try again.",
  DepositStranded: (e) =>
    `Your payment${typeof e.hash === "string" ? ` ${shorten(e.hash)}` : ""} was received but could not be used; it will be refunded. Please contact support.`,
});

/** The sentence for an error this table does not know. */
export const FALLBACK_USER_MESSAGE = "Something went wrong. Please try again.";

/**
 * A short sentence for an end user about `error`.
 *
 * @example
 * catch (e) { toast(userMessage(e, { tokens: routes.tokens, chainId: intent.originChainId })) }
 * // "You need 25.17 USDC on Arbitrum; your wallet has 0. Nothing was sent."
 */
export function userMessage(error: unknown, options: UserMessageOptions = {}): string {
  const e = (typeof error === "object" && error !== null ? error : {}) as Fields;
  // Errors of another copy of the SDK, or of another realm, are told by their wire name too.
  const says = table();
  const say =
    typeof e.error === "string" && Object.hasOwn(says, e.error) ? says[e.error] : undefined;
  if (say !== undefined) return typeof say === "string" ? say : say(e, options);
  if (e.name === "AbortError") return CANCELLED;
  if (e.name === "TimeoutError") return SLOW;
  return FALLBACK_USER_MESSAGE;
}
