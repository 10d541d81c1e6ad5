// The light entry: the provider needs the subjects, not the ORM.
import { DEMO_ACCOUNTS } from '@turno/core/demo-accounts';

/** A person the development provider can sign in (no password: one click on the account page). */
export interface DevIdpAccount {
  /** The OpenID subject (`sub`); the seeder links the first three to their demo users. */
  subject: string;
  name: string;
  email: string;
  /** Shown after the name on the account page: "Entrar como Marcos Almeida (Mercado)". */
  label: string;
  description: string;
}

/** Subject of the brand-new person: no user row until the first sign-in, then profile setup. */
export const DEMO_NEW_PERSON_SUBJECT = 'demo-new';
/** Subject of the person a business invites to its team (issue 28): no user row until they sign in. */
export const DEMO_INVITED_PERSON_SUBJECT = 'demo-invited';

export const DEV_IDP_ACCOUNTS: readonly DevIdpAccount[] = [
  {
    subject: DEMO_ACCOUNTS.restaurant,
    name: 'Marcos Almeida',
    email: 'marcos.almeida@bompreco.example.com',
    label: 'Mercado',
    description: 'Dono do Supermercado Bom Preço, cadastro aprovado.',
  },
  {
    subject: DEMO_ACCOUNTS.freelancer,
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    label: 'Freelancer aprovada',
    description: 'Freelancer aprovada, com foto e histórico de trabalhos.',
  },
  {
    subject: DEMO_ACCOUNTS.pendingFreelancer,
    name: 'Fernanda Costa',
    email: 'fernanda.costa@example.com',
    label: 'Freelancer aguardando aprovação',
    description: 'Cadastro de freelancer em análise.',
  },
  {
    subject: DEMO_NEW_PERSON_SUBJECT,
    name: 'Pedro Henrique Lima',
    email: 'pedro.lima@example.com',
    label: 'Novo cadastro',
    description: 'Primeiro acesso: ainda não tem perfil e vai para o cadastro.',
  },
  {
    subject: DEMO_INVITED_PERSON_SUBJECT,
    name: 'Bruno Lima',
    email: 'bruno.lima@example.com',
    label: 'Convidado para a equipe',
    description: 'Gerente de loja: abre o link do convite do Mercado e entra para aceitá-lo.',
  },
];

export function findDevIdpAccount(subject: string): DevIdpAccount | undefined {
  return DEV_IDP_ACCOUNTS.find((account) => account.subject === subject);
}
