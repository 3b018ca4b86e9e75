// Query parameters shared by the list endpoints (api.md 1.3-1.5), as TypeBox schemas, and the
// helpers that turn them into engine paging.
import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';


export const MAX_PAGE_SIZE = 10_000_000;

/** A string enum as a union of literals (cBioPortal's enum parameters are exact and case-sensitive). */
export function literalUnion<const T extends string>(values: readonly T[], options: { description?: string } = {}): TUnion<TLiteral<T>[]> {
  return Type.Union(values.map((v) => Type.Literal(v)), options);
}

export const Projection = literalUnion(['ID', 'SUMMARY', 'DETAILED', 'META'] as const, { description: 'Level of detail of the response' });
export type ProjectionName = 'ID' | 'SUMMARY' | 'DETAILED' | 'META';
/**
 * A META answer: the count in the total-count header, no body (`''`: an empty text, as the study
 * analyses answer). Takes the plain reply type, whose payload may be absent (a route's typed reply
 * requires its response type).
 */
export const sendTotalCount = (reply: FastifyReply, total: number | string, body?: '') => reply.header('total-count', String(total)).send(body);

export const Direction = literalUnion(['ASC', 'DESC'] as const, { description: 'Direction of the sort' });

/** projection, pageSize, pageNumber, direction (sortBy is per endpoint). */
export function pagingQuery(options: { maxPageSize?: number; defaultPageSize?: number } = {}) {
  const max = options.maxPageSize ?? MAX_PAGE_SIZE;
  return {
    projection: Type.Optional(Projection),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: options.defaultPageSize ?? max, description: 'Page size of the result list' })),
    pageNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0, description: 'Page number of the result list (zero-based)' })),
    direction: Type.Optional(Direction),
  };
}

/** Zero-based paging as limit/offset. */
export function pageOf(query: { pageSize?: number; pageNumber?: number }): { limit: number; offset: number } {
  const limit = query.pageSize ?? MAX_PAGE_SIZE;
  return { limit, offset: limit * (query.pageNumber ?? 0) };
}

export const StudyIdParams = Type.Object({ studyId: Type.String({ description: 'Study ID e.g. acc_tcga' }) });
