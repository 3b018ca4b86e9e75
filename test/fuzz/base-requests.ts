// One valid request per operation of the served description, naming a loaded study's data (the
// study that has the kind of profile the operation reads), built as the authorisation matrix builds
// them: the fuzz variants start from these so that they reach past the first check.
import { operationsOf, RequestBuilder, type ApiDoc, type ApiRequest, type Operation, type StudyIds } from '../helpers/api-requests.js';
import { OPERATIONS } from '../server/authorization-operations.js';

type Get = (path: string) => Promise<unknown>;

/** A study's ids, read over the API. */
async function studyIds(get: Get, study: string): Promise<StudyIds> {
  const profiles = (await get(`/api/studies/${study}/molecular-profiles`)) as { molecularProfileId: string; molecularAlterationType: string; datatype: string }[];
  const lists = (await get(`/api/studies/${study}/sample-lists?projection=ID`)) as { sampleListId: string }[];
  const [first] = (await get(`/api/studies/${study}/samples?projection=SUMMARY&pageSize=1`)) as { sampleId: string; patientId: string }[];
  return {
    study, sample: first.sampleId, patient: first.patientId,
    profiles: profiles.map((p) => ({ id: p.molecularProfileId, type: p.molecularAlterationType, datatype: p.datatype })),
    sampleList: lists.find((l) => l.sampleListId.endsWith('_all'))?.sampleListId ?? lists[0].sampleListId,
  };
}

export interface BaseRequest { operation: Operation; request: ApiRequest }

export async function baseRequests(get: Get, studies: readonly string[]): Promise<{ doc: ApiDoc; builder: RequestBuilder; bases: BaseRequest[] }> {
  const doc = (await get('/api/v3/api-docs')) as ApiDoc;
  const builder = new RequestBuilder(doc);
  const ids = await Promise.all(studies.map((s) => studyIds(get, s)));
  const [geneset] = (await get('/api/genesets?pageSize=1')) as { genesetId: string }[];
  const bases = operationsOf(doc).map((operation) => {
    const shape = OPERATIONS[operation.operationId]?.shape ?? {};
    const [type, datatype] = (shape.profile ?? 'MUTATION_EXTENDED').split(':');
    const who = ids.find((w) => w.profiles.some((p) => p.type === type && (datatype === undefined || p.datatype === datatype))) ?? ids[0];
    const request = builder.build(operation, shape, () => [who], 0);
    // GENESET stands for a gene set id of the store (authorization-operations.ts).
    const withGeneset = (text: string) => text.replaceAll('GENESET', geneset.genesetId);
    return {
      operation,
      request: {
        ...request, url: withGeneset(request.url),
        payload: request.payload === undefined ? undefined : JSON.parse(withGeneset(JSON.stringify(request.payload))),
      },
    };
  });
  return { doc, builder, bases };
}
