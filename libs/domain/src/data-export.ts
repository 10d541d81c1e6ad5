/**
 * "Baixar meus dados" (issue 27, LGPD art. 18 II and V: access and portability): the rules of a
 * data export and its pt-BR texts. The core service (services/core/src/data-exports), the workers'
 * job that builds the ZIP, the shell BFF's routes and Perfil → "Privacidade" all read them here.
 */

/** Where an export is: waiting for the worker, being built, ready, taken, past its 24 h, or failed. */
export const DATA_EXPORT_STATUSES = [
  'queued',
  'running',
  'ready',
  'downloaded',
  'expired',
  'failed',
] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** Still to be served: a second request returns this one instead of making another. */
export const OPEN_DATA_EXPORT_STATUSES = [
  'queued',
  'running',
  'ready',
] as const satisfies readonly DataExportStatus[];

/** The download link works for 24 hours after the file is ready, once. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** The law's deadline for answering an access request (LGPD art. 19 II): 15 days after it. */
export const DATA_EXPORT_DUE_DAYS = 15;

const HOUR_MS = 3_600_000;

/** When the file of an export ready at `readyAt` stops being served (and is removed from storage). */
export const dataExportExpiresAt = (readyAt: Date): Date =>
  new Date(readyAt.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);

/** The law's deadline of a request made at `requestedAt`. */
export const dataExportDueAt = (requestedAt: Date): Date =>
  new Date(requestedAt.getTime() + DATA_EXPORT_DUE_DAYS * 24 * HOUR_MS);

/** The names of the files inside the ZIP. */
export const DATA_EXPORT_FILES = {
  json: 'meus-dados.json',
  pdf: 'resumo.pdf',
} as const;

/** The ZIP's name as the browser saves it (`turno-meus-dados-2026-11-27.zip`). */
export const dataExportFileName = (readyAt: Date): string =>
  `turno-meus-dados-${readyAt.toISOString().slice(0, 10)}.zip`;

/** pt-BR texts of the export: the card in Perfil → "Privacidade", the refusals, the PDF summary. */
export const DATA_EXPORT_MESSAGES = {
  title: 'Seus dados',
  intro:
    'Receba uma cópia de tudo o que o Turno guarda sobre você: um arquivo JSON para levar a outro serviço e um resumo em PDF.',
  request: 'Baixar meus dados',
  requesting: 'Pedindo…',
  queued: 'Pedido recebido. Preparando seus dados…',
  running: (progress: number) => `Preparando seus dados: ${progress}%`,
  ready: 'Seu arquivo está pronto.',
  download: 'Baixar arquivo (válido por 24 horas, uma vez)',
  downloaded: 'Arquivo baixado. Para uma nova cópia, peça outra vez.',
  expired: 'O prazo de 24 horas do arquivo terminou. Peça uma nova cópia.',
  failed: 'Não foi possível preparar seus dados. Tente de novo; se o erro continuar, fale com o suporte.',
  requestFailed: 'Não foi possível pedir seus dados. Tente de novo.',
  notFound: 'Pedido de dados não encontrado.',
  alreadyDownloaded: 'Este arquivo já foi baixado. O link vale uma vez: peça uma nova cópia em Privacidade.',
  linkExpired: 'O link deste arquivo venceu (vale 24 horas). Peça uma nova cópia em Privacidade.',
  notReady: 'O arquivo ainda está sendo preparado. Aguarde alguns instantes.',
  fileMissing: 'O arquivo não está mais disponível. Peça uma nova cópia em Privacidade.',
  progressLabel: 'Progresso da preparação dos seus dados',
  pdf: {
    title: 'Turno — Seus dados pessoais',
    intro:
      'Este resumo acompanha o arquivo meus-dados.json, que traz todos os registros em formato legível por máquina (LGPD, art. 18, incisos II e V).',
    generatedAt: 'Gerado em',
    person: 'Titular',
    profile: 'Perfil',
    counts: 'Registros incluídos',
    sections: {
      applications: 'Candidaturas',
      shifts: 'Turnos (com horários e check-in)',
      ratingsGiven: 'Avaliações feitas',
      ratingsReceived: 'Avaliações recebidas',
      payouts: 'Pagamentos recebidos',
      vacancies: 'Vagas publicadas',
      applicationsReceived: 'Candidaturas recebidas',
      assignments: 'Escalas',
      invoices: 'Faturas',
      invoiceLines: 'Linhas de faturas',
      consents: 'Consentimentos',
      signIns: 'Histórico de acesso e atividade',
    },
    recentShifts: 'Turnos mais recentes',
    recentVacancies: 'Vagas mais recentes',
    kinds: { freelancer: 'Profissional', restaurant: 'Empresa', none: 'Cadastro incompleto' },
    profileLabels: {
      name: 'Nome',
      email: 'E-mail',
      phone: 'Telefone',
      address: 'Endereço',
      cpf: 'CPF',
      cnpj: 'CNPJ',
      pix_key: 'Chave Pix',
      business_name: 'Nome da loja',
      legal_name: 'Razão social',
      specialties: 'Especialidades',
      experience_years: 'Anos de experiência',
      vetting_status: 'Análise de cadastro',
      created_at: 'Cadastro em',
    },
    payoutsTotal: 'Total recebido',
    invoicesTotal: 'Total faturado',
    noRecords: 'Nenhum registro.',
    footer:
      'Dúvidas ou correções: Perfil → Privacidade, ou fale com o suporte do Turno. Este arquivo é pessoal; guarde-o em local seguro.',
  },
} as const;
