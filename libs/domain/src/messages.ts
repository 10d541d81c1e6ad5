/**
 * User-facing texts (pt-BR), grouped by area: the error catalogues of spec 01 §5/§8 and spec 02
 * §5/§8, the success texts shown beside them, and the refusals the server answers with
 * (`{ "error": MESSAGES.… }`). Texts that need a value are functions.
 * The only English texts are `session.*`: they go to the browser console, never to a person.
 *
 * Each group is an export of its own and `MESSAGES` is this module's namespace (`export * as
 * MESSAGES` in index.ts): a bundle that reads `MESSAGES.freelancers.…` carries the groups it reads,
 * not every text of the product (rspack tracks the properties read off a namespace). Never pass
 * `MESSAGES` whole in browser code: that would bring every group back.
 */
import { formatMoney } from './format';
import { plural } from './wording';
import {
  EXPERIENCE_YEARS_MAX,
  EXPERIENCE_YEARS_MIN,
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
  QUANTITY_MIN,
  RATING_COMMENT_MAX_LENGTH,
  RATING_WINDOW_DAYS,
} from './limits';

/** Generic answers any call may give. */
export const common = {
  connection: 'Erro de conexão. Verifique sua internet.',
  saveFailed: 'Erro ao salvar',
  saveConnection: 'Erro de conexão ao salvar. Verifique sua internet.',
  unknown: 'Erro desconhecido',
  invalidServerResponse: 'Erro: Resposta inválida do servidor',
  httpError: (status: number | string) => `Erro HTTP ${status}`,
  notFound: 'Registro não encontrado.',
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  invalidInput: 'Dados inválidos. Verifique os campos e tente novamente.',
  conflict: 'Os dados foram alterados por outra ação. Atualize a página e tente novamente.',
  rateLimited: 'Muitas requisições. Aguarde um momento e tente novamente.',
  /** A per-user rate limit (USER_RATE_LIMITS) reached: how long until the window ends. */
  tooManyActions: (minutes: number) =>
    `Você fez esta ação muitas vezes em pouco tempo. Tente novamente em ${minutes} min.`,
  /** A state change from another site (Origin / Sec-Fetch-Site): refused as possible CSRF. */
  crossSiteRefused: 'Requisição recusada: origem não permitida.',
  internal: 'Erro interno do servidor. Tente novamente em instantes.',
  routeNotFound: 'Rota não encontrada',
  jsonRequired: 'Envie os dados como JSON (Content-Type: application/json)',
  invalidJson: 'JSON inválido',
  payloadTooLarge: 'Dados grandes demais',
  /** PostgreSQL refused a value (22001): a text longer than its column. */
  valueTooLong: 'Um dos textos enviados é longo demais. Encurte-o e tente novamente.',
  /** PostgreSQL refused a value (22003): a number outside its column's range. */
  numberOutOfRange: 'Um dos números enviados está fora do intervalo permitido.',
  /** PostgreSQL refused a value it cannot read (22P02, 22007, 22008). */
  invalidValue: 'Um dos valores enviados é inválido.',
  /** A unique constraint (23505) no domain rule named. */
  duplicate: 'Este registro já existe.',
  /** A foreign key (23503) no domain rule named: the row is in use or is gone. */
  referenced: 'Este registro está em uso ou não existe mais. Atualize a página e tente novamente.',
  loading: 'Carregando...',
  noData: 'Sem dados',
  notInformed: 'Não informado',
} as const;

/** Browser console only (spec 01 §8, kept in English as observed). */
export const session = {
  fetchUserFailed: (status: number | string) =>
    `Failed to fetch user: API responded with HTTP status ${status}`,
  redirectUrlFailed: (detail: string) => `Failed to get login redirect URL: ${detail}`,
  exchangeFailed: (detail: string) => `Failed to exchange code for session token: ${detail}`,
  logoutFailed: 'Failed to logout:',
  missingCode: 'Cannot exchange code for session token: no code provided in the URL search params.',
} as const;

