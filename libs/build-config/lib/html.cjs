// The HTML page of the host.

const DEFAULT_DESCRIPTION =
  'Turno: turnos avulsos em supermercados, hortifrútis e atacados. Freelancers verificados, check-in e pagamento por Pix.';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function htmlTemplate({ title, description = DEFAULT_DESCRIPTION }) {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${escapeHtml(description)}" />
    <meta name="theme-color" content="#0f766e" />
    <link rel="icon" href="data:," />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <noscript>Ative o JavaScript para usar o Turno.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

module.exports = { htmlTemplate };
