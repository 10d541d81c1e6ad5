/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type AddressLookupResult } from '@turno/contracts';
import { useState } from 'react';
import { CepField } from './CepField';

const AUGUSTA: AddressLookupResult = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  formattedAddress: 'Avenida Paulista, Bela Vista, São Paulo - SP',
};
const CONSOLACAO: AddressLookupResult = {
  cep: '01302-000',
  logradouro: 'Rua Augusta',
  bairro: 'Consolação',
  localidade: 'São Paulo',
  uf: 'SP',
  formattedAddress: 'Rua Augusta, Consolação, São Paulo - SP',
};

/** A fetch answering JSON (jsdom has no Response class). */
function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

function Harness({
  fetchImpl,
  onAddress,
}: {
  fetchImpl: typeof fetch;
  onAddress: (a: AddressLookupResult) => void;
}) {
  const [value, setValue] = useState('');
  return <CepField value={value} onChange={setValue} onAddress={onAddress} fetchImpl={fetchImpl} />;
}

const input = () => screen.getByLabelText('CEP') as HTMLInputElement;
const type = (text: string) => act(() => fireEvent.change(input(), { target: { value: text } }));
/** Lets the pending fetch promises settle. */
const settle = () => act(async () => undefined);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('CepField', () => {
  it('masks a CEP and looks it up at 8 digits', async () => {
    const fetchImpl = jest.fn(async () => answer(200, AUGUSTA));
    const onAddress = jest.fn();
    render(<Harness fetchImpl={fetchImpl} onAddress={onAddress} />);

    type('01310');
    expect(input().value).toBe('01310');
    type('013101');
    expect(input().value).toBe('01310-1');
    expect(fetchImpl).not.toHaveBeenCalled();

    type('01310100');
    expect(input().value).toBe('01310-100');
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/address/cep/01310100',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(screen.getByText('Buscando endereço...')).toBeTruthy();
    await settle();
    expect(onAddress).toHaveBeenCalledWith(AUGUSTA);
    expect(screen.getByText(`Endereço encontrado: ${AUGUSTA.formattedAddress}`)).toBeTruthy();
  });

  it("shows the server's message for an unknown CEP", async () => {
    const fetchImpl = jest.fn(async () => answer(404, { error: 'CEP não encontrado' }));
    const onAddress = jest.fn();
    render(<Harness fetchImpl={fetchImpl} onAddress={onAddress} />);
    type('99999-999');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('CEP não encontrado');
    expect(onAddress).not.toHaveBeenCalled();
  });

  it('says clearly when the CEP service cannot be reached', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<Harness fetchImpl={fetchImpl} onAddress={jest.fn()} />);
    type('01310100');
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/Não foi possível consultar o CEP agora/);
  });

  it("prefers the server's error text when the lookup service is down", async () => {
    const fetchImpl = jest.fn(async () => answer(502, { error: 'Serviço de CEP indisponível' }));
    render(<Harness fetchImpl={fetchImpl} onAddress={jest.fn()} />);
    type('01310100');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Serviço de CEP indisponível');
  });

  it('searches free text after a 500 ms pause, once, and offers the suggestions', async () => {
    const fetchImpl = jest.fn(async () => answer(200, [CONSOLACAO, AUGUSTA]));
    const onAddress = jest.fn();
    render(<Harness fetchImpl={fetchImpl} onAddress={onAddress} />);

    type('Ru');
    act(() => jest.advanceTimersByTime(1000));
    expect(fetchImpl).not.toHaveBeenCalled(); // fewer than 3 characters

    type('Rua');
    act(() => jest.advanceTimersByTime(300));
    type('Rua Aug');
    act(() => jest.advanceTimersByTime(499));
    expect(fetchImpl).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/api/address/search?q=Rua+Aug', expect.anything());
    await settle();

    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    act(() => fireEvent.click(options[0]!));
    expect(onAddress).toHaveBeenCalledWith(CONSOLACAO);
    expect(input().value).toBe('01302-000');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('picks a suggestion with the keyboard', async () => {
    const fetchImpl = jest.fn(async () => answer(200, [CONSOLACAO, AUGUSTA]));
    const onAddress = jest.fn();
    render(<Harness fetchImpl={fetchImpl} onAddress={onAddress} />);
    type('Avenida Paulista');
    act(() => jest.advanceTimersByTime(500));
    await settle();
    act(() => fireEvent.keyDown(input(), { key: 'ArrowDown' }));
    act(() => fireEvent.keyDown(input(), { key: 'ArrowDown' }));
    act(() => fireEvent.keyDown(input(), { key: 'Enter' }));
    expect(onAddress).toHaveBeenCalledWith(AUGUSTA);
  });

  it('treats an answer beyond the contract (more than 5) as the search being unavailable', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...CONSOLACAO, formattedAddress: `Rua ${i}` }));
    const fetchImpl = jest.fn(async () => answer(200, many));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness fetchImpl={fetchImpl} onAddress={jest.fn()} />);
    type('Rua Augusta');
    act(() => jest.advanceTimersByTime(500));
    await settle();
    // An over-long answer breaks the contract (max 5): the field reports the search as unavailable.
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toMatch(/busca de endereços está indisponível/);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('says when the address search cannot be reached', async () => {
    const fetchImpl = jest.fn(async () => answer(503, 'down'));
    render(<Harness fetchImpl={fetchImpl} onAddress={jest.fn()} />);
    type('Rua Augusta');
    act(() => jest.advanceTimersByTime(500));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'A busca de endereços está indisponível no momento. Preencha o endereço manualmente.',
    );
  });

  it('says when nothing matches', async () => {
    const fetchImpl = jest.fn(async () => answer(200, []));
    render(<Harness fetchImpl={fetchImpl} onAddress={jest.fn()} />);
    type('Rua que não existe');
    act(() => jest.advanceTimersByTime(500));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/Nenhum endereço encontrado/);
  });

  it('ignores a late answer to an older query', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchImpl = jest
      .fn()
      .mockImplementationOnce(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            release = resolve;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      )
      .mockImplementation(async () => answer(200, CONSOLACAO));
    const onAddress = jest.fn();
    render(<Harness fetchImpl={fetchImpl as unknown as typeof fetch} onAddress={onAddress} />);
    type('01310100');
    type('01302000');
    release(answer(200, AUGUSTA));
    await settle();
    expect(onAddress).toHaveBeenCalledTimes(1);
    expect(onAddress).toHaveBeenCalledWith(CONSOLACAO);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
