// Virtual studies at use (api.md 27): their members, their JSON, and their ids in place of study
// ids. A virtual study id in a body's `studyIds` (a StudyViewFilter, at any depth) is replaced,
// before the route runs, by the studies it is built from plus `sampleIdentifiers` naming its
// members; a sample identifier whose studyId is a virtual study's names that member in its real
// study (POST /api/samples/fetch). So every Study View endpoint and every sample fetch works on
// it unchanged. Answers name samples by their real study (as cBioPortal's front end, which
// expands a virtual study into its studies and sample identifiers before it asks).
import type { FastifyInstance } from 'fastify';
import { cohortMembers, existingMembers, type StudySamples } from '../engine/resources/virtual-study-members.js';
import type { VirtualStudyRow } from '../engine/state/state-store.js';
import { virtualStudyOrigins } from '../engine/state/virtual-studies.js';
import { sql } from '../engine/sql/sql.js';
import { StudyViewRequest } from './study-view-request.js';
import type { StudyViewFilterBody } from './schemas/study-view-filter.js';
import type { CancerStudyMetadata } from './schemas/study.js';
import type { VirtualStudy } from './schemas/virtual-studies.js';
import { objectsWhere } from './filter-holders.js';

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
  if (data.dynamic === true && data.studyViewFilter) return cohortMembers(app.db, await StudyViewRequest.of(app, data.studyViewFilter).cohort());
  return existingMembers(app.db, (data.studies ?? []).map((s) => ({ id: String(s.id), samples: s.samples ?? [] })));
}

/**
 * The VirtualStudy JSON (api.md 27.1): a dynamic study's `studies` are its members now. Stored
 * data passed checkShape (a name, studies with ids and, if static, samples); the fallbacks only
 * make that explicit (a study's name as virtualCancerStudy gives it).
 */
export async function virtualStudyJson(app: FastifyInstance, row: VirtualStudyRow): Promise<VirtualStudy> {
  const data = row.data as VirtualStudyData;
  const studies = data.dynamic === true ? await membersOf(app, data) : (data.studies ?? []).map((s) => ({ ...s, id: s.id ?? '', samples: s.samples ?? [] }));
  return { id: row.id, data: { ...data, name: data.name ?? row.id, studies, origin: originsOf(data) } };
}

/**
 * A virtual study as a CancerStudy (GET /api/studies/{id}): its name, description, cancer type
 * (else its first study's), pmid and member count; the reference genome of its first study.
 */
export async function virtualCancerStudy(app: FastifyInstance, row: VirtualStudyRow): Promise<CancerStudyMetadata> {
  const data = row.data as VirtualStudyData;
  const members = await membersOf(app, data);
  const first = await app.db.one<{ type_of_cancer_id: string; reference_genome: string }>(sql`
    SELECT type_of_cancer_id, reference_genome FROM cancer_study WHERE study_id = ${originsOf(data)[0] ?? ''}`);
  const study: CancerStudyMetadata = {
    studyId: row.id, cancerTypeId: data.typeOfCancerId ?? first?.type_of_cancer_id ?? 'mixed', name: data.name ?? row.id,
    description: data.description, publicStudy: row.published, pmid: data.pmid, groups: '', status: 0,
    importDate: new Date(row.created).toISOString().slice(0, 19).replace('T', ' '), referenceGenome: first?.reference_genome ?? 'hg19',
    allSampleCount: members.reduce((n, m) => n + m.samples.length, 0), readPermission: true, resourceCounts: [],
  };
  for (const key of Object.keys(study) as (keyof CancerStudyMetadata)[]) if (study[key] === undefined) delete study[key];
  return study;
}

/** The ids of the studies a virtual study is built from. */
export const originsOf = (data: VirtualStudyData) => virtualStudyOrigins(data as Record<string, unknown>);

type SampleIdentifier = { studyId: string; sampleId: string };

