import * as MESSAGES from './messages';

/** Every string (and every function's result for a sample argument) in the catalogue. */
function allTexts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function') return [String((node as (value: number) => unknown)(1))];
  if (node && typeof node === 'object') return Object.values(node).flatMap(allTexts);
  return [];
}

describe('MESSAGES', () => {
  it('keeps the exact texts of the spec catalogues', () => {
    expect(MESSAGES.jobs.notApproved).toBe(
      'Seu cadastro ainda não foi aprovado. Aguarde a aprovação para criar vagas.',
    );
    expect(MESSAGES.jobs.selectDate).toBe('Selecione pelo menos uma data para a vaga.');
    expect(MESSAGES.jobs.adminRequiredFields).toBe(
      'Preencha todos os campos obrigatórios e selecione pelo menos uma data',
    );
    expect(MESSAGES.ratings.starsRequired).toBe('Por favor, selecione uma avaliação de 1 a 5 estrelas');
    expect(MESSAGES.photos.notImage).toBe('Apenas arquivos de imagem são permitidos');
    expect(MESSAGES.validation.phoneHint).toBe('Formato: (DD) 99999-9999 - Digite DDD + número');
    expect(MESSAGES.setup.createFailed).toBe('Erro ao criar perfil. Tente novamente.');
    expect(MESSAGES.adminAuth.invalidCredentials).toBe('Credenciais inválidas');
    expect(MESSAGES.freelancers.requiredFields).toBe('Nome, CPF e Chave PIX são obrigatórios!');
    expect(MESSAGES.blocks.selectFreelancerAndRestaurant).toBe('❌ Selecione um freelancer e um mercado');
    expect(MESSAGES.deletion.cancelled).toBe('Exclusão cancelada. Texto de confirmação incorreto.');
    expect(MESSAGES.invoices.markedPaid).toBe('Fatura marcada como paga!');
  });

  it('puts CONFLITO DE HORÁRIO in both conflict refusals', () => {
    expect(MESSAGES.applications.scheduleConflict).toContain('CONFLITO DE HORÁRIO');
    expect(MESSAGES.applications.scheduleConflictOwn).toContain(MESSAGES.applications.scheduleConflictMarker);
  });

  it('fills in the parameterised texts', () => {
    expect(MESSAGES.jobs.created(3)).toBe('3 vagas criadas com sucesso!');
    expect(MESSAGES.jobs.created(1)).toBe('1 vaga criada com sucesso!');
    expect(MESSAGES.signIn.error('server_error')).toBe('Erro no login: server_error');
    expect(MESSAGES.common.httpError(502)).toBe('Erro HTTP 502');
    expect(MESSAGES.invoices.weeklyGenerationFailed('sem dados')).toBe(
      'Erro ao gerar faturas semanais: sem dados',
    );
    expect(MESSAGES.invoices.weeklyGenerationFailed()).toBe(
      'Erro ao gerar faturas semanais: Erro desconhecido',
    );
    expect(MESSAGES.shifts.checkOutApprovedWithAmounts(170, 189.9)).toBe(
      'Check-out aprovado! Freelancer receberá R$ 170,00, mercado pagará R$ 189,90',
    );
    expect(MESSAGES.session.fetchUserFailed(401)).toBe(
      'Failed to fetch user: API responded with HTTP status 401',
    );
    expect(MESSAGES.analytics.calculationError(42)).toBe('ERRO: Vaga #42');
    expect(MESSAGES.invoices.generated(3, 12)).toBe('3 faturas geradas com 12 serviços faturados.');
    expect(MESSAGES.invoices.servicesDescription('16/11/2026', '22/11/2026')).toBe(
      'Serviços de 16/11/2026 a 22/11/2026',
    );
  });

  it('calls the client "Mercado" and counts without "(s)" (issue 22)', () => {
    const texts = [
      ...allTexts(MESSAGES),
      ...[0, 2].flatMap((n) => [MESSAGES.jobs.created(n), MESSAGES.invoices.generated(n, n)]),
    ];
    expect(texts.filter((text) => /restaurante/i.test(text))).toEqual([]);
    expect(texts.filter((text) => /\p{L}\((s|a|es|ns)\)/u.test(text))).toEqual([]);
  });

  it('has no empty text', () => {
    const texts = allTexts(MESSAGES);
    expect(texts.length).toBeGreaterThan(150);
    expect(texts.filter((text) => text.trim() === '')).toEqual([]);
  });
});
