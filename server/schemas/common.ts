// Fields shared by many cBioPortal models.
import { Type } from '@sinclair/typebox';

/** The ids every per-sample molecular item carries (mutations, CNA, gene panel data, ...). */
export const SAMPLE_MOLECULAR_FIELDS = {
  uniqueSampleKey: Type.String(),
  uniquePatientKey: Type.String(),
  molecularProfileId: Type.String(),
  sampleId: Type.String(),
  patientId: Type.String(),
  studyId: Type.String(),
};

/** The sample-list based counts of a DETAILED study (api.md 4.1, 2.5). */
export const STUDY_DETAILED_COUNTS = {
  sequencedSampleCount: Type.Optional(Type.Integer()),
  cnaSampleCount: Type.Optional(Type.Integer()),
  mrnaRnaSeqSampleCount: Type.Optional(Type.Integer()),
  mrnaRnaSeqV2SampleCount: Type.Optional(Type.Integer()),
  mrnaMicroarraySampleCount: Type.Optional(Type.Integer()),
  miRnaSampleCount: Type.Optional(Type.Integer()),
  methylationHm27SampleCount: Type.Optional(Type.Integer()),
  rppaSampleCount: Type.Optional(Type.Integer()),
  massSpectrometrySampleCount: Type.Optional(Type.Integer()),
  completeSampleCount: Type.Optional(Type.Integer()),
  treatmentCount: Type.Optional(Type.Integer()),
  structuralVariantCount: Type.Optional(Type.Integer()),
};

/** The first block of cBioPortal's CancerStudy (api.md 2.5), as nested in Patient and MolecularProfile. */
export const STUDY_FIRST_BLOCK = {
  studyId: Type.String(),
  cancerTypeId: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  publicStudy: Type.Optional(Type.Boolean()),
  pmid: Type.Optional(Type.String()),
  citation: Type.Optional(Type.String()),
  groups: Type.Optional(Type.String()),
  status: Type.Optional(Type.Integer()),
  importDate: Type.Optional(Type.String()),
  referenceGenome: Type.Optional(Type.String()),
};

/** A resource definition with its sample and patient counts; the study key's name differs per endpoint. */
export const RESOURCE_COUNT_FIELDS = {
  resourceId: Type.String(),
  displayName: Type.String(),
  description: Type.Optional(Type.String()),
  resourceType: Type.String(),
  priority: Type.String(),
  openByDefault: Type.Boolean(),
  customMetaData: Type.Optional(Type.String()),
  sampleCount: Type.Integer(),
  patientCount: Type.Integer(),
};
