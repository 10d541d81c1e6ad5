/**
 * The BR Code: the EMV® QRCPS payload of a Pix QR code, also pasted as "Pix copia e cola".
 * Built and read here, browser-safe (no Node built-ins), by the Central Bank's "Manual de Padrões
 * para Iniciação do Pix" (BR Code): ID–length–value fields, Merchant Account Information with the
 * GUI `br.gov.bcb.pix`, and a CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over the whole
 * payload including the CRC's own ID and length ("6304").
 */

/** The GUI of the Pix arrangement in field 26 (the manual writes it in lower case; readers ignore case). */
export const PIX_GUI = 'br.gov.bcb.pix';
/** ISO 4217 code of the real. */
export const BRL_CURRENCY_CODE = '986';
/** "Not informed" merchant category code. */
export const PIX_DEFAULT_MCC = '0000';
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;
/** Field 62-05 of a static BR Code: at most 25 characters [A-Za-z0-9], or "***" when there is none. */
export const STATIC_TXID_MAX = 25;

const ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: '26',
  mcc: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;
const MAI = { gui: '00', key: '01', info: '02', url: '25' } as const;
const ADDITIONAL = { txid: '05' } as const;

/** The UTF-8 bytes of a text (no TextEncoder: this file runs wherever the domain does). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
  }
  return bytes;
}

/**
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the text's UTF-8
 * bytes, as four upper-case hexadecimal digits. '123456789' → '29B1'.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A merchant name or city as the BR Code carries it: accents removed, upper-case ASCII letters,
 * digits and spaces (other characters dropped), spaces collapsed, cut to `max` characters.
 * 'São Paulo' → 'SAO PAULO'; 'Açougue & Cia.' → 'ACOUGUE CIA'.
 */
