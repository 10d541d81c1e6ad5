import * as MESSAGES from './messages';

/** Refusals added for the domain services of services/core (deletion guards, blocks, assignment). */
describe('MESSAGES used by the domain services', () => {
  it('explains why a deletion is refused', () => {
    expect(MESSAGES.jobs.billedCannotBeDeleted).toBe('Esta vaga já foi faturada e não pode ser excluída.');
    expect(MESSAGES.restaurants.hasBillingCannotBeDeleted).toBe(
      'Este estabelecimento tem trabalhos concluídos ou faturas e não pode ser excluído. Rejeite o cadastro para desativá-lo.',
    );
    expect(MESSAGES.freelancers.hasCompletedWorkCannotBeDeleted).toBe(
      'Este freelancer tem trabalhos concluídos e não pode ser excluído. Rejeite o cadastro para desativá-lo.',
    );
  });

  it('explains the block refusals', () => {
    expect(MESSAGES.assignments.freelancerBlocked).toBe(
      'Este freelancer está bloqueado neste estabelecimento.',
    );
    expect(MESSAGES.blocks.adminBlockCannotBeRemoved).toBe(
      'Este bloqueio foi feito pela administração e só pode ser removido por ela.',
    );
  });
});