/** Business and freelancer sign-in (spec 01 §2 and §8). */
export const signIn = {
  finishing: 'Finalizando seu login...',
  loadingDashboard: 'Carregando dashboard...',
  accessDenied: 'O login foi cancelado ou negado. Tente novamente.',
  disallowedUserAgent:
    'O provedor de login bloqueou o acesso por este navegador. Abra o link no Chrome, Safari, Firefox ou Edge.',
  error: (code: string) => `Erro no login: ${code}`,
  authenticationFailed: 'Falha na autenticação.',
  inAppBrowserTitle: 'Navegador Não Compatível',
  inAppBrowser:
    'Este navegador interno não permite o login. Abra o link no Chrome, Safari, Firefox ou Edge para continuar.',
  missingCode: 'Código de login ausente. Tente entrar novamente.',
  invalidState: 'A sessão de login expirou ou é inválida. Tente entrar novamente.',
  providerUnavailable: 'O serviço de login está indisponível no momento. Tente novamente em instantes.',
  accessDeniedTitle: 'Login cancelado',
  failedTitle: 'Não foi possível entrar',
  startFailed: 'Não foi possível iniciar o login agora. Tente novamente em instantes.',
  signOut: 'Sair',
} as const;

/** Address lookups of the shared CEP widget (spec 01 §5 "Postal code"), answered by the shell BFF. */
export const address = {
  cepServiceUnavailable: 'Serviço de CEP indisponível. Preencha o endereço manualmente.',
  searchServiceUnavailable: 'Serviço de busca de endereços indisponível. Preencha o endereço manualmente.',
} as const;

/** First-time profile setup (spec 01 §2, §5, §8). */
export const setup = {
  createFailed: 'Erro ao criar perfil. Tente novamente.',
  nameRequired: 'Nome é obrigatório',
  businessNameRequired: 'Nome do estabelecimento é obrigatório',
  invalidUserType: 'Escolha o tipo de conta: Mercado/Hortifruti ou Freelancer.',
  alreadyCompleted: 'Seu perfil já foi criado.',
  saving: 'Criando...',
  loading: 'Carregando seu cadastro...',
  invalidPhone: 'Telefone incompleto: digite DDD + número (11 dígitos) ou deixe o campo em branco.',
} as const;

/** Admin login (spec 02 §2 and §8). */
export const adminAuth = {
  verifying: 'Verificando acesso...',
  credentialsRequired: 'Informe e-mail e senha.',
  invalidCredentials: 'Credenciais inválidas',
  loginFailed: 'Erro ao fazer login. Tente novamente.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  notAdmin: 'Acesso restrito a administradores.',
  signingIn: 'Entrando...',
  online: 'Admin Online',
} as const;

/** Restaurant profile (spec 01 §5 and §8) and the admin's restaurant tab (spec 02 §5 and §8). */
export const restaurants = {
  nameRequired: 'Nome do responsável é obrigatório',
  businessNameRequired: 'Nome do estabelecimento é obrigatório',
  profileLoadFailed: (detail: string) => `Erro ao carregar perfil: ${detail}`,
  notFound: 'Mercado não encontrado',
  notSelected: 'Nenhum mercado selecionado',
  noneFound: 'Nenhum mercado encontrado',
  loadFailed: 'Erro ao carregar mercados',
  approveFailed: 'Erro ao aprovar mercado',
  rejectFailed: 'Erro ao rejeitar mercado',
  deleteFailed: 'Erro ao excluir mercado',
  updateConnection: 'Erro de conexão ao atualizar mercado. Verifique sua internet.',
  onlyPendingCanBeReviewed: 'Apenas cadastros pendentes podem ser aprovados ou rejeitados.',
  hasBillingCannotBeDeleted:
    'Este estabelecimento tem trabalhos concluídos ou faturas e não pode ser excluído. Rejeite o cadastro para desativá-lo.',
  approved: 'Mercado aprovado com sucesso!',
  rejected: 'Mercado rejeitado.',
  updated: 'Mercado atualizado com sucesso!',
  /**
   * The business's Dashboard in each account state (spec 01 §4 "Restaurant approval", spec 02 §4):
   * approved, pending (active, awaiting approval), rejected (inactive).
   */
  dashboardApproved:
    'Publique vagas para hoje e os próximos 6 dias. Acompanhe candidaturas e turnos na Agenda.',
  dashboardPendingTitle: 'Cadastro em análise',
  dashboardRejectedTitle: 'Cadastro não aprovado',
  dashboardRejected:
    'Seu cadastro foi rejeitado pela equipe Turno e a conta está desativada, por isso não é possível criar vagas. Você ainda pode consultar sua agenda e suas faturas. Entre em contato com o suporte para saber o motivo ou pedir uma nova análise.',
  profileSaved: 'Perfil salvo com sucesso!',
  /** The business's legal identity (issue 25): asked at setup and in Perfil, shown on invoices. */
  cnpjLabel: 'CNPJ',
  legalNameLabel: 'Razão social',
  cnpjRequired: 'CNPJ é obrigatório',
  invalidCnpj: 'CNPJ inválido: confira os 14 dígitos (os dígitos verificadores não conferem).',
  legalNameRequired: 'Razão social é obrigatória',
  legalNameLength: `Razão social deve ter entre ${LEGAL_NAME_MIN_LENGTH} e ${LEGAL_NAME_MAX_LENGTH} caracteres.`,
  legalNameHint: 'Como consta no cartão CNPJ da Receita Federal.',
  cnpjHint: 'Formato: 00.000.000/0000-00',
  cnpjValid: 'CNPJ válido',
  /** Perfil and Dashboard of a business set up before the CNPJ was asked. */
  completeLegalIdentity:
    'Complete seu cadastro: informe o CNPJ e a razão social para que suas faturas saiam em nome da empresa.',
  /** The Dashboard's version: where to do it. */
  completeLegalIdentityWhere: 'Em "Perfil", toque em "Editar perfil" e preencha CNPJ e razão social.',
} as const;

