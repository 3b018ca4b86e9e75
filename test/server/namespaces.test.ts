// Namespace attributes and namespace data (api.md 21) over study_es_0's MAF (Zygosity), SV
// (StructVarNs, StructVarNs2) and long CNA (MyNamespace, MyNamespace2) namespace columns.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0', 'study_hg38']);
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/namespace-attributes/fetch', () => {
  it('lists outer keys (mutation, SV, CNA) with their inner keys in MySQL key order', async () => {
    // Headers: Zygosity.name, Zygosity.code (MAF); StructVarNs.column1, StructVarNs2.lorem, StructVarNs.column2 (SV);
    // MyNamespace.column1, MyNamespace.column2, MyNamespace2.blarp (CNA). MySQL orders an object's keys by length, then bytes.
    expect((await post('/api/namespace-attributes/fetch', ['study_es_0', 'study_hg38', 'nope'])).json()).toEqual([
      { outerKey: 'Zygosity', innerKey: 'code' }, { outerKey: 'Zygosity', innerKey: 'name' },
      { outerKey: 'StructVarNs', innerKey: 'column1' }, { outerKey: 'StructVarNs', innerKey: 'column2' },
      { outerKey: 'StructVarNs2', innerKey: 'lorem' },
      { outerKey: 'MyNamespace', innerKey: 'column1' }, { outerKey: 'MyNamespace', innerKey: 'column2' },
      { outerKey: 'MyNamespace2', innerKey: 'blarp' },
    ]);
    expect((await post('/api/namespace-attributes/fetch', ['study_hg38'])).json()).toEqual([]);
    expect((await post('/api/namespace-attributes/fetch', [])).json()).toEqual([]);
    expect((await post('/api/namespace-attributes/fetch', { a: 1 })).statusCode).toBe(400);
  });
});

describe('POST /api/namespace-data/fetch', () => {
  const ids = ['TEST_SAMPLE_SOMATIC_HOMOZYGOUS', 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS', 'TEST_SAMPLE_SOMATIC_UNDEFINED', 'TCGA-A1-A0SK-01']
    .map((sampleId) => ({ sampleId, studyId: 'study_es_0' }));

  it('answers per value the requested samples having an event with it', async () => {
    const res = await post('/api/namespace-data/fetch', {
      sampleIdentifiers: ids, namespaceAttribute: { outerKey: 'Zygosity', innerKey: 'name' }, values: ['Heterozygous', 'nope', 'Homozygous'],
    });
    // data_mutations_extended.maf: Zygosity.name is Heterozygous / Homozygous on one record each (patient from data_clinical_samples.txt).
    expect(res.json()).toEqual([
      { outerKey: 'Zygosity', innerKey: 'name', attrValue: 'Heterozygous', studyId: 'study_es_0', sampleId: 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS', patientId: 'TEST_PATIENT_NAMESPACE' },
      { outerKey: 'Zygosity', innerKey: 'name', attrValue: 'Homozygous', studyId: 'study_es_0', sampleId: 'TEST_SAMPLE_SOMATIC_HOMOZYGOUS', patientId: 'TEST_PATIENT_NAMESPACE' },
    ]);
    // Numbers compare as their text (Zygosity.code 2 on the homozygous record); empty cells are JSON null, read as "null".
    const codes = (await post('/api/namespace-data/fetch', { sampleIdentifiers: ids, namespaceAttribute: { outerKey: 'Zygosity', innerKey: 'code' }, values: ['2', 'null'] })).json();
    // Within a value, samples in import order (data_clinical_samples.txt lines 7 and 850).
    expect(codes.map((d: { attrValue: string; sampleId: string }) => [d.attrValue, d.sampleId])).toEqual([
      ['2', 'TEST_SAMPLE_SOMATIC_HOMOZYGOUS'], ['null', 'TCGA-A1-A0SK-01'], ['null', 'TEST_SAMPLE_SOMATIC_UNDEFINED'],
    ]);
  });

  it('requires sample identifiers and the attribute', async () => {
    expect((await post('/api/namespace-data/fetch', { sampleIdentifiers: ids })).json()).toEqual({ message: 'bothSampleIdentifiersAndNamespaceAttributePresent must be true' });
    expect((await post('/api/namespace-data/fetch', { sampleIdentifiers: [], namespaceAttribute: { outerKey: 'a', innerKey: 'b' } })).statusCode).toBe(400);
    expect((await post('/api/namespace-data/fetch', { sampleIdentifiers: ids, namespaceAttribute: { outerKey: 'a', innerKey: 'b' } })).json()).toEqual([]);
    expect((await post('/api/namespace-data/fetch', { sampleIdentifiers: [{ sampleId: 1 }], namespaceAttribute: {} })).statusCode).toBe(400);
  });
});
