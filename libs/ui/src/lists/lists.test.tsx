/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LIST_SEARCH_DEBOUNCE_MS } from '@turno/domain';
import { useState } from 'react';
import { BffError } from '../data/fetch-bff';
import { type ListPage, type PagedList } from '../data/usePagedList';
import { ListCard, type ListCardResource } from './ListCard';
import { ListFilters } from './ListFilters';
import { ListScreen } from './ListScreen';
import { PagedListBody } from './PagedListBody';
import { NARROW_SCREEN_QUERY, ResponsiveTable } from './ResponsiveTable';
import { SearchField } from './SearchField';

interface Page extends ListPage {
  items: { id: number; name: string }[];
}

function pagedList(overrides: Partial<PagedList<Page>> = {}): PagedList<Page> {
  return {
    status: 'success',
    data: { items: [{ id: 1, name: 'Caixa' }], total: 3, nextCursor: 'c1' },
    error: undefined,
    updating: false,
    loadingMore: false,
    refreshing: false,
    hasMore: true,
    loadMore: jest.fn(),
    refresh: jest.fn(),
    retry: jest.fn(),
    ...overrides,
  };
}

const rows = (data: Page) => (
  <ul>
    {data.items.map((item) => (
      <li key={item.id}>{item.name}</li>
    ))}
  </ul>
);

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('SearchField', () => {
  function Harness({ onSearch }: { onSearch: (q: string) => void }) {
    const [q, setQ] = useState('');
    return (
      <>
        <SearchField
          label="Buscar"
          value={q}
          onSearch={(text) => {
            onSearch(text);
            setQ(text);
          }}
        />
        <button type="button" onClick={() => setQ('')}>
          Limpar
        </button>
      </>
    );
  }
  const input = () => screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement;

  it('asks once typing pauses, with the trimmed text', () => {
    jest.useFakeTimers();
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    fireEvent.change(input(), { target: { value: 'ca' } });
    act(() => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(input(), { target: { value: 'caixa ' } });
    act(() => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('caixa');
    expect(input().value).toBe('caixa ');
  });

  it('asks at once on Enter', () => {
    jest.useFakeTimers();
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    fireEvent.change(input(), { target: { value: 'estoque' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('estoque');
    act(() => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows an outside reset and limits the text to the server maximum', () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    fireEvent.change(input(), { target: { value: 'padaria' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.click(screen.getByText('Limpar'));
    expect(input().value).toBe('');
    expect(input().maxLength).toBe(100);
    expect(screen.getByRole('search')).toBeTruthy();
  });
});

describe('ListFilters', () => {
  it('groups the controls under a name and offers "Limpar filtros" only when asked', () => {
    const onClear = jest.fn();
    const { rerender } = render(
      <ListFilters label="Filtros da agenda">
        <input aria-label="Busca" />
        {false}
        {null}
      </ListFilters>,
    );
    expect(screen.getByRole('group', { name: 'Filtros da agenda' }).children).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).toBeNull();
    rerender(
      <ListFilters label="Filtros da agenda" onClear={onClear}>
        <input aria-label="Busca" />
      </ListFilters>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(onClear).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Busca'));
  });
});

describe('PagedListBody', () => {
  it('says "Carregando..." before the first page', () => {
    render(
      <PagedListBody list={pagedList({ status: 'loading', data: undefined })} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(screen.getByRole('status').textContent).toContain('Carregando...');
  });

  it('shows the error in pt-BR with "Tentar novamente"', () => {
    const list = pagedList({
      status: 'error',
      data: undefined,
      error: new BffError('Serviço fora do ar', 502),
    });
    render(
      <PagedListBody list={list} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(screen.getByTestId('load-error').textContent).toContain('Erro ao carregar dados');
    expect(screen.getByTestId('load-error').textContent).toContain('Serviço fora do ar');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(list.retry).toHaveBeenCalled();
  });

  it('shows the count, the rows and "Carregar mais"', () => {
    const list = pagedList();
    render(
      <PagedListBody list={list} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(screen.getByTestId('list-count').textContent).toBe('Mostrando 1 de 3');
    expect(screen.getByRole('region', { name: 'Itens' }).textContent).toContain('Caixa');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(list.loadMore).toHaveBeenCalled();
  });

  it('says it is loading more, and has no "Carregar mais" on the last page', () => {
    const { rerender } = render(
      <PagedListBody list={pagedList({ loadingMore: true })} label="Itens">
        {rows}
      </PagedListBody>,
    );
    const busy = screen.getByRole('button', { name: 'Carregando mais...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    rerender(
      <PagedListBody list={pagedList({ hasMore: false })} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(screen.queryByRole('button', { name: /Carregar mais|Carregando mais/ })).toBeNull();
  });

  it('moves focus to the list when the last page took the button away', () => {
    const list = pagedList();
    const { rerender } = render(
      <PagedListBody list={list} label="Itens">
        {rows}
      </PagedListBody>,
    );
    const button = screen.getByRole('button', { name: 'Carregar mais' });
    button.focus();
    fireEvent.click(button);
    rerender(
      <PagedListBody list={{ ...list, loadingMore: true }} label="Itens">
        {rows}
      </PagedListBody>,
    );
    rerender(
      <PagedListBody list={{ ...list, hasMore: false }} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Itens' }));
  });

  it('keeps the rows and explains a failed refresh', () => {
    render(
      <PagedListBody list={pagedList({ error: new BffError('Sem conexão') })} label="Itens">
        {rows}
      </PagedListBody>,
    );
    expect(screen.getByText('Caixa')).toBeTruthy();
    expect(screen.getByTestId('list-error').textContent).toContain('Sem conexão');
  });
});

describe('ResponsiveTable', () => {
  const columns = [
    { key: 'name', header: 'Vaga', render: (r: { id: number; name: string; place: string }) => r.name },
    { key: 'place', header: 'Mercado', render: (r: { id: number; name: string; place: string }) => r.place },
  ];
  const rows = [
    { id: 1, name: 'Operador de Caixa', place: 'Bom Preço' },
    { id: 2, name: 'Estoquista', place: 'Atacadão' },
  ];

  /** A screen of `narrow` width; `resize` flips it and tells the listeners, as a browser does. */
  function screenWidth(narrow: boolean) {
    const listeners = new Set<() => void>();
    const query = {
      get matches() {
        return narrow;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    const matchMedia = jest.fn(() => query);
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    return {
      matchMedia,
      resize(next: boolean) {
        narrow = next;
        act(() => listeners.forEach((listener) => listener()));
      },
    };
  }
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('is a table where the screen is wide (and where it cannot be asked)', () => {
    render(<ResponsiveTable caption="Vagas" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('turns each row into a card on a narrow screen, and back when the screen widens', () => {
    const width = screenWidth(true);
    render(<ResponsiveTable caption="Vagas" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(width.matchMedia).toHaveBeenCalledWith(NARROW_SCREEN_QUERY);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Operador de CaixaMercadoBom Preço',
      'EstoquistaMercadoAtacadão',
    ]);
    expect(screen.getByRole('list', { name: 'Vagas' })).toBeTruthy();
    width.resize(false);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  describe("grouped rows (an invoice's lines by store)", () => {
    const groups = [
      { key: 1, heading: 'Centro', rows: [rows[0]!], total: { label: 'Subtotal Centro', value: 'R$ 10,00' } },
      {
        key: 2,
        heading: 'Vila Mariana',
        rows: [rows[1]!],
        total: { label: 'Subtotal Vila Mariana', value: 'R$ 20,00' },
      },
    ];
    const grouped = () =>
      render(
        <ResponsiveTable
          caption="Serviços"
          columns={columns}
          rows={rows}
          groups={groups}
          rowKey={(r) => r.id}
        />,
      );

    it('is one table, a row group per group: its name heading it, its rows, its total under the last column', () => {
      grouped();
      const table = screen.getByRole('table', { name: 'Serviços' });
      const [, ...bodies] = within(table).getAllByRole('rowgroup');
      expect(bodies).toHaveLength(2);
      expect(
        within(bodies[0]!)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['Centro', 'Operador de CaixaBom Preço', 'Subtotal CentroR$ 10,00']);
      expect(within(bodies[1]!).getByRole('rowheader', { name: 'Subtotal Vila Mariana' })).toBeTruthy();
      expect(table.querySelector('th[scope="rowgroup"]')?.getAttribute('colspan')).toBe('2');
      expect(table.querySelector('.t-table__total th')?.getAttribute('colspan')).toBe('1');
    });

    it("is a list of cards per group on a narrow screen, under the group's name and above its total", () => {
      screenWidth(true);
      grouped();
      expect(screen.queryByRole('table')).toBeNull();
      const centro = within(screen.getByRole('group', { name: 'Centro' }));
      expect(centro.getAllByRole('listitem').map((card) => card.textContent)).toEqual([
        'Operador de CaixaMercadoBom Preço',
      ]);
      expect(centro.getByText('Subtotal Centro').parentElement!.textContent).toBe('Subtotal CentroR$ 10,00');
      expect(within(screen.getByRole('group', { name: 'Vila Mariana' })).getByText('R$ 20,00')).toBeTruthy();
    });

    it('shows the rows as usual without groups', () => {
      render(
        <ResponsiveTable caption="Serviços" columns={columns} rows={rows} groups={[]} rowKey={(r) => r.id} />,
      );
      expect(screen.getAllByRole('row')).toHaveLength(3);
      expect(screen.queryByRole('rowheader')).toBeNull();
    });
  });

  it('shows the empty message as a card on a narrow screen', () => {
    screenWidth(true);
    render(
      <ResponsiveTable
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyMessage="Nenhuma vaga encontrada."
      />,
    );
    expect(screen.getByText('Nenhuma vaga encontrada.')).toBeTruthy();
  });
});

describe('ListScreen', () => {
  const screenOf = (list: PagedList<Page>, retry = jest.fn()) => (
    <ListScreen
      title="Avaliações"
      subtitle="Todas as avaliações."
      actions={<button type="button">Atualizar</button>}
      filters={
        <ListFilters label="Filtros">
          <input aria-label="Buscar" />
        </ListFilters>
      }
      listTitle="Ativas (3)"
      list={{ ...list, retry }}
      label="Avaliações encontradas"
      empty="Nenhuma avaliação ainda."
      loadingHeight={420}
    >
      {rows}
    </ListScreen>
  );

  it('keeps the list’s height while the first page loads, under its title and filters', () => {
    const { container } = render(screenOf(pagedList({ status: 'loading', data: undefined })));
    expect(screen.getByRole('heading', { level: 2, name: 'Avaliações' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Filtros' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Ativas (3)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect((container.querySelector('.t-skeleton') as HTMLElement).style.minHeight).toBe('420px');
  });

  it('shows the error with "Tentar novamente", the empty text, or the rows with "Carregar mais"', () => {
    const retry = jest.fn();
    render(
      screenOf(
        pagedList({ status: 'error', data: undefined, error: new BffError('Fora do ar', 503) }),
        retry,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalled();
    cleanup();
    render(screenOf(pagedList({ data: { items: [], total: 0, nextCursor: null }, hasMore: false })));
    expect(screen.getByTestId('list-empty').textContent).toBe('Nenhuma avaliação ainda.');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    cleanup();
    render(screenOf(pagedList()));
    expect(screen.getByRole('region', { name: 'Avaliações encontradas' }).textContent).toContain('Caixa');
    expect(screen.queryByTestId('list-empty')).toBeNull();
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeTruthy();
  });
});

describe('ListCard', () => {
  const cardOf = (resource: ListCardResource, empty = false, emptyText?: string) => (
    <ListCard
      title="Lojas"
      actions={<button type="button">Adicionar loja</button>}
      className="r-rows"
      hint="Cada vaga é de uma loja."
      resource={resource}
      empty={empty}
      emptyText={emptyText}
      emptyTestId="stores-empty"
    >
      <ul aria-label="Lojas">
        <li>Loja Centro</li>
      </ul>
    </ListCard>
  );

  it('says "Carregando..." under its title, actions and hint before the first answer', () => {
    const { container } = render(cardOf({ data: undefined, error: undefined, refresh: jest.fn() }));
    expect(screen.getByRole('heading', { level: 2, name: 'Lojas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adicionar loja' })).toBeTruthy();
    expect(screen.getByText('Cada vaga é de uma loja.').className).toBe('t-hint');
    expect(container.querySelector('section')!.className).toBe('t-card r-rows');
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failed first read with "Tentar novamente", and keeps the rows when a refresh fails', () => {
    const refresh = jest.fn();
    render(cardOf({ data: undefined, error: new BffError('Fora do ar', 503), refresh }));
    expect(screen.getByTestId('load-error').textContent).toContain('Fora do ar');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refresh).toHaveBeenCalled();
    cleanup();
    render(cardOf({ data: { items: [1] }, error: new BffError('Fora do ar', 503), refresh }));
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(screen.getByRole('list', { name: 'Lojas' }).textContent).toBe('Loja Centro');
  });

  it('says the empty text instead of the rows, or nothing without one', () => {
    const answered = { data: { items: [] }, error: undefined, refresh: jest.fn() };
    render(cardOf(answered, true, 'Nenhuma loja cadastrada.'));
    expect(screen.getByTestId('stores-empty').textContent).toBe('Nenhuma loja cadastrada.');
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    render(cardOf(answered, true));
    expect(screen.queryByTestId('stores-empty')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
