// Custom charts saved through POST /api/session/custom_data, used by their id as cBioPortal uses
// them (it reads the session of that id from its session service): a customDataFilter of any
// Study View body, and an attribute of /custom-data-counts/fetch or /custom-data-bin-counts/fetch,
// that comes without its values inline takes the stored ones, when the caller may read the chart's
// studies (403 otherwise). A stored chart's values never change (only the users of its list do),
// so they are kept parsed, least recently used dropped beyond a byte budget, and every request gets
// the same frozen list. The values then are part of the filter the cohort is compiled from, so the
// cohort cache and the kept answers, keyed by the compiled cohort, cannot serve another dataset.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readSession } from '../../engine/state/sessions.js';
import type { StateStore } from '../../engine/state/state-store.js';
import { objectsWhere, type JsonObject } from '../filter-holders.js';
import { Forbidden } from '../security/security-errors.js';
import { mayReadStudies } from './session-access.js';
import { SESSION_RULES } from './session-types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The stored custom charts in use (server/sessions/stored-custom-data.ts). */
    customData: StoredCustomData;
  }
}

export interface CustomValue { studyId: string; sampleId: string; value: string }

export interface StoredDataset {
  patientAttribute: boolean;
  datatype?: string;
  samples: readonly CustomValue[];
  /** Its origin and the studies of its values: a caller must be allowed to read each. */
  studies: readonly string[];
}

/** Parsed charts kept in all, counted by their stored JSON; one over a quarter of it is not kept. */
const BUDGET_BYTES = 64 * 1024 * 1024;

export class StoredCustomData {
  /** Chart id -> dataset and its JSON's size, least recently used first. */
  private readonly entries = new Map<string, { dataset: StoredDataset; bytes: number }>();
  private bytes = 0;

  constructor(private readonly state: StateStore, private readonly budgetBytes = BUDGET_BYTES) {}

  async get(id: string): Promise<StoredDataset | undefined> {
    const kept = this.entries.get(id);
    if (kept !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, kept);
      return kept.dataset;
    }
    const record = await readSession(this.state, 'custom_data', id);
    if (record === undefined) return undefined;
    const data = JSON.parse(record.data) as JsonObject;
    const values = data.data as { studyId: string; sampleId: string; value?: string }[];
    const dataset: StoredDataset = Object.freeze({
      patientAttribute: data.patientAttribute === true,
      ...(typeof data.datatype === 'string' ? { datatype: data.datatype } : {}),
      samples: Object.freeze(values.map((v) => Object.freeze({ studyId: v.studyId, sampleId: v.sampleId, value: v.value ?? '' }))),
      studies: SESSION_RULES.custom_data.studiesOf(data),
    });
    this.keep(id, dataset, record.data.length);
    return dataset;
  }

  private keep(id: string, dataset: StoredDataset, bytes: number): void {
    if (bytes > this.budgetBytes / 4 || this.entries.has(id)) return;
    this.entries.set(id, { dataset, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

/** The stored chart of this id, if any, when the caller may read its studies (403 otherwise). */
export async function storedDatasetFor(app: FastifyInstance, request: FastifyRequest, id: string): Promise<StoredDataset | undefined> {
  const dataset = await app.customData.get(id);
  if (dataset !== undefined && !(await mayReadStudies(app, request, dataset.studies))) throw new Forbidden();
  return dataset;
}

type InlineData = { attributeId?: unknown; samples?: unknown };

/** Names a chart without its values inline. */
const withoutValues = (item: InlineData | null | undefined): item is { attributeId: string } =>
  typeof item?.attributeId === 'string' && (item.samples == null || (Array.isArray(item.samples) && item.samples.length === 0));

/**
 * The attributes of a custom data count or bin request, with the stored values (and whether they
 * count patients) of those that name a stored chart without values inline.
 */
export async function withStoredValues<T extends { attributeId: string }>(app: FastifyInstance, request: FastifyRequest, attributes: readonly T[]): Promise<T[]> {
  return Promise.all(attributes.map(async (a) => {
    const dataset = withoutValues(a) ? await storedDatasetFor(app, request, a.attributeId) : undefined;
    return dataset === undefined ? a : { ...a, samples: dataset.samples, patientAttribute: dataset.patientAttribute };
  }));
}

/** The routes that store their body. */
const STORING = /^\/api\/(session|public_virtual_studies)\//;

/** Installs the lookup of stored charts named by customDataFilters (after the permission check); before the routes are added. */
export function installStoredCustomData(app: FastifyInstance): void {
  app.decorate('customData', new StoredCustomData(app.security.state));
  // The routes whose body can hold customDataFilters (a StudyViewFilter), found once as they are
  // added: the others' bodies (e.g. every patient of a study posted to clinical-data/fetch) are not
  // walked. What is stored (a session, a virtual study's filter) keeps the body as it was sent.
  const walked = new Set<string>();
  const routeKey = (method: unknown, url: string) => `${String(method)} ${url}`;
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (body && !STORING.test(route.url) && JSON.stringify(body).includes('"customDataFilters"')) walked.add(routeKey(route.method, route.url));
  });
  app.addHook('preHandler', async (request) => {
    if (!walked.has(routeKey(request.routeOptions.method, request.routeOptions.url ?? ''))) return;
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) return;
    const holders = objectsWhere(request.body, (o) => Array.isArray(o.customDataFilters) && o.customDataFilters.some(withoutValues));
    for (const holder of holders) {
      for (const filter of holder.customDataFilters as (JsonObject | null)[]) {
        if (!withoutValues(filter)) continue;
        const dataset = await storedDatasetFor(app, request, filter.attributeId);
        if (dataset === undefined) continue;
        const stored = filter as JsonObject;
        stored.samples = dataset.samples;
        // The chart's datatype decides how values compare (engine/filter/custom-data.ts) unless the filter says.
        if (stored.datatype == null && dataset.datatype !== undefined) stored.datatype = dataset.datatype;
      }
    }
  });
}
