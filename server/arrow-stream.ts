// Arrow IPC streams for bulk clients (no cBioPortal server has them): a list route that opts in
// (`config: ARROW_ANSWERS`) answers `Accept: application/vnd.apache.arrow.stream` with the rows and
// fields of its JSON answer as Arrow record batches, written as DuckDB computes them. The fields'
// types come from the route's response schema: integer int32, number float64, boolean bool,
// string utf8, an object a struct, a free-form JSON object (namespaceColumns) its JSON text
// (extension type arrow.json). A field absent from a JSON item is null.
import negotiate from '@fastify/accept-negotiator';
import { Bool, Field, Float64, Int32, RecordBatchStreamWriter, Schema, Struct, Utf8, AsyncByteQueue, type DataType } from 'apache-arrow';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ArrowRows } from '../engine/sql/arrow-chunks.js';

export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';
const JSON_TYPE = 'application/json';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers Arrow on request (sendArrowStream). */
    arrow?: boolean;
  }
}

type Json = Record<string, unknown>;

/** Route config of a route answering Arrow: the flag, and the media type in its API description. */
export const ARROW_ANSWERS: FastifyContextConfig = {
  arrow: true,
  swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, response: withArrowMedia(schema.response as Json) }, url }),
};

/** The 200 response described as JSON (its schema) or Arrow (bytes). */
function withArrowMedia(response: Json): Json {
  const ok = response['200'] as Json;
  const arrow = { schema: { type: 'string', format: 'binary', description: 'The same rows as an Arrow IPC stream (Accept: application/vnd.apache.arrow.stream)' } };
  return { ...response, 200: { description: ok.description ?? 'OK', content: { [JSON_TYPE]: { schema: ok }, [ARROW_STREAM]: arrow } } };
}

/**
 * Whether to answer `request` with Arrow: its route opts in and its Accept header prefers Arrow to
 * JSON (q-values; JSON wins ties and the wildcards `*` and `application/*`; no Accept header means JSON).
 */
export function wantsArrow(request: FastifyRequest): boolean {
  const accept = request.headers.accept?.toLowerCase();
  if (request.routeOptions.config.arrow !== true || accept === undefined || !accept.includes('arrow')) return false;
  // The negotiator compares tokens and q-values only: media ranges become tokens, wildcards `*`.
  const ranges = accept.split(',').map((range) => {
    const [type, ...params] = range.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    return `${type === '*/*' || type === 'application/*' ? '*' : type}${q === undefined ? '' : `;${q}`}`;
  });
  return negotiate(ranges.join(','), [JSON_TYPE, ARROW_STREAM]) === ARROW_STREAM;
}

/**
 * Sends `rows` as an Arrow IPC stream, a record batch at a time (memory stays at about one batch).
 * The first batch is computed before any byte is sent, so that a failing query stays a JSON error.
 */
export async function sendArrowStream(reply: FastifyReply, rows: ArrowRows): Promise<FastifyReply> {
  const batches = reply.server.db.arrowBatches(rows, arrowFields(reply.request));
  const first = await batches.next();
  const sink = new CollectedBytes();
  const writer = new RecordBatchStreamWriter();
  writer.reset(sink);
  async function* body(): AsyncGenerator<Buffer, void, undefined> {
    try {
      for (let batch = first; !batch.done; batch = await batches.next()) {
        writer.write(batch.value);
        yield sink.take();
      }
      writer.finish();
      yield sink.take();
    } finally {
      await batches.return();
    }
  }
  // As jsonArrayStream: a client gone before the body is read must still end the query.
  const end = () => void batches.return(undefined);
  if (reply.raw.destroyed) end();
  else reply.raw.once('close', end);
  return reply.type(ARROW_STREAM).send(Readable.from(body(), { highWaterMark: 1 }));
}

/** The writer's output, taken after each batch (the writer's own queue is read asynchronously, piece by piece). */
class CollectedBytes extends AsyncByteQueue {
  private parts: Uint8Array[] = [];

  override write(value: Uint8Array): void {
    this.parts.push(value);
  }

  take(): Buffer {
    const out = Buffer.concat(this.parts);
    this.parts = [];
    return out;
  }
}

/** The Arrow fields of the items of the route's 200 response schema. */
function arrowFields(request: FastifyRequest): Schema {
  const resolve = (schema: Json): Json => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const found = request.server.getSchema(ref.replace(/#.*$/u, '')) as Json | undefined;
    if (!found) throw new Error(`unknown schema ${ref}`);
    return found;
  };
  const response = (request.routeOptions.schema?.response as Json | undefined)?.['200'] as Json | undefined;
  const items = response && resolve(response).items;
  if (!items) throw new Error(`${request.routeOptions.url} has no list response`);
  return new Schema(fieldsOf(resolve(items as Json), resolve));
}

const JSON_EXTENSION = new Map([['ARROW:extension:name', 'arrow.json']]);

function fieldsOf(object: Json, resolve: (schema: Json) => Json): Field[] {
  return Object.entries((object.properties ?? {}) as Record<string, Json>).map(([name, property]) => {
    const schema = resolve(property);
    if (schema.type === 'object' && Object.keys((schema.properties ?? {}) as Json).length === 0)
      return new Field(name, new Utf8(), true, JSON_EXTENSION);
    return new Field(name, typeOf(schema, resolve), true);
  });
}

function typeOf(schema: Json, resolve: (schema: Json) => Json): DataType {
  switch (schema.type) {
    case 'integer': return new Int32();
    case 'number': return new Float64();
    case 'boolean': return new Bool();
    case 'object': return new Struct(fieldsOf(schema, resolve));
    // Strings, and unions of string literals (enums).
    default: return new Utf8();
  }
}