/** Freelancer profile and the admin's freelancer tab. */
export const freelancers = {
  requiredFields: 'Nome, CPF e Chave PIX são obrigatórios!',
  notFound: 'Freelancer não encontrado',
  profileNotFound: 'Perfil não encontrado. Tente recarregar a página.',
  loadFailed: 'Erro ao carregar freelancers',
  profileLoadFailed: 'Erro ao carregar perfil',
  createFailed: 'Erro ao criar freelancer',
  updateFailed: 'Erro ao atualizar freelancer',
  approveFailed: 'Erro ao aprovar freelancer',
  rejectFailed: 'Erro ao rejeitar freelancer',
  deleteFailed: 'Erro ao excluir freelancer',
  profileUpdateFailed: 'Erro ao atualizar perfil',
  onlyPendingCanBeReviewed: 'Apenas cadastros pendentes podem ser aprovados ou rejeitados.',
  hasCompletedWorkCannotBeDeleted:
    'Este freelancer tem trabalhos concluídos e não pode ser excluído. Rejeite o cadastro para desativá-lo.',
  created: 'Freelancer criado com sucesso!',
  updated: 'Freelancer atualizado com sucesso!',
  approved: 'Freelancer aprovado com sucesso!',
  rejected: 'Freelancer rejeitado.',
  profileUpdated: 'Perfil atualizado com sucesso!',
  noSpecialties: 'Nenhuma especialidade informada',
  /** Status banners on the freelancer dashboard. */
  bannerMissingPhoto: 'Adicione uma foto de perfil para poder se candidatar às vagas.',
  bannerAwaitingApproval: 'Seu cadastro está em análise. Você poderá se candidatar assim que for aprovado.',
  bannerNotActive: 'Seu perfil não está ativo no momento. Entre em contato com o suporte.',
  bannerMissingPhotoTitle: 'Falta sua foto de perfil',
  bannerAwaitingApprovalTitle: 'Cadastro em análise',
  bannerNotActiveTitle: 'Perfil inativo',
  bannerGoToProfile: 'Ir para o Perfil',
  /** The apply button of a vacancy when a requirement is missing (spec 01 §5 "Freelancer applying"). */
  applyNeedsPhoto: 'Adicione uma foto para se candidatar',
  applyNeedsApproval: 'Aguardando aprovação do cadastro',
  applyNeedsAvailability: 'Perfil inativo: não é possível se candidatar',
  retryProfile: 'Tentar novamente',
} as const;

