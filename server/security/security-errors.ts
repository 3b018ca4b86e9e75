// Refusals of the security layer; plugins/error-handler.ts turns them into answers.

/** 401: with a message, cBioPortal's JSON body; without one, the security filter's empty body (api.md 1.8, 1.10). */
export class Unauthorized extends Error {
  constructor(message = '') {
    super(message);
    this.name = 'Unauthorized';
  }
}

/** 403 with cBioPortal's method-security message. */
export class Forbidden extends Error {
  constructor(message = 'Access to the specified resource has been forbidden') {
    super(message);
    this.name = 'Forbidden';
  }
}
