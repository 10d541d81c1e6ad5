import { SUCCESS_MESSAGE_MS } from '@turno/domain';
import { useCallback, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { fetchBff } from './fetch-bff';

/** What a card read when it opened: reading, refused (with the text to show), or its data. */
export type OpenedRead<T> =
  { status: 'loading' } | { status: 'error'; detail: string } | { status: 'ready'; data: T };

/** A line under a card's details: a success clears itself after SUCCESS_MESSAGE_MS, a refusal stays. */
export type CardFlash = { tone: 'success' | 'danger'; text: string } | null;

/**
 * A card that asks nothing of the network until it is opened (Perfil's "Notificações" and
 * "Privacidade"): whether it is open, what `url` answered (read again at each opening, and by
 * `refresh`), and its flash line. `failedText` is shown when the read fails without a message.
 */
export function useReadWhenOpened<T>(
  url: string,
  schema: ZodType<T>,
  options: { fetchImpl?: typeof fetch; failedText: string },
) {
  const { fetchImpl, failedText } = options;
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState<OpenedRead<T>>({ status: 'loading' });
  const [flash, setFlash] = useState<CardFlash>(null);

  const refresh = useCallback(() => {
    fetchBff(url, schema, { fetchImpl }).then(
      (data) => setRead({ status: 'ready', data }),
      (error: unknown) =>
        setRead({ status: 'error', detail: error instanceof Error ? error.message : failedText }),
    );
  }, [url, schema, fetchImpl, failedText]);
  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);
  useEffect(() => {
    if (flash?.tone !== 'success') return undefined;
    const timer = setTimeout(() => setFlash(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, toggle, read, setRead, refresh, flash, setFlash };
}
