// Domain errors of the engine; server/plugins/error-handler.ts maps them to HTTP answers.

/** A resource named by the request does not exist; the message is cBioPortal's wording. */
export class NotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFound';
  }

  static study(studyId: string): NotFound {
    return new NotFound(`Study not found: ${studyId}`);
  }
}

/** The request is well-formed JSON but asks for something invalid. */
export class InvalidRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRequest';
  }
}
