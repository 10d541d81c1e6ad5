/**
 * pt-BR texts of the admin operations screens (issue 10) that are not messages of a rule: the
 * Bloqueios info box and empty-list hints (spec 02 §2), the meal-break note (spec 02 §5).
 */
export const ADMIN_OPS_TEXTS = {
  mealNote: 'O mercado oferece alimentação conforme as regras locais.',
  chooseWorkloadAndStart: 'Escolha a carga horária e o início primeiro.',
  blocks: {
    infoTitle: 'Como funcionam os bloqueios',
    info: [
      'Freelancers bloqueados não veem as vagas daquele mercado.',
      'Candidaturas pendentes do freelancer para o mercado são rejeitadas automaticamente.',
      'O bloqueio vale por mercado: o freelancer continua vendo as vagas dos outros mercados.',
      'Mercados podem bloquear os seus próprios freelancers.',
      'A administração gerencia todos os bloqueios.',
    ],
    emptyOptionsTitle: (what: 'freelancer' | 'mercado') => `Nenhum ${what} disponível. Causas prováveis:`,
    emptyOptionsCauses: [
      `Nenhum cadastro ainda.`,
      'Problema de conexão com a API.',
      'Erro de autenticação do administrador.',
    ],
    emptyList: 'Nenhum bloqueio ativo.',
  },
} as const;
