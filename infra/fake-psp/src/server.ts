/**
 * The fake PSP: the endpoints of Efí's Pix API that Turno's client calls, answering with the
 * shapes of the Central Bank's standard (services/psp/spec/openapi.yaml) and of Efí's documentation,
 * in memory, plus control endpoints (`/__control/…`) that make it slow, failing, silent after
 * accepting, rate limited, or sloppy with its webhooks. Development and tests only.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addDays,
  buildPixBrCode,
  checkPixKey,
  isValidChargeTxid,
  isValidCnpj,
  isValidCpf,
  isValidPixSendId,
  saoPauloDate,
} from '@turno/domain';

export interface FakePspOptions {
  /** 0 for a free port (tests). */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** The account's own Pix key (payer of sends, receiver of charges). */
  accountKey?: string;
  /** Where webhooks go (`<url>/pix` is posted, as Efí does); also set by `PUT /v2/webhook/:chave`. */
  webhookUrl?: string;
  /** Signs each webhook body (`x-turno-signature`, see services/psp/src/webhooks.ts). */
  webhookSecret?: string;
  /** How long an accepted send stays EM_PROCESSAMENTO before it settles (ms). */
  settleAfterMs?: number;
  merchantName?: string;
  merchantCity?: string;
}

type SendStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

interface SendRecord {
  idEnvio: string;
  e2eId: string;
  valor: string;
  chave: string;
  cpf?: string;
  status: SendStatus;
  solicitacao: string;
  liquidacao?: string;
  erro?: { codigo: string; motivo: string };
}

interface ReceivedPix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  infoPagador?: string;
}

interface ChargeRecord {
  body: Record<string, unknown>;
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  criacao: string;
  locId: number;
  location: string;
  brCode: string;
  pix: ReceivedPix[];
}

interface SendFailure {
  /** 'answer': the PUT answers this HTTP error; 'reject': accepted, then NAO_REALIZADO by webhook. */
  mode: 'answer' | 'reject';
  status: number;
  nome: string;
  mensagem: string;
}

export interface WebhookDelivery {
  url: string;
  body: string;
  status: number | 'error';
  at: string;
}

/** What the control endpoints change. */
interface Faults {
  latencyMs: number;
  failNextSends: (SendFailure & { remaining: number })[];
  timeoutAfterAccept: number;
  duplicateWebhooks: boolean;
  holdWebhooks: boolean;
  ratePerSecond: number;
  /** Keys the DICT knows with their owner: a send to a key owned by another CPF is refused. */
  keyOwners: Map<string, string>;
}

export interface FakePspState {
  sends: Map<string, SendRecord>;
  /** Every PUT /v3/gn/pix/:idEnvio received, duplicates included. */
  sendRequests: string[];
  charges: Map<string, ChargeRecord>;
  deliveries: WebhookDelivery[];
  heldWebhooks: string[];
  requestTimes: number[];
}

export interface RunningFakePsp {
  url: string;
  port: number;
  state: FakePspState;
  /** Webhook deliveries still under way (tests wait for them). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json';
const PROBLEM_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

function centsOf(valor: string): number {
  const [reais, cents] = valor.split('.');
  return Number(reais) * 100 + Number(cents);
}

function valorOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An endToEndId: 'E' + ISPB (8) + yyyyMMddHHmm + 11 random characters = 32. */
function endToEndId(): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  return `E09089356${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`.slice(0, 32);
}

function problem(status: number, name: string, title: string, detail: string) {
  return { type: `${PROBLEM_BASE}${name}`, title, status, detail };
}

