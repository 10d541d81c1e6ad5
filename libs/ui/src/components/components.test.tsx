import { renderToStaticMarkup } from 'react-dom/server';
import { QueryView } from '../data/QueryView';
import { BffError } from '../data/fetch-bff';
import { ErrorBoundary } from './ErrorBoundary';
import { Loading } from './Loading';
import { Skeleton } from './Skeleton';
import { GLOBAL_CSS } from '../theme/styles';
import { Table } from './Table';
import { Tabs } from './Tabs';

const reload = () => undefined;

describe('components', () => {
  it('Skeleton keeps the final height, hides its placeholder layout and says what loads', () => {
    const block = renderToStaticMarkup(<Skeleton height={420} label="Carregando relatório" />);
    expect(block).toContain('min-height:420px');
    expect(block).toContain('role="status"');
    expect(block).toContain('Carregando relatório');
    const layout = renderToStaticMarkup(
      <Skeleton>
        <p>—</p>
      </Skeleton>,
    );
    expect(layout).toContain('<div aria-hidden="true"><p>—</p></div>');
    // Neither: no box at all (visually hidden, out of the flow), only the status.
    expect(renderToStaticMarkup(<Skeleton label="Carregando seu perfil..." />)).toBe(
      '<span class="t-skeleton t-visually-hidden" role="status">Carregando seu perfil...</span>',
    );
  });

  it('the design system gives every tapped control at least 44 px (WCAG 2.5.5)', () => {
    expect(GLOBAL_CSS).toContain('--t-touch:44px');
    for (const rule of ['.t-btn{', '.t-tab{', '.t-input{'])
      expect(GLOBAL_CSS.slice(GLOBAL_CSS.indexOf(rule)).split('}')[0]).toContain('min-height:var(--t-touch)');
  });

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
