#!/usr/bin/env python3
# Writes the filtered-samples goldens: each expected response is computed here from the study
# files in /work/shared/studies (plain Python over the TSVs), independently of duckportal's SQL.
# Run: python3 test/golden/filtered-samples/make-goldens.py  (then review the diff)
import base64, collections, json, os

ROOT = '/work/shared/studies/'
OUT = os.path.dirname(os.path.abspath(__file__))
LGG, ASCN, ES0 = 'lgg_ucsf_2014_test_generic_assay', 'ascn_test_study', 'study_es_0'
DIRS = {LGG: LGG, ASCN: 'ascn-test-study', ES0: 'study_es_0'}

def table(path):
    lines = [l.rstrip('\n') for l in open(ROOT + path) if not l.startswith('#')]
    head = lines[0].split('\t')
    return [dict(zip(head, l.split('\t'))) for l in lines[1:] if l.strip()]

def first_file(study, *names):
    for n in names:
        if os.path.exists(ROOT + DIRS[study] + '/' + n): return DIRS[study] + '/' + n

samples, patients = {}, {}  # study -> {sampleId: patientId}, study -> {patientId: row}
for study in DIRS:
    samples[study] = {r['SAMPLE_ID']: r['PATIENT_ID'] for r in table(first_file(study, 'data_clinical_sample.txt', 'data_clinical_samples.txt'))}
    patients[study] = {r['PATIENT_ID']: r for r in table(first_file(study, 'data_clinical_patient.txt', 'data_clinical_patients.txt'))}
srow = {study: {r['SAMPLE_ID']: r for r in table(first_file(study, 'data_clinical_sample.txt', 'data_clinical_samples.txt'))} for study in DIRS}

NA = ('', 'NA', 'NAN', 'N/A')
key = lambda i, s: base64.b64encode(f'{i}:{s}'.encode()).decode().rstrip('=')
def response(pairs):
    return [{'sampleId': sid, 'patientId': samples[st][sid], 'studyId': st,
             'uniqueSampleKey': key(sid, st), 'uniquePatientKey': key(samples[st][sid], st)}
            for st, sid in sorted(set(pairs), key=lambda p: (p[1], p[0]))]
def of(study, ids): return [(study, i) for i in ids]
def all_of(study): return of(study, samples[study])
def where(study, pred): return of(study, [s for s in samples[study] if pred(s)])
def case(name, request, pairs, query=''):
    json.dump({'query': query, 'body': request}, open(f'{OUT}/{name}.request.json', 'w'), indent=1)
    json.dump(response(pairs), open(f'{OUT}/{name}.response.json', 'w'), indent=1)

lgg_patient = lambda s, col: patients[LGG][samples[LGG][s]].get(col, '')
num = lambda v: float(v) if v not in NA else None
age = lambda s: num(lgg_patient(s, 'AGE'))

# mutations: the MAF minus the importer's default classification filter (study-format 10.4)
DROPPED = ("silent", "intron", "3'utr", "3'flank", "5'utr", "igr", "5'flank", "rna")
maf = [r for r in table(LGG + '/data_mutations_extended.txt') if not r['Variant_Classification'].lower().startswith(DROPPED)]
mutated = lambda gene, types=None: {r['Tumor_Sample_Barcode'] for r in maf if r['Hugo_Symbol'] == gene and (types is None or r['Variant_Classification'] in types)}
sequenced = set(open(ROOT + LGG + '/case_lists/cases_sequenced.txt').read().split('case_list_ids:')[1].split())
all_list = set(open(ROOT + LGG + '/case_lists/cases_all.txt').read().split('case_list_ids:')[1].split())

# timeline: TMZ treatments and specimen times
tmz = collections.defaultdict(lambda: 10**9)
for t in table(LGG + '/data_timeline_treatment.txt'):
    if t['AGENT'] == 'TMZ': tmz[t['PATIENT_ID']] = min(tmz[t['PATIENT_ID']], int(t['START_DATE']))
