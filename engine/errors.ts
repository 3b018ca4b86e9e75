// Domain errors of the engine; server/plugins/error-handler.ts maps them to HTTP answers.
// Messages are cBioPortal's wording (api.md 1.8).

/** A resource named by the request does not exist. */
export class NotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFound';
  }

  static study = (studyId: string) => new NotFound(`Study not found: ${studyId}`);
  static patient = (studyId: string, patientId: string) => new NotFound(`Patient not found in study ${studyId}: ${patientId}`);
  static sample = (studyId: string, sampleId: string) => new NotFound(`Sample not found in study ${studyId}: ${sampleId}`);
  static sampleList = (sampleListId: string) => new NotFound(`Sample list not found: ${sampleListId}`);
  static molecularProfile = (molecularProfileId: string) => new NotFound(`Molecular profile not found: ${molecularProfileId}`);
  static clinicalAttribute = (studyId: string, attributeId: string) => new NotFound(`Clinical attribute not found in study ${studyId}: ${attributeId}`);
  static cancerType = (cancerTypeId: string) => new NotFound(`Cancer type not found: ${cancerTypeId}`);
  static gene = (geneId: string) => new NotFound(`Gene not found: ${geneId}`);
  static geneset = (genesetId: string) => new NotFound(`Gene set not found: ${genesetId}`);
  static genePanel = (genePanelId: string) => new NotFound(`Gene panel not found: ${genePanelId}`);
  static resource = (resourceId: string) => new NotFound(`Resource not found: ${resourceId}`);
  static genericAssayEntity = (stableId: string) => new NotFound(`stableId not found: ${stableId}`);
}

/** The request is well-formed JSON but asks for something invalid (400 with this message). */
export class InvalidRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRequest';
  }
}

/** A feature cBioPortal itself answers with 501 (e.g. META on resource endpoints). */
export class NotImplemented extends Error {
  constructor(message = 'Requested API is not implemented yet') {
    super(message);
    this.name = 'NotImplemented';
  }
}

/** The server cannot take the request now (503 with Retry-After); the same request may succeed later. */
export class Busy extends Error {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.name = 'Busy';
  }
}
