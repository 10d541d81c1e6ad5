import { type Location } from '../router';

/** A message handed to the next page through the navigation state (e.g. a failed sign-in → /). */
export interface Notice {
  tone: 'info' | 'success' | 'warning' | 'danger';
  title: string;
  text?: string;
}

export interface NoticeState {
  notice: Notice;
}

/** The notice carried by `location.state`, if any. */
export function noticeOf(location: Pick<Location, 'state'>): Notice | undefined {
  const state: unknown = location.state;
  if (!state || typeof state !== 'object' || !('notice' in state)) return undefined;
  const notice = (state as { notice: unknown }).notice;
  if (!notice || typeof notice !== 'object') return undefined;
  const { tone, title, text } = notice as Record<string, unknown>;
  if (typeof title !== 'string' || !['info', 'success', 'warning', 'danger'].includes(String(tone)))
    return undefined;
  return { tone: tone as Notice['tone'], title, text: typeof text === 'string' ? text : undefined };
}
