// PLACEHOLDER (being written): replaced by the real routes of this group.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const molecularDataRoutes: FastifyPluginAsyncTypebox = async () => {};
