import QRCode from 'qrcode';
import { route } from '@turno/bff-kit';
import { PresenceCodeQuerySchema, PresenceCodeResponseSchema } from '@turno/contracts';
import { PresenceKeys, currentPresenceCode } from '@turno/core';

let keys: PresenceKeys | undefined;
/** The sealing key (PRESENCE_CODE_KEY, the same as the freelancer BFF's), read on first use. */
const presenceKeys = () => (keys ??= new PresenceKeys());

/** The QR code of a presence code (the 6 digits only: what the freelancer's scanner reads), as an SVG data URL. */
async function qrCodeOf(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * GET /api/restaurant/presence-code?storeId — "Código de presença": the store's current 6-digit code
 * (a TOTP of 30 s; the secret is created on first use), its QR code and the seconds until it changes.
 * Each store has its own (issue 28): `storeId` names one of the member's stores (another's is 404),
 * absent the first they reach. Never cached (every kit route answers `Cache-Control: no-store`); no ETag.
 */
export const presenceCodeRoute = route({
  method: 'get',
  path: '/api/restaurant/presence-code',
  access: 'restaurant',
  memberAction: 'approveAttendance',
  query: PresenceCodeQuerySchema,
  response: PresenceCodeResponseSchema,
  handler: async ({ em, actor, query }) => {
    const now = new Date();
    const shown = await currentPresenceCode(em, actor, presenceKeys(), now, query.storeId);
    return {
      code: shown.code,
      qr_code: await qrCodeOf(shown.code),
      seconds_left: shown.secondsLeft,
      server_time: now.toISOString(),
      store_id: shown.storeId,
    };
  },
});
