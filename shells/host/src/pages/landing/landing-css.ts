/** The landing page's own styles (layout of its marketing sections), scoped under `.lp`. */
export const LANDING_CSS = `
.lp{--lp-max:1160px}
.lp-wrap{max-width:var(--lp-max);margin:0 auto;padding:0 20px}
.lp-hero{background:radial-gradient(1200px 500px at 85% -10%,rgba(251,191,36,.22),transparent 60%),linear-gradient(140deg,#0f766e 0%,#115e59 55%,#134e4a 100%);color:#f0fdfa;padding:56px 0 64px}
.lp-hero__grid{display:grid;gap:40px;grid-template-columns:1.15fr 1fr;align-items:center}
.lp-eyebrow{display:inline-flex;align-items:center;gap:8px;font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#fde68a;margin:0 0 14px}
.lp-hero h1{font-size:44px;line-height:1.08;letter-spacing:-.025em;color:#fff;margin:0}
.lp-lead{font-size:18px;line-height:1.6;color:#ccfbf1;margin:18px 0 0;max-width:560px}
.lp-audiences{display:grid;gap:14px}
.lp-audience{background:#fff;color:var(--t-color-text);border-radius:16px;padding:22px 22px 20px;box-shadow:0 18px 40px rgba(4,47,46,.28);display:grid;grid-template-columns:auto 1fr;gap:6px 16px;align-items:start}
.lp-audience__icon{grid-row:span 3;width:48px;height:48px;border-radius:12px;display:grid;place-items:center;background:var(--t-color-primary-soft);color:var(--t-color-primary)}
.lp-audience--market .lp-audience__icon{background:#fef3c7;color:#b45309}
.lp-audience h2{font-size:18px;margin:0}
.lp-audience p{margin:0;color:var(--t-color-muted);font-size:14px}
.lp-audience .t-btn{justify-self:start;margin-top:8px}
.lp-trust{display:flex;flex-wrap:wrap;gap:28px;margin:30px 0 0;padding:0;list-style:none}
.lp-trust li{display:flex;flex-direction:column}
.lp-trust strong{font-size:30px;line-height:1.1;color:#fff;letter-spacing:-.02em}
.lp-trust span{font-size:13px;color:#99f6e4}
.lp-notices{display:grid;gap:12px;margin-bottom:24px}
.lp-notices .t-alert{color:var(--t-color-text)}
.lp-section{padding:64px 0}
.lp-section--alt{background:var(--t-color-surface);border-top:1px solid var(--t-color-border);border-bottom:1px solid var(--t-color-border)}
.lp-section__head{max-width:680px;margin:0 0 32px}
.lp-kicker{font-size:13px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:var(--t-color-primary);margin:0 0 8px}
.lp-section h2.lp-title{font-size:32px;letter-spacing:-.02em;margin:0}
.lp-section__head p{color:var(--t-color-muted);font-size:17px;margin:12px 0 0}
.lp-categories{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));margin:0;padding:0;list-style:none}
.lp-category{display:flex;flex-direction:column;gap:10px}
.lp-category__art{aspect-ratio:4/3;border-radius:14px;display:grid;place-items:center;color:#fff;position:relative;overflow:hidden;box-shadow:var(--t-shadow)}
.lp-category__art::after{content:"";position:absolute;inset:auto -20% -45% 35%;height:90%;border-radius:50%;background:rgba(255,255,255,.14)}
.lp-category__name{font-weight:600;font-size:14px;overflow-wrap:anywhere}
@media (min-width:1040px){.lp-categories{grid-template-columns:repeat(7,minmax(0,1fr))}}
.lp-benefits{display:grid;gap:18px;grid-template-columns:repeat(auto-fit,minmax(240px,1fr))}
.lp-benefit{background:var(--t-color-surface);border:1px solid var(--t-color-border);border-radius:14px;padding:22px}
.lp-section--alt .lp-benefit{background:var(--t-color-background)}
.lp-benefit__icon{width:44px;height:44px;border-radius:12px;display:grid;place-items:center;background:var(--t-color-primary-soft);color:var(--t-color-primary);margin-bottom:14px}
.lp-benefit h3{font-size:18px;margin:0 0 6px}
.lp-benefit p{margin:0;color:var(--t-color-muted)}
.lp-cta-row{display:flex;flex-wrap:wrap;align-items:center;gap:16px;margin-top:28px}
.lp-cta-row p{margin:0;color:var(--t-color-muted)}
.lp-steps{display:grid;gap:18px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));counter-reset:step;margin:0;padding:0;list-style:none}
.lp-step{position:relative;padding:22px 22px 22px 70px;background:var(--t-color-surface);border:1px solid var(--t-color-border);border-radius:14px}
.lp-step::before{counter-increment:step;content:counter(step);position:absolute;left:22px;top:20px;width:34px;height:34px;border-radius:50%;display:grid;place-items:center;background:var(--t-color-primary);color:#fff;font-weight:800}
.lp-step h3{font-size:17px;margin:0 0 4px}
.lp-step p{margin:0;color:var(--t-color-muted);font-size:14px}
.lp-footer{background:#0b1f1d;color:#cbd5e1;padding:48px 0 28px;font-size:14px}
.lp-footer__grid{display:grid;gap:28px;grid-template-columns:1.4fr 1fr 1fr}
.lp-footer h2{font-size:14px;text-transform:uppercase;letter-spacing:.05em;color:#fff;margin:0 0 12px}
.lp-footer ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.lp-footer li{display:flex;align-items:center;gap:8px}
.lp-footer a{color:#5eead4;text-decoration:none}
.lp-footer a:hover{text-decoration:underline}
.lp-footer__brand{display:flex;align-items:center;gap:10px;color:#fff;font-size:20px;font-weight:800;margin-bottom:10px}
.lp-footer__legal{border-top:1px solid rgba(255,255,255,.12);margin-top:32px;padding-top:20px;display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;color:#94a3b8;font-size:13px}
.lp-toast{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:50;width:min(560px,calc(100% - 32px));box-shadow:0 18px 40px rgba(15,23,42,.25);border-radius:var(--t-radius)}
.lp-inapp{background:#fef3c7;border-bottom:1px solid #f59e0b;color:#78350f}
.lp-inapp .lp-wrap{display:flex;gap:12px;align-items:flex-start;padding-top:14px;padding-bottom:14px}
.lp-inapp strong{display:block;color:#92400e}
.lp-inapp p{margin:2px 0 0}
@media (max-width:640px){.lp-navlink{display:none}}
@media (max-width:480px){.lp-hero h1{font-size:30px}.lp-trust{gap:20px}}
@media (max-width:880px){
  .lp-hero{padding:36px 0 44px}
  .lp-hero__grid{grid-template-columns:1fr}
  .lp-hero h1{font-size:34px}
  .lp-footer__grid{grid-template-columns:1fr}
}
`;
