/** "Excluir minha conta" (issue 27): requests, the cancel at sign-in, the job that carries them out, the admin's list. */
export * from './account-deletions.service';
export * from './privacy-requests.queries';
