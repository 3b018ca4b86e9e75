// A large JSON array answer as a stream (mutations, treatment rows, survival data): the engine
// yields batches of item JSON texts written to match the route's response schema (tests compare
// them with the row answers) and the reply gets `[`, the items joined by commas, `]`. Answers computed in the
// statistics pool (enrichments, co-expressions) come as batches of typed items, each written by
// jsonTexts as soon as the pool ends it, while the pool works on the next.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

type Batches = AsyncGenerator<string[], void, undefined>;

/** Batches of items as batches of their JSON texts (each batch one text: one JSON.stringify call). */
export async function* jsonTexts(batches: AsyncGenerator<readonly unknown[], void, undefined>): Batches {
  for await (const batch of batches) if (batch.length > 0) yield [JSON.stringify(batch).slice(1, -1)];
}

export async function sendJsonArrayStream(reply: FastifyReply, batches: Batches): Promise<FastifyReply> {
  return reply.type('application/json; charset=utf-8').send(await jsonArrayStream(reply, batches));
}

/** The JSON array of `batches` as a stream for `reply`, its first batch read. */
export async function jsonArrayStream(reply: FastifyReply, batches: Batches): Promise<Readable> {
  // Awaiting the first batch before any byte is sent keeps a failing query a clean 500 answer.
  const first = await batches.next();
  async function* body(): AsyncGenerator<string, void, undefined> {
    try {
      yield '[';
      let separator = '';
      for (let batch = first; !batch.done; batch = await batches.next()) {
        if (batch.value.length === 0) continue;
        yield separator + batch.value.join(',');
        separator = ',';
      }
      yield ']';
    } finally {
      // Ends the query (and frees its connection) when the client goes away early.
      await batches.return();
    }
  }
  // One batch in flight at a time: memory stays at about one chunk whatever the answer's size.
  // A client gone before the body started reading never runs body()'s finally: end the query when
  // the response closes, or its connection and its turn at the store (engine/sql/db.ts) are never
  // given back (a server under 32 connections stalled so).
  const end = () => void batches.return(undefined);
  if (reply.raw.destroyed) end();
  else reply.raw.once('close', end);
  return Readable.from(body(), { highWaterMark: 1 });
}