/** Vacancies: creation, edit, deletion, loading (spec 01 §5/§8, spec 02 §5/§8). */
export const jobs = {
  notApproved: 'Seu cadastro ainda não foi aprovado. Aguarde a aprovação para criar vagas.',
  selectDate: 'Selecione pelo menos uma data para a vaga.',
  adminRequiredFields: 'Preencha todos os campos obrigatórios e selecione pelo menos uma data',
  requiredFields: 'Preencha todos os campos obrigatórios',
  positionTypeRequired: 'Selecione o tipo de vaga.',
  invalidPositionType: 'Tipo de vaga inválido.',
  workloadRequired: 'Selecione a carga horária.',
  invalidWorkload: 'Carga horária inválida.',
  workloadNotAllowedForBusiness: 'Mercados podem criar apenas turnos de 6h, 8h20 ou 10h.',
  startTimeRequired: 'Informe o horário de início.',
  invalidStartTime: 'Horário de início inválido (use HH:MM).',
  dateOutOfRange: 'Escolha datas entre hoje e os próximos 6 dias.',
  /** A start that has already come (Sao Paulo time), on creation or edit (issue 22). */
  startInPast:
    'O horário de início já passou. Escolha um horário posterior ao atual (horário de Brasília) ou outra data.',
  /** The form, while "Hoje" is chosen: the first start it still accepts. */
  todayStartsFrom: (time: string) => `Para hoje, o início deve ser a partir de ${time}.`,
  /** The form, when no start of today is ahead any more (after 23:59). */
  todayIsOver: 'Não há mais horários de início disponíveis hoje. Escolha outra data.',
  quantityOutOfRange: (max: number) => `A quantidade por data deve ser de ${QUANTITY_MIN} a ${max}.`,
  invalidMealTime: 'Horário de refeição inválido para este turno.',
  notFound: 'Vaga não encontrada',
  notOpen: 'Esta vaga não está mais aberta.',
  completedCannotBeEdited: 'Vagas concluídas não podem ser editadas.',
  completedCannotBeDeleted: 'Vagas concluídas não podem ser excluídas.',
  billedCannotBeDeleted: 'Esta vaga já foi faturada e não pode ser excluída.',
  loadFailed: 'Erro ao carregar vagas',
  loadDataFailed: 'Erro ao carregar dados',
  createFailed: 'Erro ao criar vaga. Tente novamente.',
  createManyFailed: 'Erro ao criar vagas',
  updateFailed: 'Erro ao atualizar vaga',
  deleteFailed: 'Erro ao excluir vaga',
  created: (count: number) => `${plural(count, 'vaga criada', 'vagas criadas')} com sucesso!`,
  updated: 'Vaga atualizada com sucesso!',
  /** The edit of a vacancy that freelancers applied to and still wait on (issue 22). */
  editPendingApplications: (count: number) =>
    count === 1
      ? '1 freelancer se candidatou a esta vaga e aguarda resposta: ao salvar, a candidatura dele passa a mostrar a data e os horários novos.'
      : `${count} freelancers se candidataram a esta vaga e aguardam resposta: ao salvar, as candidaturas deles passam a mostrar a data e os horários novos.`,
  updatedWithCheck: '✅ Vaga atualizada com sucesso!',
  deleted: 'Vaga excluída com sucesso!',
  businessWorkloadsNote: 'Mercados podem usar apenas turnos de 6h, 8h20min e 10h.',
} as const;

/** Applications (spec 01 §5/§8, spec 02 §8, 00-decisions). */
export const applications = {
  /** The server's refusal when accepting would give the freelancer two overlapping shifts. */
  scheduleConflict:
    'CONFLITO DE HORÁRIO: este freelancer já tem um trabalho que se sobrepõe ao horário desta vaga.',
  /** The same refusal when the freelancer applies. */
  scheduleConflictOwn: 'CONFLITO DE HORÁRIO: você já tem um trabalho que se sobrepõe ao horário desta vaga.',
  scheduleConflictMarker: 'CONFLITO DE HORÁRIO',
  conflictAlertTitle: 'ATENÇÃO!',
  conflictAdvice: 'Verifique os horários dos trabalhos já alocados a este freelancer antes de continuar.',
  notFound: 'Candidatura não encontrada',
  alreadyApplied: 'Você já se candidatou a esta vaga.',
  expired: 'Esta candidatura expirou.',
  notPending: 'Esta candidatura já foi analisada.',
  jobNotOpen: 'Esta vaga não está mais disponível.',
  /** The shift's start has come (Sao Paulo time): no more applications (issue 22). */
  shiftStarted: 'Este turno já começou: não é mais possível se candidatar.',
  photoRequired: 'Adicione uma foto de perfil para se candidatar.',
  freelancerNotApproved: 'Seu cadastro ainda não foi aprovado. Aguarde a aprovação para se candidatar.',
  freelancerNotAvailable: 'Seu perfil não está ativo. Entre em contato com o suporte.',
  blocked: 'Você não pode se candidatar às vagas deste estabelecimento.',
  messageTooLong: (max: number) => `A mensagem pode ter no máximo ${max} caracteres.`,
  applyFailed: 'Erro ao se candidatar',
  loadFailed: 'Erro ao carregar candidaturas',
  acceptFailed: 'Erro ao aceitar candidatura',
  rejectFailed: 'Erro ao rejeitar candidatura',
  applied: 'Candidatura enviada com sucesso!',
  accepted: 'Candidatura aceita com sucesso!',
  rejected: 'Candidatura rejeitada.',
  acceptExplanation:
    'Ao aceitar uma candidatura, todas as outras são rejeitadas automaticamente e o freelancer é alocado imediatamente.',
} as const;

