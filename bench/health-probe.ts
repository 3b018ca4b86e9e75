// A separate process that asks GET /api/health every 5 ms until it gets SIGTERM, then prints the
// latencies (ms) as JSON: the statistics benchmark runs it beside a heavy request to show that the
// event loop stays free. Its own event loop does nothing else, so it measures the server only.
// It writes "ready" on a line of its own after its first answer, so the caller knows it runs.
const base = process.argv[2];
const latencies: number[] = [];
let running = true;
process.on('SIGTERM', () => {
  running = false;
});
while (running) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.text();
  if (latencies.length === 0) process.stdout.write('ready\n');
  latencies.push(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 5));
}
process.stdout.write(JSON.stringify(latencies));