export function normalizeMerchantText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** An amount in cents as field 54 writes it: 12345 → '123.45' (a dot, two decimals, no thousands separator). */
export function brCodeAmount(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A BR Code amount is a positive whole number of cents, got ${amountCents}`);
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

function field(id: string, value: string): string {
  const length = value.length;
  if (length === 0 || length > 99)
    throw new RangeError(`BR Code field ${id} must have 1–99 characters, got ${length}`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Where the payer's app finds the charge: a location URL (dynamic, cob/cobv) or a Pix key (static). */
export type BrCodeTarget = { location: string } | { key: string; description?: string };

export interface BrCodeInput {
  target: BrCodeTarget;
  /** The amount in cents (field 54); omitted for an open-amount static code. */
  amountCents?: number;
  merchantName: string;
  merchantCity: string;
  /**
   * Field 62-05. A static code: the txid (≤ 25 [A-Za-z0-9]) or '***' (the default). A dynamic code:
   * the manual fills it with '***' (the txid lives in the payload at the location), the default here.
   */
  txid?: string;
  /** Point of Initiation Method: '12' (single use, the default for a charge) or '11' (reusable). */
  singleUse?: boolean;
  mcc?: string;
}

/** The location of field 26-25 is written without its scheme: 'https://pix.example.com/qr/v2/…' → 'pix.example.com/qr/v2/…'. */
export function brCodeLocation(location: string): string {
  return location.replace(/^https?:\/\//i, '');
}

/**
 * The BR Code ("Pix copia e cola") of a charge, with its CRC. A dynamic code (location) is what a
 * charge with due date (cobv) shows: the payer's app fetches the charge's signed payload there.
 */
export function buildPixBrCode(input: BrCodeInput): string {
  const merchantName = normalizeMerchantText(input.merchantName, PIX_MERCHANT_NAME_MAX);
  const merchantCity = normalizeMerchantText(input.merchantCity, PIX_MERCHANT_CITY_MAX);
  if (!merchantName) throw new RangeError('A BR Code needs a merchant name');
  if (!merchantCity) throw new RangeError('A BR Code needs a merchant city');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]+$/.test(txid))
    throw new RangeError(`A BR Code txid is [A-Za-z0-9] or '***', got "${txid}"`);
  const isStatic = 'key' in input.target;
  if (isStatic && txid !== '***' && txid.length > STATIC_TXID_MAX)
    throw new RangeError(`A static BR Code txid has at most ${STATIC_TXID_MAX} characters`);
  const account =
    'key' in input.target
      ? field(MAI.gui, PIX_GUI) +
        field(MAI.key, input.target.key) +
        (input.target.description ? field(MAI.info, input.target.description) : '')
      : field(MAI.gui, PIX_GUI) + field(MAI.url, brCodeLocation(input.target.location));
  const body =
    field(ID.payloadFormat, '01') +
    field(ID.pointOfInitiation, input.singleUse === false ? '11' : '12') +
    field(ID.merchantAccount, account) +
    field(ID.mcc, input.mcc ?? PIX_DEFAULT_MCC) +
    field(ID.currency, BRL_CURRENCY_CODE) +
    (input.amountCents === undefined ? '' : field(ID.amount, brCodeAmount(input.amountCents))) +
    field(ID.country, 'BR') +
    field(ID.merchantName, merchantName) +
    field(ID.merchantCity, merchantCity) +
    field(ID.additionalData, field(ADDITIONAL.txid, txid)) +
    `${ID.crc}04`;
  return body + crc16CcittFalse(body);
}

/** The fields of a BR Code, read back. */
export interface ParsedBrCode {
  /** ID → value of the top-level fields (26 and 62 kept raw; their sub-fields below). */
  fields: Record<string, string>;
  gui: string;
  key?: string;
  description?: string;
  location?: string;
  pointOfInitiation?: string;
  merchantCategoryCode: string;
  currency: string;
  amountCents?: number;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  crc: string;
}

export type BrCodeParseResult = { ok: true; value: ParsedBrCode } | { ok: false; error: string };

function parseFields(text: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  let index = 0;
  while (index < text.length) {
    const id = text.slice(index, index + 2);
    const lengthText = text.slice(index + 2, index + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    const value = text.slice(index + 4, index + 4 + length);
    if (value.length !== length) return null;
    fields[id] = value;
    index += 4 + length;
  }
  return fields;
}

/**
 * Reads a BR Code and checks it: the ID–length–value structure, the CRC (the last field, "6304" +
 * four hex digits, over everything before them), the Pix GUI and the mandatory fields. The errors
 * are for logs and tests (English); a screen says `MESSAGES`' pt-BR text instead.
 */
export function parsePixBrCode(payload: string): BrCodeParseResult {
  const text = payload.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304')
    return { ok: false, error: 'missing CRC field 63' };
  const crc = text.slice(crcAt + 4).toUpperCase();
  if (crc16CcittFalse(text.slice(0, crcAt + 4)) !== crc) return { ok: false, error: 'CRC does not match' };
  const fields = parseFields(text);
  if (!fields) return { ok: false, error: 'malformed ID-length-value structure' };
  if (fields[ID.payloadFormat] !== '01') return { ok: false, error: 'payload format indicator is not 01' };
  const account = parseFields(fields[ID.merchantAccount] ?? '');
  if (!account || (account[MAI.gui] ?? '').toLowerCase() !== PIX_GUI)
    return { ok: false, error: 'no Pix merchant account information (26 with br.gov.bcb.pix)' };
  if (!account[MAI.key] && !account[MAI.url]) return { ok: false, error: 'neither a Pix key nor a location' };
  for (const id of [ID.mcc, ID.currency, ID.country, ID.merchantName, ID.merchantCity]) {
    if (!fields[id]) return { ok: false, error: `missing field ${id}` };
  }
  const additional = parseFields(fields[ID.additionalData] ?? '') ?? {};
  const amount = fields[ID.amount];
  if (amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(amount))
    return { ok: false, error: 'malformed amount' };
  return {
    ok: true,
    value: {
      fields,
      gui: account[MAI.gui] as string,
      key: account[MAI.key],
      description: account[MAI.info],
      location: account[MAI.url],
      pointOfInitiation: fields[ID.pointOfInitiation],
      merchantCategoryCode: fields[ID.mcc] as string,
      currency: fields[ID.currency] as string,
      amountCents: amount === undefined ? undefined : Math.round(Number(amount) * 100),
      country: fields[ID.country] as string,
      merchantName: fields[ID.merchantName] as string,
      merchantCity: fields[ID.merchantCity] as string,
      txid: additional[ADDITIONAL.txid],
      crc,
    },
  };
}

/** True when the text is a BR Code whose structure and CRC check out. */
export function isValidPixBrCode(payload: string): boolean {
  return parsePixBrCode(payload).ok;
}
