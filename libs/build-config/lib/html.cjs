// The HTML page of the host (and of a remote opened alone for development).

function htmlTemplate({ title }) {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#0f766e" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <noscript>Ative o JavaScript para usar o Turno.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

module.exports = { htmlTemplate };