/** The shift flow: on the way, check-in, check-out (spec 01 §4/§8, spec 02 §4/§8). */
export const shifts = {
  onTheWayOutsideWindow:
    'Você só pode avisar que está a caminho entre 3 horas antes e 1 hora depois do início do turno.',
  onTheWayAlreadySent: 'Você já avisou que está a caminho.',
  onTheWaySent: 'Aviso enviado: você está a caminho!',
  notYourShift: 'Este trabalho não está alocado para você.',
  notAssigned: 'Esta vaga não tem freelancer alocado.',
  alreadyCompleted: 'Este trabalho já foi concluído.',
  checkInAlreadyDone: 'O check-in já foi realizado.',
  /** A check-in requested more than 1 h before the start (the spec is silent; none the day before). */
  checkInTooEarly: 'O check-in só pode ser solicitado a partir de 1 hora antes do início do turno.',
  onTheWayFailed: 'Erro ao avisar que está a caminho',
  awaitingCheckInApproval: 'Aguardando o estabelecimento aprovar o check-in.',
  awaitingCheckOutApproval: 'Aguardando o estabelecimento aprovar o check-out.',
  checkInRequestMissing: 'Não há solicitação de check-in para aprovar.',
  checkInRequired: 'Faça o check-in antes do check-out.',
  checkOutAlreadyDone: 'O check-out já foi realizado.',
  checkOutRequestMissing: 'Não há solicitação de check-out para aprovar.',
  checkInFailed: 'Erro ao fazer check-in',
  checkOutFailed: 'Erro ao fazer check-out',
  approveCheckInFailed: 'Erro ao aprovar check-in',
  approveCheckOutFailed: 'Erro ao aprovar check-out',
  approveCheckInConnection: 'Erro de conexão ao aprovar check-in',
  approveCheckOutConnection: 'Erro de conexão ao aprovar check-out',
  manualCheckInFailed: 'Erro ao fazer check-in manual',
  /** Admin manual check-in/out outside its window (issue 22): a correction needs a reason. */
  manualCheckInOutsideWindow:
    'Fora da janela do check-in (a partir de 1 hora antes do início do turno): informe o motivo da correção.',
  manualCheckOutOutsideWindow:
    'O turno ainda não começou: para fazer o check-out agora, informe o motivo da correção.',
  checkOutBeforeCheckIn: 'O check-out não pode ser anterior ao horário do check-in.',
  correctionReasonLength: (min: number, max: number) =>
    `O motivo da correção deve ter de ${min} a ${max} caracteres.`,
  manualCheckOutFailed: 'Erro ao fazer check-out manual',
  checkInRequested: 'Check-in solicitado! Aguarde a aprovação do estabelecimento.',
  checkOutRequested: 'Check-out solicitado! Aguarde a aprovação do estabelecimento.',
  checkInApproved: 'Check-in aprovado com sucesso!',
  checkOutApprovedWithAmounts: (freelancerReais: number, restaurantReais: number) =>
    `Check-out aprovado! Freelancer receberá ${formatMoney(freelancerReais)}, mercado pagará ${formatMoney(restaurantReais)}`,
  checkOutApprovedPaid: 'Check-out aprovado e pagamento liberado com sucesso!',
  manualCheckInDone: 'Check-in manual realizado com sucesso!',
  manualCheckOutDone: 'Check-out manual realizado com sucesso!',
  completedPayoutSoon: 'Trabalho concluído! Seu pagamento chega em alguns minutos via PIX.',
  /** The business's completion message (10 s) after approving a check-out (spec 01 §4 "Success feedback"). */
  completedForRestaurant: (freelancerName: string) =>
    `Trabalho concluído! O pagamento de ${freelancerName} chega em alguns minutos via PIX.`,
  paymentHistoryLoadFailed: 'Erro ao carregar histórico financeiro',
} as const;

