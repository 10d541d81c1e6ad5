/** @jest-environment jsdom */
import { type CurrentUser } from '@turno/contracts';
import { AREA_HINT_COOKIE, areaHintCookie, readAreaHint, writeAreaHint } from './area-hint';

const user = (user_type: 'freelancer' | 'restaurant' | 'admin' | null) =>
  ({ id: 1, email: 'a@b.c', name: 'A', profile: user_type ? { user_type } : null }) as unknown as CurrentUser;

function clearCookie() {
  document.cookie = `${AREA_HINT_COOKIE}=; Path=/; Max-Age=0`;
}

describe('the area hint cookie', () => {
  afterEach(clearCookie);

  it('reads only the two dashboard areas', () => {
    expect(readAreaHint('x=1; turno_area=freelancer')).toBe('freelancer');
    expect(readAreaHint('turno_area=restaurant')).toBe('restaurant');
    expect(readAreaHint('turno_area=admin')).toBeUndefined();
    expect(readAreaHint('')).toBeUndefined();
  });

  it("is written with the signed-in person's area and removed when there is nobody", () => {
    writeAreaHint(user('freelancer'));
    expect(readAreaHint(document.cookie)).toBe('freelancer');
    writeAreaHint(user('restaurant'));
    expect(readAreaHint(document.cookie)).toBe('restaurant');
    writeAreaHint(null);
    expect(readAreaHint(document.cookie)).toBeUndefined();
  });

  it('names no area for an admin or a person without a profile', () => {
    writeAreaHint(user('freelancer'));
    writeAreaHint(user('admin'));
    expect(readAreaHint(document.cookie)).toBeUndefined();
    writeAreaHint(user(null));
    expect(readAreaHint(document.cookie)).toBeUndefined();
  });

  it('is a site-wide, lax, non-secret cookie, Secure over HTTPS', () => {
    expect(areaHintCookie('freelancer', false)).toBe(
      'turno_area=freelancer; Path=/; SameSite=Lax; Max-Age=2592000',
    );
    expect(areaHintCookie('restaurant', true)).toContain('; Secure');
    expect(areaHintCookie(undefined, false)).toContain('Max-Age=0');
  });
});
