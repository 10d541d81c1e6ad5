/**
 * Styles of the restaurant panel beyond the design system's (libs/ui): the vacancy form's date and
 * workload chips, the price box, the applicant cards and the rows of the Lojas and Equipe lists
 * (`r-rows`: a card whose items wrap under their actions on a phone; dialogs are libs/ui's). Injected once per document, like
 * the design system's sheet; class names are prefixed `r-` so they never meet another remote's.
 */
export const RESTAURANT_CSS = `
.r-rows>.t-card__header{flex-wrap:wrap}
.r-rows__list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.r-rows__item{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;border:1px solid var(--t-color-border);border-radius:var(--t-radius);padding:12px 14px}
.r-rows__item > div:first-child{min-width:0;flex:1 1 200px}
.r-rows__name{display:block;overflow-wrap:anywhere}
.r-rows__facts{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;margin-top:4px;font-size:14px;overflow-wrap:anywhere}
.r-rows__facts>span{min-width:0}
.r-rows__actions{display:flex;flex-wrap:wrap;gap:8px}
.r-chips{display:flex;flex-wrap:wrap;gap:8px}
.r-invitees{list-style:none;margin:0;padding:0;display:grid;gap:4px;max-height:320px;overflow:auto}
.r-invitees .t-check{min-height:var(--t-touch,44px);overflow-wrap:anywhere}
.r-chip{font:inherit;font-size:14px;font-weight:600;border:1px solid var(--t-color-border-strong);background:var(--t-color-surface);color:var(--t-color-text);border-radius:999px;padding:8px 14px;cursor:pointer;min-height:var(--t-touch,44px)}
.r-chip:hover:not(:disabled){border-color:var(--t-color-primary)}
.r-chip[aria-pressed="true"]{background:var(--t-color-primary);border-color:var(--t-color-primary);color:#fff}
.r-chip:disabled{opacity:.55;cursor:not-allowed}
.r-price{display:grid;gap:4px 16px;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));background:var(--t-color-primary-soft);border-radius:var(--t-radius);padding:12px 16px}
.r-price__label{margin:0;font-size:13px;font-weight:600;color:var(--t-color-muted)}
.r-price__value{margin:0;font-size:22px;font-weight:700;color:var(--t-color-primary-hover)}
.r-readout{font-weight:600;padding:10px 0}
.r-actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}
.r-person{display:flex;gap:12px;align-items:flex-start}
.r-avatar{width:48px;height:48px;border-radius:50%;object-fit:cover;background:var(--t-color-primary-soft);color:var(--t-color-primary-hover);display:flex;align-items:center;justify-content:center;font-weight:700;flex:none}
.r-avatar--small{width:32px;height:32px;font-size:13px}
.r-facts{display:grid;grid-template-columns:auto minmax(0,1fr);gap:2px 12px;margin:10px 0 0;font-size:14px}
.r-facts dt{color:var(--t-color-muted)}
.r-facts dd{margin:0;overflow-wrap:anywhere}
.r-progress{height:10px;border-radius:999px;background:var(--t-color-border);overflow:hidden}
.r-progress__bar{height:100%;background:var(--t-color-primary)}
.r-chart{width:100%;height:260px}
.r-nowrap{white-space:nowrap}
.r-status .t-badge{white-space:normal}
.r-row-actions{display:flex;flex-direction:column;align-items:stretch;gap:6px;min-width:150px}
.r-row-actions .t-btn{white-space:nowrap}
.r-freelancer{min-width:170px}
.r-freelancer__times{display:block;font-size:13px;color:var(--t-color-muted)}
.r-scroll{overflow-x:auto;max-width:100%}
.r-scroll:focus-visible{outline:3px solid var(--t-color-primary);outline-offset:2px}
.r-scroll .t-table-wrap{overflow:visible}
`;

const STYLE_ID = 'turno-restaurant-panel';

/**
 * Adds a lazy section's own stylesheet once (the ratings dialog, Bloqueios, Perfil), so its CSS
 * travels in its chunk instead of the panel's first screen.
 */
export function ensureSectionStyles(
  id: string,
  css: string,
  doc: Document | undefined = globalThis.document,
): void {
  if (!doc || doc.getElementById(id)) return;
  const style = doc.createElement('style');
  style.id = id;
  style.textContent = css;
  doc.head.appendChild(style);
}

/** Adds the panel's stylesheet to the document once. */
export function ensureRestaurantStyles(doc: Document | undefined = globalThis.document): void {
  ensureSectionStyles(STYLE_ID, RESTAURANT_CSS, doc);
}
