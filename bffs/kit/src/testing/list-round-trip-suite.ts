import type { BffApp, BffDependencies } from '../app';
import { startBffForTest, type TestBff } from './index';
import { expectListWithinRoundTrips } from './round-trips';
import { walkRoles } from './route-walk';

/**
 * A screen's round-trip test file in one call (issue 24): starts the BFF on its own database, signs
 * `role` in, and holds each path to the list budget (`expectListWithinRoundTrips`: the caller with
 * the data version, then the page with its counts; its 304 the caller alone). Each filter is read a
 * first time, so its counts come with its first page. Lists whose paths need seeded ids write their
 * own cases with `expectListWithinRoundTrips`.
 */
export function itKeepsListsWithinRoundTrips(
  create: (deps: BffDependencies) => BffApp,
  role: 'admin' | 'freelancer' | 'restaurant',
  paths: readonly string[],
  options: { counts?: boolean } = {},
): void {
  let bff: TestBff;
  let cookie: string;
  beforeAll(async () => {
    bff = await startBffForTest(create);
    cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em))[role]);
  });
  afterAll(() => bff.close());

  it.each(paths)(`GET %s: the ${role}, then page + counts; its 304 the ${role} alone`, async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie, options);
  });
}
