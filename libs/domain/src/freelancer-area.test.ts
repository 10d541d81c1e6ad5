import {
  checkInRequestAllowed,
  missingApplyRequirement,
  timeLeftLabel,
  vacancyArea,
} from './freelancer-area';
import { normalizePixKey, pixKeyType } from './validation';

describe('vacancyArea', () => {
  it('keeps neighbourhood and city of "Rua, Bairro, Cidade - UF", never the street', () => {
    expect(vacancyArea('Rua Vergueiro, Vila Mariana, São Paulo - SP')).toEqual({
      neighborhood: 'Vila Mariana',
      city: 'São Paulo - SP',
    });
  });

  it('drops house numbers, alone or before the neighbourhood', () => {
    expect(vacancyArea('Rua Domingos de Morais, 2200 - Vila Mariana, São Paulo - SP')).toEqual({
      neighborhood: 'Vila Mariana',
      city: 'São Paulo - SP',
    });
    expect(vacancyArea('Rua X, 12, Centro, Campinas - SP')).toEqual({
      neighborhood: 'Centro',
      city: 'Campinas - SP',
    });
    expect(vacancyArea('Rua X, 12B')).toEqual({ neighborhood: null, city: null });
    expect(vacancyArea('Rua X, 25 de Março, São Paulo - SP').neighborhood).toBe('25 de Março');
  });

  it('takes a single part after the street as the city, and shows nothing without a comma', () => {
    expect(vacancyArea('Avenida Paulista, São Paulo')).toEqual({ neighborhood: null, city: 'São Paulo' });
    expect(vacancyArea('Avenida Paulista 1000')).toEqual({ neighborhood: null, city: null });
    expect(vacancyArea(null)).toEqual({ neighborhood: null, city: null });
    expect(vacancyArea('')).toEqual({ neighborhood: null, city: null });
  });
});

describe('missingApplyRequirement', () => {
  const ready = { is_available: true, is_approved: true, has_profile_photo: true };
  it('names the first thing missing, in the order the server refuses', () => {
    expect(missingApplyRequirement(ready)).toBeNull();
    expect(missingApplyRequirement({ ...ready, has_profile_photo: false })).toBe('photo');
    expect(missingApplyRequirement({ ...ready, is_approved: false, has_profile_photo: false })).toBe(
      'approval',
    );
    expect(
      missingApplyRequirement({ is_available: false, is_approved: false, has_profile_photo: false }),
    ).toBe('availability');
  });
});

describe('checkInRequestAllowed', () => {
  // 2026-03-02 08:00 in Sao Paulo is 11:00 UTC.
  const shift = { date: '2026-03-02', start: '08:00' };
  it('opens 1 h before the start and stays open after it', () => {
    expect(checkInRequestAllowed(shift, new Date('2026-03-02T09:59:59Z'))).toBe(false);
    expect(checkInRequestAllowed(shift, new Date('2026-03-02T10:00:00Z'))).toBe(true);
    expect(checkInRequestAllowed(shift, new Date('2026-03-02T18:00:00Z'))).toBe(true);
    expect(checkInRequestAllowed(shift, new Date('2026-03-01T11:00:00Z'))).toBe(false);
  });

  it('refuses an unreadable shift', () => {
    expect(checkInRequestAllowed({ date: '2026-03-02', start: '8h' }, new Date())).toBe(false);
  });
});

describe('timeLeftLabel', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  it('reads hours and minutes, then minutes, then less than a minute, then nothing', () => {
    expect(timeLeftLabel(after(120), now)).toBe('2 h 00 min');
    expect(timeLeftLabel(after(65), now)).toBe('1 h 05 min');
    expect(timeLeftLabel(after(45.5), now)).toBe('45 min');
    expect(timeLeftLabel(after(0.5), now)).toBe('menos de 1 min');
    expect(timeLeftLabel(after(0), now)).toBeNull();
    expect(timeLeftLabel(after(-5), now)).toBeNull();
  });
});

describe('a PIX key typed as the phone widget formats it', () => {
  it('is a phone key, stored with +55; a bare 11-digit number stays a CPF', () => {
    expect(pixKeyType('(11) 99123-4567')).toBe('phone');
    expect(normalizePixKey('(11) 99123-4567')).toBe('+5511991234567');
    expect(normalizePixKey('+55 (11) 99123-4567')).toBe('+5511991234567');
    expect(pixKeyType('(10) 99123-4567')).toBeNull();
    expect(pixKeyType('(11) 9912-4567')).toBeNull();
    expect(pixKeyType('52998224725')).toBe('cpf');
  });
});
