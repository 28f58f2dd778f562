// A second process for the relay benchmark (bench/relay.ts): keeps 8 requests in flight
// against one URL for the given seconds, then prints {rps, p50, p99} as JSON.
const [url, headersJson, seconds] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const until = performance.now() + Number(seconds) * 1000;
const latencies = [];

async function worker() {
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} from ${url}`);
    latencies.push(performance.now() - started);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: 8 }, worker));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
process.stdout.write(
  JSON.stringify({ rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), requests: latencies.length }),
);