/** Admin assignment of a freelancer to a job (spec 02 §5 and §8). */
export const assignments = {
  selectJobAndFreelancer: 'Selecione uma vaga e um freelancer.',
  /** The assign dialog before a job is chosen: whom it offers depends on the job. */
  chooseJobFirst: 'Escolha a vaga para ver quem pode assumi-la.',
  /** The assign dialog's hint: it offers only whom the server accepts for the chosen job. */
  assignableHint: 'Somente freelancers aprovados, disponíveis e livres no horário da vaga.',
  noneAssignable: 'Nenhum freelancer aprovado e disponível está livre no horário desta vaga.',
  notFound: 'Alocação não encontrada',
  jobAlreadyAssigned: 'Esta vaga já tem um freelancer alocado.',
  freelancerNotEligible: 'Apenas freelancers aprovados e disponíveis podem ser alocados.',
  freelancerBlocked: 'Este freelancer está bloqueado neste estabelecimento.',
  completedCannotBeUnassigned: 'Não é possível desalocar um trabalho concluído.',
  assignFailed: 'Erro ao alocar freelancer',
  unassignFailed: 'Erro ao desalocar freelancer',
  assigned: 'Freelancer alocado com sucesso!',
  unassigned: 'Freelancer desalocado com sucesso!',
} as const;

/** Ratings (spec 01 §5/§8, 00-decisions). */
export const ratings = {
  starsRequired: 'Por favor, selecione uma avaliação de 1 a 5 estrelas',
  commentTooLong: `O comentário pode ter no máximo ${RATING_COMMENT_MAX_LENGTH} caracteres.`,
  notCompleted: 'Só é possível avaliar trabalhos concluídos.',
  windowClosed: `O prazo para avaliar este trabalho terminou (${RATING_WINDOW_DAYS} dias após a conclusão).`,
  alreadyRated: 'Você já avaliou este trabalho.',
  notParticipant: 'Você não participou deste trabalho.',
  submitFailed: 'Erro ao enviar avaliação',
  submitted: 'Avaliação enviada com sucesso!',
} as const;

/** Profile photo upload (spec 01 §5). */
export const photos = {
  missing: 'Selecione uma foto para enviar.',
  notImage: 'Apenas arquivos de imagem são permitidos',
  tooLarge: 'A foto deve ter no máximo 5 MB.',
  tooSmall: 'A foto deve ter pelo menos 1 KB.',
  uploadFailed: 'Erro ao enviar a foto. Tente novamente.',
  uploaded: 'Foto atualizada com sucesso!',
} as const;

/** Blocks (spec 01 §8, spec 02 §5 and §8). */
export const blocks = {
  selectFreelancer: 'Selecione um freelancer.',
  selectFreelancerAndRestaurant: '❌ Selecione um freelancer e um mercado',
  alreadyBlocked: 'Este freelancer já está bloqueado neste estabelecimento.',
  notFound: 'Bloqueio não encontrado',
  adminBlockCannotBeRemoved: 'Este bloqueio foi feito pela administração e só pode ser removido por ela.',
  blockFailed: 'Erro ao bloquear freelancer',
  unblockFailed: 'Erro ao desbloquear freelancer',
  removeFailed: 'Erro ao remover bloqueio',
  blocked: '✅ Freelancer bloqueado com sucesso!',
  removed: '✅ Bloqueio removido com sucesso!',
} as const;

