/**
 * The Efí adapter: Efí's Pix API (https://dev.efipay.com.br/docs/api-pix/), which implements the
 * Central Bank's standard API Pix (https://github.com/bacen/pix-api, spec/openapi.yaml) for charges
 * and adds its own endpoints for Pix sends.
 *
 *   POST  /oauth/token                          OAuth2 client credentials (HTTP Basic), mutual TLS
 *   PUT   /v3/gn/pix/:idEnvio                   send a Pix to a key (idEnvio = Turno's idempotency id)
 *   GET   /v2/gn/pix/enviados/id-envio/:idEnvio read a send by idEnvio
 *   PUT   /v2/cobv/:txid                        create a charge with due date (standard)
 *   GET   /v2/cobv/:txid                        read it, with the Pix received (standard)
 *   PATCH /v2/cobv/:txid                        remove it: status REMOVIDA_PELO_USUARIO_RECEBEDOR (standard)
 *   GET   /v2/loc/:id/qrcode                    the BR Code when the charge lacks pixCopiaECola
 *   PUT   /v2/webhook/:chave                    register the webhook URL of the account's key (standard)
 */
import {
  checkPixKey,
  dictKeyType,
  isValidChargeTxid,
  isValidPixSendId,
  onlyDigits,
  PIX_SEND_FAILURE_MESSAGES,
  type PixSendFailureReason,
} from '@turno/domain';
import { PspError, failureReasonOf } from './errors';
import { JsonHttpClient, httpError, pspErrorOf, type JsonRequest, type JsonResponse } from './http';
import { centsToValor, valorToCents } from './money';
import type {
  DueCharge,
  DueChargeRequest,
  DueChargeStatus,
  PixProvider,
  PixSendRequest,
  PixSendResult,
  ReceivedPix,
} from './provider';
import type { PspSettings } from './settings';

/** Renew the token this long before Efí says it expires. */
const TOKEN_MARGIN_MS = 60_000;

type EfiSendStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

interface EfiSend {
  idEnvio?: string;
  e2eId?: string;
  endToEndId?: string;
  valor?: string;
  status?: EfiSendStatus;
  horario?: { solicitacao?: string; liquidacao?: string } | string;
  gnExtras?: { erro?: { codigo?: string; motivo?: string; nome?: string } };
  erro?: { codigo?: string; motivo?: string; nome?: string };
}

interface StandardCobV {
  txid: string;
  revisao?: number;
  status: DueChargeStatus;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  loc?: { id: number; location?: string };
  location?: string;
  pixCopiaECola?: string;
  pix?: { endToEndId: string; txid?: string; valor: string; horario: string }[];
}

function statusOfSend(status: EfiSendStatus | undefined): PixSendResult['status'] {
  if (status === 'REALIZADO') return 'paid';
  if (status === 'NAO_REALIZADO') return 'failed';
  return 'processing';
}

function failureOf(reason: PixSendFailureReason, pspCode?: string): PixSendResult['failure'] {
  return { reason, message: PIX_SEND_FAILURE_MESSAGES[reason], pspCode };
}

