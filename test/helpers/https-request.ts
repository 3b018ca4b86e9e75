// A GET over HTTPS trusting one certificate authority (Node's fetch takes no `ca`).
import { get } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function httpsGet(url: string, ca: Buffer, timeoutMs = 5_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { ca, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
