// POST /api/structural-variant/fetch (api.md 16) over study_es_0's SV file (48 rows, all SOMATIC,
// counted with awk over data_structural_variants.txt).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

type Item = Record<string, unknown>;
const PROFILE = 'study_es_0_structural_variants';
const fetchSv = (payload: unknown) => app.inject({ method: 'POST', url: '/api/structural-variant/fetch', payload: payload as object });
const pairsOf = (items: Item[]) => items.map((i) => `${i.site1HugoSymbol ?? '-'}/${i.site2HugoSymbol ?? '-'}`);

describe('POST /api/structural-variant/fetch', () => {
  it('returns every SV of a profile, ordered by site 1 then site 2 symbol (no gene first)', async () => {
    const res = await fetchSv({ molecularProfileIds: [PROFILE, 'nope'] });
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json();
    expect(items).toHaveLength(48);
    // The only row without a site-1 gene is TCGA-AO-A0JL-01's ?-TTN; AGAP3-BRAF twice follows.
    expect(pairsOf(items).slice(0, 3)).toEqual(['-/TTN', 'AGAP3/BRAF', 'AGAP3/BRAF']);
    expect(items[0]).not.toHaveProperty('site1EntrezGeneId');
    expect(items[0]).not.toHaveProperty('site1HugoSymbol');
    expect(pairsOf(items).at(-1)).toBe('ZNF207/BRAF');
    const symbols = items.slice(1).map((i) => String(i.site1HugoSymbol));
    expect(symbols).toEqual([...symbols].sort());
  });

  it('answers every stored field, with the importer\'s NA and -1', async () => {
    const items: Item[] = (await fetchSv({ sampleMolecularIdentifiers: [{ molecularProfileId: PROFILE, sampleId: 'TCGA-A2-A04P-01' }] })).json();
    // 9 rows for TCGA-A2-A04P-01, by site-1 symbol.
    expect(pairsOf(items)).toEqual(['ALK/PTPN3', 'EGFR/EGFR', 'EML4/ALK', 'KIAA1549/BRAF', 'NCOA4/RET', 'NCOA4/TTN', 'PIEZO1/NCOA4', 'TMPRSS2/ERG', 'TTN/ALK']);
    // The KIAA1549-BRAF row of the file; Entrez ids from the gene-info file (57670, 673); no
    // Site1_Contig column and an empty Site2_Contig are 'NA'; NA counts are -1.
    expect(items[3]).toEqual({
      uniqueSampleKey: 'VENHQS1BMi1BMDRQLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRQOnN0dWR5X2VzXzA',
      molecularProfileId: PROFILE, sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', studyId: 'study_es_0',
      site1EntrezGeneId: 57670, site1HugoSymbol: 'KIAA1549', site1EnsemblTranscriptId: 'ENST00000242365', site1Chromosome: '7',
      site1Position: 138536968, site1Contig: 'NA', site1Region: 'EXON', site1RegionNumber: 15, site1Description: 'KIAA1549-BRAF.K16B10.COSF509_1',
      site2EntrezGeneId: 673, site2HugoSymbol: 'BRAF', site2EnsemblTranscriptId: 'ENST00000288602', site2Chromosome: '7',
      site2Position: 140482957, site2Contig: 'NA', site2Region: 'EXON', site2RegionNumber: 10, site2Description: 'KIAA1549-BRAF.K16B10.COSF509_2',
      site2EffectOnFrame: 'NA', ncbiBuild: 'GRCh37', dnaSupport: 'no', rnaSupport: 'yes',
      normalReadCount: -1, tumorReadCount: 1000, normalVariantCount: -1, tumorVariantCount: 900,
      normalPairedEndReadCount: -1, tumorPairedEndReadCount: -1, normalSplitReadCount: -1, tumorSplitReadCount: -1,
      annotation: 'KIAA1549-BRAF.K16B10.COSF509', breakpointType: 'NA', connectionType: 'NA', eventInfo: 'Fusion', variantClass: 'NA',
      length: -1, comments: 'Gain-of-Function', svStatus: 'SOMATIC',
      driverFilter: 'Putative_Driver', driverFilterAnn: 'Test driver', driverTiersFilter: 'Class 4', driverTiersFilterAnn: 'Class annotation',
      namespaceColumns: { StructVarNs: { column1: 'value1', column2: 'value2' }, StructVarNs2: { lorem: 'ipsum' } },
    });
  });

  it('keeps SVs with a listed gene on either site', async () => {
    // 37 rows name BRAF at site 1 or site 2.
    const items: Item[] = (await fetchSv({ molecularProfileIds: [PROFILE], entrezGeneIds: [673] })).json();
    expect(items).toHaveLength(37);
    expect(items.every((i) => i.site1EntrezGeneId === 673 || i.site2EntrezGeneId === 673)).toBe(true);
    // An empty gene list selects nothing out (the reference ignores it).
    expect((await fetchSv({ molecularProfileIds: [PROFILE], entrezGeneIds: [] })).json()).toHaveLength(48);
  });

  it('matches site queries by id, symbol, ANY_GENE and NO_GENE, OR-ed with entrezGeneIds', async () => {
    const query = (gene1: object, gene2: object, extra: object = {}) =>
      fetchSv({ molecularProfileIds: [PROFILE], structuralVariantQueries: [{ gene1, gene2 }], ...extra }).then((r) => r.json() as Item[]);
    expect(pairsOf(await query({ hugoSymbol: 'kiaa1549' }, { specialValue: 'ANY_GENE' }))).toEqual(['KIAA1549/BRAF']);
    expect(pairsOf(await query({ entrezId: 57670 }, { entrezId: 673 }))).toEqual(['KIAA1549/BRAF']);
    expect(pairsOf(await query({ specialValue: 'NO_GENE' }, { specialValue: 'ANY_GENE' }))).toEqual(['-/TTN']);
    expect(pairsOf(await query({ specialValue: 'ANY_GENE' }, { specialValue: 'NO_GENE' }))).toEqual(['BRAF/-']);
    expect(pairsOf(await query({ hugoSymbol: 'EML4' }, { hugoSymbol: 'ALK' }))).toEqual(['EML4/ALK', 'EML4/ALK']);
    // ALK (238) on either site: ALK-PTPN3, EML4-ALK x2, TTN-ALK; OR the TMPRSS2-ERG query.
    const union = await query({ hugoSymbol: 'TMPRSS2' }, { hugoSymbol: 'ERG' }, { entrezGeneIds: [238] });
    expect(pairsOf(union)).toEqual(['ALK/PTPN3', 'EML4/ALK', 'EML4/ALK', 'TMPRSS2/ERG', 'TTN/ALK']);
  });

  it('restricts pairs to their profile and sample', async () => {
    const res = await fetchSv({
      sampleMolecularIdentifiers: [
        { molecularProfileId: PROFILE, sampleId: 'TCGA-A1-A0SB-01' },
        { molecularProfileId: 'study_es_0_mutations', sampleId: 'TCGA-A2-A04P-01' },
        { molecularProfileId: PROFILE, sampleId: 'TCGA-A1-A0SB-01' },
      ],
    });
    // TCGA-A1-A0SB-01 has EML4-ALK and TMPRSS2-ETV1; a repeated pair changes nothing.
    expect(pairsOf(res.json())).toEqual(['EML4/ALK', 'TMPRSS2/ETV1']);
  });

  it('checks the filter rules and body shape', async () => {
    const rule = { message: 'eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true' };
    for (const body of [{}, { molecularProfileIds: [] }, { molecularProfileIds: [PROFILE], sampleMolecularIdentifiers: [{ molecularProfileId: PROFILE, sampleId: 'x' }] }]) {
      const res = await fetchSv(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(rule);
    }
    // One list non-empty, the other empty: allowed (emptiness is what counts).
    expect((await fetchSv({ molecularProfileIds: [PROFILE], sampleMolecularIdentifiers: [] })).json()).toHaveLength(48);
    const twoIds = await fetchSv({ molecularProfileIds: [PROFILE], structuralVariantQueries: [{ gene1: { entrezId: 1, hugoSymbol: 'A' }, gene2: { specialValue: 'ANY_GENE' } }] });
    expect(twoIds.statusCode).toBe(400);
    expect(twoIds.json()).toEqual({ message: 'interceptedStructuralVariantFilter Should contain only one EntrezId, hugoSymbol or specialValue.' });
    const none = await fetchSv({ molecularProfileIds: [PROFILE], structuralVariantQueries: [{ gene1: {}, gene2: { specialValue: 'ANY_GENE' } }] });
    expect(none.statusCode).toBe(400);
    const badSpecial = await fetchSv({ molecularProfileIds: [PROFILE], structuralVariantQueries: [{ gene1: { specialValue: 'SOME' }, gene2: { specialValue: 'ANY_GENE' } }] });
    expect(badSpecial.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
    expect((await fetchSv({ molecularProfileIds: [PROFILE], foo: 1 })).statusCode).toBe(400);
    expect((await fetchSv({ molecularProfileIds: PROFILE })).statusCode).toBe(400);
    expect((await fetchSv({ molecularProfileIds: [PROFILE], entrezGeneIds: ['x'] })).statusCode).toBe(400);
    const malformed = await app.inject({ method: 'POST', url: '/api/structural-variant/fetch', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await fetchSv({ molecularProfileIds: ["'; DROP TABLE structural_variant;--"] })).json()).toEqual([]);
    expect((await fetchSv({ molecularProfileIds: [PROFILE], structuralVariantQueries: [{ gene1: { hugoSymbol: "%'_" }, gene2: { specialValue: 'ANY_GENE' } }] })).json()).toEqual([]);
  });
});
