import { defaultChannelOn, notificationKindsFor } from './notification-preferences';
import { NOTIFICATION_TEMPLATES, renderNotification } from './notifications';

const facts = {
  position: 'Repositor',
  businessName: 'Mercado Bom Preço',
  date: '2026-12-12',
  start: '07:00',
  freelancerName: 'Ana Souza',
  amountCents: 18_990,
};

describe("the business's and the admins' notifications", () => {
  it("tell the business its freelancer's steps and open the Agenda, where it approves", () => {
    expect(renderNotification('freelancer_confirmed', facts)).toEqual({
      title: 'Presença confirmada',
      body: 'Ana Souza confirmou presença no turno de Repositor (Mercado Bom Preço, 12/12/2026 às 07:00).',
      link: '/dashboard/agenda',
    });
    expect(renderNotification('check_in_requested', facts)).toEqual({
      title: 'Check-in aguardando aprovação',
      body: 'Ana Souza pediu check-in no turno de Repositor (Mercado Bom Preço, 12/12/2026 às 07:00). Aprove na Agenda.',
      link: '/dashboard/agenda',
    });
    expect(renderNotification('check_out_requested', { ...facts, freelancerName: '' }).body).toMatch(
      /^O freelancer pediu check-out no turno de Repositor/,
    );
    for (const kind of ['freelancer_confirmed', 'check_in_requested', 'check_out_requested'] as const) {
      expect(NOTIFICATION_TEMPLATES[kind]).toMatchObject({ to: 'restaurant', subject: 'assignment' });
      expect(notificationKindsFor('restaurant')).toContain(kind);
      expect(notificationKindsFor('freelancer')).not.toContain(kind);
      // The bell and push by default; the e-mail only when the business turns it on.
      expect(defaultChannelOn(kind, 'in_app')).toBe(true);
      expect(defaultChannelOn(kind, 'web_push')).toBe(true);
      expect(defaultChannelOn(kind, 'email')).toBe(false);
    }
  });

  it("tell admins of a dispute and of a payout that needs them, opening the admin shell's tab", () => {
    expect(renderNotification('timesheet_disputed', facts)).toEqual({
      title: 'Disputa de horários aberta',
      body: 'Os horários do turno de Ana Souza em Repositor (Mercado Bom Preço, 12/12/2026 às 07:00) foram contestados e aguardam decisão.',
      link: '/admin/dashboard?tab=disputas',
    });
    expect(renderNotification('payout_failed', facts)).toEqual({
      title: 'Repasse com falha',
      body: 'O Pix de R$ 189,90 para Ana Souza pelo turno de Repositor (Mercado Bom Preço, 12/12/2026 às 07:00) falhou. Veja em Repasses.',
      link: '/admin/dashboard?tab=repasses',
    });
    expect(renderNotification('payout_held', facts).body).toMatch(
      /está retido: a chave Pix mudou há menos de 24 horas\. Confira em Repasses\.$/,
    );
    // After an admin's retry, which attempt (counted from 1, as Repasses shows it).
    expect(renderNotification('payout_failed', { ...facts, payoutAttempt: 1 }).body).toMatch(
      / falhou \(tentativa 2\)\. Veja em Repasses\.$/,
    );
    expect(renderNotification('payout_held', { ...facts, payoutAttempt: 2 }).body).toMatch(
      / está retido \(tentativa 3\): a chave Pix/,
    );
    expect(NOTIFICATION_TEMPLATES.timesheet_disputed).toMatchObject({ to: 'admin', subject: 'timesheet' });
    expect(NOTIFICATION_TEMPLATES.payout_failed).toMatchObject({ to: 'admin', subject: 'payout' });
    // No Perfil lists them: admins have no preferences card.
    for (const side of ['freelancer', 'restaurant'] as const) {
      expect(notificationKindsFor(side)).not.toContain('timesheet_disputed');
      expect(notificationKindsFor(side)).not.toContain('payout_failed');
    }
  });
});
