// How answers are compressed: the encodings offered, their settings, and the choice among them for
// a request, shared by the compression plugin (server/plugins/http.ts) and the answers kept
// compressed (server/kept-answers.ts), so that both send the same bytes.
import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import zlib, { type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';

/** In order of preference when a client accepts several equally. */
export const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
export type Encoding = (typeof ENCODINGS)[number];

// The fastest levels: answers run to tens of MB of JSON (272,000 filtered samples: 50 MB), where
// gzip's default level costs ~300 ms and brotli's ~400; level 1 of either still shrinks this JSON
// 15-30 fold. Output in 64 KB pieces rather than 16: each piece is a round trip between zlib's
// thread and this one (50 MB took ~130 ms to compress and send with 16 KB, ~70 with 64).
const chunkSize = 64 * 1024;
export const ZLIB_OPTIONS: ZlibOptions = { level: 1, chunkSize };
export const BROTLI_OPTIONS: BrotliOptions = {
  chunkSize,
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
};

/**
 * The encoding of the answer to `request`, as @fastify/compress chooses it (its aliases: `*` and
 * `x-gzip` for gzip); undefined when the client accepts none of ours.
 */
export function answerEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return undefined;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]) ?? undefined;
}

export function compressor(encoding: Encoding): Transform {
  switch (encoding) {
    case 'br': return zlib.createBrotliCompress(BROTLI_OPTIONS);
    case 'gzip': return zlib.createGzip(ZLIB_OPTIONS);
    case 'deflate': return zlib.createDeflate(ZLIB_OPTIONS);
  }
}
