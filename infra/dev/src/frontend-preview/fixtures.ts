// Contract-shaped demo answers for the front-end preview (stand-ins for the real BFFs).
import type { AdminRestaurant, Invoice, Job, OpenJob } from '@turno/contracts';

function saoPauloDate(offsetDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

const job = (over: Partial<Job> & Pick<Job, 'id' | 'title' | 'status'>): Job => ({
  restaurant_id: 1,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: 'Rua Augusta, 1200',
  position_type: over.title,
  description: null,
  date_needed: saoPauloDate(0),
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149,
  meal_time: '10:00 às 10:30',
  recommended_attire: 'Calça preta e tênis',
  is_assigned: over.status !== 'open',
  assignment_id: null,
  assignment_status: null,
  freelancer_name: null,
  freelancer_user_id: null,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
  ...over,
});

export const restaurantJobs: Job[] = [
  job({ id: 1, title: 'Operador de Caixa', status: 'open' }),
  job({
    id: 2,
    title: 'Estoquista',
    status: 'assigned',
    date_needed: saoPauloDate(1),
    start_time: '14:00',
    end_time: '22:20',
    freelancer_name: 'Ana Souza',
    assignment_status: 'assigned',
  }),
  job({
    id: 3,
    title: 'Aux de Padaria',
    status: 'completed',
    date_needed: saoPauloDate(-2),
    start_time: '05:00',
    end_time: '15:00',
    hourly_rate: 189,
    freelancer_name: 'Bruno Lima',
  }),
  job({
    id: 4,
    title: 'Empacotador/Embalador',
    status: 'open',
    date_needed: saoPauloDate(4),
    start_time: '18:00',
    end_time: '02:20',
    hourly_rate: 179,
  }),
  job({ id: 5, title: 'Ajudante de Limpeza', status: 'cancelled', date_needed: saoPauloDate(3) }),
];

const openJob = (over: Partial<OpenJob> & Pick<OpenJob, 'id' | 'title'>): OpenJob => ({
  restaurant_name: 'Hortifruti Vila Mariana',
  position_type: over.title,
  description: null,
  date_needed: saoPauloDate(0),
  start_time: '07:00',
  end_time: '13:00',
  hourly_rate: 149,
  freelancer_payment_amount: 120,
  meal_time: null,
  recommended_attire: null,
  ...over,
});

export const openJobs: OpenJob[] = [
  openJob({
    id: 11,
    title: 'Operador de Caixa',
    meal_time: '09:00 às 09:30',
    recommended_attire: 'Camiseta branca',
  }),
  openJob({
    id: 12,
    title: 'Estoquista',
    restaurant_name: 'Atacadão Ipiranga',
    date_needed: saoPauloDate(1),
    start_time: '22:00',
    end_time: '06:20',
    hourly_rate: 179,
    freelancer_payment_amount: 150,
  }),
  openJob({
    id: 13,
    title: 'Aux de Açougueiro',
    restaurant_name: 'Casa de Carnes Pinheiros',
    date_needed: saoPauloDate(5),
    start_time: '06:00',
    end_time: '16:30',
    hourly_rate: 189.9,
    freelancer_payment_amount: 170,
  }),
];

const restaurant = (
  over: Partial<AdminRestaurant> & Pick<AdminRestaurant, 'id' | 'business_name'>,
): AdminRestaurant => ({
  user_id: over.id + 100,
  name: 'Carla Mendes',
  phone: '(11) 98765-4321',
  address: 'Av. Paulista',
  address_number: '900',
  cuisine_type: 'Supermercado',
  contact_person: 'Carla',
  is_approved: true,
  is_active: true,
  approved_at: '2026-03-01T13:00:00-03:00',
  created_at: '2026-02-27T10:15:00-03:00',
  ...over,
});

export const adminRestaurants: AdminRestaurant[] = [
  restaurant({ id: 1, business_name: 'Supermercado Bom Preço' }),
  restaurant({
    id: 2,
    business_name: 'Hortifruti Vila Mariana',
    cuisine_type: 'Hortifruti',
    is_approved: false,
    approved_at: null,
    name: 'Diego Rocha',
  }),
  restaurant({ id: 3, business_name: 'Atacadão Ipiranga', cuisine_type: 'Atacadista', phone: null }),
  restaurant({
    id: 4,
    business_name: 'Empório Central',
    cuisine_type: 'Empório',
    is_approved: false,
    is_active: false,
    approved_at: null,
  }),
];

const invoice = (
  over: Partial<Invoice> & Pick<Invoice, 'id' | 'invoice_number' | 'status' | 'amount'>,
): Invoice => ({
  invoice_type: 'restaurant_weekly_invoice',
  restaurant_id: 1,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_contact_name: 'Carla Mendes',
  description: null,
  issue_date: saoPauloDate(-5),
  due_date: saoPauloDate(2),
  payment_date: null,
  week_start: saoPauloDate(-14),
  week_end: saoPauloDate(-8),
  ...over,
});

export const invoices: Invoice[] = [
  invoice({ id: 1, invoice_number: 'TUR-2026-W46-0001', status: 'pending', amount: 1043 }),
  invoice({
    id: 2,
    invoice_number: 'TUR-2026-W45-0002',
    status: 'paid',
    amount: 2189.9,
    issue_date: saoPauloDate(-12),
    due_date: saoPauloDate(-5),
    payment_date: saoPauloDate(-6),
    restaurant_name: 'Atacadão Ipiranga',
  }),
  invoice({
    id: 3,
    invoice_number: 'TUR-2026-W44-0003',
    status: 'overdue',
    amount: 447,
    issue_date: saoPauloDate(-19),
    due_date: saoPauloDate(-12),
    restaurant_name: 'Hortifruti Vila Mariana',
    restaurant_contact_name: null,
  }),
  invoice({
    id: 4,
    invoice_number: 'TUR-2026-C-0004',
    status: 'pending',
    amount: 358,
    invoice_type: 'restaurant_custom_invoice',
  }),
];
