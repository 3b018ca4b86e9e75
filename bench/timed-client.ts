// The benchmarks' HTTP client, in a worker thread of its own (harness.ts `measure` says why): it
// sends a case's request `runs` times after two warm-up ones and reports each one's time.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { parentPort } from 'node:worker_threads';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RecordBatchReader } from 'apache-arrow';
import type { Case, ClientReport } from './harness.js';

interface Job {
  url: string;
  method: Case['method'];
  /** The request's JSON, serialised by the harness. */
  body?: string;
  runs: number;
  /** Untimed requests before the timed ones (default 2). */
  warmUps?: number;
  headers?: Record<string, string>;
  compressed?: boolean;
}

/** A page: every request sent at once over `connections` sockets (the rest queued in order, as a browser does). */
interface PageJob {
  page: { url: string; method: Case['method']; body?: string }[];
  connections: number;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, decoded, in the pieces it came in (joined only when read: a 50 MB copy per request is the client's own cost). */
  chunks: Buffer[];
  /** Bytes received before decoding. */
  wireBytes: number;
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
function send({ url, method, body, headers: extra, compressed }: Omit<Job, 'runs'>, agent = keepAlive): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = compressed === false ? {} : { 'accept-encoding': 'gzip, deflate, br' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    Object.assign(headers, extra);
    const req = request(url, { method, headers, agent }, (res) => {
      let wireBytes = 0;
      res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
      const encoding = res.headers['content-encoding'];
      const decoded = encoding !== undefined && encoding in decoders ? res.pipe(decoders[encoding]()) : res;
      const chunks: Buffer[] = [];
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
      decoded.once('error', reject);
      decoded.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, wireBytes }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** JSON texts longer than this (V8 strings end near 512 MB) are counted, not parsed. */
const PARSED_BYTES = 256 << 20;

/** The items of an answer: an Arrow stream's rows, a JSON array's elements (1 for another value). */
function itemsOf(type: string, body: Buffer): number {
  if (type.startsWith('application/vnd.apache.arrow.stream')) return [...RecordBatchReader.from(body)].reduce((n, b) => n + b.numRows, 0);
  if (body[0] !== 0x5b) return 1;
  if (body.length < PARSED_BYTES) return (JSON.parse(body.toString()) as unknown[]).length;
  // The commas between the array's elements: at depth 1, outside strings.
  let depth = 0;
  let inString = false;
  let commas = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && depth === 1) commas++;
  }
  return body.length > 2 ? commas + 1 : 0;
}

/**
 * A request is timed from its sending to the last byte of its decoded answer; the last answer is
 * read, untimed, for its items. A non-2xx answer ends the job with an error.
 */
async function run(job: Job): Promise<ClientReport> {
  const report: ClientReport = { total: [], sqlMs: [], serverMs: [], first: 0, bytes: 0, wireBytes: 0, items: 0 };
  const warmUps = job.warmUps ?? 2;
  for (let i = 0; i < job.runs + warmUps; i++) {
    const t0 = performance.now();
    const res = await send(job);
    const ms = performance.now() - t0;
    failUnlessOk(res);
    if (i === 0) report.first = ms;
    if (i < warmUps) continue;
    report.total.push(ms);
    const serverTiming = String(res.headers['server-timing'] ?? '');
    report.sqlMs.push(Number(/sql;dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN));
    report.serverMs.push(Number(/total;dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN));
    if (i === job.runs + warmUps - 1) {
      const body = Buffer.concat(res.chunks);
      report.bytes = body.length;
      report.wireBytes = res.wireBytes;
      report.items = itemsOf(String(res.headers['content-type'] ?? ''), body);
    }
  }
  return report;
}

function failUnlessOk(res: Answer): void {
  if (res.status < 200 || res.status > 299) throw new Error(`${res.status} ${Buffer.concat(res.chunks).subarray(0, 200).toString()}`);
}

/** Kept-alive sockets per connection count, reused from page to page as a browser's are. */
const pageAgents = new Map<number, Agent>();

/** Milliseconds from sending a page's first request to the last byte of its last answer. */
async function runPage(job: PageJob): Promise<number> {
  let agent = pageAgents.get(job.connections);
  if (agent === undefined) pageAgents.set(job.connections, (agent = new Agent({ keepAlive: true, maxSockets: job.connections })));
  const t0 = performance.now();
  for (const res of await Promise.all(job.page.map((r) => send(r, agent)))) failUnlessOk(res);
  return performance.now() - t0;
}

parentPort!.on('message', (job: Job | PageJob) => {
  ('page' in job ? runPage(job) : run(job)).then(
    (report) => parentPort!.postMessage({ report }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
