// Timeline files (study-format 19): SPECIMEN events dating each sample, STATUS events
// (progression, death, last follow-up) and TREATMENT events with AGENT / AGENT_CLASS /
// AGENT_TARGET, chosen by the patient's receptor subtype.
import type { Patient, Sample, Subtype } from './patients.js';
import type { Random } from './random.js';
import type { TextWriter } from './text-writer.js';

export const SPECIMEN_COLUMNS = ['PATIENT_ID', 'START_DATE', 'STOP_DATE', 'EVENT_TYPE', 'SAMPLE_ID', 'SPECIMEN_SITE'];
export const STATUS_COLUMNS = ['PATIENT_ID', 'START_DATE', 'STOP_DATE', 'EVENT_TYPE', 'STATUS', 'SOURCE'];
export const TREATMENT_COLUMNS = ['PATIENT_ID', 'START_DATE', 'STOP_DATE', 'EVENT_TYPE', 'TREATMENT_TYPE', 'SUBTYPE', 'AGENT', 'AGENT_CLASS', 'AGENT_TARGET'];

/** Agent, class, targets (comma-separated), therapy subtype. */
type Agent = readonly [string, string, string, string];

const HORMONE: Agent[] = [
  ['Tamoxifen', 'Selective estrogen receptor modulator', 'ESR1', 'Hormone Therapy'],
  ['Letrozole', 'Aromatase inhibitor', 'CYP19A1', 'Hormone Therapy'],
  ['Anastrozole', 'Aromatase inhibitor', 'CYP19A1', 'Hormone Therapy'],
  ['Fulvestrant', 'Selective estrogen receptor degrader', 'ESR1', 'Hormone Therapy'],
  ['Palbociclib', 'CDK4/6 inhibitor', 'CDK4,CDK6', 'Targeted Therapy'],
  ['Alpelisib', 'PI3K inhibitor', 'PIK3CA', 'Targeted Therapy'],
  ['Everolimus', 'mTOR inhibitor', 'MTOR', 'Targeted Therapy'],
];
const HER2: Agent[] = [
  ['Trastuzumab', 'Anti-HER2 antibody', 'ERBB2', 'Targeted Therapy'],
  ['Pertuzumab', 'Anti-HER2 antibody', 'ERBB2', 'Targeted Therapy'],
  ['Lapatinib', 'Tyrosine kinase inhibitor', 'ERBB2,EGFR', 'Targeted Therapy'],
  ['Paclitaxel', 'Taxane', 'TUBB', 'Chemotherapy'],
];
const CHEMO: Agent[] = [
  ['Paclitaxel', 'Taxane', 'TUBB', 'Chemotherapy'],
  ['Doxorubicin', 'Anthracycline', 'TOP2A', 'Chemotherapy'],
  ['Cyclophosphamide', 'Alkylating agent', 'DNA', 'Chemotherapy'],
  ['Carboplatin', 'Platinum compound', 'DNA', 'Chemotherapy'],
  ['Capecitabine', 'Antimetabolite', 'TYMS', 'Chemotherapy'],
  ['Olaparib', 'PARP inhibitor', 'PARP1,PARP2', 'Targeted Therapy'],
  ['Pembrolizumab', 'Anti-PD-1 antibody', 'PDCD1', 'Immunotherapy'],
];
const AGENTS: Record<Subtype, Agent[]> = { 'HR+': HORMONE, 'HER2+': HER2, TNBC: CHEMO };

export interface TimelineWriters {
  specimen: TextWriter;
  status: TextWriter;
  treatment: TextWriter;
}

export function writeTimelineHeaders(w: TimelineWriters): void {
  w.specimen.row(SPECIMEN_COLUMNS);
  w.status.row(STATUS_COLUMNS);
  w.treatment.row(TREATMENT_COLUMNS);
}

export function writeSpecimen(w: TimelineWriters, s: Sample): void {
  w.specimen.line(`${s.patient.id}\t${s.day}\t\tSPECIMEN\t${s.id}\t${s.site}`);
}

export function writeStatus(w: TimelineWriters, p: Patient): void {
  if (p.progressionDay !== undefined) w.status.line(`${p.id}\t${p.progressionDay}\t\tSTATUS\tProgression\tImaging`);
  if (p.deceased) w.status.line(`${p.id}\t${p.osDays}\t\tSTATUS\tDeceased\tMedical record`);
  else w.status.line(`${p.id}\t${p.osDays}\t\tSTATUS\tAlive at last follow-up\tMedical record`);
}

export function writeTreatments(random: Random, w: TimelineWriters, p: Patient): void {
  let day = random.range(15, 60);
  const lines = random.range(1, 3);
  for (let i = 0; i < lines && day < Math.max(p.osDays, 90); i++) {
    const [agent, agentClass, target, subtype] = random.pick(AGENTS[p.subtype]);
    const stop = day + random.range(30, 400);
    w.treatment.line(`${p.id}\t${day}\t${stop}\tTREATMENT\tMedical Therapy\t${subtype}\t${agent}\t${agentClass}\t${target}`);
    day = stop + random.range(0, 120);
  }
  if (random.chance(0.3)) {
    const start = random.range(60, 240);
    w.treatment.line(`${p.id}\t${start}\t${start + random.range(20, 45)}\tTREATMENT\tRadiation Therapy\tEBRT\t\t\t`);
  }
}
