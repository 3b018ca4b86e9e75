// Request bodies that claim an encoding: bad and truncated gzip streams with and without a body,
// other encodings, and gzip bombs (a ~120 KB stream inflating to 120 MB), over HTTP and, for a
// stream cut short, over a raw socket.
import { deflateSync, gzipSync } from 'node:zlib';
import type { FuzzRequest } from './client.js';

/** Inflates past every body limit (80 MB in cBioPortal). */
export const BOMB_BYTES = 120_000_000;

export function gzipVariants(method: string, path: string, validBody: string): FuzzRequest[] {
  const gz = gzipSync(validBody);
  const make = (what: string, body: string | Buffer | undefined, encoding = 'gzip', type = 'application/json'): FuzzRequest => ({
    name: `${method} ${path} gzip: ${what}`, method, path, body, headers: { 'content-type': type, 'content-encoding': encoding },
  });
  return [
    make('valid stream', gz),
    make('no body', undefined),
    make('empty body', ''),
    make('plain JSON', validBody),
    make('truncated stream', gz.subarray(0, Math.max(1, gz.length - 8))),
    make('header only', gz.subarray(0, 10)),
    make('bad checksum', Buffer.concat([gz.subarray(0, gz.length - 8), Buffer.alloc(8, 0xff)])),
    make('garbage', Buffer.from('not gzip at all \u0000\u00ff')),
    make('stream of invalid JSON', gzipSync('{"a": [')),
    make('stream of a deep nesting', gzipSync('['.repeat(10_000))),
    make('two streams', Buffer.concat([gz, gz])),
    make('deflate garbage', Buffer.from('xx'), 'deflate'),
    make('deflate stream', deflateSync(validBody), 'deflate'),
    make('br garbage', Buffer.from('xx'), 'br'),
    make('unknown encoding', validBody, 'xz'),
    make('gzip twice', validBody, 'gzip, gzip'),
    make('identity', validBody, 'identity'),
    make('as text/plain', gz, 'gzip', 'text/plain'),
  ];
}

let bomb: Buffer | undefined;
/** A gzip stream of BOMB_BYTES spaces (JSON whitespace): small on the wire, huge inflated. */
export function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(BOMB_BYTES, 0x20), { level: 9 });
  return bomb;
}

/** The raw HTTP/1.1 bytes of a POST whose gzip body is cut short of its declared length. */
export function truncatedRequest(port: number, path: string, validBody: string, chunked: boolean): Buffer {
  const gz = gzipSync(validBody);
  const part = gz.subarray(0, Math.ceil(gz.length / 2));
  const head = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Type: application/json', 'Content-Encoding: gzip',
    chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${gz.length}`, '', ''].join('\r\n');
  const body = chunked ? Buffer.concat([Buffer.from(`${gz.length.toString(16)}\r\n`), part]) : part;
  return Buffer.concat([Buffer.from(head), body]);
}
