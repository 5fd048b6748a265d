/**
 * The service's contracts per protocol version (entrypoint, router, router shim, fee collector)
 * and the wallet contracts intent addresses are derived from, with the request's overrides.
 */
import { checksumAddress } from "./checksum.js";
import { walletInitCodeHash } from "./create2.js";

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
  /** Wallet main module: fixes the init code hash. */
  walletMainModule: string;
  /** Init code hash of intent wallets. */
  initCodeHash: string;
}

const base = {
  v1: {
    entrypoint: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0001",
    router: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0002",
    routerShim: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e0003",
    walletFactory: "0xFaC7017900000000000000000000000000000001",
    walletMainModule: "0x3a5E1000000000000000000000000000000000A1",
  },
  v1_5: {
    entrypoint: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1501",
    router: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1502",
    routerShim: "0x1DE4a1F5E3F8b0D7D5A70Fb1e8E5D4E1bA7e1503",
    walletFactory: "0xFaC7017900000000000000000000000000001501",
    walletMainModule: "0x3a5E1000000000000000000000000000000015A1",
  },
} as const;

/** Address that collects fees (the same for both versions). */
export const FEE_COLLECTOR = checksumAddress("0xfee0000000000000000000000000000000c0ffee");

/** The deployment of protocol `version`, with wallet address overrides applied. */
export function deploymentFor(
  version: "v1" | "v1_5",
  overrides: Record<string, string>,
): ServiceDeployment {
  const b = base[version];
  const walletFactory = overrides.coreWalletFactoryAddress ?? checksumAddress(b.walletFactory);
  const walletMainModule =
    overrides.coreWalletMainModuleAddress ?? checksumAddress(b.walletMainModule);
  return {
    version,
    entrypoint: checksumAddress(b.entrypoint),
    router: checksumAddress(b.router),
    routerShim: checksumAddress(b.routerShim),
    feeCollector: FEE_COLLECTOR,
    walletFactory,
    walletMainModule,
    initCodeHash: walletInitCodeHash(walletMainModule),
  };
}
