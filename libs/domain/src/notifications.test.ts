import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEMPLATES,
  renderNotification,
} from './notifications';

const facts = {
  position: 'Repositor',
  businessName: 'Mercado Bom Preço',
  date: '2026-12-12',
  start: '07:00',
  freelancerName: 'Ana Souza',
  amountCents: 18_990,
};

describe('notification texts', () => {
  it('say in pt-BR what happened, to whom, and open the right tab', () => {
    expect(renderNotification('application_accepted', facts)).toEqual({
      title: 'Candidatura aceita',
      body: 'Sua candidatura para Repositor (Mercado Bom Preço, 12/12/2026 às 07:00) foi aceita.',
      link: '/dashboard/trabalhos',
    });
    expect(renderNotification('application_rejected', facts).body).toBe(
      'Sua candidatura para Repositor (Mercado Bom Preço, 12/12/2026 às 07:00) não foi aceita.',
    );
    expect(renderNotification('application_rejected', facts).link).toBe('/dashboard/candidaturas');
    expect(renderNotification('check_in_approved', facts).title).toBe('Check-in aprovado');
    expect(renderNotification('check_out_approved', facts).title).toBe('Check-out aprovado');
    expect(renderNotification('payment_sent', facts)).toEqual({
      title: 'Pagamento enviado',
      body: 'Enviamos R$ 189,90 por Pix pelo turno de Repositor (Mercado Bom Preço, 12/12/2026 às 07:00).',
      link: '/dashboard/financas',
    });
    expect(renderNotification('new_application', facts).body).toBe(
      'Ana Souza se candidatou à vaga de Repositor (Mercado Bom Preço, 12/12/2026 às 07:00).',
    );
    expect(renderNotification('freelancer_cancelled', { ...facts, freelancerName: ' ' }).body).toMatch(
      /^Um freelancer cancelou o turno de Repositor/,
    );
  });

  it('exist for every kind, each to one side, each linking inside the area', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const template = NOTIFICATION_TEMPLATES[kind];
      expect(['freelancer', 'restaurant', 'admin']).toContain(template.to);
      expect(template.render(facts).link).toMatch(
        template.to === 'admin' ? /^\/admin\/dashboard\?tab=[a-z-]+$/ : /^\/dashboard(\/[a-z]+)?$/,
      );
    }
  });

  it("name the bell's unread count", () => {
    expect(NOTIFICATION_MESSAGES.bellLabel(3)).toBe('Notificações, 3 não lidas');
    expect(NOTIFICATION_MESSAGES.bellLabel(1)).toBe('Notificações, 1 não lida');
    expect(NOTIFICATION_MESSAGES.bellLabel(0)).toBe('Notificações, nenhuma não lida');
  });
});
