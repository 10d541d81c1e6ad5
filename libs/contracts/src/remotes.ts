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
