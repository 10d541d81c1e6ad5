/** Who is in the demo: establishments and freelancers in every account state (São Paulo). */
import type { EstablishmentType, PositionType } from '@turno/domain';
import { DEMO_ACCOUNTS, DEMO_RESTAURANT_NAME } from '../identity/demo-accounts';

export type AccountState = 'approved' | 'pending' | 'rejected';

export interface RestaurantSeed {
  owner: string;
  email: string;
  businessName: string;
  /** CNPJ (14 digits, valid check digits; made up for the demo) and razão social (issue 25). */
  cnpj: string;
  legalName: string;
  phone: string;
  address: string;
  addressNumber: string;
  cep: string;
  /** Where the store is (WGS 84), as the geocoder found it at registration (issue 23). */
  latitude: number;
  longitude: number;
  cuisineType: EstablishmentType;
  state: AccountState;
  registeredDaysAgo: number;
  subject?: string;
}

/** Establishments in every account state, São Paulo addresses. */
export const RESTAURANT_SEEDS = {
  bomPreco: {
    owner: 'Marcos Almeida',
    email: 'marcos.almeida@bompreco.example.com',
    businessName: DEMO_RESTAURANT_NAME,
    cnpj: '12345678000195',
    legalName: 'Supermercado Bom Preço Ltda',
    phone: '11987654321',
    address: 'Rua Vergueiro, Vila Mariana, São Paulo - SP',
    addressNumber: '1500',
    cep: '04101000',
    latitude: -23.5785,
    longitude: -46.6393,
    cuisineType: 'Supermercado',
    state: 'approved',
    registeredDaysAgo: 90,
    subject: DEMO_ACCOUNTS.restaurant,
  },
  hortifruti: {
    owner: 'Juliana Prado',
    email: 'juliana@hortifrutivilamadalena.example.com',
    businessName: 'Hortifruti Vila Madalena',
    cnpj: '23456789000195',
    legalName: 'Hortifruti Vila Madalena Comércio de Frutas Ltda',
    phone: '11976543210',
    address: 'Rua Harmonia, Vila Madalena, São Paulo - SP',
    addressNumber: '320',
    cep: '05435000',
    latitude: -23.5563,
    longitude: -46.688,
    cuisineType: 'Hortifruti',
    state: 'approved',
    registeredDaysAgo: 60,
  },
  padaria: {
    owner: 'Roberto Nogueira',
    email: 'roberto@paodourado.example.com',
    businessName: 'Padaria Pão Dourado',
    cnpj: '34567891000184',
    legalName: 'Panificadora Pão Dourado Ltda',
    phone: '11965432109',
    address: 'Avenida Sumaré, Perdizes, São Paulo - SP',
    addressNumber: '1100',
    cep: '05016090',
    latitude: -23.54,
    longitude: -46.678,
    cuisineType: 'Padaria',
    state: 'approved',
    registeredDaysAgo: 45,
  },
  emporio: {
    owner: 'Patrícia Ferraz',
    email: 'patricia@emporiodamooca.example.com',
    businessName: 'Empório da Mooca',
    cnpj: '45678912000155',
    legalName: 'Empório da Mooca Alimentos Ltda',
    phone: '11954321098',
    address: 'Rua da Mooca, Mooca, São Paulo - SP',
    addressNumber: '2450',
    cep: '03104002',
    latitude: -23.556,
    longitude: -46.6,
    cuisineType: 'Empório',
    state: 'pending',
    registeredDaysAgo: 2,
  },
  sacolao: {
    owner: 'Antônio Ribeiro',
    email: 'antonio@sacolaosantana.example.com',
    businessName: 'Sacolão Santana',
    cnpj: '56789123000108',
    legalName: 'Sacolão Santana Hortifrutigranjeiros Ltda',
    phone: '11943210987',
    address: 'Avenida Voluntários da Pátria, Santana, São Paulo - SP',
    addressNumber: '3800',
    cep: '02401000',
    latitude: -23.488,
    longitude: -46.627,
    cuisineType: 'Sacolão',
    state: 'pending',
    registeredDaysAgo: 1,
  },
  mercearia: {
    owner: 'Sérgio Matos',
    email: 'sergio@merceariaboavista.example.com',
    businessName: 'Mercearia Boa Vista',
    cnpj: '67891234000147',
    legalName: 'Mercearia Boa Vista Ltda ME',
    phone: '11932109876',
    address: 'Rua Cuba, Jardim América, São Paulo - SP',
    addressNumber: '88',
    cep: '01434000',
    latitude: -23.57,
    longitude: -46.671,
    cuisineType: 'Mercearia',
    state: 'rejected',
    registeredDaysAgo: 20,
  },
} satisfies Record<string, RestaurantSeed>;
export type RestaurantKey = keyof typeof RESTAURANT_SEEDS;

