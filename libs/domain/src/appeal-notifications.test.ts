import { notificationKindsFor } from './notification-preferences';
import { NOTIFICATION_TEMPLATES, renderNotification } from './notifications';

const facts = {
  position: 'Repositor',
  businessName: 'Mercado Bom Preço',
  date: '2026-12-12',
  start: '07:00',
  freelancerName: 'Ana Souza',
};
const shift = 'Repositor (Mercado Bom Preço, 12/12/2026 às 07:00)';

describe('the notifications of strike appeals', () => {
  it('tell every admin of an appeal waiting on "Disputas"', () => {
    expect(renderNotification('strike_appealed', facts)).toEqual({
      title: 'Recurso de ocorrência',
      body: `Ana Souza recorreu da ocorrência do turno de ${shift}. Decida em Disputas.`,
      link: '/admin/dashboard?tab=disputas',
    });
    expect(renderNotification('strike_appealed', { ...facts, freelancerName: ' ' }).body).toMatch(
      /^O freelancer recorreu/,
    );
    expect(NOTIFICATION_TEMPLATES.strike_appealed).toMatchObject({ to: 'admin', subject: 'strike' });
  });

  it('tell the freelancer whether the strike was kept or removed, opening Perfil (its "Ocorrências")', () => {
    expect(renderNotification('strike_appeal_decided', facts)).toEqual({
      title: 'Recurso negado: ocorrência mantida',
      body: `Seu recurso da ocorrência do turno de ${shift} foi analisado: a ocorrência foi mantida. Veja a resposta da equipe em Perfil, em Ocorrências.`,
      link: '/dashboard/perfil',
    });
    expect(renderNotification('strike_appeal_decided', { ...facts, strikeRemoved: true })).toEqual({
      title: 'Recurso aceito: ocorrência removida',
      body: `Seu recurso da ocorrência do turno de ${shift} foi aceito: a ocorrência foi removida e não conta mais. Veja a resposta da equipe em Perfil, em Ocorrências.`,
      link: '/dashboard/perfil',
    });
    expect(NOTIFICATION_TEMPLATES.strike_appeal_decided).toMatchObject({
      to: 'freelancer',
      subject: 'strike',
    });
    expect(notificationKindsFor('freelancer')).toContain('strike_appeal_decided');
    expect(notificationKindsFor('freelancer')).not.toContain('strike_appealed');
  });
});