/** Invoices (spec 02 §5 and §8, 00-decisions "Billing"). */
export const invoices = {
  datesRequired: 'Por favor, selecione as datas de início e fim',
  startAfterEnd: 'A data de início deve ser anterior à data de fim',
  invalidWeekOffset: 'Semana inválida para geração de faturas.',
  notFound: 'Fatura não encontrada',
  onlyPendingCanBePaid: 'Apenas faturas pendentes ou vencidas podem ser marcadas como pagas.',
  paidCannotBeChanged: 'Faturas pagas não podem ser alteradas nem excluídas.',
  markPaidFailed: 'Erro ao marcar fatura como paga',
  deleteFailed: 'Erro ao excluir fatura',
  weeklyGenerationFailed: (detail?: string | null) =>
    `Erro ao gerar faturas semanais: ${detail || 'Erro desconhecido'}`,
  customGenerationFailed: 'Erro ao gerar faturas personalizadas',
  loadFailed: 'Erro ao carregar faturas',
  markedPaid: 'Fatura marcada como paga!',
  deleted: 'Fatura excluída!',
  nothingToBill: 'Nenhum serviço concluído a faturar no período.',
  /** Result of a generation run: invoices created and services (completed shifts) billed. */
  generated: (invoices: number, services: number) =>
    `${plural(invoices, 'fatura gerada', 'faturas geradas')} com ${plural(services, 'serviço faturado', 'serviços faturados')}.`,
  /** Invoice description: the period its services cover, dates 'dd/mm/aaaa'. */
  servicesDescription: (startBR: string, endBR: string) => `Serviços de ${startBR} a ${endBR}`,
  customDescription: (startBR: string, endBR: string) =>
    `Fatura personalizada: serviços de ${startBR} a ${endBR}`,
  onlyAdminsGenerate: 'Apenas administradores podem gerar, alterar ou excluir faturas.',
  invalidRestaurantSelection: 'Seleção de mercados inválida.',
  paymentTerms: 'Pagamento até a quarta-feira da semana seguinte, por boleto ou Pix.',
  /** A generation run (invoices queue) that does not exist or was removed. */
  runNotFound: 'Geração de faturas não encontrada.',
  /** While a generation run works: businesses billed so far of those with work to bill. */
  generationProgress: (processed: number, total: number) => `Processando mercados: ${processed} de ${total}`,
  generationWaiting: 'Geração na fila. Aguarde...',
  /** "Gerar faturas: Semana atual" (issue 22): the week is still running, so it is confirmed first. */
  currentWeekConfirmTitle: 'Gerar faturas da semana atual?',
  currentWeekNotOver: (period: string) =>
    `A semana atual (${period}) ainda não terminou. As faturas incluirão apenas os serviços concluídos até agora. Deseja gerar mesmo assim?`,
  currentWeekConfirm: 'Gerar mesmo assim',
  /** The result box's heading: the week (dd/mm–dd/mm) it is about. */
  resultWeek: (period: string) => `Faturas da semana ${period}`,
  weekStillRunning: 'Esta semana ainda não terminou: os serviços concluídos depois não estão nestas faturas.',
  exportFailed: 'Erro ao exportar para Excel',
} as const;

/** Spending analytics panels. */
export const analytics = {
  noData: 'Sem dados',
  loadFailed: 'Erro ao carregar',
  allCalculationsCorrect: 'Todos os cálculos estão corretos!',
  calculationError: (jobId: number | string) => `ERRO: Vaga #${jobId}`,
  /** Detailed report period (spec 02 §2 and §5: no date beyond today, end not before start). */
  reportDateRequired: 'Selecione uma data ou um período para o relatório.',
  reportDateAfterToday: 'A data do relatório não pode ser posterior a hoje.',
  reportEndBeforeStart: 'A data final não pode ser anterior à data inicial.',
  reportPeriodTooLong: (maxDays: number) => `O período do relatório pode ter no máximo ${maxDays} dias.`,
  invalidMetricsFilter: 'Filtro inválido: use hoje ou semana.',
} as const;

/** Admin deletion of a restaurant or freelancer (spec 02 §5). */
export const deletion = {
  typeToConfirm: (word: string) => `Digite ${word} para confirmar a exclusão.`,
  cancelled: 'Exclusão cancelada. Texto de confirmação incorreto.',
  restaurantDeleted: 'Mercado excluído com sucesso!',
  freelancerDeleted: 'Freelancer excluído com sucesso!',
  /** An account with billing history is anonymized instead of deleted (issue 10, LGPD). */
  restaurantAnonymized:
    'Este mercado tem trabalhos concluídos ou faturas: os dados pessoais foram apagados e a conta desativada. As faturas foram mantidas.',
  freelancerAnonymized:
    'Este freelancer tem trabalhos concluídos: os dados pessoais foram apagados e a conta desativada. Os registros de pagamento foram mantidos.',
} as const;

