/**
 * The demo identities (issuer + subject) the development identity provider signs in and the seeder
 * links to their users. Here, not in seeders/, because production code (demo.queries.ts) reads them too.
 */
/** The OpenID issuer of the development identity provider (keyed with the subjects below). */
export function demoIssuer(env: NodeJS.ProcessEnv = process.env): string {
  return env.OIDC_ISSUER ?? 'http://localhost:4400';
}

/**
 * Subjects of the well-known demo identities (issuer = demoIssuer()). The development identity
 * provider signs these in; the seeder links them to their users.
 */
export const DEMO_ACCOUNTS = {
  /** Owner of "Supermercado Bom Preço", approved. */
  restaurant: 'demo-restaurant',
  /** Ana Souza, approved freelancer with a photo. */
  freelancer: 'demo-freelancer',
  /** Fernanda Costa, freelancer awaiting approval. */
  pendingFreelancer: 'demo-freelancer-pending',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Business name of the main demo restaurant. */
export const DEMO_RESTAURANT_NAME = 'Supermercado Bom Preço';