# (sample, patient of the event) -> earliest specimen time: cBioPortal finds the sample by study and
# SAMPLE_ID and compares it with the treatments of the event's patient (lgg files P26_Pri_B under P24).
spec = {}
for r in table(LGG + '/data_timeline_specimen.txt'):
    if r['SAMPLE_ID'] in samples[LGG]:
        k = (r['SAMPLE_ID'], r['PATIENT_ID'])
        spec[k] = min(spec.get(k, 10**9), int(r['START_DATE']))
def treated_at(s, pre):
    return any(p in tmz and (t <= tmz[p] if pre else t > tmz[p]) for (x, p), t in spec.items() if x == s)
treated = {r['PATIENT_ID'] for r in table(LGG + '/data_timeline_treatment.txt')}

# generic assay: SBS1 contribution (LIMIT-VALUE, sample level)
ga = [l.rstrip('\n').split('\t') for l in open(ROOT + LGG + '/data_mutational_signature_contribution_SBS.txt')]
sbs1 = dict(zip(ga[0][4:], [r for r in ga if r[0] == 'mutational_signature_contribution_SBS1'][0][4:]))
plain = lambda v: v not in NA and 'e' not in v.lower()
cat = [l.rstrip('\n').split('\t') for l in open(ROOT + 'study_es_0/data_generic_assay_categorical.txt')]
ga3 = dict(zip(cat[0][3:], [r for r in cat if r[0] == 'test_patient_generic_assay_3'][0][3:]))
cna = table('study_es_0/data_cna_discrete.txt')

grade_ii = lambda s: srow[LGG][s]['GRADE'].lower() == 'ii'
L = {'studyIds': [LGG]}
case('clinical-categorical', {**L, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'ii'}]}]}, where(LGG, grade_ii))
case('clinical-patient-end-only', {**L, 'clinicalDataFilters': [{'attributeId': 'AGE', 'values': [{'end': 30}]}]},
     where(LGG, lambda s: age(s) is not None and age(s) <= 30))
case('clinical-two-ranges', {**L, 'clinicalDataFilters': [{'attributeId': 'AGE', 'values': [{'start': 25, 'end': 27}, {'start': 27, 'end': 30}, {'start': 50}]}]},
     where(LGG, lambda s: age(s) is not None and (25 < age(s) <= 30 or age(s) > 50)))
case('clinical-point', {**L, 'clinicalDataFilters': [{'attributeId': 'AGE', 'values': [{'start': 28, 'end': 28}]}]}, where(LGG, lambda s: age(s) == 28))
case('clinical-patient-na', {**L, 'clinicalDataFilters': [{'attributeId': 'OS_STATUS', 'values': [{'value': 'NA'}]}]},
     where(LGG, lambda s: lgg_patient(s, 'OS_STATUS') in NA))
case('clinical-na-undefined-study', {'studyIds': [LGG, ASCN], 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'NA'}]}]},
     where(LGG, lambda s: srow[LGG][s]['GRADE'] in NA) + all_of(ASCN))
case('clinical-two-studies', {'studyIds': [LGG, ASCN], 'clinicalDataFilters': [{'attributeId': 'SEX', 'values': [{'value': 'm'}, {'value': 'FEMALE'}]}]},
     where(LGG, lambda s: lgg_patient(s, 'SEX').lower() == 'female') + all_of(ASCN))
case('clinical-all-null-value', {'studyIds': [LGG, ASCN], 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{}]}]}, all_of(LGG))
case('clinical-matches-nothing', {**L, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'V'}]}]}, [])
case('gene-filter-or', {**L, 'geneFilters': [{'molecularProfileIds': [f'{LGG}_mutations'], 'geneQueries': [['TP53', {'hugoGeneSymbol': 'ATRX'}]]}]},
     of(LGG, mutated('TP53') | mutated('ATRX')))
case('gene-filter-and', {**L, 'geneFilters': [{'molecularProfileIds': [f'{LGG}_mutations'], 'geneQueries': [['TP53'], ['ATRX']]}]},
     of(LGG, mutated('TP53') & mutated('ATRX')))
