// Virtual studies at use (api.md 27): their members, their JSON, and their ids in place of study
// ids. A virtual study id in a body's `studyIds` (a StudyViewFilter, at any depth) is replaced,
// before the route runs, by the studies it is built from plus `sampleIdentifiers` naming its
// members, so every Study View endpoint and every study-scoped fetch works on it unchanged.
// Answers name samples by their real study (as cBioPortal's front end, which expands a virtual
// study into its studies and sample identifiers before it asks).
import type { FastifyInstance } from 'fastify';
import { cohortMembers, existingMembers, type StudySamples } from '../engine/queries/virtual-study-members.js';
import type { VirtualStudyRow } from '../engine/state/state-store.js';
import { sql } from '../engine/sql/sql.js';
import { cohortOf, studyViewFilterOf } from './study-view-request.js';
import type { StudyViewFilterBody } from './schemas/study-view-filter.js';

export interface VirtualStudyData {
  name?: string;
  description?: string;
  studies?: { id?: string; samples?: string[] }[];
  studyViewFilter?: StudyViewFilterBody;
  dynamic?: boolean;
  typeOfCancerId?: string;
  pmid?: string;
}

/** A stored virtual study, unless `id` is a real study's. */
export async function virtualStudyOf(app: FastifyInstance, id: string): Promise<VirtualStudyRow | undefined> {
  if ((await app.security.catalog()).studies.has(id)) return undefined;
  return (await app.security.state.snapshot()).virtualStudies.get(id);
}

/** The members: a dynamic study's filter cohort (recomputed now), a static one's listed samples that exist. */
export async function membersOf(app: FastifyInstance, data: VirtualStudyData): Promise<StudySamples[]> {
  if (data.dynamic === true && data.studyViewFilter) return cohortMembers(app.db, await cohortOf(app, studyViewFilterOf(data.studyViewFilter)));
  return existingMembers(app.db, (data.studies ?? []).map((s) => ({ id: String(s.id), samples: s.samples ?? [] })));
}

/** The VirtualStudy JSON (api.md 27.1): a dynamic study's `studies` are its members now. */
export async function virtualStudyJson(app: FastifyInstance, row: VirtualStudyRow): Promise<{ id: string; data: Record<string, unknown> }> {
  const data = row.data as VirtualStudyData;
  const studies = data.dynamic === true ? await membersOf(app, data) : data.studies;
  const origin = [...new Set((data.studies ?? []).map((s) => String(s.id)))];
  return { id: row.id, data: { ...data, studies, origin } };
}

/**
 * A virtual study as a CancerStudy (GET /api/studies/{id}): its name, description, cancer type
 * (else its first study's), pmid and member count; the reference genome of its first study.
 */
export async function virtualCancerStudy(app: FastifyInstance, row: VirtualStudyRow): Promise<Record<string, unknown>> {
  const data = row.data as VirtualStudyData;
  const members = await membersOf(app, data);
  const first = await app.db.one<{ type_of_cancer_id: string; reference_genome: string }>(sql`
    SELECT type_of_cancer_id, reference_genome FROM cancer_study WHERE study_id = ${originsOf(data)[0] ?? ''}`);
  const study: Record<string, unknown> = {
    studyId: row.id, cancerTypeId: data.typeOfCancerId ?? first?.type_of_cancer_id ?? 'mixed', name: data.name ?? row.id,
    description: data.description, publicStudy: row.published, pmid: data.pmid, groups: '', status: 0,
    importDate: new Date(row.created).toISOString().slice(0, 19).replace('T', ' '), referenceGenome: first?.reference_genome ?? 'hg19',
    allSampleCount: members.reduce((n, m) => n + m.samples.length, 0), readPermission: true, resourceCounts: [],
  };
  for (const key of Object.keys(study)) if (study[key] === undefined) delete study[key];
  return study;
}

/** The ids of the studies a virtual study is built from. */
export const originsOf = (data: VirtualStudyData) => [...new Set((data.studies ?? []).map((s) => String(s.id)))];

/** Installs the rewrite of virtual study ids in request bodies (after the permission check). */
export function installVirtualStudyIds(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (typeof request.body !== 'object' || request.body === null) return;
    const { virtualStudies } = await app.security.state.snapshot();
    if (virtualStudies.size === 0) return;
    const catalog = await app.security.catalog();
    const holders: Record<string, unknown>[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) {
        for (const item of value) if (typeof item === 'object' && item !== null) walk(item);
      } else if (typeof value === 'object' && value !== null) {
        const object = value as Record<string, unknown>;
        const ids = object.studyIds;
        if (Array.isArray(ids) && ids.some((id) => typeof id === 'string' && virtualStudies.has(id) && !catalog.studies.has(id))) holders.push(object);
        for (const key in object) if (key !== 'studyIds' && key !== 'sampleIdentifiers') walk(object[key]);
      }
    };
    walk(request.body);
    for (const holder of holders) await expand(app, holder, catalog.studies);
  });
}

async function expand(app: FastifyInstance, filter: Record<string, unknown>, realStudies: ReadonlyMap<string, string>): Promise<void> {
  const { virtualStudies } = await app.security.state.snapshot();
  const ids = (filter.studyIds as unknown[]).filter((id): id is string => typeof id === 'string');
  const real = ids.filter((id) => realStudies.has(id) || !virtualStudies.has(id));
  const virtual = ids.filter((id) => !real.includes(id)).map((id) => virtualStudies.get(id)!.data as VirtualStudyData);
  const members = (await Promise.all(virtual.map((data) => membersOf(app, data)))).flat();
  const memberKeys = new Set(members.flatMap((m) => m.samples.map((s) => `${m.id}\u0000${s}`)));
  const given = filter.sampleIdentifiers as { studyId: string; sampleId: string }[] | null | undefined;
  let identifiers: { studyId: string; sampleId: string }[];
  if (given != null) {
    // Both lists given: the base set is their intersection (study-view.md 3.3).
    identifiers = given.filter((i) => real.includes(i.studyId) || memberKeys.has(`${i.studyId}\u0000${i.sampleId}`));
  } else {
    identifiers = members.flatMap((m) => m.samples.map((sampleId) => ({ studyId: m.id, sampleId })));
    if (real.length > 0) {
      const rows = await app.db.all<{ study_id: string; sample_id: string }>(sql`
        SELECT c.study_id, s.sample_id FROM sample s JOIN cancer_study c USING (study_key) WHERE c.study_id IN (SELECT unnest(${real}::VARCHAR[]))`);
      identifiers.push(...rows.map((r) => ({ studyId: r.study_id, sampleId: r.sample_id })));
    }
  }
  filter.studyIds = [...new Set([...real, ...virtual.flatMap(originsOf)])];
  filter.sampleIdentifiers = identifiers;
}
