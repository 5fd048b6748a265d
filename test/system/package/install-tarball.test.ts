/**
 * The README's install-from-a-clone steps hold: the tarball `npm pack` writes has the name the
 * README gives, installs into a fresh project with npm, and works there by the package's name
 * (the client against the packed dev server, and the command).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();
const dir = mkdtempSync(join(tmpdir(), "xchain-install-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as { version: string };
const tarball = `xchain-intents-${pkg.version}.tgz`;

describe("installing from a clone, as the README says", () => {
  it("names the tarball npm pack writes", () => {
    const readme = readFileSync(repoPath("README.md"), "utf8");
    const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Quick start"));
    expect(install).toContain(`npm ci && npm run build && npm pack   # writes ${tarball}`);
    expect(install).toContain(`npm install ../xchain-intents/${tarball}`);
  });

  it("packs, installs into a fresh project, and runs there by name", () => {
    const npm = (args: string[], cwd: string) =>
      execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const packed = JSON.parse(
      npm(["pack", "--json", "--ignore-scripts", "--pack-destination", dir], ROOT),
    ) as [{ filename: string }];
    expect(packed[0].filename).toBe(tarball);
    const app = join(dir, "my-app");
    mkdirSync(app);
    writeFileSync(
      join(app, "package.json"),
      '{ "name": "my-app", "private": true, "type": "module" }',
    );
    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", join(dir, tarball)], app);
    writeFileSync(
      join(app, "main.js"),
      [
        'import { createClient } from "xchain-intents";',
        'import { startDevServer } from "xchain-intents/devserver";',
        "const srv = await startDevServer();",
        "const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });",
        "console.log(JSON.stringify(await client.ping()));",
        "await srv.close();",
      ].join("\n"),
    );
    const out = execFileSync(process.execPath, ["main.js"], { cwd: app, encoding: "utf8" });
    expect(JSON.parse(out)).toMatchObject({ version: expect.any(String) });
    expect(npm(["exec", "--", "xchain-intents", "--version"], app).trim()).toBe(pkg.version);
  }, 120_000);
});
