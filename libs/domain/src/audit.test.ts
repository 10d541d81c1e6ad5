import {
  AUDIT_ACTIONS,
  auditActionGroup,
  auditActionLabel,
  auditChanges,
  auditRecordLabel,
  formatAuditChange,
  formatAuditValue,
} from './audit';

describe('audit trail texts', () => {
  it('labels every known action in pt-BR, and shows unknown ones as recorded', () => {
    expect(auditActionLabel('PUT /api/admin/jobs/:id')).toBe('Editou vaga');
    expect(auditActionLabel('admin.sign_in')).toBe('Entrada de administrador');
    expect(auditActionLabel('admin.mfa.enrolled')).toBe('Ativou a verificação em duas etapas');
    expect(auditActionLabel('admin.sign_in.password_ok')).toBe('Senha conferida (falta o código)');
    expect(auditActionLabel('admin.mfa.novo')).toBe('Evento de segurança (admin.mfa.novo)');
    expect(auditActionLabel('POST /api/admin/nova')).toBe('POST /api/admin/nova');
    expect(auditActionGroup('admin.mfa.enrolled')).toBe('seguranca');
    expect(auditActionGroup('DELETE /api/admin/invoices/:id')).toBe('faturas');
    expect(new Set(AUDIT_ACTIONS.map((a) => a.action)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('names records and formats values as people read them', () => {
    expect(auditRecordLabel('jobs', '12')).toBe('Vaga #12');
    expect(auditRecordLabel(null, null)).toBe('—');
    expect(formatAuditValue('charge_cents', 18900)).toBe('R$ 189,00');
    expect(formatAuditValue('date_needed', '2026-11-23')).toBe('23/11/2026');
    expect(formatAuditValue('approved_at', '2026-11-23T13:05:00.000Z')).toBe('23/11/2026 10:05');
    expect(formatAuditValue('is_active', false)).toBe('Não');
    expect(formatAuditValue('specialties', ['Estoquista', 'Caixa'])).toBe('Estoquista, Caixa');
    expect(formatAuditValue('payment_date', null)).toBe('—');
  });

  it('lists the changed fields of a changed record, and every field of a created or removed one', () => {
    const before = { 'jobs:1': { status: 'open', start_time: '07:00' }, 'invoices:2': { status: 'pending' } };
    const after = {
      'jobs:1': { status: 'open', start_time: '08:00' },
      'assignments:3': { status: 'assigned' },
    };
    const changes = auditChanges(before, after);
    expect(changes.map(formatAuditChange)).toEqual([
      'Vaga #1 · Início: 07:00 → 08:00',
      'Fatura #2 · Status: Pendente → (removido)',
      'Alocação #3 · Status: (não existia) → Aguardando início',
    ]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(before, before)).toEqual([]);
  });
});
