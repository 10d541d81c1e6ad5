export * from './provider';
export * from './errors';
export * from './settings';
export * from './webhooks';
export * from './money';
export { EfiPixProvider } from './efi';
export { JsonHttpClient, RateLimiter, tlsAgentOptions, type TlsSettings } from './http';
import { EfiPixProvider } from './efi';
import type { PspSettings } from './settings';

/** The adapter the settings name (only Efí today; the fake PSP speaks Efí's API). */
export function createPixProvider(settings: PspSettings): EfiPixProvider {
  return new EfiPixProvider(settings);
}
