// Runs autocannon in its own process (so it does not share the bench's event loop) with a list
// of requests each connection cycles through; prints autocannon's result as JSON.
// Usage: node bench/load-client.mjs '{"url": "...", "connections": 50, "duration": 30, "requests": [...]}'
// With "urls": [a, b] instead of "url" the connections are split evenly over the addresses (a
// zero-cost balancer), all in this one process; requests, errors and latency percentiles are then
// pooled over every response, and the client's own CPU time is given (cpuMs).
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
if (!options.urls) {
  const result = await autocannon({ ...options, requests: options.requests });
  process.stdout.write(JSON.stringify(result));
} else {
  const { urls, connections, ...rest } = options;
  const times = [];
  const cpu = process.cpuUsage();
  const results = await Promise.all(
    urls.map((url, i) => {
      const share = Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0);
      const instance = autocannon({ ...rest, url, connections: share });
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
      return instance;
    }),
  );
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  const sum = (key) => results.reduce((n, r) => n + r[key], 0);
  process.stdout.write(
    JSON.stringify({
      requests: { total: results.reduce((n, r) => n + r.requests.total, 0) },
      errors: sum('errors'),
      timeouts: sum('timeouts'),
      non2xx: sum('non2xx'),
      latency: { p50: at(0.5), p99: at(0.99) },
      cpuMs: (used.user + used.system) / 1000,
    }),
  );
}
