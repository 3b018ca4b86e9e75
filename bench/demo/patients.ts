// Synthetic breast-cancer patients and their samples: the clinical values of both files and the
// facts the timeline needs (survival times, receptor subtype, sample sites and dates).
import type { Platform } from './platforms.js';
import { weightedPicker, type Random } from './random.js';

export type Subtype = 'HR+' | 'HER2+' | 'TNBC';

export interface Patient {
  id: string;
  subtype: Subtype;
  histology: readonly [string, string];
  osDays: number;
  deceased: boolean;
  /** Day of progression/recurrence, if any. */
  progressionDay?: number;
  values: string[];
}

export interface Sample {
  id: string;
  patient: Patient;
  type: string;
  site: string;
  day: number;
}

const NA = 'NA';
const DAYS_PER_MONTH = 30.4375;
const pickSubtype = weightedPicker<Subtype>([['HR+', 70], ['HER2+', 15], ['TNBC', 15]]);
const pickRace = weightedPicker([['White', 70], ['Black or African American', 13], ['Asian', 10], ['Other', 4], [NA, 3]]);
const pickStage = weightedPicker([['STAGE I', 18], ['STAGE IIA', 30], ['STAGE IIB', 20], ['STAGE IIIA', 12], ['STAGE IIIB', 4], ['STAGE IIIC', 5], ['STAGE IV', 6], [NA, 5]]);
const pickHistology = weightedPicker<readonly [string, string]>([
  [['Breast Invasive Ductal Carcinoma', 'IDC'], 70], [['Breast Invasive Lobular Carcinoma', 'ILC'], 15],
  [['Breast Mixed Ductal and Lobular Carcinoma', 'MDLC'], 7], [['Breast Invasive Carcinoma, NOS', 'BRCANOS'], 5], [['Metaplastic Breast Cancer', 'MBC'], 3],
]);
const METASTATIC_SITES = ['Liver', 'Bone', 'Lung', 'Brain', 'Lymph Node', 'Skin', 'Pleura'];
/** Mean months to death by stage group (exponential), for survival curves that separate. */
const SURVIVAL_MONTHS: Record<string, number> = { 'STAGE I': 420, 'STAGE II': 260, 'STAGE III': 120, 'STAGE IV': 36, NA: 200 };

export function makePatient(random: Random, id: string): Patient {
  const age = Math.min(95, Math.max(21, Math.round(58 + 12 * random.normal())));
  const sex = random.chance(0.99) ? 'Female' : 'Male';
  const stage = pickStage(random);
  const followUp = 1 + 179 * random.next();
  const death = -Math.log(1 - random.next()) * SURVIVAL_MONTHS[stageGroup(stage)];
  const osMonths = Math.min(followUp, death);
  const progression = -Math.log(1 - random.next()) * SURVIVAL_MONTHS[stageGroup(stage)] * 0.4;
  const progressed = progression < osMonths;
  const pfsMonths = Math.min(progression, osMonths);
  const deceased = death < followUp;
  const subtype = pickSubtype(random);
  const histology = pickHistology(random);
  const values = [
    id,
    random.chance(0.01) ? NA : String(age),
    sex,
    pickRace(random),
    sex === 'Male' || random.chance(0.05) ? NA : age < 46 ? 'Pre' : age < 55 ? random.pick(['Pre', 'Peri', 'Post']) : 'Post',
    stage,
    deceased ? '1:DECEASED' : '0:LIVING',
    osMonths.toFixed(2),
    ...(stage === 'STAGE IV' || random.chance(0.03) ? [NA, NA] : [progressed ? '1:Recurred/Progressed' : '0:DiseaseFree', pfsMonths.toFixed(2)]),
    progressed || deceased ? '1:PROGRESSION' : '0:CENSORED',
    pfsMonths.toFixed(2),
    random.chance(0.05) ? NA : random.chance(0.25) ? 'TRUE' : 'FALSE',
    random.chance(0.2) ? 'TRUE' : 'FALSE',
    random.chance(0.1) ? NA : Math.min(50, Math.max(16, 27 + 5 * random.normal())).toFixed(1),
  ];
  const osDays = Math.round(osMonths * DAYS_PER_MONTH);
  return { id, subtype, histology, osDays, deceased, progressionDay: progressed ? Math.round(progression * DAYS_PER_MONTH) : undefined, values };
}

function stageGroup(stage: string): string {
  return stage === NA ? NA : stage.replace(/[ABC]$/, '');
}

/** The k-th sample of a patient: a primary first, then metastases or recurrences. */
export function makeSample(random: Random, patient: Patient, k: number): Sample {
  const id = `${patient.id}-T${k + 1}`;
  const metastatic = k === 0 ? random.chance(0.1) : random.chance(0.6);
  const type = k === 0 ? (metastatic ? 'Metastatic' : 'Primary Solid Tumor') : metastatic ? 'Metastatic' : 'Recurrent Solid Tumor';
  const site = metastatic ? random.pick(METASTATIC_SITES) : 'Breast';
  const day = k === 0 ? random.range(0, 30) : (patient.progressionDay ?? 180) + random.range(0, 400) * k;
  return { id, patient, type, site, day };
}

/** The sample's clinical row, in SAMPLE_ATTRIBUTES order. */
export function sampleValues(random: Random, s: Sample, platform: Platform, nonSynonymous: number, depth: number): string[] {
  const receptor = (positive: boolean) => (random.chance(0.03) ? NA : positive ? 'Positive' : 'Negative');
  const { subtype } = s.patient;
  return [
    s.patient.id,
    s.id,
    s.type,
    'Breast Cancer',
    s.patient.histology[0],
    s.patient.histology[1],
    random.chance(0.08) ? NA : String(subtype === 'TNBC' ? random.range(2, 3) : random.range(1, 3)),
    receptor(subtype === 'HR+' || (subtype === 'HER2+' && random.chance(0.5))),
    receptor(subtype === 'HR+' && random.chance(0.8)),
    receptor(subtype === 'HER2+'),
    s.type === 'Metastatic' ? s.site : NA,
    (nonSynonymous / platform.targetMb).toFixed(2),
    random.chance(0.1) ? NA : (0.2 + 0.75 * random.next()).toFixed(2),
    String(depth),
    random.chance(0.9) ? 'Matched' : 'Unmatched',
    platform.id,
    random.chance(0.8) ? 'FFPE' : 'Frozen',
    random.chance(0.35) ? 'TRUE' : 'FALSE',
  ];
}
