import fc from 'fast-check';
import * as MESSAGES from './messages';
import {
  clampQuantity,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidExperienceYears,
  isValidPhone,
  isValidPixKey,
  isValidQuantity,
  isValidRating,
  isValidRatingComment,
  maxQuantityPerDate,
  normalizeCnpj,
  normalizePixKey,
  onlyDigits,
  parseExperienceYears,
  photoValidationError,
  pixKeyType,
  isAmbiguousPixKey,
  pixKeyAs,
  sanitizePhoneInput,
} from './validation';

describe('CPF', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '11144477735',
    '123.456.789-09',
    ' 529.982.247-25 ',
  ])('accepts the valid CPF %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['529.982.247-24', 'second check digit wrong'],
    ['529.982.247-15', 'first check digit wrong'],
    ['123.456.789-00', 'check digits wrong'],
    ['111.111.111-11', 'all the same digit'],
    ['000.000.000-00', 'all zeros'],
    ['999.999.999-99', 'all nines'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['529.982.247/25', 'wrong mask'],
    ['abc.def.ghi-jk', 'letters'],
    ['', 'empty'],
  ])('rejects %s (%s)', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });

  it('masks progressively', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529982')).toBe('529.982');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('529.982.247-25999')).toBe('529.982.247-25');
    expect(formatCpf('')).toBe('');
  });

  it('property: changing one check digit makes a valid CPF invalid', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('52998224725', '11144477735', '12345678909'),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, delta) => {
          const digit = (Number(cpf[position]) + delta) % 10;
          const changed = cpf.slice(0, position) + String(digit) + cpf.slice(position + 1);
          return !isValidCpf(changed);
        },
      ),
    );
  });
});

describe('CNPJ', () => {
  it.each([
    '11.222.333/0001-81',
    '11222333000181',
    '11.444.777/0001-61',
    '12.ABC.345/01DE-35',
    '12abc34501de35',
  ])('accepts the valid CNPJ %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    '11.222.333/0001-80',
    '11.222.333/0001-18',
    '00.000.000/0000-00',
    '11.111.111/1111-11',
    '1122233300018',
    '12.ABC.345/01DE-3A',
    '',
  ])('rejects %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it('masks progressively', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('112223')).toBe('11.222.3');
    expect(formatCnpj('112223330001')).toBe('11.222.333/0001');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('stores a valid CNPJ as its 14 characters and refuses an invalid one', () => {
    expect(normalizeCnpj(' 11.222.333/0001-81 ')).toBe('11222333000181');
    expect(normalizeCnpj('12abc34501de35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-82')).toBeNull();
    expect(normalizeCnpj(null)).toBeNull();
  });
});

describe('phone', () => {
  it('is valid with 11 digits and an area code 11..99, bare or masked', () => {
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('99987654321')).toBe(true);
    expect(isValidPhone('10987654321')).toBe(false); // area code 10
    expect(isValidPhone('01987654321')).toBe(false);
    expect(isValidPhone('1198765432')).toBe(false); // 10 digits
    expect(isValidPhone('119876543210')).toBe(false); // 12 digits
    expect(isValidPhone('+5511987654321')).toBe(false);
    expect(isValidPhone('11 9876a4321')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });

  it('formats as (DD) 99999-9999, progressively', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('1')).toBe('(1');
    expect(formatPhone('11')).toBe('(11');
    expect(formatPhone('119')).toBe('(11) 9');
    expect(formatPhone('1198765')).toBe('(11) 98765');
    expect(formatPhone('11987654')).toBe('(11) 98765-4');
    expect(formatPhone('(11) 98765-43219999')).toBe('(11) 98765-4321');
  });

  it('filters keystrokes: digits only, at most 11, refusing a bad area code', () => {
    expect(sanitizePhoneInput('(11) 9')).toBe('119');
    expect(sanitizePhoneInput('0')).toBe('0');
    expect(sanitizePhoneInput('09')).toBeNull();
    expect(sanitizePhoneInput('10')).toBeNull();
    expect(sanitizePhoneInput('119876543219')).toBe('11987654321');
  });

  it('property: formatting 11 digits with a valid area code gives a valid phone that keeps its digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 99 }),
        fc.integer({ min: 0, max: 999_999_999 }),
        (area, number) => {
          const digits = `${area}${String(number).padStart(9, '0')}`;
          const formatted = formatPhone(digits);
          return (
            isValidPhone(formatted) &&
            onlyDigits(formatted) === digits &&
            /^\(\d{2}\) \d{5}-\d{4}$/.test(formatted)
          );
        },
      ),
    );
  });
});

describe('CEP', () => {
  it('validates 8 digits, with or without the hyphen', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('01310-1000')).toBe(false);
    expect(isValidCep('01.310-100')).toBe(false);
    expect(isValidCep(undefined)).toBe(false);
  });

  it('formats as 12345-678, progressively', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('01310-1009')).toBe('01310-100');
  });
});

describe('e-mail', () => {
  it('accepts usual addresses and rejects broken ones', () => {
    expect(isValidEmail('ana.souza@exemplo.com.br')).toBe(true);
    expect(isValidEmail('ana@exemplo')).toBe(false);
    expect(isValidEmail('ana exemplo@x.com')).toBe(false);
    expect(isValidEmail('ana@@x.com')).toBe(false);
    expect(isValidEmail('@x.com')).toBe(false);
  });
});

