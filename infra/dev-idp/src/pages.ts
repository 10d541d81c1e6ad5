import type { DevIdpAccount } from './accounts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f4f6f8; color: #1f2933; margin: 0; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  p.note { color: #52606d; margin: 0 0 1.5rem; font-size: .95rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; display: grid; gap: .75rem; }
  button { font: inherit; cursor: pointer; border-radius: 8px; }
  .account { width: 100%; text-align: left; padding: .8rem 1rem; background: #0b6e4f; color: #fff; border: 0; font-weight: 600; }
  .account:hover, .account:focus-visible { background: #095c42; outline: 3px solid #f5a623; }
  .hint { display: block; color: #52606d; font-size: .85rem; margin: .3rem .2rem 0; }
  .cancel { background: transparent; border: 1px solid #9aa5b1; padding: .6rem 1rem; color: #1f2933; }
  .error { color: #b42318; font-weight: 600; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The account page: one button per demo account (no password), and "Cancelar" (access_denied). */
export function accountPage(uid: string, accounts: readonly DevIdpAccount[], error?: string): string {
  const items = accounts
    .map(
      (account) => `<li>
  <button class="account" type="submit" name="account" value="${escape(account.subject)}" aria-describedby="hint-${escape(account.subject)}">Entrar como ${escape(account.name)} (${escape(account.label)})</button>
  <span class="hint" id="hint-${escape(account.subject)}">${escape(account.email)} · ${escape(account.description)}</span>
</li>`,
    )
    .join('\n');
  return layout(
    'Entrar na conta de demonstração — Turno',
    `<h1>Entrar na conta de demonstração</h1>
<p class="note">Provedor de login local do Turno, só para desenvolvimento e testes. Escolha com quem entrar; não há senha.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<ul>
${items}
</ul>
</form>
<form method="post" action="/interaction/${escape(uid)}/abort">
<button class="cancel" type="submit">Cancelar</button>
</form>`,
  );
}

export function errorPage(code: string, description: string): string {
  return layout(
    'Não foi possível entrar — Turno',
    `<h1>Não foi possível entrar</h1>
<p class="error" role="alert">${escape(description || 'Ocorreu um erro no login.')}</p>
<p class="note">Código: ${escape(code)}. Volte ao Turno e tente novamente.</p>`,
  );
}
