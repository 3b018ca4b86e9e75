// Answers of tens of MB asked for again, sent from their compressed bytes. A Study View page of a
// whole GENIE study asks for its 272,000 filtered samples (50 MB of JSON) on every visit, and
// compressing them took ~60 ms of the server however fast the samples were found. An answer named
// by a key that says all it depends on (the store is read-only while served) is compressed as it
// streams the first time, its compressed bytes are kept, and later requests accepting the same
// encoding get those bytes. The least recently sent answers are dropped beyond a byte budget.
// An answer naming the studies it was read from passes to the store's next generation while they
// are unchanged (`carryFrom`; carry-over.ts).
import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform, pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DependsOn } from '../engine/sql/study-stamps.js';
import { answerEncoding, compressor } from './compression.js';

/** An answer's JSON: a stream, or chunks in memory (then sent with its length when uncompressed). */
export type AnswerBody = Readable | Buffer[];

export interface KeptAnswersOptions {
  /** Compressed bytes kept in all (default 64 MB); an answer over a quarter of it is not kept. */
  budgetBytes?: number;
}

interface Kept {
  bytes: Buffer;
  dependsOn: DependsOn;
}

export class KeptAnswers {
  /** Encoding and key -> compressed bytes, least recently sent first. */
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;
  /** Answers taken over from an earlier generation. */
  private carriedCount = 0;
  private readonly budgetBytes: number;

  constructor(options: KeptAnswersOptions = {}) {
    this.budgetBytes = options.budgetBytes ?? 64 * 1024 * 1024;
  }

  /** Answers kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Compressed bytes kept now. */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Answers taken over from an earlier generation. */
  get carried(): number {
    return this.carriedCount;
  }

  /**
   * Takes over the answers of `earlier` (the previous generation's) that `valid` says this
   * generation's store answers the same (carry-over.ts), least recently sent first; says how many.
   */
  carryFrom(earlier: KeptAnswers, valid: (dependsOn: DependsOn) => boolean): number {
    let carried = 0;
    for (const [id, kept] of earlier.entries) {
      if (this.entries.has(id) || !valid(kept.dependsOn)) continue;
      this.keep(id, kept);
      carried++;
    }
    this.carriedCount += carried;
    return carried;
  }

  /** Drops every answer kept. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Sends the JSON answer named `key`: its kept bytes in the encoding the client accepts, or
   * `body()` compressed on the way (and kept once whole) or as it is for a client that
   * accepts no compression. `dependsOn`: the studies the answer is read from (default: the whole store).
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, body: () => Promise<AnswerBody> | AnswerBody, dependsOn?: DependsOn): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8');
    const encoding = answerEncoding(request);
    if (encoding === undefined) {
      const answer = await body();
      if (answer instanceof Readable) return reply.send(answer);
      return reply.header('content-length', answer.reduce((n, chunk) => n + chunk.length, 0)).send(Readable.from(answer) as never);
    }
    const id = `${encoding}\0${key}`;
    // Set before @fastify/compress's onSend, which then leaves the payload alone.
    reply.header('content-encoding', encoding);
    appendVary(reply, 'accept-encoding');
    const kept = this.entries.get(id);
    if (kept !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, kept);
      return reply.header('content-length', kept.bytes.length).send(kept.bytes);
    }
    const answer = await body();
    const source = answer instanceof Readable ? answer : Readable.from(answer);
    const sent = new PassThrough();
    pipeline(source, compressor(encoding), this.keeper(id, dependsOn), sent, () => {
      // A failed or abandoned answer is not kept (the keeper saw no end); the reply reports it.
    });
    return reply.send(sent);
  }

  /** Passes compressed chunks on and keeps their concatenation under `id` when the stream ends. */
  private keeper(id: string, dependsOn: DependsOn): Transform {
    const chunks: Buffer[] = [];
    let length = 0;
    const limit = this.budgetBytes / 4;
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        length += chunk.length;
        if (length <= limit) chunks.push(chunk);
        done(null, chunk);
      },
      flush: (done) => {
        if (length <= limit) this.keep(id, { bytes: Buffer.concat(chunks, length), dependsOn });
        done();
      },
    });
  }

  private keep(id: string, kept: Kept): void {
    const previous = this.entries.get(id);
    if (previous !== undefined) this.bytes -= previous.bytes.length;
    this.entries.delete(id);
    this.entries.set(id, kept);
    this.bytes += kept.bytes.length;
    for (const [oldest, dropped] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= dropped.bytes.length;
    }
  }
}

/** A key naming an answer by what it depends on: texts, and lists of numbers as their bytes. */
export function answerKey(...parts: (string | Float64Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    hash.update(`${typeof part}:${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

/** Adds `value` to the reply's Vary header (CORS may have set Origin there). */
function appendVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const values = current === undefined ? [] : String(current).split(',').map((v) => v.trim());
  if (!values.some((v) => v.toLowerCase() === value)) reply.header('vary', [...values, value].join(', '));
}
