import { renderToStaticMarkup } from 'react-dom/server';
import { QueryView } from '../data/QueryView';
import { BffError } from '../data/fetch-bff';
import { ErrorBoundary } from './ErrorBoundary';
import { Loading } from './Loading';
import { Table } from './Table';
import { Tabs } from './Tabs';

const reload = () => undefined;

describe('components', () => {
  it('Table shows a pt-BR empty state', () => {
    const html = renderToStaticMarkup(
      <Table
        columns={[{ key: 'a', header: 'A', render: (r: { a: string }) => r.a }]}
        rows={[]}
        rowKey={(r) => r.a}
      />,
    );
    expect(html).toContain('Nenhum registro encontrado.');
    expect(html).toContain('colSpan="1"');
  });

  it('Table renders one row per item', () => {
    const rows = [{ a: 'x' }, { a: 'y' }];
    const html = renderToStaticMarkup(
      <Table
        columns={[{ key: 'a', header: 'A', render: (r: { a: string }) => r.a }]}
        rows={rows}
        rowKey={(r) => r.a}
      />,
    );
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });

  it('Loading says Carregando...', () => {
    expect(renderToStaticMarkup(<Loading />)).toContain('Carregando...');
  });

  it('Tabs marks the active tab', () => {
    const html = renderToStaticMarkup(
      <Tabs
        tabs={[
          { id: 'a', label: 'Agenda' },
          { id: 'b', label: 'Faturas' },
        ]}
        active="b"
        onChange={() => undefined}
        label="Seções"
      >
        painel
      </Tabs>,
    );
    expect(html).toMatch(/aria-selected="true"[^>]*>Faturas/);
    expect(html).toContain('role="tabpanel"');
  });

  it('QueryView renders loading, error and data', () => {
    expect(
      renderToStaticMarkup(
        <QueryView query={{ status: 'loading', data: undefined, error: undefined, reload }}>
          {() => 'x'}
        </QueryView>,
      ),
    ).toContain('Carregando...');
    const error = new BffError('Serviço fora do ar', 502);
    const failed = renderToStaticMarkup(
      <QueryView query={{ status: 'error', data: undefined, error, reload }}>{() => 'x'}</QueryView>,
    );
    expect(failed).toContain('Erro ao carregar dados');
    expect(failed).toContain('Serviço fora do ar');
    expect(failed).toContain('Tentar novamente');
    expect(
      renderToStaticMarkup(
        <QueryView query={{ status: 'success', data: 3, error: undefined, reload }}>
          {(n) => `n=${n}`}
        </QueryView>,
      ),
    ).toBe('n=3');
  });

  it('ErrorBoundary renders its children when nothing fails', () => {
    expect(renderToStaticMarkup(<ErrorBoundary>ok</ErrorBoundary>)).toBe('ok');
  });
});
