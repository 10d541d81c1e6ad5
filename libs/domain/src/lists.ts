/**
 * Fixed lists of the forms (spec 01 §3, spec 02 §3, 00-decisions "Vacancies").
 */

/** Types of establishment (restaurant.cuisine_type), in the order the select shows them. */
export const ESTABLISHMENT_TYPES = [
  'Supermercado',
  'Hipermercado',
  'Mercado de Bairro',
  'Mercearia',
  'Hortifruti',
  'Atacadista',
  'Atacarejo',
  'Empório',
  'Varejão',
  'Sacolão',
  'Casa de Carnes',
  'Açougue',
  'Peixaria',
  'Padaria',
  'Confeiteria',
  'Lanchonete',
  'Delicatessen',
  'Produtos Naturais',
  'Orgânicos',
  'Distribuidora',
  'Cash & Carry',
  'Conveniência',
  'Minimercado',
  'Quitanda',
  'Feira Livre',
  'Mercado Municipal',
  'Central de Abastecimento',
  'Deposito',
  'Armazém',
  'Entreposto',
] as const;
export type EstablishmentType = (typeof ESTABLISHMENT_TYPES)[number];

/** Position types offered when creating a vacancy (business and admin). */
export const POSITION_TYPES = [
  'Operador de Caixa',
  'Empacotador/Embalador',
  'Atendentes de Loja',
  'Ajudante de Limpeza',
  'Estoquista',
  'Aux de Açougueiro',
  'Aux de Padaria',
] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

/** Freelancer specialties: the same seven, everywhere (setup, profile edit, admin form). */
export const SPECIALTIES: readonly PositionType[] = POSITION_TYPES;

/**
 * Restaurant-era position types and specialties. Shown when stored on old records, never offered
 * in a form.
 */
export const LEGACY_POSITION_TYPES = [
  'Cumim / Garçom',
  'Auxiliar de Cozinha - Produção',
  'Ajudante de Cozinha - Pia',
  'Auxiliar de Limpeza',
  'Atendente',
  'Cozinheiro/a - Auxiliar',
  'Bartender',
  'Barista',
  'Caixa',
  'Chapeiro',
  'Confeiteiro',
  'Pizzaiolo',
] as const;
export type LegacyPositionType = (typeof LEGACY_POSITION_TYPES)[number];

/** Legacy specialties: the same restaurant-era list. */
export const LEGACY_SPECIALTIES: readonly LegacyPositionType[] = LEGACY_POSITION_TYPES;

/** True for a position type a form may offer and the server may accept on a new vacancy. */
export function isPositionType(value: unknown): value is PositionType {
  return typeof value === 'string' && (POSITION_TYPES as readonly string[]).includes(value);
}

/** True for a specialty a freelancer may choose now. */
export function isSpecialty(value: unknown): value is PositionType {
  return isPositionType(value);
}

/** True for an offered or a legacy position type (valid to display from stored data). */
export function isKnownPositionType(value: unknown): boolean {
  return (
    isPositionType(value) ||
    (typeof value === 'string' && (LEGACY_POSITION_TYPES as readonly string[]).includes(value))
  );
}

/** True for one of the 30 establishment types. */
export function isEstablishmentType(value: unknown): value is EstablishmentType {
  return typeof value === 'string' && (ESTABLISHMENT_TYPES as readonly string[]).includes(value);
}

/**
 * Specialties as stored (a JSON text list, spec 01 §3) → a list of names. Also takes an already
 * parsed array, and reads plain comma-separated text from old records. Empty names are dropped.
 */
export function parseSpecialties(value: string | readonly unknown[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  let items: readonly unknown[];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return [];
    try {
      const parsed: unknown = JSON.parse(text);
      items = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      items = text.split(',');
    }
  } else {
    items = value;
  }
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A list of specialties in its stored form (JSON text). */
export function serializeSpecialties(specialties: readonly string[]): string {
  return JSON.stringify(specialties.map((item) => item.trim()).filter(Boolean));
}
