import { cssVariableName, tokens } from './tokens';

const variables = (Object.keys(tokens) as (keyof typeof tokens)[])
  .map((key) => `${cssVariableName(key)}:${tokens[key]};`)
  .join('');

const tones = ['info', 'success', 'warning', 'danger'] as const;
const toneRules = tones
  .map((t) => {
    const [fg, bg] = [`var(--t-color-${t})`, `var(--t-color-${t}-soft)`];
    return `.t-badge--${t}{color:${fg};background:${bg}}.t-alert--${t}{border-color:${fg};background:${bg}}.t-alert--${t} .t-alert__title{color:${fg}}.t-stat--${t} .t-stat__value{color:${fg}}`;
  })
  .join('');

/** The whole stylesheet of the design system, injected once per document (see ThemeRoot). */
export const GLOBAL_CSS = `
:root{${variables}}
body{margin:0;background:var(--t-color-background)}
.t-root{font-family:var(--t-font-family);color:var(--t-color-text);line-height:1.5;font-size:15px;-webkit-font-smoothing:antialiased}
.t-root *,.t-root *::before,.t-root *::after{box-sizing:border-box}
.t-root h1,.t-root h2,.t-root h3{line-height:1.25;margin:0}
.t-root :focus-visible{outline:3px solid var(--t-color-primary);outline-offset:2px}
.t-muted{color:var(--t-color-muted)}
.t-stack{display:flex;flex-direction:column;gap:16px}
.t-row{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.t-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.t-grid--fit{grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.t-link{color:var(--t-color-primary);font-weight:600;text-decoration:none}
.t-link:hover{text-decoration:underline}
.t-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.t-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:var(--t-touch);min-width:var(--t-touch);border:1px solid transparent;border-radius:8px;padding:10px 18px;font:inherit;font-weight:600;line-height:1.2;cursor:pointer;text-decoration:none;transition:background .15s,border-color .15s,color .15s}
.t-btn:disabled{opacity:.55;cursor:not-allowed}
.t-btn--sm{padding:6px 12px;font-size:14px}
@media (min-width:721px) and (pointer:fine){.t-btn--sm{min-height:34px;min-width:34px}}
.t-btn--lg{padding:14px 24px;font-size:17px}
.t-btn--primary{background:var(--t-color-primary);color:#fff}
.t-btn--primary:hover:not(:disabled){background:var(--t-color-primary-hover)}
.t-btn--secondary{background:var(--t-color-surface);color:var(--t-color-primary);border-color:var(--t-color-primary)}
.t-btn--secondary:hover:not(:disabled){background:var(--t-color-primary-soft)}
.t-btn--ghost{background:transparent;color:var(--t-color-text)}
.t-btn--ghost:hover:not(:disabled){background:var(--t-color-border)}
.t-btn--danger{background:var(--t-color-danger);color:#fff}
.t-card{background:var(--t-color-surface);border:1px solid var(--t-color-border);border-radius:var(--t-radius);box-shadow:var(--t-shadow)}
.t-card__header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 20px;border-bottom:1px solid var(--t-color-border)}
.t-card__title{font-size:17px}
.t-card__body{padding:16px 20px}
.t-table-wrap{overflow-x:auto;background:var(--t-color-surface);border:1px solid var(--t-color-border);border-radius:var(--t-radius)}
.t-table{width:100%;min-width:640px;border-collapse:collapse;font-size:14px}
.t-table .t-num{white-space:nowrap;text-align:right;font-variant-numeric:tabular-nums}
.t-table caption{text-align:left;padding:12px 16px;font-weight:600}
.t-table th{text-align:left;font-weight:600;color:var(--t-color-muted);background:var(--t-color-background);padding:10px 16px;border-bottom:1px solid var(--t-color-border);white-space:nowrap}
.t-table td{padding:12px 16px;border-bottom:1px solid var(--t-color-border);vertical-align:top}
.t-table tr:last-child td{border-bottom:0}
.t-table__empty{text-align:center;color:var(--t-color-muted);padding:32px 16px}
.t-table tbody+tbody{border-top:1px solid var(--t-color-border)}
.t-table .t-table__group th{color:var(--t-color-primary);background:var(--t-color-primary-soft);white-space:normal;overflow-wrap:anywhere}
.t-table .t-table__total th,.t-table .t-table__total td{color:var(--t-color-text);background:none;font-weight:700;white-space:normal;border-bottom:0}
.t-table .t-table__total td{white-space:nowrap}
.t-group-title{margin:0;font-weight:700;color:var(--t-color-primary);overflow-wrap:anywhere}
.t-group-total{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;margin:0;font-weight:700}
.t-tabs{display:flex;gap:4px;overflow-x:auto;border-bottom:1px solid var(--t-color-border)}
.t-tab{border:0;background:none;font:inherit;font-weight:600;color:var(--t-color-muted);min-height:var(--t-touch);padding:10px 14px;border-bottom:3px solid transparent;cursor:pointer;white-space:nowrap}
.t-tab:hover{color:var(--t-color-text)}
a.t-tab{display:inline-flex;align-items:center;text-decoration:none}
.t-tab[aria-selected="true"]{color:var(--t-color-primary);border-bottom-color:var(--t-color-primary)}
.t-tab:disabled{opacity:.5;cursor:not-allowed}
.t-tabpanel{padding-top:20px}
@media (max-width:720px){.t-tabs{flex-wrap:wrap;overflow-x:visible;gap:8px;border-bottom:0}.t-tab{border:1px solid var(--t-color-border);border-radius:999px;padding:8px 14px}.t-tab[aria-selected="true"]{background:var(--t-color-primary-soft);border-color:var(--t-color-primary)}}
.t-badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;white-space:nowrap;color:var(--t-color-muted);background:var(--t-color-border)}
.t-alert{border:1px solid var(--t-color-border);border-left-width:4px;border-radius:var(--t-radius);padding:14px 16px;background:var(--t-color-surface);display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
.t-alert__title{font-weight:700;margin:0 0 2px}
.t-alert__text{margin:0}
.t-loading{display:flex;align-items:center;gap:10px;color:var(--t-color-muted);padding:24px 0}
.t-spinner{width:20px;height:20px;border-radius:50%;border:3px solid var(--t-color-border);border-top-color:var(--t-color-primary);animation:t-spin .8s linear infinite}
@keyframes t-spin{to{transform:rotate(1turn)}}
.t-skeleton{border-radius:var(--t-radius);background:var(--t-color-border);opacity:.6;animation:t-pulse 1.6s ease-in-out infinite}
.t-skeleton:has(>[aria-hidden]){background:none}
@keyframes t-pulse{50%{opacity:.35}}
@media (prefers-reduced-motion:reduce){.t-spinner{animation-duration:2.4s}.t-btn{transition:none}.t-skeleton{animation:none}}
.t-stat-grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(150px,1fr))}
.t-stat{background:var(--t-color-surface);border:1px solid var(--t-color-border);border-radius:var(--t-radius);padding:14px 16px}
.t-stat__label{color:var(--t-color-muted);font-size:13px;font-weight:600;margin:0}
.t-stat__value{font-size:min(26px,5.5vw);font-weight:700;margin:4px 0 0}
.t-stat__hint{color:var(--t-color-muted);font-size:12px;margin:2px 0 0}
.t-page-header{display:flex;flex-wrap:wrap;align-items:flex-end;justify-content:space-between;gap:12px;margin-bottom:20px}
.t-stack>.t-page-header{margin-bottom:0}
.t-page-header__title{font-size:24px}
.t-page-header__subtitle{margin:4px 0 0;color:var(--t-color-muted)}
.t-coming-soon{text-align:center;padding:40px 16px;color:var(--t-color-muted)}
.t-field{display:flex;flex-direction:column;gap:6px;min-width:0}
.t-label{font-weight:600;font-size:14px}
.t-label__note{font-weight:400;color:var(--t-color-muted)}
.t-input{width:100%;min-height:var(--t-touch);font:inherit;color:var(--t-color-text);background:var(--t-color-surface);border:1px solid var(--t-color-border-strong);border-radius:8px;padding:10px 12px;line-height:1.3;transition:border-color .15s,box-shadow .15s}
.t-input::placeholder{color:#94a3b8}
.t-input:focus{outline:none;border-color:var(--t-color-primary);box-shadow:0 0 0 3px var(--t-color-primary-soft)}
.t-input:disabled{background:var(--t-color-background);color:var(--t-color-muted)}
.t-input[readonly]{background:var(--t-color-background)}
.t-input[aria-invalid="true"]{border-color:var(--t-color-danger)}
.t-input[aria-invalid="true"]:focus{box-shadow:0 0 0 3px var(--t-color-danger-soft)}
select.t-input{appearance:none;padding-right:36px;background-image:linear-gradient(45deg,transparent 50%,#64748b 50%),linear-gradient(135deg,#64748b 50%,transparent 50%);background-position:calc(100% - 18px) 55%,calc(100% - 13px) 55%;background-size:5px 5px;background-repeat:no-repeat}
.t-hint{margin:0;font-size:13px;color:var(--t-color-muted)}
.t-hint--error{color:var(--t-color-danger);font-weight:600}
.t-hint--success{color:var(--t-color-success);font-weight:600}
.t-input-wrap{position:relative}
.t-input-wrap>.t-input--with-action{padding-right:96px;min-height:52px}
.t-input-action{position:absolute;right:6px;top:50%;transform:translateY(-50%)}
.t-suggestions{position:absolute;z-index:20;left:0;right:0;top:calc(100% + 4px);margin:0;padding:4px;list-style:none;background:var(--t-color-surface);border:1px solid var(--t-color-border-strong);border-radius:8px;box-shadow:0 8px 24px rgba(15,23,42,.12)}
.t-suggestion{padding:8px 10px;border-radius:6px;cursor:pointer;font-size:14px}
.t-suggestion[aria-selected="true"],.t-suggestion:hover{background:var(--t-color-primary-soft)}
.t-suggestion__detail{display:block;color:var(--t-color-muted);font-size:12px}
.t-choice{display:flex;align-items:flex-start;gap:10px;border:1px solid var(--t-color-border-strong);border-radius:8px;padding:12px 14px;cursor:pointer;background:var(--t-color-surface);transition:border-color .15s,background .15s}
.t-choice:hover{border-color:var(--t-color-primary)}
.t-choice:has(input:checked){border-color:var(--t-color-primary);background:var(--t-color-primary-soft)}
.t-choice:has(input:focus-visible){outline:3px solid var(--t-color-primary);outline-offset:2px}
.t-choice input{margin:3px 0 0;accent-color:var(--t-color-primary)}
.t-root label:has(>input[type="checkbox"]),.t-root label:has(>input[type="radio"]){min-height:var(--t-touch)}
.t-root label:has(>input.t-visually-hidden[type="radio"]){display:inline-flex;align-items:center;justify-content:center;min-width:var(--t-touch);position:relative}
.t-check{display:inline-flex;align-items:center;gap:8px;cursor:pointer}
.t-choice__title{font-weight:600;display:block;overflow-wrap:anywhere}
.t-choice__text{display:block;color:var(--t-color-muted);font-size:13px}
.t-fieldset{border:0;margin:0;padding:0;min-width:0}
.t-fieldset>legend{font-weight:600;font-size:14px;padding:0;margin-bottom:8px}
.t-form-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
${toneRules}
`;

/** FNV-1a of the stylesheet: apps built with the same design system share one <style> element. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * Id of this version's <style> element. The host and each remote are deployed apart and may carry
 * different versions of the design system: each version is injected once, the later one wins.
 */
export const STYLE_ELEMENT_ID = `turno-ui-${hash(GLOBAL_CSS)}`;

/** Adds the stylesheet to the document once (the host and every remote may call it). */
export function ensureGlobalStyles(doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(STYLE_ELEMENT_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ELEMENT_ID;
  style.textContent = GLOBAL_CSS;
  doc.head.appendChild(style);
}
