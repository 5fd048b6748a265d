/**
 * Where the service is: `?service=URL&key=KEY` in the page's address, else a dev server started
 * with `npm run serve -- --access-key dev_local` on its default port. A real app reads its own
 * configuration; the access key of a browser app is a publishable key of your project.
 */
const query = new URLSearchParams(location.search);

/** The service's base URL. */
export const SERVICE_URL = query.get("service") ?? "http://127.0.0.1:8787";

/** The project's access key. */
export const ACCESS_KEY = query.get("key") ?? "dev_local";

/** USDC on Base: what the example pays out. */
export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
