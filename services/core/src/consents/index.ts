/** Consents (issue 27): acceptances of the terms and the privacy notice, the optional uses. */
export * from './consents.service';