/** Confirmation prompts (spec 01 §5, spec 02 §5). */
export const confirmations = {
  acceptApplication: 'Tem certeza que deseja aceitar esta candidatura?',
  acceptApplicationRejectsOthers:
    'Tem certeza que deseja aceitar esta candidatura? Todas as outras candidaturas desta vaga serão rejeitadas automaticamente.',
  rejectApplication: 'Tem certeza que deseja rejeitar esta candidatura?',
  deleteJob: 'Tem certeza que deseja excluir esta vaga? Esta ação não pode ser desfeita.',
  unassign: 'Tem certeza que deseja desalocar este freelancer?',
  manualCheckIn: 'Confirmar check-in manual deste freelancer?',
  manualCheckOut:
    'Confirmar check-out manual deste freelancer? O trabalho será concluído e o pagamento liberado.',
  markInvoicePaid: 'Marcar esta fatura como paga?',
  deleteInvoice: 'Tem certeza que deseja excluir esta fatura?',
  rejectRestaurant: 'Tem certeza que deseja rejeitar este mercado? A conta será desativada.',
  rejectFreelancer: 'Tem certeza que deseja rejeitar este freelancer? A conta será desativada.',
  removeBlock: 'Tem certeza que deseja remover este bloqueio?',
  unblock: 'Tem certeza que deseja desbloquear este freelancer?',
  deleteRestaurant: 'Tem certeza que deseja excluir este mercado? Esta ação não pode ser desfeita.',
  deleteFreelancer: 'Tem certeza que deseja excluir este freelancer? Esta ação não pode ser desfeita.',
} as const;

/** Field validation (shared form widgets and server input checks). */
export const validation = {
  required: (field: string) => `${field} é obrigatório`,
  invalidDate: 'Data inválida (use AAAA-MM-DD).',
  /** A list's page cursor the server did not make (or from an older version of the list). */
  invalidCursor: 'Página inválida. Recarregue a lista e tente novamente.',
  invalidTime: 'Horário inválido (use HH:MM).',
  invalidCpf: 'CPF inválido',
  invalidCnpj: 'CNPJ inválido',
  invalidPixKey: 'Chave PIX inválida. Use CPF, CNPJ, e-mail, telefone (+55 com DDD) ou chave aleatória.',
  /** A bare 11-digit PIX key can be a CPF or a cell phone: the form asks (issue 22). */
  pixKeyKindQuestion: 'Esta chave PIX de 11 dígitos é um CPF ou um telefone celular?',
  pixKeyKindRequired: 'Diga se a chave PIX é um CPF ou um telefone.',
  pixKeyKindCpf: 'CPF',
  pixKeyKindPhone: 'Telefone celular (+55)',
  invalidEmail: 'E-mail inválido',
  invalidPhone: 'Telefone inválido. Digite DDD + número (11 dígitos).',
  invalidAreaCode: 'DDD inválido: use um código de 11 a 99.',
  phoneHint: 'Formato: (DD) 99999-9999 - Digite DDD + número',
  phoneValid: 'Telefone válido',
  invalidCep: 'CEP inválido: use 8 dígitos.',
  cepNotFound: 'CEP não encontrado',
  cepSearching: 'Buscando endereço...',
  cepHint: 'Digite o CEP (8 números) ou o nome da rua para buscar o endereço.',
  cepLookupUnavailable:
    'Não foi possível consultar o CEP agora. Preencha o endereço manualmente ou tente novamente em instantes.',
  addressSearchUnavailable:
    'A busca de endereços está indisponível no momento. Preencha o endereço manualmente.',
  addressNoSuggestions: 'Nenhum endereço encontrado. Confira o texto ou digite o CEP.',
  experienceYearsOutOfRange: `Anos de experiência devem estar entre ${EXPERIENCE_YEARS_MIN} e ${EXPERIENCE_YEARS_MAX}.`,
  invalidSpecialty: 'Especialidade inválida.',
  invalidEstablishmentType: 'Tipo de estabelecimento inválido.',
} as const;
export { checkOut, checkOutNotice } from './messages-check-out';
export { pendingRequests } from './messages-pending-requests';
export { requestAlerts } from './messages-request-alerts';
export { shiftRelease } from './messages-shift-release';
export { reliability } from './messages-reliability';
export { presence } from './messages-presence';
export { timesheets } from './messages-timesheets';
