/** Tests only: wire objects as the freelancer BFF answers them. */
import { FreelancerMeSchema, OpenJobSchema, type FreelancerMe, type OpenJob } from '@turno/contracts';

export const ANA: FreelancerMe = FreelancerMeSchema.parse({
  id: 7,
  user_id: 70,
  name: 'Ana Souza',
  phone: '11991234567',
  address: 'Rua Domingos de Morais, 2200 - Vila Mariana, São Paulo - SP',
  cpf: '52998224725',
  pix_key: 'ana.souza@example.com',
  experience_years: 4,
  specialties: ['Operador de Caixa'],
  profile_photo_url: '/photo',
  has_profile_photo: true,
  rating: 4.8,
  total_jobs: 12,
  is_approved: true,
  is_available: true,
});

export const VACANCY: OpenJob = OpenJobSchema.parse({
  id: 41,
  restaurant_neighborhood: 'Vila Mariana',
  restaurant_city: 'São Paulo - SP',
  title: 'Empacotador/Embalador',
  position_type: 'Empacotador/Embalador',
  description: 'Reposição e embalagem no caixa.',
  date_needed: '2026-11-23',
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149,
  freelancer_payment_amount: 120,
  meal_time: '10:00 às 10:30',
  recommended_attire: 'Calça preta',
  has_applied: false,
});
