/** Set-up of the integration tier: servers in process on loopback, no child process. */
import { forbidChildProcesses } from "./guards.js";

forbidChildProcesses("integration", "test/system/");
