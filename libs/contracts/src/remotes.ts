import { z } from 'zod';

/** The remotes the host knows by name. */
export const REMOTE_NAMES = ['freelancer', 'restaurant', 'admin_ops', 'admin_billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * `/remotes.json`, served by the gateway and written from environment at start:
 * one host build serves every environment.
 */
export const RemotesConfigSchema = z.object({
  remotes: z.array(
    z.object({
      name: z.enum(REMOTE_NAMES),
      /** URL of the remote's mf-manifest.json */
      entry: z.string().url(),
    }),
  ),
});
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>;

/**
 * The props the host gives a remote's `./App` (every remote takes these; each reads what it needs).
 * - `section`: which part to show when one remote serves several places (an admin tab's id, or a
 *   page of its own such as `jobs`, `job-applications`, `job-edit`);
 * - `params`: that place's path parameters (e.g. `{ jobId: '42' }` on /admin/jobs/42/edit);
 * - `navigate`: moves the host's router to a path of the portal without reloading the page.
 */
export interface RemoteAppProps<S extends string = string> {
  /** One of the remote's sections (sections.ts: RESTAURANT_SECTIONS, ADMIN_OPS_SECTIONS, …). */
  section?: S;
  params?: Readonly<Record<string, string>>;
  navigate?: (to: string) => void;
}

/**
 * `admin_billing/RestaurantInvoices`: one business's invoices, exposed by the billing remote and
 * loaded at run time by `admin_ops` (Controle Mercado → Faturas), so each team keeps its own screen.
 */
export const RESTAURANT_INVOICES_MODULE = 'admin_billing/RestaurantInvoices';
export interface RestaurantInvoicesProps {
  restaurantId: string;
  /** The business's name, for headings and the empty state. */
  restaurantName?: string;
}
