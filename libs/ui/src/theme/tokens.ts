/**
 * Design tokens. Components read them as CSS variables (`var(--t-color-primary)`), so an app can
 * restyle the whole design system by overriding the variables on `.t-root`.
 */
export const tokens = {
  colorPrimary: '#0f766e',
  colorPrimaryHover: '#115e59',
  colorPrimarySoft: '#ccfbf1',
  colorText: '#0f172a',
  colorMuted: '#475569',
  colorBorder: '#e2e8f0',
  colorBorderStrong: '#cbd5e1',
  colorSurface: '#ffffff',
  colorBackground: '#f8fafc',
  colorInfo: '#1d4ed8',
  colorInfoSoft: '#dbeafe',
  colorSuccess: '#15803d',
  colorSuccessSoft: '#dcfce7',
  colorWarning: '#b45309',
  colorWarningSoft: '#fef3c7',
  colorDanger: '#b91c1c',
  colorDangerSoft: '#fee2e2',
  radius: '10px',
  /** The least height and width of anything tapped (WCAG 2.5.5, Apple and Material: 44 px). */
  touch: '44px',
  shadow: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.1)',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** `colorPrimaryHover` → `--t-color-primary-hover` */
export function cssVariableName(token: keyof typeof tokens): string {
  return `--t-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
