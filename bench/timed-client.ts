// The benchmarks' HTTP client, in a worker thread of its own (harness.ts `measure` says why): it
// sends a case's request `runs` times after two warm-up ones and reports each one's time.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { parentPort } from 'node:worker_threads';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Case, ClientReport } from './harness.js';

interface Job {
  url: string;
  method: Case['method'];
  /** The request's JSON, serialised by the harness. */
  body?: string;
  runs: number;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decoded, in the pieces it came in (joined only when read: a 50 MB copy per request is the client's own cost). */
  chunks: Buffer[];
}

const keepAlive = new Agent({ keepAlive: true });
const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  br: () => createBrotliDecompress({ chunkSize: 1 << 20 }),
  gzip: () => createGunzip({ chunkSize: 1 << 20 }),
  deflate: () => createInflate({ chunkSize: 1 << 20 }),
};

/**
 * One request as a browser sends it: compression accepted, and the answer decoded as it arrives,
 * in large pieces. Node's fetch decodes 16 KB at a time through web streams (nodejs/undici#2014):
 * for a 50 MB answer that curl --compressed received and decoded in 35 ms, fetch took 220.
 */
function send({ url, method, body }: Job): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, deflate, br' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = request(url, { method, headers, agent: keepAlive }, (res) => {
      const encoding = res.headers['content-encoding'];
      const decoded = encoding !== undefined && encoding in decoders ? res.pipe(decoders[encoding]()) : res;
      const chunks: Buffer[] = [];
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.once('error', reject);
      decoded.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * A request is timed from its sending to the last byte of its decoded answer; the last answer's
 * JSON is parsed, untimed, for its size. A non-2xx answer ends the job with an error.
 */
async function run(job: Job): Promise<ClientReport> {
  const report: ClientReport = { total: [], sqlMs: [], serverMs: [], first: 0, bytes: 0, items: 0 };
  for (let i = 0; i < job.runs + 2; i++) {
    const t0 = performance.now();
    const res = await send(job);
    const ms = performance.now() - t0;
    if (res.status < 200 || res.status > 299) throw new Error(`${res.status} ${Buffer.concat(res.chunks).subarray(0, 200).toString()}`);
    if (i === 0) report.first = ms;
    if (i < 2) continue;
    report.total.push(ms);
    const serverTiming = String(res.headers['server-timing'] ?? '');
    report.sqlMs.push(Number(/sql;dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN));
    report.serverMs.push(Number(/total;dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN));
    if (i === job.runs + 1) {
      const text = Buffer.concat(res.chunks).toString();
      report.bytes = text.length;
      report.items = text.startsWith('[') ? JSON.parse(text).length : 1;
    }
  }
  return report;
}

parentPort!.on('message', (job: Job) => {
  run(job).then(
    (report) => parentPort!.postMessage({ report }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
