/**
 * Small pieces of pt-BR wording every text uses: a count with its word in singular or plural (never
 * "vaga(s)"), and the name a person reads for each input field of the API (never "quantity").
 */

import { formatDateBR } from './format';
import { isIsoDate } from './time';

const COUNT_FORMAT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * `count` and the word that agrees with it: `plural(1, 'vaga criada', 'vagas criadas')` is
 * "1 vaga criada", `plural(3, …)` "3 vagas criadas", `plural(0, …)` "0 vagas criadas" (pt-BR uses the
 * plural for zero); thousands grouped as pt-BR writes them ("1.200 vagas").
 */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${COUNT_FORMAT.format(count)} ${pluralWord(count, singular, pluralForm)}`;
}

/** Only the word: `singular` for exactly one (or minus one), else `pluralForm`. */
export function pluralWord(count: number, singular: string, pluralForm: string): string {
  return Math.abs(count) === 1 ? singular : pluralForm;
}

/**
 * The pt-BR name of every field a request of the API can carry (bodies, queries, path parameters;
 * camelCase and snake_case as the contracts spell them). A refusal of the input names the field this
 * way ("Quantidade: Deve ser menor ou igual a 5"); libs/contracts checks that every field of every
 * request schema is here.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  accept: 'Resposta',
  acceptedTerms: 'Aceite dos Termos de uso e do Aviso de privacidade',
  accuracy: 'Precisão da localização',
  action: 'Ação',
  actor: 'Autor',
  address: 'Endereço',
  address_number: 'Número',
  addressNumber: 'Número',
  assignmentId: 'Trabalho',
  auth: 'Chave de autenticação da notificação',
  autoReleaseUnconfirmed: 'Liberar automaticamente turnos não confirmados',
  blockReason: 'Motivo do bloqueio',
  business_name: 'Nome do estabelecimento',
  businessName: 'Nome do estabelecimento',
  cep: 'CEP',
  channel: 'Canal de notificação',
  checkInAt: 'Entrada',
  checkIns: 'Check-ins',
  checkOutAt: 'Saída',
  checkOuts: 'Check-outs',
  cnpj: 'CNPJ',
  code: 'Código',
  comment: 'Comentário',
  confirmation: 'Confirmação',
  contact_person: 'Pessoa de contato',
  contactPerson: 'Pessoa de contato',
  count: 'Quantidade',
  cpf: 'CPF',
  cuisine_type: 'Tipo de estabelecimento',
  cuisineType: 'Tipo de estabelecimento',
  currentPassword: 'Senha atual',
  cursor: 'Página',
  date: 'Data',
  distance_km: 'Distância',
  document_type: 'Tipo de documento',
  dateNeeded: 'Data',
  dates: 'Datas',
  decision: 'Decisão',
  description: 'Descrição',
  disputeReason: 'Motivo da contestação',
  eligible: 'Filtro',
  email: 'E-mail',
  enabled: 'Ativado',
  endDate: 'Data final',
  endpoint: 'Endereço de notificação do navegador',
  endTime: 'Horário de término',
  exclusiveHours: 'Prazo só para convidados',
  experience_years: 'Anos de experiência',
  experienceYears: 'Anos de experiência',
  exportId: 'Pedido de dados',
  filter: 'Filtro',
  freelancerId: 'Freelancer',
  from: 'Data inicial',
  granted: 'Autorização',
  group: 'Grupo',
  hourlyRate: 'Valor',
  id: 'Identificador',
  ids: 'Identificadores',
  inviteFreelancerIds: 'Convidados',
  isActive: 'Situação da loja',
  iss: 'Emissor do login',
  jobId: 'Vaga',
  job_id: 'Vaga',
  keys: 'Chaves da notificação',
  kind: 'Tipo de disputa',
  latitude: 'Latitude',
  legal_name: 'Razão social',
  legalName: 'Razão social',
  limit: 'Itens por página',
  longitude: 'Longitude',
  mealTime: 'Horário de refeição',
  message: 'Mensagem',
  name: 'Nome',
  newPassword: 'Nova senha',
  note: 'Observação',
  notification_kind: 'Tipo de notificação',
  outcome: 'Resultado',
  p256dh: 'Chave pública da notificação',
  password: 'Senha',
  pay: 'Pagamento',
  privacyNoticeVersion: 'Versão do Aviso de privacidade',
  period: 'Período',
  phone: 'Telefone',
  pix_key: 'Chave PIX',
  pix_key_type: 'Tipo da chave PIX',
  pixKeyType: 'Tipo da chave PIX',
  position: 'Localização',
  positionType: 'Tipo de vaga',
  q: 'Busca',
  quantity: 'Quantidade',
  radius_m: 'Raio do check-in',
  radius_km: 'Distância máxima',
  rater: 'Avaliado por',
  rating: 'Avaliação',
  reason: 'Motivo',
  recommendedAttire: 'Vestimenta recomendada',
  recoveryCode: 'Código de recuperação',
  rememberDevice: 'Lembrar este dispositivo',
  reopen: 'Reabrir a vaga',
  role: 'Papel',
  restaurantId: 'Mercado',
  restaurantIds: 'Mercados',
  runId: 'Geração de faturas',
  scope: 'Escopo',
  sort: 'Ordenar por',
  specialties: 'Especialidades',
  startDate: 'Data inicial',
  startTime: 'Horário de início',
  state: 'Estado do login',
  status: 'Status',
  storeId: 'Loja',
  storeIds: 'Lojas',
  billingMode: 'Faturamento',
  establishmentType: 'Tipo de estabelecimento',
  targetId: 'Registro',
  targetType: 'Tipo de registro',
  termsVersion: 'Versão dos Termos de uso',
  text: 'Texto do recurso',
  timezone: 'Fuso horário',
  token: 'Convite',
  to: 'Data final',
  userType: 'Tipo de conta',
  v: 'Versão',
  weekOffset: 'Semana',
  workload: 'Carga horária',
};

/**
 * The field a person reads for an input path (`['dates', 2]` → "Datas"): the label of its last named
 * segment, or null when it has none (the message then stands alone rather than show a code name).
 */
export function fieldLabel(path: readonly PropertyKey[]): string | null {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment === 'string')
      return Object.hasOwn(FIELD_LABELS, segment) ? FIELD_LABELS[segment]! : null;
  }
  return null;
}

/** What a filter value reads when the screens have no label of their own for it. */
export type FilterValueLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * The "Filtros" sheet of an export: each filter given (empty ones left out) as its pt-BR field name
 * and its pt-BR value (`valueLabels[field][value]`, a date as dd/mm/aaaa, else the value as typed):
 * `{ date: 'all', status: 'open' }` reads "Data: Todas as datas", "Status: Abertas", never `date | all`.
 */
export function filterSheetPairs(
  query: Readonly<Record<string, unknown>>,
  valueLabels: FilterValueLabels = {},
): [string, string][] {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([field, value]) => {
      const text = String(value);
      const label = valueLabels[field]?.[text] ?? (isIsoDate(text) ? formatDateBR(text) : text);
      return [fieldLabel([field]) ?? field, label];
    });
}