export interface FreelancerSeed {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** Where the home address is (WGS 84), as the geocoder placed it (issue 26: "Vagas" distances). */
  home: { latitude: number; longitude: number };
  cpfBase: string;
  pixKey: (cpf: string) => string;
  experienceYears: number;
  specialties: PositionType[];
  photo: string | null;
  state: AccountState;
  registeredDaysAgo: number;
  subject?: string;
}

/** Freelancers in every account state: approved with and without photo, pending, rejected. */
export const FREELANCER_SEEDS = {
  ana: {
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    phone: '11991234567',
    address: 'Rua Domingos de Morais, 2200 - Vila Mariana, São Paulo - SP',
    home: { latitude: -23.5935, longitude: -46.639 },
    cpfBase: '529982247',
    pixKey: () => 'ana.souza@example.com',
    experienceYears: 4,
    specialties: ['Operador de Caixa', 'Atendentes de Loja'],
    photo: '/static/avatars/ana.svg',
    state: 'approved',
    registeredDaysAgo: 80,
    subject: DEMO_ACCOUNTS.freelancer,
  },
  bruno: {
    name: 'Bruno Oliveira',
    email: 'bruno.oliveira@example.com',
    phone: '11992345678',
    address: 'Rua Tuiuti, 1500 - Tatuapé, São Paulo - SP',
    home: { latitude: -23.5418, longitude: -46.5762 },
    cpfBase: '153509460',
    pixKey: (cpf) => cpf,
    experienceYears: 6,
    specialties: ['Estoquista', 'Empacotador/Embalador'],
    photo: '/static/avatars/bruno.svg',
    state: 'approved',
    registeredDaysAgo: 75,
  },
  carla: {
    name: 'Carla Mendes',
    email: 'carla.mendes@example.com',
    phone: '11993456789',
    address: 'Rua Cardeal Arcoverde, 900 - Pinheiros, São Paulo - SP',
    home: { latitude: -23.561, longitude: -46.6826 },
    cpfBase: '286713450',
    pixKey: () => '+5511993456789',
    experienceYears: 2,
    specialties: ['Aux de Padaria', 'Atendentes de Loja'],
    photo: null,
    state: 'approved',
    registeredDaysAgo: 50,
  },
  diego: {
    name: 'Diego Santos',
    email: 'diego.santos@example.com',
    phone: '11994567890',
    address: 'Avenida Celso Garcia, 4000 - Belenzinho, São Paulo - SP',
    home: { latitude: -23.5378, longitude: -46.5875 },
    cpfBase: '390533447',
    pixKey: () => '7d3f9a2c-5b1e-4c8a-9f60-2e4b8d1a6c37',
    experienceYears: 8,
    specialties: ['Aux de Açougueiro', 'Estoquista'],
    photo: '/static/avatars/diego.svg',
    state: 'approved',
    registeredDaysAgo: 70,
  },
  eduarda: {
    name: 'Eduarda Lima',
    email: 'eduarda.lima@example.com',
    phone: '11995678901',
    address: 'Rua Voluntários da Pátria, 1200 - Santana, São Paulo - SP',
    home: { latitude: -23.506, longitude: -46.626 },
    cpfBase: '714602388',
    pixKey: () => 'eduarda.lima@example.com',
    experienceYears: 3,
    specialties: ['Ajudante de Limpeza', 'Empacotador/Embalador', 'Operador de Caixa'],
    photo: '/static/avatars/eduarda.svg',
    state: 'approved',
    registeredDaysAgo: 40,
  },
  fernanda: {
    name: 'Fernanda Costa',
    email: 'fernanda.costa@example.com',
    phone: '11996789012',
    address: 'Rua Augusta, 2500 - Jardins, São Paulo - SP',
    home: { latitude: -23.564, longitude: -46.668 },
    cpfBase: '048163925',
    pixKey: () => 'fernanda.costa@example.com',
    experienceYears: 1,
    specialties: ['Operador de Caixa'],
    photo: null,
    state: 'pending',
    registeredDaysAgo: 1,
    subject: DEMO_ACCOUNTS.pendingFreelancer,
  },
  gabriel: {
    name: 'Gabriel Rocha',
    email: 'gabriel.rocha@example.com',
    phone: '11997890123',
    address: 'Rua Teodoro Sampaio, 700 - Pinheiros, São Paulo - SP',
    home: { latitude: -23.558, longitude: -46.68 },
    cpfBase: '631840572',
    pixKey: (cpf) => cpf,
    experienceYears: 0,
    specialties: ['Estoquista'],
    photo: '/static/avatars/gabriel.svg',
    state: 'rejected',
    registeredDaysAgo: 15,
  },
} satisfies Record<string, FreelancerSeed>;
export type FreelancerKey = keyof typeof FREELANCER_SEEDS;
