/**
 * The service's contracts per protocol version (entrypoint, router, router shim, fee collector)
 * and the wallet contracts of intents, with the request's `serviceAddressOverrides` applied.
 *
 * Each wallet contract has one visible effect on the quote, so that every override does:
 *
 * | override                                | where it shows                                          |
 * | --------------------------------------- | ------------------------------------------------------- |
 * | `coreWalletFactoryAddress`              | the CREATE2 deployer of both intent addresses           |
 * | `coreWalletMainModuleAddress`           | the init code hash (the module the proxy delegates to)  |
 * | `coreWalletMainModuleUpgradableAddress` | the init code hash (the module it is upgraded to)       |
 * | `coreWalletGuestModuleAddress`          | `contract` of the origin and destination meta-txns      |
 * | `coreWalletUtilsAddress`                | `to` of the first call of each batch (balance check)    |
 *
 * Every override is also part of the request, so it changes the salt as any member does.
 */
import { checksumAddress, walletInitCodeHash } from "../core/index.js";

/** The contracts an intent uses. */
export interface ServiceDeployment {
  /** `serviceVersion` of the intent: `v1` or `v1_5`. */
  version: string;
  entrypoint: string;
  router: string;
  routerShim: string;
  feeCollector: string;
  /** Wallet factory: the CREATE2 deployer of intent addresses. */
  walletFactory: string;
  /** Wallet main module: the implementation the wallet proxy starts with. */
  walletMainModule: string;
  /** Upgradable main module: the implementation the wallet moves to on its first update. */
  walletMainModuleUpgradable: string;
  /**
   * Guest module: intent wallets are counterfactual when quoted, so their meta-transactions go
   * through it (it deploys the wallet with the factory, then runs the batch).
   */
  walletGuestModule: string;
  /** Wallet utils: checks a batch's balance precondition on chain before the batch runs. */
  walletUtils: string;
  /** Init code hash of intent wallets (from both main modules). */
  initCodeHash: string;
}

const base = {
  v1: {
    entrypoint: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0001",
    router: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0002",
    routerShim: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0003",
    walletFactory: "0xFaC7017900000000000000000000000000000001",
    walletMainModule: "0x3a5E1000000000000000000000000000000000A1",
    walletMainModuleUpgradable: "0x3a5E1000000000000000000000000000000000B2",
    walletGuestModule: "0x6e570000000000000000000000000000000000C3",
    walletUtils: "0x07115000000000000000000000000000000000D4",
  },
  v1_5: {
    entrypoint: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1501",
    router: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1502",
    routerShim: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1503",
    walletFactory: "0xFaC7017900000000000000000000000000001501",
    walletMainModule: "0x3a5E1000000000000000000000000000000015A1",
    walletMainModuleUpgradable: "0x3a5E1000000000000000000000000000000015B2",
    walletGuestModule: "0x6e570000000000000000000000000000000015C3",
    walletUtils: "0x07115000000000000000000000000000000015D4",
  },
} as const;

/** Address that collects fees (the same for both versions). */
export const FEE_COLLECTOR = checksumAddress("0xfee0000000000000000000000000000000c0ffee");

/** The deployment of protocol `version`, with wallet address overrides (checksummed) applied. */
export function deploymentFor(
  version: "v1" | "v1_5",
  overrides: Record<string, string>,
): ServiceDeployment {
  const b = base[version];
  const pick = (name: string, fallback: string) => overrides[name] ?? checksumAddress(fallback);
  const walletMainModule = pick("coreWalletMainModuleAddress", b.walletMainModule);
  const walletMainModuleUpgradable = pick(
    "coreWalletMainModuleUpgradableAddress",
    b.walletMainModuleUpgradable,
  );
  return {
    version,
    entrypoint: checksumAddress(b.entrypoint),
    router: checksumAddress(b.router),
    routerShim: checksumAddress(b.routerShim),
    feeCollector: FEE_COLLECTOR,
    walletFactory: pick("coreWalletFactoryAddress", b.walletFactory),
    walletMainModule,
    walletMainModuleUpgradable,
    walletGuestModule: pick("coreWalletGuestModuleAddress", b.walletGuestModule),
    walletUtils: pick("coreWalletUtilsAddress", b.walletUtils),
    initCodeHash: walletInitCodeHash(walletMainModule, walletMainModuleUpgradable),
  };
}