/** Installs the rewrite of virtual study ids in request bodies (after the permission check). */
export function installVirtualStudyIds(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (typeof request.body !== 'object' || request.body === null) return;
    const { virtualStudies } = await app.security.state.snapshot();
    if (virtualStudies.size === 0) return;
    const catalog = await app.security.catalog();
    const isVirtual = (id: unknown): id is string => typeof id === 'string' && virtualStudies.has(id) && !catalog.studies.has(id);
    const namesVirtual = (value: unknown, of: (item: unknown) => unknown) => Array.isArray(value) && value.some((item) => isVirtual(of(item)));
    const holders = objectsWhere(request.body, (object) =>
      namesVirtual(object.studyIds, (id) => id) || namesVirtual(object.sampleIdentifiers, (i) => (i as SampleIdentifier | null)?.studyId));
    if (holders.length === 0) return;
    const members = new Map<string, Promise<StudySamples[]>>();
    const membersOfId = (id: string) => {
      if (!members.has(id)) members.set(id, membersOf(app, virtualStudies.get(id)!.data as VirtualStudyData));
      return members.get(id)!;
    };
    for (const holder of holders) {
      await expandSampleIdentifiers(holder, isVirtual, membersOfId);
      await expandStudyIds(app, holder, isVirtual, membersOfId);
    }
  });
}

/** Sample identifiers naming a virtual study: the member of that id, in its real study (none when it is no member). */
async function expandSampleIdentifiers(filter: Record<string, unknown>, isVirtual: (id: unknown) => id is string, membersOfId: (id: string) => Promise<StudySamples[]>): Promise<void> {
  const given = filter.sampleIdentifiers;
  if (!Array.isArray(given) || !given.some((i: SampleIdentifier | null) => isVirtual(i?.studyId))) return;
  const studiesOfSample = new Map<string, Map<string, string[]>>(); // virtual study → sample id → real studies
  for (const id of new Set(given.map((i: SampleIdentifier | null) => i?.studyId).filter(isVirtual))) {
    const bySample = new Map<string, string[]>();
    for (const m of await membersOfId(id)) for (const sample of m.samples) bySample.set(sample, [...(bySample.get(sample) ?? []), m.id]);
    studiesOfSample.set(id, bySample);
  }
  filter.sampleIdentifiers = given.flatMap((i: SampleIdentifier | null) =>
    isVirtual(i?.studyId) ? (studiesOfSample.get(i.studyId)!.get(i.sampleId) ?? []).map((studyId) => ({ studyId, sampleId: i.sampleId })) : [i]);
}

async function expandStudyIds(app: FastifyInstance, filter: Record<string, unknown>, isVirtual: (id: unknown) => id is string, membersOfId: (id: string) => Promise<StudySamples[]>): Promise<void> {
  if (!Array.isArray(filter.studyIds) || !filter.studyIds.some(isVirtual)) return;
  const { virtualStudies } = await app.security.state.snapshot();
  const ids = filter.studyIds.filter((id): id is string => typeof id === 'string');
  const real: string[] = ids.filter((id: string): boolean => !isVirtual(id));
  const virtualIds = ids.filter(isVirtual);
  const members = (await Promise.all(virtualIds.map(membersOfId))).flat();
  const memberKeys = new Set(members.flatMap((m) => m.samples.map((s) => `${m.id}\u0000${s}`)));
  const given = filter.sampleIdentifiers as (SampleIdentifier | null)[] | null | undefined;
  let identifiers: SampleIdentifier[];
  if (Array.isArray(given)) {
    // Both lists given: the base set is their intersection (study-view.md 3.3).
    identifiers = given.filter((i): i is SampleIdentifier => i != null && (real.includes(i.studyId) || memberKeys.has(`${i.studyId}\u0000${i.sampleId}`)));
  } else {
    identifiers = members.flatMap((m) => m.samples.map((sampleId) => ({ studyId: m.id, sampleId })));
    if (real.length > 0) {
      const rows = await app.db.all<{ study_id: string; sample_id: string }>(sql`
        SELECT c.study_id, s.sample_id FROM sample s JOIN cancer_study c USING (study_key) WHERE c.study_id IN (SELECT unnest(${real}::VARCHAR[]))`);
      identifiers.push(...rows.map((r) => ({ studyId: r.study_id, sampleId: r.sample_id })));
    }
  }
  filter.studyIds = [...new Set([...real, ...virtualIds.flatMap((id) => originsOf(virtualStudies.get(id)!.data as VirtualStudyData))])];
  filter.sampleIdentifiers = identifiers;
}
