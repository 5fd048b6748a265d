/** Set-up of the unit tier: no socket, no child process (see `guards.ts`). */
import { forbidChildProcesses, forbidSockets } from "./guards.js";

forbidSockets("unit", "test/integration/ (a server in process) or test/system/");
forbidChildProcesses("unit", "test/system/");
