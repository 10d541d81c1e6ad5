import { checkPixKey, dictKeyType, pixKeyError } from './keys';
import { PIX_KEY_MESSAGES, PIX_SEND_FAILURE_REASONS, pixSendFailureText } from './pix-messages';

describe('checkPixKey', () => {
  it.each([
    ['529.982.247-25', 'cpf', '52998224725'],
    ['11.222.333/0001-81', 'cnpj', '11222333000181'],
    ['Ana.Souza@Example.com', 'email', 'ana.souza@example.com'],
    ['+55 (11) 98765-4321', 'phone', '+5511987654321'],
    ['(11) 98765-4321', 'phone', '+5511987654321'],
    ['71CDF9BA-C695-4E3C-B010-ABB521A3F1BE', 'random', '71cdf9ba-c695-4e3c-b010-abb521a3f1be'],
  ])('%s is a %s key sent as %s', (value, type, key) => {
    expect(checkPixKey(value)).toEqual({ ok: true, type, key });
  });

  it.each([
    ['', PIX_KEY_MESSAGES.required],
    ['   ', PIX_KEY_MESSAGES.required],
    ['529.982.247-26', PIX_KEY_MESSAGES.invalidCpf],
    ['11.222.333/0001-82', PIX_KEY_MESSAGES.invalidCnpj],
    ['ana@', PIX_KEY_MESSAGES.invalidEmail],
    [`${'a'.repeat(70)}@example.com`, PIX_KEY_MESSAGES.invalidEmail],
    ['+55 11 1234', PIX_KEY_MESSAGES.invalidPhone],
    ['+1 415 555 0100', PIX_KEY_MESSAGES.invalidPhone],
    ['71cdf9ba-c695-4e3c-b010-abb521a3f1b', PIX_KEY_MESSAGES.invalidRandom],
    ['minha chave', PIX_KEY_MESSAGES.invalid],
  ])('refuses %j with a pt-BR reason', (value, error) => {
    expect(checkPixKey(value)).toEqual({ ok: false, error });
    expect(pixKeyError(value)).toBe(error);
  });

  it('says nothing about a good key', () => {
    expect(pixKeyError('52998224725')).toBeNull();
    expect(pixKeyError(null)).toBe(PIX_KEY_MESSAGES.required);
  });
});

describe('dictKeyType', () => {
  it("names Turno's key types as the DICT does", () => {
    expect(dictKeyType('cpf')).toBe('CPF');
    expect(dictKeyType('cnpj')).toBe('CNPJ');
    expect(dictKeyType('email')).toBe('EMAIL');
    expect(dictKeyType('phone')).toBe('PHONE');
    expect(dictKeyType('random')).toBe('EVP');
  });
});

describe('payout failure texts', () => {
  it('says what failed in pt-BR for every reason', () => {
    expect(pixSendFailureText('invalid_key')).toBe('Falhou: chave Pix inválida — atualize seu Perfil');
    for (const reason of PIX_SEND_FAILURE_REASONS) expect(pixSendFailureText(reason)).toMatch(/^Falhou: \S/);
  });
});
