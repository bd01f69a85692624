// Runs autocannon in its own process (so it does not share the bench's event loop) with a list
// of requests each connection cycles through; prints autocannon's result as JSON.
// Usage: node bench/load-client.mjs '{"url": "...", "connections": 50, "duration": 30, "requests": [...]}'
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon({ ...options, requests: options.requests });
process.stdout.write(JSON.stringify(result));
