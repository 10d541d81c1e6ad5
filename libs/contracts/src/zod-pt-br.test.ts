import { FIELD_LABELS } from '@turno/domain';
import { z } from 'zod';
import * as contracts from './index';
import { configureZodPtBR, describeZodError } from './zod-pt-br';

configureZodPtBR();

describe('pt-BR validation messages', () => {
  const schema = z.object({ name: z.string().min(2), quantity: z.number().int().max(5) });

  it('names the field and says it is required', () => {
    const result = schema.safeParse({ quantity: 1 });
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!)).toBe('Nome: Campo obrigatório');
  });

  it('explains limits in Portuguese', () => {
    const result = schema.safeParse({ name: 'Ana', quantity: 9 });
    expect(describeZodError(result.error!)).toBe('Quantidade: Deve ser menor ou igual a 5');
  });

  it('does not repeat a field that the message already names', () => {
    const result = z
      .object({ businessName: z.string().min(1, 'Informe o nome do estabelecimento') })
      .safeParse({ businessName: '' });
    expect(describeZodError(result.error!)).toBe('Informe o nome do estabelecimento');
  });

  it('keeps a message written in the schema', () => {
    const result = z
      .string()
      .regex(/^\d{8}$/, 'CEP inválido')
      .safeParse('123');
    expect(describeZodError(result.error!)).toBe('CEP inválido');
  });

  it('counts in singular or plural, never "(s)"', () => {
    const one = z.object({ message: z.string().max(1) }).safeParse({ message: 'ab' });
    expect(describeZodError(one.error!)).toBe('Mensagem: Deve ter no máximo 1 caractere');
    const many = z.object({ dates: z.array(z.string()).min(2) }).safeParse({ dates: [] });
    expect(describeZodError(many.error!)).toBe('Datas: Selecione pelo menos 2 itens');
  });

  it('names an item of a list by its list, and leaves an unknown field unnamed rather than in English', () => {
    const dates = z.object({ dates: z.array(z.string().min(10)) }).safeParse({ dates: ['2026-12-01', 'x'] });
    expect(describeZodError(dates.error!)).toBe('Datas: Deve ter pelo menos 10 caracteres');
    const unknown = z.object({ somethingNew: z.string() }).safeParse({});
    expect(describeZodError(unknown.error!)).toBe('Campo obrigatório');
  });

  it('has a pt-BR name for every field of every request schema (body, query, path)', () => {
    const fields = new Set<string>();
    const walk = (schema: unknown, depth: number): void => {
      const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
      if (!def || depth > 8) return;
      if (def.type === 'object') {
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
          fields.add(key);
          walk(value, depth + 1);
        }
      }
      for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right'])
        if (def[key]) walk(def[key], depth + 1);
      if (Array.isArray(def.options)) for (const option of def.options) walk(option, depth + 1);
    };
    for (const [name, schema] of Object.entries(contracts))
      if (/(Request|Query|Params|Body|Input|Payload)/.test(name) && schema instanceof z.ZodType)
        walk(schema, 0);
    expect(fields.size).toBeGreaterThan(40);
    expect([...fields].filter((field) => !Object.hasOwn(FIELD_LABELS, field))).toEqual([]);
  });
});
