/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { useState } from 'react';
import { CnpjField } from './CnpjField';

function Harness({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CnpjField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const input = () => screen.getByLabelText('CNPJ') as HTMLInputElement;
const type = (text: string) => act(() => fireEvent.change(input(), { target: { value: text } }));

afterEach(cleanup);

describe('CnpjField', () => {
  it('masks as 00.000.000/0000-00 while typing and hands the 14 characters to the form', () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    expect(screen.getByText(MESSAGES.restaurants.cnpjHint)).toBeTruthy();
    type('112223');
    expect(input().value).toBe('11.222.3');
    type('11.222.333/0001-81');
    expect(input().value).toBe('11.222.333/0001-81');
    expect(onValue).toHaveBeenLastCalledWith('11222333000181');
    expect(screen.getByText(MESSAGES.restaurants.cnpjValid)).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a complete CNPJ whose check digits do not match, and keeps letters of the alphanumeric CNPJ', () => {
    render(<Harness />);
    type('11222333000182');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.restaurants.invalidCnpj);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    type('12abc34501de35');
    expect(input().value).toBe('12.ABC.345/01DE-35');
    expect(screen.getByText(MESSAGES.restaurants.cnpjValid)).toBeTruthy();
  });
});
