/**
 * The package as npm publishes it, packed and unpacked once per run of the system tier by its
 * global set-up (`test/kit/setup/packed-package.ts`). Tests of the published spec read its files
 * from here, so that what they prove holds for the files a team in another language downloads,
 * not only for the work tree.
 */
import { join } from "node:path";
import { inject } from "vitest";

/** The key under which the global set-up provides the unpacked package's folder. */
export const PACKED_DIR_KEY = "packedPackageDir";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the unpacked package (its `package/`). */
    packedPackageDir: string;
  }
}

/** A file of the published package (`generated/openapi.json`), as an absolute path. */
export function packedPath(relative: string): string {
  return join(inject(PACKED_DIR_KEY), relative);
}
