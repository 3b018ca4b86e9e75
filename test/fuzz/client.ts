// HTTP for the fuzz suite: requests over keep-alive connections (node:http), bodies sent as given
// (raw bytes, any headers), and raw socket writes (node:net) for what an HTTP client cannot send.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** A request exactly as sent: the path keeps its own percent-encoding. */
export interface FuzzRequest {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** What came back: a status and body, or no answer (`error`: the socket's error, or `timeout`). */
export interface Outcome { status?: number; body: string; error?: string; ms: number }

/** Every request answers within this, else it counts as a hang. */
export const ANSWER_WITHIN_MS = 10_000;

export class FuzzClient {
  private agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(private readonly port: () => number) {}

  send(r: FuzzRequest): Promise<Outcome> {
    const started = Date.now();
    return new Promise((resolve) => {
      let done = false;
      const finish = (o: Omit<Outcome, 'ms'>) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({ ...o, ms: Date.now() - started });
      };
      const body = r.body === undefined ? undefined : Buffer.from(r.body);
      const headers = { ...(body ? { 'content-length': String(body.length) } : {}), ...r.headers };
      const req = httpRequest({ host: '127.0.0.1', port: this.port(), method: r.method, path: r.path, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => finish({ status: res.statusCode, body: '', error: e.message }));
      });
      const timer = setTimeout(() => { req.destroy(); finish({ body: '', error: 'timeout' }); }, ANSWER_WITHIN_MS);
      req.on('error', (e) => finish({ body: '', error: (e as NodeJS.ErrnoException).code ?? e.message }));
      req.end(body);
    });
  }

  /** Drops the kept-alive connections (after the server restarted, they lead nowhere). */
  reset(): void {
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 8 });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Writes `bytes` on a fresh connection, then ends it (`end`: the client stops sending but still
 * reads) or destroys it after `holdMs` (`destroy`: the client vanishes). Resolves with the first
 * line of whatever the server wrote back ('' for nothing) once the socket closes or the answer time
 * passes.
 */
export function sendRaw(port: number, bytes: Buffer, close: 'end' | 'destroy', holdMs = 200): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]) || undefined;
      resolve({ status, body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), error, ms: Date.now() - started });
    };
    const timer = setTimeout(() => finish(close === 'end' ? 'timeout' : undefined), close === 'end' ? ANSWER_WITHIN_MS : holdMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => finish((e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('close', () => finish());
    socket.write(bytes, () => { if (close === 'end') socket.end(); });
  });
}
