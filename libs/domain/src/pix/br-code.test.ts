import { hasError, parsePix, PixElementType } from 'pix-utils';
import {
  brCodeAmount,
  buildPixBrCode,
  crc16CcittFalse,
  isValidPixBrCode,
  normalizeMerchantText,
  parsePixBrCode,
} from './br-code';

/** The independent reader of these tests: pix-utils (its own EMV parser and CRC). */
function readWithPixUtils(brCode: string) {
  const parsed = parsePix(brCode);
  if (hasError(parsed) || parsed.type === PixElementType.INVALID)
    throw new Error(`pix-utils refused it: ${JSON.stringify(parsed)}`);
  return parsed;
}

describe('crc16CcittFalse', () => {
  it('is CRC-16/CCITT-FALSE (the check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
    // Over UTF-8 bytes (figures from an independent implementation): 'ã' is C3 A3, '€' E2 82 AC.
    expect(crc16CcittFalse('ã')).toBe('DB81');
    expect(crc16CcittFalse('€')).toBe('0B51');
  });

  it('pads to four upper-case hex digits', () => {
    for (const text of ['A', 'pix', '000201', '6304']) expect(crc16CcittFalse(text)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('normalizeMerchantText', () => {
  it('writes upper-case ASCII without accents or symbols, cut to the field size', () => {
    expect(normalizeMerchantText('São Paulo', 15)).toBe('SAO PAULO');
    expect(normalizeMerchantText('Açougue & Cia.  Ltda', 25)).toBe('ACOUGUE CIA LTDA');
    expect(normalizeMerchantText('Turno Intermediação de Serviços Temporários', 25)).toBe(
      'TURNO INTERMEDIACAO DE SE',
    );
    expect(normalizeMerchantText('Ribeirão das Neves', 15)).toBe('RIBEIRAO DAS NE');
  });

  it('never ends on a space after cutting', () => {
    expect(normalizeMerchantText('Rio de Janeiro Centro', 15)).toBe('RIO DE JANEIRO');
  });
});

describe('brCodeAmount', () => {
  it('writes cents with a dot and two decimals', () => {
    expect(brCodeAmount(12345)).toBe('123.45');
    expect(brCodeAmount(5)).toBe('0.05');
    expect(brCodeAmount(100000)).toBe('1000.00');
  });

  it('refuses zero, negative and fractional cents', () => {
    expect(() => brCodeAmount(0)).toThrow(RangeError);
    expect(() => brCodeAmount(-1)).toThrow(RangeError);
    expect(() => brCodeAmount(1.5)).toThrow(RangeError);
  });
});

describe('buildPixBrCode, dynamic (the location of a cobv)', () => {
  const brCode = buildPixBrCode({
    target: { location: 'https://pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25' },
    amountCents: 123456,
    merchantName: 'Turno Intermediação de Serviços',
    merchantCity: 'São Paulo',
  });

  it('is read by pix-utils as a dynamic code with the location, name, city and a valid CRC', () => {
    const parsed = readWithPixUtils(brCode);
    expect(parsed.type).toBe(PixElementType.DYNAMIC);
    if (parsed.type !== PixElementType.DYNAMIC) return;
    expect(parsed.url).toBe('pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25');
    expect(parsed.merchantName).toBe('TURNO INTERMEDIACAO DE SE');
    expect(parsed.merchantCity).toBe('SAO PAULO');
    expect(parsed.transactionCurrency).toBe('986');
    expect(parsed.countryCode).toBe('BR');
    expect(parsed.merchantCategoryCode).toBe('0000');
  });

  it('carries the amount, single use (12) and the txid placeholder of a dynamic code', () => {
    const parsed = parsePixBrCode(brCode);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.amountCents).toBe(123456);
    expect(parsed.value.fields['54']).toBe('1234.56');
    expect(parsed.value.pointOfInitiation).toBe('12');
    expect(parsed.value.txid).toBe('***');
    expect(parsed.value.gui).toBe('br.gov.bcb.pix');
    expect(brCode.startsWith('000201010212')).toBe(true);
    expect(brCode).toMatch(/6304[0-9A-F]{4}$/);
  });
});

describe('buildPixBrCode, static (a key)', () => {
  const brCode = buildPixBrCode({
    target: { key: '71cdf9ba-c695-4e3c-b010-abb521a3f1be', description: 'Fatura 2026-0042' },
    amountCents: 9990,
    merchantName: 'Turno',
    merchantCity: 'Belo Horizonte',
    txid: 'FATURA20260042',
  });

  it('is read by pix-utils with the key, amount, txid, name, city and a valid CRC', () => {
    const parsed = readWithPixUtils(brCode);
    expect(parsed.type).toBe(PixElementType.STATIC);
    if (parsed.type !== PixElementType.STATIC) return;
    expect(parsed.pixKey).toBe('71cdf9ba-c695-4e3c-b010-abb521a3f1be');
    expect(parsed.transactionAmount).toBe(99.9);
    expect(parsed.txid).toBe('FATURA20260042');
    expect(parsed.infoAdicional).toBe('Fatura 2026-0042');
    expect(parsed.merchantName).toBe('TURNO');
    expect(parsed.merchantCity).toBe('BELO HORIZONTE');
  });

  it('reads back the same fields with its own parser', () => {
    const parsed = parsePixBrCode(brCode);
    expect(parsed.ok && parsed.value).toMatchObject({
      key: '71cdf9ba-c695-4e3c-b010-abb521a3f1be',
      amountCents: 9990,
      txid: 'FATURA20260042',
      merchantName: 'TURNO',
      merchantCity: 'BELO HORIZONTE',
    });
  });

  it('may be reusable (11) and without an amount', () => {
    const open = buildPixBrCode({
      target: { key: 'pix@turno.com.br' },
      merchantName: 'Turno',
      merchantCity: 'Recife',
      singleUse: false,
    });
    const parsed = readWithPixUtils(open);
    expect(parsed.type).toBe(PixElementType.STATIC);
    if (parsed.type === PixElementType.STATIC) {
      expect(parsed.pixKey).toBe('pix@turno.com.br');
      expect(parsed.transactionAmount).toBe(0);
      expect(parsed.txid).toBe('***');
    }
    const own = parsePixBrCode(open);
    expect(own.ok && own.value.pointOfInitiation).toBe('11');
    expect(own.ok && own.value.amountCents).toBeUndefined();
  });

  it('refuses a static txid over 25 characters or with symbols', () => {
    const base = { target: { key: 'pix@turno.com.br' }, merchantName: 'Turno', merchantCity: 'Recife' };
    expect(() => buildPixBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...base, txid: 'FAT-1' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ ...base, merchantName: '***' })).toThrow(RangeError);
  });
});

describe('parsePixBrCode', () => {
  const brCode = buildPixBrCode({
    target: { location: 'pix.example.com/qr/v2/cobv/abc' },
    amountCents: 1000,
    merchantName: 'Turno',
    merchantCity: 'Recife',
  });

  it('accepts the CRC in lower case', () => {
    expect(isValidPixBrCode(brCode.slice(0, -4) + brCode.slice(-4).toLowerCase())).toBe(true);
  });

  it('refuses a changed character, a wrong CRC, a cut payload and another GUI', () => {
    expect(parsePixBrCode(brCode.replace('1000', '1001').replace('10.00', '10.01'))).toEqual({
      ok: false,
      error: 'CRC does not match',
    });
    expect(parsePixBrCode(brCode.slice(0, -4) + '0000').ok).toBe(false);
    expect(parsePixBrCode(brCode.slice(0, -8)).ok).toBe(false);
    expect(parsePixBrCode('').ok).toBe(false);
    const body = brCode.slice(0, -4).replace('0014br.gov.bcb.pix', '0014br.gov.bcb.xyz');
    expect(parsePixBrCode(body + crc16CcittFalse(body))).toMatchObject({ ok: false });
  });

  it('reads a BR Code made by pix-utils (the other direction)', async () => {
    const { createStaticPix } = await import('pix-utils');
    const made = createStaticPix({
      merchantName: 'Turno',
      merchantCity: 'Curitiba',
      pixKey: '+5541987654321',
      transactionAmount: 12.34,
      txid: 'ABC123',
    });
    if (hasError(made)) throw new Error('pix-utils could not build its code');
    const parsed = parsePixBrCode(made.toBRCode());
    expect(parsed.ok && parsed.value).toMatchObject({
      key: '+5541987654321',
      amountCents: 1234,
      txid: 'ABC123',
      merchantName: 'TURNO',
      merchantCity: 'CURITIBA',
    });
  });
});
