/**
 * The answering side of the search bench, in its own process so that it does not share the
 * client's event loop: a plain HTTP server on a loopback port that answers every POST with the
 * bytes of one file (a SearchIntents response) and prints its URL as one line on stdout. Runs
 * until killed.
 * Usage: node --import tsx test/bench/search-server.ts <file>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2] ?? "");
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
});
// A sample can take seconds under load: the client's idle keep-alive socket must still be open
// when it sends the next request.
server.keepAliveTimeout = 600_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
