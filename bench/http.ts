// Prints requests per second and latency percentiles (autocannon) for given paths on the production build.
// Usage: npm run bench:http -- / /pricing   (options: --duration=10 --connections=20)
import autocannon from "autocannon";
import { pathsFromArgs, startProductionServer } from "./serve.ts";

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const duration = option("duration", 10);
const connections = option("connections", 20);
const paths = pathsFromArgs(["/"]);

const server = await startProductionServer();
const rows: Record<string, string | number>[] = [];
try {
  for (const path of paths) {
    // warm up, then measure
    await autocannon({ url: server.url + path, duration: 2, connections });
    const result = await autocannon({
      url: server.url + path,
      duration,
      connections,
      headers: { "accept-encoding": "gzip" },
    });
    rows.push({
      path,
      "req/s (avg)": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p90 ms": result.latency.p90,
      "p99 ms": result.latency.p99,
      "max ms": result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
} finally {
  await server.stop();
}
console.log(`autocannon: ${connections} connections, ${duration} s per path`);
console.table(rows);
