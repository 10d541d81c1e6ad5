import { FreelancerMeSchema, FreelancerProfileUpdateResponseSchema } from '@turno/contracts';
import { MESSAGES, VETTING_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
});
afterAll(() => bff.close());

const save = (json: unknown) => bff.request('/api/freelancers/profile', { method: 'PUT', cookie, json });
const valid = {
  name: 'Ana Souza Lima',
  phone: '(11) 99123-4567',
  address: 'Rua Domingos de Morais, 2200 - Vila Mariana, São Paulo - SP',
  cpf: '529.982.247-25',
  pix_key: '(11) 99123-4567',
  experience_years: 5,
  specialties: ['Operador de Caixa', 'Estoquista'],
};

describe('PUT /api/freelancers/profile', () => {
  it('saves the profile (CPF and phone as digits, a phone typed as the widget formats it as PIX key)', async () => {
    const { status, body } = await save(valid);
    expect(status).toBe(200);
    const answer = FreelancerProfileUpdateResponseSchema.parse(body);
    expect(answer.message).toBe(MESSAGES.freelancers.profileUpdated);
    expect(answer.profile).toMatchObject({
      name: 'Ana Souza Lima',
      phone: '11991234567',
      cpf: '52998224725',
      experience_years: 5,
      specialties: ['Operador de Caixa', 'Estoquista'],
    });
    expect(answer.profile.pix_key).toMatch(/991234567$/);
    const me = FreelancerMeSchema.parse((await bff.request('/api/freelancers/me', { cookie })).body);
    expect(me).toEqual(answer.profile);
  });

  it('refuses missing name, CPF or PIX key, an invalid CPF, an unknown specialty and 51 years', async () => {
    expect(await save({ ...valid, pix_key: '' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.freelancers.requiredFields },
    });
    expect(await save({ ...valid, cpf: '111.111.111-11' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidCpf },
    });
    expect(await save({ ...valid, pix_key: 'não é chave' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidPixKey },
    });
    expect(await save({ ...valid, specialties: ['Garçom chefe'] })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.validation.invalidSpecialty },
    });
    expect((await save({ ...valid, experience_years: 51 })).status).toBe(400);
    expect((await save({ ...valid, name: 'x'.repeat(256) })).status).toBe(400);
  });

  it('keeps the CPF the admins checked: an approved freelancer cannot change it (409), and keeps it', async () => {
    const me = FreelancerMeSchema.parse((await bff.request('/api/freelancers/me', { cookie })).body);
    expect(me).toMatchObject({ is_approved: true, vetting_status: 'approved', cpf: '52998224725' });
    expect(await save({ ...valid, cpf: '111.444.777-35' })).toMatchObject({
      status: 409,
      body: { error: VETTING_MESSAGES.cpfLocked },
    });
    const after = FreelancerMeSchema.parse((await bff.request('/api/freelancers/me', { cookie })).body);
    expect(after.cpf).toBe('52998224725');
    // The same CPF, typed with its mask, is not a change.
    expect((await save({ ...valid, cpf: '529.982.247-25' })).status).toBe(200);
  });
});
