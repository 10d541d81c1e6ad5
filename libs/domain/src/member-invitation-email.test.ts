import { BUSINESS_MEMBER_ROLE_DUTIES } from './business-members';
import { memberInvitationEmail } from './notification-channels';

describe('memberInvitationEmail (issue 28)', () => {
  const mail = memberInvitationEmail({
    businessName: 'Rede <Boa> & Cia',
    role: 'manager',
    storeNames: ['Loja Centro', 'Loja Norte'],
    publicUrl: 'https://turno.example.com/',
    path: '/convite-equipe/abcDEF123_-abcDEF123_-abcDEF12',
    expiresAt: new Date('2026-12-05T12:00:00Z'),
  });

  it('names the business, the role and its duties, the stores, the link and until when', () => {
    expect(mail.subject).toBe('Turno: convite para a equipe de Rede <Boa> & Cia');
    expect(mail.text).toContain(
      'Rede <Boa> & Cia convidou você para a equipe no Turno como Gerente de loja.',
    );
    expect(mail.text).toContain(BUSINESS_MEMBER_ROLE_DUTIES.manager);
    expect(mail.text).toContain('Lojas: Loja Centro, Loja Norte.');
    expect(mail.text).toContain(
      'Aceitar o convite: https://turno.example.com/convite-equipe/abcDEF123_-abcDEF123_-abcDEF12',
    );
    expect(mail.text).toContain('vale até 05/12/2026 e funciona uma vez');
  });

  it('escapes what the business wrote in the HTML part', () => {
    expect(mail.html).toContain('Rede &lt;Boa&gt; &amp; Cia');
    expect(mail.html).not.toContain('<Boa>');
    expect(mail.html).toContain(
      'href="https://turno.example.com/convite-equipe/abcDEF123_-abcDEF123_-abcDEF12"',
    );
  });
});