describe('PIX key', () => {
  it('calls a bare 11-digit key with an area code ambiguous, and sends it as the kind chosen', () => {
    // 52998224725 is a valid CPF and also reads as (52) 99822-4725.
    expect(isAmbiguousPixKey('52998224725')).toBe(true);
    expect(isAmbiguousPixKey(' 11987654321 ')).toBe(true);
    for (const clear of [
      '529.982.247-25',
      '+5511987654321',
      '(11) 98765-4321',
      '01987654321',
      'a@b.com',
      '1198765432',
    ])
      expect({ clear, ambiguous: isAmbiguousPixKey(clear) }).toEqual({ clear, ambiguous: false });
    expect(pixKeyAs('11987654321', 'phone')).toBe('+5511987654321');
    expect(pixKeyType(pixKeyAs('11987654321', 'phone'))).toBe('phone');
    expect(pixKeyAs('52998224725', 'cpf')).toBe('52998224725');
  });

  it.each([
    ['529.982.247-25', 'cpf', '52998224725'],
    ['52998224725', 'cpf', '52998224725'],
    ['11.222.333/0001-81', 'cnpj', '11222333000181'],
    ['Ana.Souza@Exemplo.com', 'email', 'ana.souza@exemplo.com'],
    ['+5511987654321', 'phone', '+5511987654321'],
    ['+55 (11) 98765-4321', 'phone', '+5511987654321'],
    ['123E4567-E89B-12D3-A456-426614174000', 'random', '123e4567-e89b-12d3-a456-426614174000'],
  ])('accepts %s as %s', (key, type, normalized) => {
    expect(isValidPixKey(key)).toBe(true);
    expect(pixKeyType(key)).toBe(type);
    expect(normalizePixKey(key)).toBe(normalized);
  });

  it.each([
    ['', 'empty'],
    ['529.982.247-24', 'CPF with a wrong check digit'],
    ['11987654321', 'phone without +55 (not a valid CPF)'],
    ['+551098765432', 'phone with too few digits'],
    ['+5510987654321', 'phone with area code 10'],
    ['+1 415 555 0100', 'foreign phone'],
    ['ana@exemplo', 'e-mail without a dotted domain'],
    [`${'a'.repeat(70)}@exemplo.com`, 'e-mail over 77 characters'],
    ['123e4567-e89b-12d3-a456-42661417400', 'short UUID'],
    ['minha-chave', 'free text'],
  ])('rejects %s (%s)', (key) => {
    expect(isValidPixKey(key)).toBe(false);
    expect(normalizePixKey(key)).toBeNull();
  });
});

describe('form ranges', () => {
  it('quantity per date: 1..5 for a business, 1..10 for an admin', () => {
    expect(maxQuantityPerDate('restaurant')).toBe(5);
    expect(maxQuantityPerDate('admin')).toBe(10);
    expect(isValidQuantity(1, 'restaurant')).toBe(true);
    expect(isValidQuantity(5, 'restaurant')).toBe(true);
    expect(isValidQuantity(6, 'restaurant')).toBe(false);
    expect(isValidQuantity(10, 'admin')).toBe(true);
    expect(isValidQuantity(11, 'admin')).toBe(false);
    expect(isValidQuantity(0, 'admin')).toBe(false);
    expect(isValidQuantity(2.5, 'admin')).toBe(false);
    expect(isValidQuantity('3', 'admin')).toBe(false);
    expect(clampQuantity(15, 'admin')).toBe(10);
    expect(clampQuantity(0, 'restaurant')).toBe(1);
    expect(clampQuantity('abc', 'restaurant')).toBe(1);
    expect(clampQuantity('3', 'restaurant')).toBe(3);
  });

  it('rating 1..5 and comment ≤ 500 characters', () => {
    expect([0, 1, 3, 5, 6, 4.5].map(isValidRating)).toEqual([false, true, true, true, false, false]);
    expect(isValidRatingComment(undefined)).toBe(true);
    expect(isValidRatingComment('a'.repeat(500))).toBe(true);
    expect(isValidRatingComment('a'.repeat(501))).toBe(false);
  });

  it('experience years 0..50, non-numeric input becomes 0', () => {
    expect([0, 50, -1, 51, 2.5].map(isValidExperienceYears)).toEqual([true, true, false, false, false]);
    expect(parseExperienceYears('7')).toBe(7);
    expect(parseExperienceYears('dez')).toBe(0);
    expect(parseExperienceYears('')).toBe(0);
    expect(parseExperienceYears(null)).toBe(0);
    expect(parseExperienceYears(3.9)).toBe(3);
    expect(parseExperienceYears(-2)).toBe(0);
    expect(parseExperienceYears(80)).toBe(50);
  });

  it('photo: an image of 1 KB to 5 MB', () => {
    expect(photoValidationError({ type: 'image/jpeg', size: 1024 })).toBeNull();
    expect(photoValidationError({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoValidationError({ type: 'image/png', size: 1023 })).toBe(MESSAGES.photos.tooSmall);
    expect(photoValidationError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      MESSAGES.photos.tooLarge,
    );
    expect(photoValidationError({ type: 'application/pdf', size: 2048 })).toBe(
      'Apenas arquivos de imagem são permitidos',
    );
    expect(photoValidationError(null)).toBe(MESSAGES.photos.missing);
  });
});