export class EfiPixProvider implements PixProvider {
  readonly name = 'efi';
  private readonly http: JsonHttpClient;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly settings: PspSettings) {
    this.http = new JsonHttpClient({
      baseUrl: settings.baseUrl,
      timeoutMs: settings.timeoutMs,
      rateLimitPerSecond: settings.rateLimitPerSecond,
      tls: settings.tls,
    });
  }

  close(): void {
    this.http.close();
  }

  // -------------------------------------------------------------------------------------------
  // OAuth2
  // -------------------------------------------------------------------------------------------

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    // One token request at a time, however many sends wait for it.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await this.http.request({
      method: 'POST',
      path: '/oauth/token',
      headers: { authorization: `Basic ${basic}` },
      body: { grant_type: 'client_credentials' },
    });
    if (response.status !== 200) {
      const error = httpError('OAuth token', response);
      throw response.status === 400 || response.status === 401
        ? new PspError(error.message, {
            kind: 'permanent',
            status: response.status,
            code: error.code,
            auth: true,
          })
        : error;
    }
    const body = response.body as { access_token?: unknown; expires_in?: unknown };
    if (typeof body?.access_token !== 'string')
      throw new PspError('OAuth token: no access_token in the answer', { kind: 'transient', status: 200 });
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, expiresAt: Date.now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  /** An authorized call; a 401 (token revoked or expired early) gets one new token and one more try. */
  private async call(request: JsonRequest): Promise<JsonResponse> {
    const send = async () =>
      this.http.request({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${await this.accessToken()}` },
      });
    const response = await send();
    if (response.status !== 401) return response;
    this.token = null;
    return send();
  }

  // -------------------------------------------------------------------------------------------
  // Pix sends
  // -------------------------------------------------------------------------------------------

  async sendPix(request: PixSendRequest): Promise<PixSendResult> {
    const id = request.idempotencyId;
    if (!isValidPixSendId(id)) throw new RangeError(`Not an idEnvio ([a-zA-Z0-9]{1,35}): "${id}"`);
    // A key that cannot be one (or not of the type stored with it) never reaches the PSP.
    const key = checkPixKey(request.key);
    if (!key.ok || key.type !== request.keyType || key.key !== request.key)
      throw new PspError(`Pix send ${id}: the key is not a valid ${dictKeyType(request.keyType)} key`, {
        kind: 'permanent',
        code: 'chave_invalida',
        reason: 'invalid_key',
      });
    const response = await this.call({
      method: 'PUT',
      path: `/v3/gn/pix/${encodeURIComponent(id)}`,
      body: {
        valor: centsToValor(request.amountCents),
        pagador: {
          chave: this.settings.accountKey,
          ...(request.description ? { infoPagador: request.description.slice(0, 140) } : {}),
        },
        favorecido: { chave: request.key, cpf: onlyDigits(request.payee.cpf) },
      },
    });
    if (response.status === 200 || response.status === 201)
      return this.sendResult(id, response.body as EfiSend);
    const error = httpError(`Pix send ${id}`, response);
    if (error.kind === 'transient') throw error;
    const reason = failureReasonOf(error.code, pspErrorOf(response.body).message);
    // Sent before (a retry after a timeout, a worker killed after the PSP accepted): answer for that send.
    if (reason === 'duplicate' || response.status === 409) {
      const existing = await this.getPixSend(id);
      if (existing.status !== 'not_found') return existing;
    }
    throw new PspError(error.message, { ...error, kind: 'permanent', reason, outcomeUnknown: false });
  }

  async getPixSend(idempotencyId: string): Promise<PixSendResult> {
    const response = await this.call({
      method: 'GET',
      path: `/v2/gn/pix/enviados/id-envio/${encodeURIComponent(idempotencyId)}`,
    });
    if (response.status === 404) return { idempotencyId, status: 'not_found' };
    if (response.status !== 200) throw httpError(`Pix send ${idempotencyId}`, response);
    return this.sendResult(idempotencyId, response.body as EfiSend);
  }

  private sendResult(idempotencyId: string, body: EfiSend): PixSendResult {
    const status = statusOfSend(body.status);
    const horario = typeof body.horario === 'string' ? { solicitacao: body.horario } : (body.horario ?? {});
    const error = body.gnExtras?.erro ?? body.erro;
    const code = error?.codigo ?? error?.nome;
    return {
      idempotencyId,
      status,
      endToEndId: body.endToEndId ?? body.e2eId,
      amountCents: body.valor ? valorToCents(body.valor) : undefined,
      settledAt: status === 'paid' ? (horario.liquidacao ?? horario.solicitacao) : undefined,
      failure: status === 'failed' ? failureOf(failureReasonOf(code, error?.motivo), code) : undefined,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Charges with due date (standard cobv)
  // -------------------------------------------------------------------------------------------

  async createDueCharge(request: DueChargeRequest): Promise<DueCharge> {
    if (!isValidChargeTxid(request.txid))
      throw new RangeError(`Not a cobv txid (26–35 [a-zA-Z0-9]): "${request.txid}"`);
    const response = await this.call({
      method: 'PUT',
      path: `/v2/cobv/${encodeURIComponent(request.txid)}`,
      body: {
        calendario: {
          dataDeVencimento: request.dueDate,
          validadeAposVencimento: request.validDaysAfterDue ?? 30,
        },
        devedor: {
          cnpj: request.debtor.cnpj.toUpperCase().replace(/[^0-9A-Z]/g, ''),
          nome: request.debtor.name,
        },
        valor: { original: centsToValor(request.amountCents) },
        chave: this.settings.accountKey,
        ...(request.payerMessage ? { solicitacaoPagador: request.payerMessage.slice(0, 140) } : {}),
        ...(request.info?.length
          ? { infoAdicionais: request.info.map((i) => ({ nome: i.name, valor: i.value })) }
          : {}),
      },
    });
    if (response.status === 200 || response.status === 201)
      return this.dueCharge(response.body as StandardCobV);
    const error = httpError(`Charge ${request.txid}`, response);
    if (error.kind === 'permanent' && !error.auth) {
      // Created before (a retry after a timeout): the charge of that txid with the same amount is this one.
      const existing = await this.getDueCharge(request.txid);
      if (existing && existing.amountCents === request.amountCents && existing.dueDate === request.dueDate)
        return existing;
    }
    throw error;
  }

  async getDueCharge(txid: string): Promise<DueCharge | null> {
    const response = await this.call({ method: 'GET', path: `/v2/cobv/${encodeURIComponent(txid)}` });
    if (response.status === 404) return null;
    if (response.status !== 200) throw httpError(`Charge ${txid}`, response);
    return this.dueCharge(response.body as StandardCobV);
  }

  async cancelDueCharge(txid: string): Promise<void> {
    const response = await this.call({
      method: 'PATCH',
      path: `/v2/cobv/${encodeURIComponent(txid)}`,
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
    });
    if (response.status === 200 || response.status === 404) return;
    const error = httpError(`Charge ${txid}`, response);
    // Already removed: the goal holds.
    if (
      error.kind === 'permanent' &&
      /removid/i.test(`${error.code} ${pspErrorOf(response.body).message ?? ''}`)
    )
      return;
    throw error;
  }

  private async dueCharge(body: StandardCobV): Promise<DueCharge> {
    const location = body.loc?.location ?? body.location ?? '';
    let brCode = body.pixCopiaECola;
    if (!brCode && body.loc?.id !== undefined) brCode = await this.brCodeOfLocation(body.loc.id);
    const pix: ReceivedPix[] = (body.pix ?? []).map((p) => ({
      endToEndId: p.endToEndId,
      txid: p.txid,
      amountCents: valorToCents(p.valor),
      paidAt: p.horario,
    }));
    return {
      txid: body.txid,
      status: body.status,
      amountCents: valorToCents(body.valor.original),
      dueDate: body.calendario.dataDeVencimento,
      location,
      brCode: brCode ?? '',
      revision: body.revisao ?? 0,
      pix,
    };
  }

  private async brCodeOfLocation(id: number): Promise<string | undefined> {
    const response = await this.call({ method: 'GET', path: `/v2/loc/${id}/qrcode` });
    if (response.status !== 200) throw httpError(`Location ${id}`, response);
    const qrcode = (response.body as { qrcode?: unknown })?.qrcode;
    return typeof qrcode === 'string' ? qrcode : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Webhook
  // -------------------------------------------------------------------------------------------

  async registerWebhook(url: string): Promise<void> {
    const response = await this.call({
      method: 'PUT',
      path: `/v2/webhook/${encodeURIComponent(this.settings.accountKey)}`,
      body: { webhookUrl: url },
      // Efí skips its mTLS handshake check against our server when we authenticate it ourselves (URL token, ingress).
      headers: { 'x-skip-mtls-checking': 'true' },
    });
    if (response.status !== 200 && response.status !== 201) throw httpError('Webhook registration', response);
  }
}