case('case-lists', {**L, 'caseLists': [['sequenced'], ['all']]}, of(LGG, sequenced & all_list))
case('genomic-profiles-none', {**L, 'genomicProfiles': [['gistic']]}, [])
case('mutation-type', {**L, 'mutationDataFilters': [{'hugoGeneSymbol': 'TP53', 'profileType': 'mutations', 'categorization': 'MUTATION_TYPE',
     'values': [[{'value': 'Missense_Mutation'}, {'value': 'Nonsense_Mutation'}]]}]}, of(LGG, mutated('TP53', {'Missense_Mutation', 'Nonsense_Mutation'})))
case('mutation-not-mutated', {**L, 'mutationDataFilters': [{'hugoGeneSymbol': 'TP53', 'profileType': 'mutations', 'categorization': 'MUTATED',
     'values': [[{'value': 'NOT_MUTATED'}, {'value': 'NOT_PROFILED'}]]}]}, of(LGG, set(samples[LGG]) - mutated('TP53')))
case('clinical-events', {**L, 'clinicalEventFilters': [{'values': [{'value': 'TREATMENT'}]}]}, where(LGG, lambda s: samples[LGG][s] in treated))
case('patient-treatment', {**L, 'patientTreatmentFilters': {'filters': [{'filters': [{'treatment': 'TMZ'}]}]}}, where(LGG, lambda s: samples[LGG][s] in tmz))
case('sample-treatment-pre', {**L, 'sampleTreatmentFilters': {'filters': [{'filters': [{'treatment': 'TMZ', 'time': 'Pre'}]}]}},
     where(LGG, lambda s: treated_at(s, True)))
case('sample-treatment-post', {**L, 'sampleTreatmentFilters': {'filters': [{'filters': [{'treatment': 'TMZ', 'time': 'Post'}]}]}},
     where(LGG, lambda s: treated_at(s, False)))
case('generic-assay-range', {**L, 'genericAssayDataFilters': [{'stableId': 'mutational_signature_contribution_SBS1', 'profileType': 'mutational_signature_contribution_SBS',
     'values': [{'start': 0.1, 'end': 0.5}]}]}, where(LGG, lambda s: s in sbs1 and plain(sbs1[s]) and 0.1 < float(sbs1[s]) <= 0.5))
case('generic-assay-categorical', {'studyIds': [ES0], 'genericAssayDataFilters': [{'stableId': 'test_patient_generic_assay_3', 'profileType': 'generic_assay_categorical',
     'values': [{'value': 'active'}]}]}, where(ES0, lambda s: ga3.get(s, '').lower() == 'active'))
case('genomic-data-cna', {'studyIds': [ES0], 'genomicDataFilters': [{'hugoGeneSymbol': 'ERCC5', 'profileType': 'gistic', 'values': [{'value': '2'}]}]},
     of(ES0, {r['Sample_Id'] for r in cna if r['Hugo_Symbol'] == 'ERCC5' and r['Value'] == '2'}))
case('combined', {**L, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'II'}]}, {'attributeId': 'AGE', 'values': [{'end': 30}]}],
     'geneFilters': [{'molecularProfileIds': [f'{LGG}_mutations'], 'geneQueries': [['TP53']]}],
     'patientTreatmentFilters': {'filters': [{'filters': [{'treatment': 'TMZ'}]}]}},
     where(LGG, lambda s: grade_ii(s) and age(s) is not None and age(s) <= 30 and s in mutated('TP53') and samples[LGG][s] in tmz))
case('combined-nothing', {**L, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'IV'}]}],
     'sampleTreatmentFilters': {'filters': [{'filters': [{'treatment': 'TMZ', 'time': 'Pre'}]}]}},
     where(LGG, lambda s: srow[LGG][s]['GRADE'] == 'IV' and treated_at(s, True)))
ids = [{'studyId': LGG, 'sampleId': 'P01_Pri'}, {'studyId': LGG, 'sampleId': 'P01_Rec'}, {'studyId': ASCN, 'sampleId': 'FAKE_P001_S2'}, {'studyId': LGG, 'sampleId': 'nope'}]
case('identifiers-with-filter', {'sampleIdentifiers': ids, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'NA'}, {'value': 'II'}]}]},
     of(LGG, ['P01_Pri']) + of(ASCN, ['FAKE_P001_S2']))
