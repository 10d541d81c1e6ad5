import { COMPANY } from './company';
import { PRIVACY_NOTICE_VERSION, TERMS_VERSION } from './privacy';

/**
 * The texts of the terms of use and of the privacy notice, in force under the versions of
 * `privacy.ts` (the host serves them at /termos and /privacidade). Plain pt-BR, honest about what
 * Turno does today. A change of meaning is a new version: change the id in `privacy.ts` too.
 * Company data are the placeholders of `company.ts` until launch.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface LegalDocument {
  title: string;
  version: string;
  summary: string;
  sections: readonly LegalSection[];
}

const CONTACT = `${COMPANY.legalName} (CNPJ ${COMPANY.cnpj}), ${COMPANY.address}. E-mail: ${COMPANY.email}.`;

export const TERMS_OF_USE: LegalDocument = {
  title: 'Termos de uso',
  version: TERMS_VERSION,
  summary:
    'A Turno aproxima mercados, hortifrútis e atacados de freelancers para turnos de um dia. Estes termos dizem o que cada um pode esperar da plataforma e o que a plataforma espera de cada um.',
  sections: [
    {
      heading: '1. Quem somos',
      paragraphs: [
        `A Turno é operada por ${CONTACT}`,
        'Ao criar sua conta você concorda com estes termos. Se não concordar, não crie a conta.',
      ],
    },
    {
      heading: '2. O que a Turno faz',
      paragraphs: [
        'Estabelecimentos publicam vagas de turnos de um dia; freelancers aprovados se candidatam; o estabelecimento aceita uma candidatura; o freelancer faz check-in e check-out; a Turno paga o freelancer por Pix e cobra o estabelecimento em uma fatura semanal.',
        'A Turno não é empregadora dos freelancers: cada turno é um serviço avulso, combinado entre o estabelecimento e o freelancer por meio da plataforma.',
      ],
    },
    {
      heading: '3. Sua conta',
      items: [
        'Use seus dados verdadeiros: nome, telefone, endereço e, para freelancers, CPF e chave Pix em seu nome.',
        'A conta é pessoal. Não compartilhe o acesso.',
        'Os cadastros passam por análise da equipe Turno antes de poder trabalhar ou contratar; a Turno pode recusar ou desativar uma conta que descumpra estes termos, dizendo o motivo.',
      ],
    },
    {
      heading: '4. Compromissos do freelancer',
      items: [
        'Comparecer aos turnos aceitos, no horário, ou liberar o turno com antecedência pelo aplicativo.',
        'Registrar check-in e check-out de verdade, no local do turno.',
        'Faltas e cancelamentos em cima da hora contam na sua confiabilidade e podem suspender novas candidaturas por um tempo, como explicado em "Confiabilidade", no seu Perfil.',
      ],
    },
    {
      heading: '5. Compromissos do estabelecimento',
      items: [
        'Publicar vagas reais, com horário, função e valor corretos.',
        'Receber o freelancer, aprovar check-in e check-out e avaliar com respeito.',
        'Pagar a fatura semanal no vencimento. Cancelar um turno aceito com menos de 12 horas de antecedência gera a taxa mostrada no momento do cancelamento.',
      ],
    },
    {
      heading: '6. Pagamentos',
      paragraphs: [
        'Os repasses aos freelancers e as cobranças das faturas são feitos por Pix, por meio de uma instituição de pagamento parceira. Correções de horário aprovadas ajustam o valor do repasse seguinte.',
      ],
    },
    {
      heading: '7. Avaliações e conduta',
      paragraphs: [
        'Cada lado pode avaliar o outro depois do turno. Avaliações devem ser honestas e sem ofensas; a Turno pode remover comentários abusivos.',
      ],
    },
    {
      heading: '8. Seus dados',
      paragraphs: [
        'Como tratamos seus dados pessoais está no Aviso de privacidade, que faz parte destes termos.',
      ],
    },
    {
      heading: '9. Mudanças nestes termos',
      paragraphs: [
        'Quando estes termos mudarem, você verá a nova versão na próxima vez que entrar e precisará aceitá-la para continuar usando a Turno.',
      ],
    },
    {
      heading: '10. Contato e foro',
      paragraphs: [
        `Dúvidas: ${COMPANY.email}. Fica eleito o foro da comarca de São Paulo - SP, salvo direito do consumidor de escolher o seu domicílio.`,
      ],
    },
  ],
};

export const PRIVACY_NOTICE: LegalDocument = {
  title: 'Aviso de privacidade',
  version: PRIVACY_NOTICE_VERSION,
  summary:
    'Este aviso explica, em linguagem simples, quais dados pessoais a Turno guarda, para quê, por quanto tempo, com quem compartilha e como você exerce seus direitos pela Lei Geral de Proteção de Dados (Lei 13.709/2018).',
  sections: [
    {
      heading: '1. Quem cuida dos seus dados',
      paragraphs: [`A controladora é ${CONTACT} Para falar sobre seus dados, escreva para ${COMPANY.email}.`],
    },
    {
      heading: '2. O que guardamos e por quê',
      items: [
        'Nome, e-mail e telefone: para criar sua conta, entrar e falar com você sobre seus turnos (execução do contrato).',
        'Endereço: do estabelecimento, para mostrar onde é o turno; do freelancer, para mostrar a distância até cada vaga (execução do contrato). Guardamos também as coordenadas desses endereços.',
        'Posição do aparelho para buscar vagas: só se o freelancer escolher buscar a partir de onde está, e só enquanto essa opção estiver escolhida (consentimento).',
        'CPF e chave Pix do freelancer: para identificar quem recebe e fazer os repasses (execução do contrato e obrigações legais e fiscais).',
        'CNPJ e razão social do estabelecimento: para emitir as faturas (obrigação legal).',
        'Foto de perfil do freelancer: para o estabelecimento reconhecer quem chega ao turno (execução do contrato).',
        'Posição no check-in e no check-out: só a distância até a loja, para confirmar a presença, se você autorizar (consentimento). Depois de 90 dias guardamos só se foi dentro ou fora da loja.',
        'Horários de check-in e check-out, turnos, candidaturas e avaliações: para pagar, cobrar, resolver divergências e manter a confiança na plataforma (execução do contrato e legítimo interesse).',
        'Registros de acesso (data, hora e um código irreversível do endereço IP): para segurança e porque a lei (Marco Civil da Internet) exige guardá-los por 6 meses.',
        'Seus aceites e consentimentos: quando, qual versão e de qual aplicativo, para provar o que você autorizou.',
      ],
    },
    {
      heading: '3. Quem vê seus dados',
      items: [
        'O estabelecimento vê o nome, a foto, a experiência, a confiabilidade e as avaliações do freelancer que se candidata às suas vagas; telefone só depois de aceitar a candidatura.',
        'O freelancer vê o nome, o endereço e o contato do estabelecimento dos turnos em que foi aceito.',
        'A equipe Turno vê o que precisa para aprovar cadastros, resolver problemas e pagar; cada ação dela fica registrada em uma trilha de auditoria.',
        'Nunca vendemos seus dados.',
      ],
    },
    {
      heading: '4. Para onde seus dados vão',
      items: [
        'Instituição de pagamento (Pix): nome, CPF, chave Pix e valores, para repasses e cobranças.',
        'Serviço de e-mail, quando enviamos avisos por e-mail: seu e-mail e o conteúdo do aviso.',
        'Serviço de notificações push, quando você ativa notificações no aparelho: um identificador do aparelho e o texto do aviso.',
        'Serviço de geocodificação: o endereço do estabelecimento, para saber onde fica no mapa, e o endereço do freelancer, para calcular a distância até as vagas. Só o texto do endereço é enviado, sem nome nem outros dados.',
        'Provedor de login (por exemplo, Google): quando você entra com ele, recebemos seu nome e e-mail.',
      ],
    },
    {
      heading: '5. Por quanto tempo',
      items: [
        'Enquanto sua conta existir, e depois pelo tempo que a lei exige: registros fiscais e de pagamento por 5 anos, sem sua identificação sempre que possível.',
        'Posições de check-in: 90 dias; depois só "dentro" ou "fora" da loja.',
        'Registros de acesso: 6 meses.',
        'Trilha de auditoria: 5 anos.',
      ],
    },
    {
      heading: '6. Seus direitos',
      paragraphs: [
        'Você pode pedir: confirmação de que tratamos seus dados, acesso a eles, correção, anonimização ou eliminação do que for desnecessário, portabilidade, informação sobre com quem compartilhamos, e revogar um consentimento. Correções são feitas no próprio Perfil; os consentimentos opcionais, em Perfil → "Privacidade". Para os demais pedidos, escreva para o e-mail acima: respondemos em até 15 dias.',
      ],
    },
    {
      heading: '7. Segurança',
      paragraphs: [
        'Os dados ficam em servidores com acesso restrito, as conexões são cifradas, a equipe entra com senha e segundo fator, e endereços IP são guardados só como código irreversível.',
      ],
    },
    {
      heading: '8. Mudanças neste aviso',
      paragraphs: [
        'Quando este aviso mudar, você verá a nova versão na próxima vez que entrar e precisará confirmá-la para continuar.',
      ],
    },
  ],
};
