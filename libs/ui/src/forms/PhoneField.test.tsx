/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PhoneField } from './PhoneField';

function Harness({ initial = '', onDigits }: { initial?: string; onDigits?: (d: string) => void }) {
  const [digits, setDigits] = useState(initial);
  return (
    <PhoneField
      value={digits}
      onChange={(d) => {
        setDigits(d);
        onDigits?.(d);
      }}
    />
  );
}

const input = () => screen.getByLabelText('Telefone') as HTMLInputElement;
const type = (text: string) => act(() => fireEvent.change(input(), { target: { value: text } }));

afterEach(cleanup);

describe('PhoneField', () => {
  it('shows the format hint until the number is complete', () => {
    render(<Harness />);
    expect(screen.getByText('Formato: (DD) 99999-9999 - Digite DDD + número')).toBeTruthy();
    expect(input().getAttribute('inputmode')).toBe('numeric');
  });

  it('keeps digits only, formats as (DD) 99999-9999 and says when it is valid', () => {
    const onDigits = jest.fn();
    render(<Harness onDigits={onDigits} />);
    type('11');
    expect(input().value).toBe('(11');
    type('(11) 98765');
    expect(input().value).toBe('(11) 98765');
    type('(11) 98765-43a21');
    expect(onDigits).toHaveBeenLastCalledWith('11987654321');
    expect(input().value).toBe('(11) 98765-4321');
    expect(screen.getByText('Telefone válido')).toBeTruthy();
    expect(input().dataset.valid).toBe('true');
  });

  it('stops at 11 digits', () => {
    const onDigits = jest.fn();
    render(<Harness onDigits={onDigits} />);
    type('119876543219999');
    expect(onDigits).toHaveBeenLastCalledWith('11987654321');
    expect(input().value).toBe('(11) 98765-4321');
  });

  it('refuses an area code below 11 and keeps the previous value', () => {
    const onDigits = jest.fn();
    render(<Harness initial="1" onDigits={onDigits} />);
    type('10');
    expect(onDigits).not.toHaveBeenCalled();
    expect(input().value).toBe('(1');
    expect(screen.getByRole('alert').textContent).toBe('DDD inválido: use um código de 11 a 99.');
    type('12');
    expect(onDigits).toHaveBeenLastCalledWith('12');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a leading 0 area code as soon as two digits are typed', () => {
    const onDigits = jest.fn();
    render(<Harness onDigits={onDigits} />);
    type('0');
    expect(onDigits).toHaveBeenLastCalledWith('0');
    type('01');
    expect(onDigits).toHaveBeenCalledTimes(1);
  });

  it('shows a form error over the hint', () => {
    const html = renderToStaticMarkup(
      <PhoneField value="119" onChange={() => undefined} error="Telefone incompleto" />,
    );
    expect(html).toContain('Telefone incompleto');
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('Formato: (DD)');
  });
});
