import {
  ESTABLISHMENT_TYPES,
  LEGACY_POSITION_TYPES,
  LEGACY_SPECIALTIES,
  POSITION_TYPES,
  SPECIALTIES,
  isEstablishmentType,
  isKnownPositionType,
  isPositionType,
  isSpecialty,
  parseSpecialties,
  serializeSpecialties,
} from './lists';

describe('lists', () => {
  it('has 30 distinct establishment types, first and last as in the spec', () => {
    expect(ESTABLISHMENT_TYPES).toHaveLength(30);
    expect(new Set(ESTABLISHMENT_TYPES).size).toBe(30);
    expect(ESTABLISHMENT_TYPES[0]).toBe('Supermercado');
    expect(ESTABLISHMENT_TYPES[29]).toBe('Entreposto');
    expect(ESTABLISHMENT_TYPES).toContain('Cash & Carry');
  });

  it('offers the seven position types, which are also the specialties', () => {
    expect(POSITION_TYPES).toEqual([
      'Operador de Caixa',
      'Empacotador/Embalador',
      'Atendentes de Loja',
      'Ajudante de Limpeza',
      'Estoquista',
      'Aux de Açougueiro',
      'Aux de Padaria',
    ]);
    expect(SPECIALTIES).toEqual(POSITION_TYPES);
  });

  it('keeps the restaurant-era values as legacy only', () => {
    expect(LEGACY_POSITION_TYPES).toHaveLength(12);
    expect(LEGACY_POSITION_TYPES[0]).toBe('Cumim / Garçom');
    expect(LEGACY_POSITION_TYPES.at(-1)).toBe('Pizzaiolo');
    expect(LEGACY_SPECIALTIES).toEqual(LEGACY_POSITION_TYPES);
    for (const legacy of LEGACY_POSITION_TYPES) {
      expect(isPositionType(legacy)).toBe(false);
      expect(isKnownPositionType(legacy)).toBe(true);
    }
  });

  it('checks membership', () => {
    expect(isPositionType('Estoquista')).toBe(true);
    expect(isSpecialty('Aux de Padaria')).toBe(true);
    expect(isSpecialty('Garçom')).toBe(false);
    expect(isKnownPositionType('Astronauta')).toBe(false);
    expect(isEstablishmentType('Hortifruti')).toBe(true);
    expect(isEstablishmentType('Restaurante')).toBe(false);
  });
});

describe('specialties storage', () => {
  it('parses the stored JSON text, arrays and old comma-separated text', () => {
    expect(parseSpecialties('["Estoquista","Aux de Padaria"]')).toEqual(['Estoquista', 'Aux de Padaria']);
    expect(parseSpecialties(['Estoquista', 3, ' '])).toEqual(['Estoquista']);
    expect(parseSpecialties('Estoquista, Aux de Padaria')).toEqual(['Estoquista', 'Aux de Padaria']);
    expect(parseSpecialties('"Estoquista"')).toEqual(['Estoquista']);
    expect(parseSpecialties('')).toEqual([]);
    expect(parseSpecialties(null)).toEqual([]);
  });

  it('serialises to JSON text and back', () => {
    const text = serializeSpecialties([' Estoquista ', '', 'Aux de Açougueiro']);
    expect(text).toBe('["Estoquista","Aux de Açougueiro"]');
    expect(parseSpecialties(text)).toEqual(['Estoquista', 'Aux de Açougueiro']);
  });
});