export async function startFakePsp(options: FakePspOptions = {}): Promise<RunningFakePsp> {
  const clientId = options.clientId ?? 'turno-dev';
  const clientSecret = options.clientSecret ?? 'turno-dev-secret';
  const accountKey = options.accountKey ?? 'pix@turno.dev';
  const webhookSecret = options.webhookSecret ?? 'turno-dev-webhook-secret';
  const merchantName = options.merchantName ?? 'Turno';
  const merchantCity = options.merchantCity ?? 'Sao Paulo';
  let webhookUrl = options.webhookUrl;
  let settleAfterMs = options.settleAfterMs ?? 20;
  const tokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<void>>();
  const held = new Set<http.ServerResponse>();
  let nextLocId = 1;
  /** The charges' clock (`POST /__control/clock`): how far the PSP's "now" is from the real one. */
  let clockOffsetMs = 0;

  const state: FakePspState = {
    sends: new Map(),
    sendRequests: [],
    charges: new Map(),
    deliveries: [],
    heldWebhooks: [],
    requestTimes: [],
  };
  const faults: Faults = {
    latencyMs: 0,
    failNextSends: [],
    timeoutAfterAccept: 0,
    duplicateWebhooks: false,
    holdWebhooks: false,
    ratePerSecond: 0,
    keyOwners: new Map(),
  };

  function later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timers.add(timer);
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks
  // -------------------------------------------------------------------------------------------

  async function deliver(body: string): Promise<void> {
    if (!webhookUrl) return;
    // Efí appends /pix to the registered URL as a string (hence the `&ignorar=` trick).
    const target = `${webhookUrl}/pix`;
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest('hex')}`;
    for (let attempt = 0; attempt < 4; attempt++) {
      let status: number | 'error' = 'error';
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': JSON_TYPE, 'x-turno-signature': signature },
          body,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 'error';
      }
      state.deliveries.push({ url: target, body, status, at: new Date().toISOString() });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      // Only a server error or no answer is retried: a 4xx says the notification itself is refused.
      if (typeof status === 'number' && status < 500) return;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }

  function notify(items: unknown[]): void {
    const body = JSON.stringify({ pix: items });
    if (faults.holdWebhooks) {
      state.heldWebhooks.push(body);
      return;
    }
    const times = faults.duplicateWebhooks ? 2 : 1;
    for (let i = 0; i < times; i++) track(deliver(body));
  }

  function track(promise: Promise<void>): void {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  }

  function sendNotification(send: SendRecord) {
    return {
      endToEndId: send.e2eId,
      valor: send.valor,
      horario: send.liquidacao ?? send.solicitacao,
      chave: send.chave,
      status: send.status,
      tipo: 'SOLICITACAO',
      gnExtras: { idEnvio: send.idEnvio, ...(send.erro ? { erro: send.erro } : {}) },
    };
  }

  // -------------------------------------------------------------------------------------------
  // HTTP plumbing
  // -------------------------------------------------------------------------------------------

  function answer(
    res: http.ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (res.writableEnded || res.destroyed) return;
    const text = body === undefined ? '' : JSON.stringify(body);
    const type = body && typeof body === 'object' && 'type' in body ? 'application/problem+json' : JSON_TYPE;
    res.writeHead(status, { ...(text ? { 'content-type': type } : {}), ...headers });
    res.end(text);
  }

  async function readBody(req: http.IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return Symbol.for('malformed');
    }
  }

  function authorized(req: http.IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  }

  function rateLimited(): number | null {
    if (faults.ratePerSecond <= 0) return null;
    const now = Date.now();
    state.requestTimes = state.requestTimes.filter((t) => now - t < 1000);
    if (state.requestTimes.length >= faults.ratePerSecond) {
      const oldest = state.requestTimes[0] as number;
      return Math.max(1, Math.ceil((1000 - (now - oldest)) / 1000));
    }
    state.requestTimes.push(now);
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Efí's API
  // -------------------------------------------------------------------------------------------

  function oauth(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return answer(res, 401, { error: 'invalid_client', error_description: 'Credenciais inválidas' });
    if (
      !body ||
      typeof body !== 'object' ||
      (body as { grant_type?: unknown }).grant_type !== 'client_credentials'
    )
      return answer(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Use client_credentials',
      });
    const token = randomUUID().replace(/-/g, '');
    tokens.add(token);
    return answer(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'cobv.write cobv.read pix.send pix.read gn.pix.send.read webhook.write webhook.read',
    });
  }

  function putSend(res: http.ServerResponse, idEnvio: string, body: unknown) {
    state.sendRequests.push(idEnvio);
    if (!isValidPixSendId(idEnvio))
      return answer(res, 400, {
        nome: 'id_envio_invalido',
        mensagem: 'O idEnvio deve ter de 1 a 35 caracteres [a-zA-Z0-9]',
      });
    const input = body as {
      valor?: unknown;
      pagador?: { chave?: unknown };
      favorecido?: { chave?: unknown; cpf?: unknown; cnpj?: unknown };
    };
    if (
      typeof input?.valor !== 'string' ||
      !/^\d{1,10}\.\d{2}$/.test(input.valor) ||
      centsOf(input.valor) <= 0
    )
      return answer(res, 400, { nome: 'valor_invalido', mensagem: 'Campo valor inválido' });
    if (input.pagador?.chave !== accountKey)
      return answer(res, 400, {
        nome: 'chave_pagador_invalida',
        mensagem: 'A chave do pagador não pertence à conta',
      });
    const key = typeof input.favorecido?.chave === 'string' ? input.favorecido.chave : '';
    if (!checkPixKey(key).ok)
      return answer(res, 400, { nome: 'chave_invalida', mensagem: 'Chave Pix do favorecido inválida' });
    const cpf = input.favorecido?.cpf;
    if (cpf !== undefined && (typeof cpf !== 'string' || !isValidCpf(cpf)))
      return answer(res, 400, { nome: 'cpf_invalido', mensagem: 'CPF do favorecido inválido' });
    const existing = state.sends.get(idEnvio);
    if (existing)
      return answer(res, 409, {
        nome: 'id_envio_duplicado',
        mensagem: 'Já existe um envio com o idEnvio informado',
      });
    const failure = faults.failNextSends[0];
    if (failure && failure.mode === 'answer') {
      if (--failure.remaining <= 0) faults.failNextSends.shift();
      return answer(res, failure.status, { nome: failure.nome, mensagem: failure.mensagem });
    }
    const owner = faults.keyOwners.get(key);
    const send: SendRecord = {
      idEnvio,
      e2eId: endToEndId(),
      valor: input.valor,
      chave: key,
      cpf: typeof cpf === 'string' ? cpf : undefined,
      status: 'EM_PROCESSAMENTO',
      solicitacao: new Date().toISOString(),
    };
    state.sends.set(idEnvio, send);
    let rejection: { codigo: string; motivo: string } | undefined;
    if (failure && failure.mode === 'reject') {
      if (--failure.remaining <= 0) faults.failNextSends.shift();
      rejection = { codigo: failure.nome, motivo: failure.mensagem };
    } else if (owner && send.cpf && owner !== send.cpf) {
      rejection = { codigo: 'cpf_divergente', motivo: 'O CPF informado não é o titular da chave' };
    } else if (owner === 'unknown') {
      rejection = { codigo: 'chave_nao_encontrada', motivo: 'Chave Pix não encontrada no DICT' };
    }
    later(settleAfterMs, () => {
      send.status = rejection ? 'NAO_REALIZADO' : 'REALIZADO';
      send.liquidacao = new Date().toISOString();
      if (rejection) send.erro = rejection;
      notify([sendNotification(send)]);
    });
    if (faults.timeoutAfterAccept > 0) {
      faults.timeoutAfterAccept--;
      // Accepted and kept: the caller hears nothing (its timeout fires) and must ask by idEnvio.
      return;
    }
    return answer(res, 201, {
      idEnvio,
      e2eId: send.e2eId,
      valor: send.valor,
      horario: { solicitacao: send.solicitacao },
      status: send.status,
    });
  }

  function getSend(res: http.ServerResponse, idEnvio: string) {
    const send = state.sends.get(idEnvio);
    if (!send)
      return answer(res, 404, {
        nome: 'envio_nao_encontrado',
        mensagem: 'Nenhum envio encontrado para o idEnvio informado',
      });
    return answer(res, 200, {
      endToEndId: send.e2eId,
      idEnvio: send.idEnvio,
      valor: send.valor,
      chave: accountKey,
      status: send.status,
      horario: { solicitacao: send.solicitacao, ...(send.liquidacao ? { liquidacao: send.liquidacao } : {}) },
      favorecido: { chave: send.chave, ...(send.cpf ? { identificacao: { cpf: send.cpf } } : {}) },
      ...(send.erro ? { gnExtras: { erro: send.erro } } : {}),
    });
  }

  /**
   * The charge, after the PSP's own expiry: an `ATIVA` charge whose last payable day
   * (`dataDeVencimento` + `validadeAposVencimento`, default 30; no weekend or holiday extension
   * here) has passed on the PSP's clock is `REMOVIDA_PELO_PSP`, which some PSPs do (the standard
   * allows it; others keep the record `ATIVA` and refuse the payment).
   */
  function chargeOf(txid: string): ChargeRecord | undefined {
    const charge = state.charges.get(txid);
    if (charge?.status !== 'ATIVA') return charge;
    const calendario = (
      charge.body as { calendario: { dataDeVencimento: string; validadeAposVencimento?: number } }
    ).calendario;
    const lastPayable = addDays(calendario.dataDeVencimento, calendario.validadeAposVencimento ?? 30);
    if (saoPauloDate(new Date(Date.now() + clockOffsetMs)) > lastPayable) {
      charge.status = 'REMOVIDA_PELO_PSP';
      charge.revisao++;
    }
    return charge;
  }

  function chargeView(charge: ChargeRecord, complete: boolean) {
    const body = charge.body as {
      calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
      devedor: { cnpj?: string; cpf?: string; nome: string };
      valor: { original: string };
      solicitacaoPagador?: string;
      infoAdicionais?: unknown[];
    };
    return {
      calendario: {
        criacao: charge.criacao,
        dataDeVencimento: body.calendario.dataDeVencimento,
        validadeAposVencimento: body.calendario.validadeAposVencimento ?? 30,
      },
      txid: charge.txid,
      revisao: charge.revisao,
      loc: {
        id: charge.locId,
        txid: charge.txid,
        location: charge.location,
        tipoCob: 'cobv',
        criacao: charge.criacao,
      },
      location: charge.location,
      status: charge.status,
      devedor: body.devedor,
      recebedor: {
        logradouro: 'Avenida Paulista, 1000',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
        cnpj: '11222333000181',
        nome: 'Turno Intermediação de Serviços Ltda',
        nomeFantasia: 'Turno',
      },
      valor: { original: body.valor.original },
      chave: accountKey,
      ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
      ...(body.infoAdicionais ? { infoAdicionais: body.infoAdicionais } : {}),
      pixCopiaECola: charge.brCode,
      ...(complete && charge.pix.length ? { pix: charge.pix } : {}),
    };
  }

  function putCharge(res: http.ServerResponse, txid: string, body: unknown, host: string) {
    if (!isValidChargeTxid(txid))
      return answer(
        res,
        400,
        problem(
          400,
          'CobVOperacaoInvalida',
          'Cobrança inválida.',
          'O txid deve ter de 26 a 35 caracteres [a-zA-Z0-9].',
        ),
      );
    const input = body as {
      calendario?: { dataDeVencimento?: unknown };
      devedor?: { cnpj?: unknown; cpf?: unknown; nome?: unknown };
      valor?: { original?: unknown };
      chave?: unknown;
    };
    const invalid = (detail: string) =>
      answer(res, 400, problem(400, 'CobVOperacaoInvalida', 'Cobrança inválida.', detail));
    if (
      typeof input?.calendario?.dataDeVencimento !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(input.calendario.dataDeVencimento)
    )
      return invalid('O campo cobv.calendario.dataDeVencimento não respeita o schema.');
    if (typeof input.valor?.original !== 'string' || !/^\d{1,10}\.\d{2}$/.test(input.valor.original))
      return invalid('O campo cobv.valor.original não respeita o schema.');
    if (typeof input.devedor?.nome !== 'string' || !input.devedor.nome)
      return invalid('O campo cobv.devedor.nome é obrigatório.');
    const { cnpj, cpf } = input.devedor;
    if (!(typeof cnpj === 'string' && isValidCnpj(cnpj)) && !(typeof cpf === 'string' && isValidCpf(cpf)))
      return invalid('O campo cobv.devedor deve ter um CPF ou CNPJ válido.');
    if (input.chave !== accountKey) return invalid('A chave informada não pertence ao usuário recebedor.');
    if (state.charges.has(txid)) return invalid('O txid informado já está em uso.');
    const locId = nextLocId++;
    const location = `${host}/qr/v2/cobv/${randomUUID().replace(/-/g, '')}`;
    const charge: ChargeRecord = {
      body: body as Record<string, unknown>,
      txid,
      revisao: 0,
      status: 'ATIVA',
      criacao: new Date().toISOString(),
      locId,
      location,
      brCode: buildPixBrCode({
        target: { location },
        amountCents: centsOf(input.valor.original),
        merchantName,
        merchantCity,
      }),
      pix: [],
    };
    state.charges.set(txid, charge);
    return answer(res, 201, chargeView(charge, false));
  }

  function patchCharge(res: http.ServerResponse, txid: string, body: unknown) {
    const charge = chargeOf(txid);
    if (!charge)
      return answer(res, 404, problem(404, 'NaoEncontrado', 'Não Encontrado', 'Cobrança não encontrada.'));
    if ((body as { status?: unknown })?.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      return answer(
        res,
        400,
        problem(400, 'CobVOperacaoInvalida', 'Cobrança inválida.', 'Só a remoção é simulada.'),
      );
    if (charge.status === 'CONCLUIDA')
      return answer(
        res,
        400,
        problem(400, 'CobVOperacaoInvalida', 'Cobrança inválida.', 'A cobrança já foi paga.'),
      );
    if (charge.status === 'ATIVA') {
      charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      charge.revisao++;
    }
    return answer(res, 200, chargeView(charge, false));
  }

  // -------------------------------------------------------------------------------------------
  // Control
  // -------------------------------------------------------------------------------------------

  function control(res: http.ServerResponse, method: string, path: string, body: unknown) {
    const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const number = (name: string, fallback: number) =>
      typeof input[name] === 'number' ? (input[name] as number) : fallback;
    if (method === 'POST' && path === '/__control/latency') {
      faults.latencyMs = number('ms', 0);
      return answer(res, 200, { latencyMs: faults.latencyMs });
    }
    if (method === 'POST' && path === '/__control/settle') {
      settleAfterMs = number('ms', 20);
      return answer(res, 200, { settleAfterMs });
    }
    if (method === 'POST' && path === '/__control/fail-sends') {
      const mode = input.mode === 'reject' ? 'reject' : 'answer';
      faults.failNextSends.push({
        mode,
        remaining: number('count', 1),
        status: number('status', 400),
        nome: typeof input.nome === 'string' ? input.nome : 'chave_invalida',
        mensagem: typeof input.mensagem === 'string' ? input.mensagem : 'Chave Pix inválida',
      });
      return answer(res, 200, { queued: faults.failNextSends.length });
    }
    if (method === 'POST' && path === '/__control/timeout-after-accept') {
      faults.timeoutAfterAccept = number('count', 1);
      return answer(res, 200, { timeoutAfterAccept: faults.timeoutAfterAccept });
    }
    if (method === 'POST' && path === '/__control/rate-limit') {
      faults.ratePerSecond = number('perSecond', 0);
      state.requestTimes = [];
      return answer(res, 200, { perSecond: faults.ratePerSecond });
    }
    if (method === 'POST' && path === '/__control/webhooks') {
      if (typeof input.duplicate === 'boolean') faults.duplicateWebhooks = input.duplicate;
      if (typeof input.hold === 'boolean') faults.holdWebhooks = input.hold;
      if (typeof input.url === 'string') webhookUrl = input.url;
      return answer(res, 200, {
        duplicate: faults.duplicateWebhooks,
        hold: faults.holdWebhooks,
        url: webhookUrl ?? null,
      });
    }
    if (method === 'POST' && path === '/__control/webhooks/flush') {
      // Held notifications go out in the order asked: 'reverse' delivers the latest first (out of order).
      const bodies = state.heldWebhooks.splice(0);
      if (input.order === 'reverse') bodies.reverse();
      faults.holdWebhooks = false;
      const run = async () => {
        for (const text of bodies) await deliver(text);
      };
      track(run());
      return answer(res, 200, { flushed: bodies.length });
    }
    if (method === 'POST' && path === '/__control/keys') {
      // { key, ownerCpf } — the DICT's owner of a key; ownerCpf 'unknown' makes the key unknown to the DICT.
      if (typeof input.key !== 'string' || typeof input.ownerCpf !== 'string')
        return answer(res, 400, { error: 'key and ownerCpf are required' });
      faults.keyOwners.set(input.key, input.ownerCpf);
      return answer(res, 200, { keys: faults.keyOwners.size });
    }
    const pay = /^\/__control\/charges\/([^/]+)\/pay$/.exec(path);
    if (method === 'POST' && pay) {
      const txid = decodeURIComponent(pay[1] as string);
      const charge = chargeOf(txid);
      if (!charge) return answer(res, 404, { error: 'no charge with that txid' });
      if (charge.status !== 'ATIVA') return answer(res, 409, { error: `charge is ${charge.status}` });
      const original = centsOf((charge.body as { valor: { original: string } }).valor.original);
      const paidCents = number('amountCents', original);
      const pix: ReceivedPix = {
        endToEndId: endToEndId(),
        txid,
        valor: valorOf(paidCents),
        horario: new Date().toISOString(),
        infoPagador: 'Pagamento simulado no PSP de desenvolvimento',
      };
      charge.pix.push(pix);
      // The full amount settles the charge; another amount is recorded, and the charge stays open.
      if (paidCents === original) {
        charge.status = 'CONCLUIDA';
        charge.revisao++;
      }
      notify([pix]);
      return answer(res, 200, pix);
    }
    if (method === 'POST' && path === '/__control/clock') {
      // { now: ISO 8601 } moves the charges' clock (expiry); no `now` puts it back.
      const at = typeof input.now === 'string' ? Date.parse(input.now) : Number.NaN;
      if (input.now !== undefined && Number.isNaN(at))
        return answer(res, 400, { error: 'now must be ISO 8601' });
      clockOffsetMs = Number.isNaN(at) ? 0 : at - Date.now();
      return answer(res, 200, { now: new Date(Date.now() + clockOffsetMs).toISOString() });
    }
    if (method === 'GET' && path === '/__control/health') return answer(res, 200, { ok: true });
    if (method === 'GET' && path === '/__control/state') {
      return answer(res, 200, {
        sends: [...state.sends.values()],
        sendRequests: state.sendRequests,
        charges: [...state.charges.keys()].map((txid) => chargeView(chargeOf(txid)!, true)),
        deliveries: state.deliveries,
        heldWebhooks: state.heldWebhooks.length,
        webhookUrl: webhookUrl ?? null,
      });
    }
    if (method === 'POST' && path === '/__control/reset') {
      state.sends.clear();
      state.sendRequests.length = 0;
      state.charges.clear();
      state.deliveries.length = 0;
      state.heldWebhooks.length = 0;
      clockOffsetMs = 0;
      Object.assign(faults, {
        latencyMs: 0,
        failNextSends: [],
        timeoutAfterAccept: 0,
        duplicateWebhooks: false,
        holdWebhooks: false,
        ratePerSecond: 0,
      });
      faults.keyOwners.clear();
      return answer(res, 200, { reset: true });
    }
    return answer(res, 404, { error: 'unknown control endpoint' });
  }

  // -------------------------------------------------------------------------------------------
  // Router
  // -------------------------------------------------------------------------------------------

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-psp.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (path.startsWith('/__control/')) return control(res, method, path, body);
    if (body === Symbol.for('malformed'))
      return answer(res, 400, { nome: 'json_invalido', mensagem: 'Corpo da requisição não é JSON' });
    const retryAfter = rateLimited();
    if (retryAfter !== null)
      return answer(
        res,
        429,
        { nome: 'limite_requisicoes', mensagem: 'Limite de requisições atingido' },
        { 'retry-after': String(retryAfter) },
      );
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (method === 'POST' && path === '/oauth/token') return oauth(req, res, body);
    if (!authorized(req))
      return answer(res, 401, { nome: 'nao_autorizado', mensagem: 'Token de acesso inválido ou ausente' });
    let match: RegExpExecArray | null;
    if ((match = /^\/v3\/gn\/pix\/([^/]+)$/.exec(path)) && method === 'PUT') {
      const before = res.writableEnded;
      putSend(res, decodeURIComponent(match[1] as string), body);
      if (!res.writableEnded && !before) held.add(res);
      return;
    }
    if ((match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(path)) && method === 'GET')
      return getSend(res, decodeURIComponent(match[1] as string));
    if ((match = /^\/v2\/cobv\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(match[1] as string);
      if (method === 'PUT') return putCharge(res, txid, body, `${req.headers.host ?? 'localhost'}`);
      if (method === 'PATCH') return patchCharge(res, txid, body);
      if (method === 'GET') {
        const charge = chargeOf(txid);
        return charge
          ? answer(res, 200, chargeView(charge, true))
          : answer(res, 404, problem(404, 'NaoEncontrado', 'Não Encontrado', 'Cobrança não encontrada.'));
      }
    }
    if ((match = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path)) && method === 'GET') {
      const charge = [...state.charges.values()].find((c) => c.locId === Number(match?.[1]));
      if (!charge)
        return answer(res, 404, { nome: 'location_nao_encontrada', mensagem: 'Location não encontrada' });
      return answer(res, 200, { qrcode: charge.brCode, linkVisualizacao: `http://${charge.location}` });
    }
    if ((match = /^\/v2\/webhook\/([^/]+)$/.exec(path))) {
      const key = decodeURIComponent(match[1] as string);
      if (key !== accountKey)
        return answer(res, 400, { nome: 'chave_invalida', mensagem: 'A chave não pertence à conta' });
      if (method === 'PUT') {
        const target = (body as { webhookUrl?: unknown })?.webhookUrl;
        if (typeof target !== 'string' || !/^https?:\/\//.test(target))
          return answer(res, 400, { nome: 'webhook_invalido', mensagem: 'webhookUrl inválida' });
        webhookUrl = target;
        return answer(res, 200, { webhookUrl, chave: key, criacao: new Date().toISOString() });
      }
      if (method === 'GET')
        return webhookUrl
          ? answer(res, 200, { webhookUrl, chave: key })
          : answer(res, 404, problem(404, 'NaoEncontrado', 'Não Encontrado', 'Webhook não encontrado.'));
    }
    return answer(
      res,
      404,
      problem(404, 'NaoEncontrado', 'Não Encontrado', `${method} ${path} não existe neste PSP.`),
    );
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      answer(res, 500, { nome: 'erro_aplicacao', mensagem: String(error) });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    state,
    async idle() {
      while (pending.size > 0 || timers.size > 0) {
        await Promise.all([...pending]);
        if (timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const res of held) res.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...pending]);
    },
  };
}
