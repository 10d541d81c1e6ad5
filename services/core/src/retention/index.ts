/** Retention (issue 27): the rows of libs/domain's retention table the workers apply. */
export * from './retention.service';