case('both-base-sets', {'studyIds': [ASCN], 'sampleIdentifiers': ids}, of(ASCN, ['FAKE_P001_S2']))
case('negate-clinical', {**L, 'clinicalDataFilters': [{'attributeId': 'GRADE', 'values': [{'value': 'II'}]}]}, where(LGG, lambda s: not grade_ii(s)), '?negateFilters=true')

# generic assay selection (armlevel_cna, CATEGORICAL): (1p Gain OR 10p Gain) AND 9p gain (3.10)
arm = [l.rstrip('\n').split('\t') for l in open(ROOT + LGG + '/data_armlevel_CNA.txt')]
armv = {r[0]: dict(zip(arm[0][3:], r[3:])) for r in arm[1:]}
gain = lambda ent, s: armv[ent].get(s, '').lower() == 'gain'
case('generic-assay-selection', {**L, 'genericAssaySelectionFilters': [{'profileType': 'armlevel_cna', 'patientLevel': False,
     'values': [[{'stableId': '1p_status', 'value': 'Gain'}, {'stableId': '10p_status', 'value': 'Gain'}], [{'stableId': '9p_status', 'value': 'gain'}]]}]},
     where(LGG, lambda s: (gain('1p_status', s) or gain('10p_status', s)) and gain('9p_status', s)))
# structural variants (Legacy-only block, applied): site 1 EML4, site 2 any gene
sv = table('study_es_0/data_structural_variants.txt')
case('structural-variant', {'studyIds': [ES0], 'structuralVariantFilters': [{'molecularProfileIds': [f'{ES0}_structural_variants'],
     'structVarQueries': [[{'gene1Query': {'hugoSymbol': 'EML4'}, 'gene2Query': {'specialValue': 'ANY_GENE'}}]]}]},
     of(ES0, {r['Sample_Id'] for r in sv if r['Site1_Hugo_Symbol'] == 'EML4'}))
# namespace data (Legacy-only block, applied): MyNamespace.column1 of the CNA events (cells 2/-2 only)
case('namespace-cna', {'studyIds': [ES0], 'namespaceDataFilters': [{'outerKey': 'MyNamespace', 'innerKey': 'column1', 'values': [[{'value': 'VALUE1B'}]]}]},
     of(ES0, {r['Sample_Id'] for r in cna if r['Value'] in ('2', '-2') and r.get('MyNamespace.column1', '').upper() == 'VALUE1B'}))
case('structural-variant-driver-only', {'studyIds': [ES0], 'structuralVariantFilters': [{'molecularProfileIds': [f'{ES0}_structural_variants'],
     'structVarQueries': [[{'gene1Query': {'hugoSymbol': 'EML4'}, 'gene2Query': {'specialValue': 'ANY_GENE'}, 'includeVUS': False, 'includeUnknownOncogenicity': False}]]}]},
     of(ES0, {r['Sample_Id'] for r in sv if r['Site1_Hugo_Symbol'] == 'EML4' and r['cbp_driver'].lower() == 'putative_driver'}))
# generic assay NA also selects samples without any row (other studies included, quirk 12)
case('generic-assay-range-or-na', {'studyIds': [LGG, ASCN], 'genericAssayDataFilters': [{'stableId': 'mutational_signature_contribution_SBS1',
     'profileType': 'mutational_signature_contribution_SBS', 'values': [{'value': 'NA'}, {'start': 0.1, 'end': 0.5}]}]},
     where(LGG, lambda s: s not in sbs1 or sbs1[s].upper() in NA or (plain(sbs1[s]) and 0.1 < float(sbs1[s]) <= 0.5)) + all_of(ASCN))
case('genomic-data-na', {'studyIds': [ES0], 'genomicDataFilters': [{'hugoGeneSymbol': 'ERCC5', 'profileType': 'gistic', 'values': [{'value': 'NA'}]}]},
     where(ES0, lambda s: s not in {r['Sample_Id'] for r in cna if r['Hugo_Symbol'] == 'ERCC5' and r['Value'] not in NA}))
