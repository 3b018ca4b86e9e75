// Sample and patient ids as the reference importer reads them (study-format 3.3, 8.8):
// TCGA barcode normalisation, normal-sample detection and the sample type label.

/** TCGA-AB-1234 → TCGA-AB-1234-01; TCGA-A1-A0SB-01A-11D → TCGA-A1-A0SB-01; others unchanged. */
export function normaliseSampleId(id: string): string {
  if (!id.startsWith('TCGA')) return id;
  const parts = id.replace(/Tumor/g, '01').replace(/Normal/g, '11').split('-');
  if (parts.length < 4) return `${parts.join('-')}-01`;
  const four = parts.slice(0, 4);
  const match = /^(\d\d)/.exec(four[3]);
  if (match) four[3] = match[1];
  return four.join('-');
}

/** A TCGA patient id is the first three parts of the barcode. */
export function normalisePatientId(id: string): string {
  if (!id.startsWith('TCGA')) return id;
  return id.split('-').slice(0, 3).join('-');
}

/** The two-digit TCGA sample type code, or undefined for non-TCGA ids. */
function tcgaTypeCode(normalisedId: string): string | undefined {
  if (!normalisedId.startsWith('TCGA')) return undefined;
  return /^TCGA-[^-]+-[^-]+-(\d\d)$/.exec(normalisedId)?.[1];
}

/** TCGA blood (10) or solid-tissue (11) normal: never created, its data is dropped. */
export function isTcgaNormal(normalisedId: string): boolean {
  const code = tcgaTypeCode(normalisedId);
  return code === '10' || code === '11';
}

const TCGA_CODES: Record<string, string> = {
  '01': 'Primary Solid Tumor',
  '02': 'Recurrent Solid Tumor',
  '03': 'Primary Blood Tumor',
  '04': 'Recurrent Blood Tumor',
  '06': 'Metastatic',
  '10': 'Blood Derived Normal',
  '11': 'Solid Tissues Normal',
};

const LABELS = Object.values(TCGA_CODES);
const CONSTANT_TO_LABEL = new Map(LABELS.map((l) => [l.toUpperCase().replace(/ /g, '_'), l]));

/** The sample type label from a TCGA barcode, else from the SAMPLE_TYPE clinical value. */
export function sampleTypeOf(normalisedId: string, sampleTypeValue: string | undefined): string {
  const code = tcgaTypeCode(normalisedId);
  if (code !== undefined) return TCGA_CODES[code] ?? 'Primary Solid Tumor';
  if (!normalisedId.startsWith('TCGA') && sampleTypeValue) {
    const label = CONSTANT_TO_LABEL.get(sampleTypeValue.trim().toUpperCase().replace(/ /g, '_'));
    if (label) return label;
  }
  return 'Primary Solid Tumor';
}

export function isNormalSampleType(label: string): boolean {
  return label === 'Blood Derived Normal' || label === 'Solid Tissues Normal';
}
