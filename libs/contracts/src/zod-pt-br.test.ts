import { z } from 'zod';
import { configureZodPtBR, describeZodError } from './zod-pt-br';

configureZodPtBR();

describe('pt-BR validation messages', () => {
  const schema = z.object({ name: z.string().min(2), quantity: z.number().int().max(5) });

  it('names the field and says it is required', () => {
    const result = schema.safeParse({ quantity: 1 });
    expect(result.success).toBe(false);
    expect(describeZodError(result.error!)).toBe('name: Campo obrigatório');
  });

  it('explains limits in Portuguese', () => {
    const result = schema.safeParse({ name: 'Ana', quantity: 9 });
    expect(describeZodError(result.error!)).toBe('quantity: Deve ser menor ou igual a 5');
  });

  it('keeps a message written in the schema', () => {
    const result = z
      .string()
      .regex(/^\d{8}$/, 'CEP inválido')
      .safeParse('123');
    expect(describeZodError(result.error!)).toBe('CEP inválido');
  });
});
