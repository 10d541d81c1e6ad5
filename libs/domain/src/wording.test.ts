import { FIELD_LABELS, fieldLabel, filterSheetPairs, plural, pluralWord } from './wording';
import * as MESSAGES from './messages';

describe('plural', () => {
  it('agrees the word with the count: singular for one, plural for zero and more', () => {
    expect(plural(1, 'vaga criada', 'vagas criadas')).toBe('1 vaga criada');
    expect(plural(3, 'vaga criada', 'vagas criadas')).toBe('3 vagas criadas');
    expect(plural(0, 'ano', 'anos')).toBe('0 anos');
    expect(plural(1200, 'vaga', 'vagas')).toBe('1.200 vagas');
    expect(pluralWord(1, 'ano', 'anos')).toBe('ano');
  });

  it('is what the counted messages say, never "(s)"', () => {
    expect(MESSAGES.jobs.created(1)).toBe('1 vaga criada com sucesso!');
    expect(MESSAGES.jobs.created(3)).toBe('3 vagas criadas com sucesso!');
    expect(MESSAGES.invoices.generated(1, 1)).toBe('1 fatura gerada com 1 serviço faturado.');
    expect(MESSAGES.invoices.generated(2, 5)).toBe('2 faturas geradas com 5 serviços faturados.');
  });
});

describe('field labels', () => {
  it('names a field in pt-BR, a list item by its list, and nothing for an unknown name', () => {
    expect(fieldLabel(['quantity'])).toBe('Quantidade');
    expect(fieldLabel(['dates', 2])).toBe('Datas');
    expect(fieldLabel(['pix_key'])).toBe('Chave PIX');
    expect(fieldLabel(['somethingElse'])).toBeNull();
    expect(fieldLabel([])).toBeNull();
    expect(fieldLabel(['toString'])).toBeNull();
  });

  it('has no English label', () => {
    expect(Object.values(FIELD_LABELS).filter((label) => /^[a-z]+[A-Z_]/.test(label))).toEqual([]);
  });
});

describe('filter sheet of an export', () => {
  it('reads each filter in pt-BR: field name, value label, a date as dd/mm/aaaa; empty ones left out', () => {
    expect(
      filterSheetPairs(
        { date: 'all', status: 'open', q: 'caixa', restaurantId: undefined, day: '' },
        { date: { all: 'Todas as datas' }, status: { open: 'Abertas' } },
      ),
    ).toEqual([
      ['Data', 'Todas as datas'],
      ['Status', 'Abertas'],
      ['Busca', 'caixa'],
    ]);
    expect(filterSheetPairs({ date: '2026-12-01' })).toEqual([['Data', '01/12/2026']]);
  });
});
