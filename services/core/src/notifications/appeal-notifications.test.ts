import { saoPauloDate } from '@turno/domain';
import { Assignment, type Freelancer, type Restaurant } from '../model';
import { appealStrike, decideAppeal } from '../reliability/appeals.service';
import { addStrike } from '../reliability/strikes';
import { DAY, HOUR, NOW, admin, asFreelancer, at, insertEligibleFreelancer } from '../shared/test-kit';
import { createTestDatabase, type TestDatabase } from '../testing';
import { insertJob, insertRestaurant } from '../testing/fixtures';
import { recordEvents } from '../events/record-event';
import { inTransaction } from '../shared/transaction';
import { isNotifyingEvent, notifyingEventsAfter } from './notifications.service';
import { notificationTestTools, type NotificationRow } from './notification-test-data';

describe('the notifications of strike appeals (issue 26)', () => {
  let db: TestDatabase;
  let market: Restaurant;
  const em = () => db.orm.em.fork();
  const { sql, fanOut } = notificationTestTools(em);
  const rowsAbout = (strikeId: number) =>
    sql<NotificationRow[]>(
      `select user_id, admin_id, kind, subject_type, subject_id, title, body, link from notifications
        where subject_type = 'strike' and subject_id = ? order by id`,
      [strikeId],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // Admin 3 is disabled (told nothing).
    await sql(
      `insert into admins (id, email, name, password_hash, disabled_at) values
         (1, 'a1@turno.test', 'A1', 'x', null), (2, 'a2@turno.test', 'A2', 'x', null),
         (3, 'a3@turno.test', 'A3', 'x', now())`,
    );
    market = await insertRestaurant(em(), { businessName: 'Mercado Bom Preço' });
    await fanOut(); // the stream's cursor starts at the latest event
  });
  afterAll(() => db.drop());

  /** A no-show strike given at `when` for a Repositor shift of that day at 08:00; returns its id. */
  async function strikeAt(freelancer: Freelancer, when: Date) {
    const fork = em();
    const job = await insertJob(fork, market, {
      positionType: 'Repositor',
      dateNeeded: saoPauloDate(when),
      startTime: '08:00',
      status: 'cancelled',
    });
    const assignment = fork.create(Assignment, { job, freelancer: freelancer.id, status: 'cancelled' });
    await fork.flush();
    await addStrike(fork, {
      freelancerId: freelancer.id,
      assignmentId: assignment.id,
      reason: 'no_show',
      now: when,
    });
    const [row] = await sql<{ id: number }[]>('select id from freelancer_strikes where assignment_id = ?', [
      assignment.id,
    ]);
    return row!.id;
  }

  it('tell every admin not disabled of an appeal, once, and the freelancer of the decision, once', async () => {
    const freelancer = await insertEligibleFreelancer(em(), { name: 'Ana Souza' });
    const strikeId = await strikeAt(freelancer, at(-2 * DAY));
    const shift = `Repositor (Mercado Bom Preço, ${saoPauloDate(at(-2 * DAY))
      .split('-')
      .reverse()
      .join('/')} às 08:00)`;

    await appealStrike(em(), asFreelancer(freelancer), strikeId, { text: 'Estava doente' }, NOW);
    await appealStrike(em(), asFreelancer(freelancer), strikeId, { text: 'Estava doente' }, at(HOUR)); // a retry
    await fanOut();
    await fanOut();
    const appealed = await rowsAbout(strikeId);
    expect(appealed.map((row) => row.admin_id)).toEqual([1, 2]);
    expect(appealed[0]).toEqual({
      user_id: null,
      admin_id: 1,
      kind: 'strike_appealed',
      subject_type: 'strike',
      subject_id: strikeId,
      title: 'Recurso de ocorrência',
      body: `Ana Souza recorreu da ocorrência do turno de ${shift}. Decida em Disputas.`,
      link: '/admin/dashboard?tab=disputas',
    });

    const decision = { decision: 'uphold' as const, note: 'Sem atestado' };
    await decideAppeal(em(), admin, strikeId, decision, at(2 * HOUR));
    await decideAppeal(em(), admin, strikeId, decision, at(3 * HOUR)); // a retry
    const { made } = await fanOut();
    await fanOut();
    const decided = (await rowsAbout(strikeId)).filter((row) => row.admin_id === null);
    expect(decided).toEqual([
      {
        user_id: freelancer.user.id,
        admin_id: null,
        kind: 'strike_appeal_decided',
        subject_type: 'strike',
        subject_id: strikeId,
        title: 'Recurso negado: ocorrência mantida',
        body: `Seu recurso da ocorrência do turno de ${shift} foi analisado: a ocorrência foi mantida. Veja a resposta da equipe em Perfil, em Ocorrências.`,
        link: '/dashboard/perfil',
      },
    ]);
    // A decision about a past shift is not urgent (quiet hours hold its push and e-mail).
    expect(made).toEqual([expect.objectContaining({ kind: 'strike_appeal_decided', shiftStartsAt: null })]);
    // The admins were told of the appeal only (the decision is theirs); it reached the freelancer's stream.
    expect((await rowsAbout(strikeId)).filter((row) => row.admin_id !== null)).toHaveLength(2);
    const live = await sql<{ freelancer_id: number | null; audience: string | null }[]>(
      `select e.freelancer_id, e.payload->>'audience' as audience from domain_events e
         join notifications n on n.id = (e.payload->>'notificationId')::bigint
        where e.type = 'notification_created' and n.kind = 'strike_appeal_decided'`,
    );
    expect(live).toEqual([{ freelancer_id: freelancer.id, audience: null }]);
  });

  it('tell the freelancer a removed strike once, and nothing to the admins when it was decided before they heard', async () => {
    const freelancer = await insertEligibleFreelancer(em(), { name: 'Bruna Lima' });
    const strikeId = await strikeAt(freelancer, at(-DAY));
    await appealStrike(em(), asFreelancer(freelancer), strikeId, { text: 'O mercado cancelou' }, NOW);
    await decideAppeal(em(), admin, strikeId, { decision: 'remove', note: 'Confirmado' }, at(HOUR));
    await fanOut();
    await fanOut();

    expect(await rowsAbout(strikeId)).toEqual([
      expect.objectContaining({
        user_id: freelancer.user.id,
        kind: 'strike_appeal_decided',
        title: 'Recurso aceito: ocorrência removida',
        body: expect.stringMatching(/foi aceito: a ocorrência foi removida e não conta mais\./),
        link: '/dashboard/perfil',
      }),
    ]);
  });

  it("read a freelancer's change only when it is a strike's (not a profile, a photo or a search area)", async () => {
    const [before] = await sql<{ id: string }[]>('select coalesce(max(id), 0) as id from domain_events');
    const change = (value: string) => ({
      type: 'freelancer_updated' as const,
      freelancerId: 1,
      payload: { freelancerId: 1, change: value, ...(value === 'strike' ? { strikeId: 1 } : {}) },
    });
    await inTransaction(em(), (tx) =>
      recordEvents(tx, [change('search_area'), change('strike'), change('photo')]),
    );
    const { events } = await notifyingEventsAfter(em(), Number(before!.id), 100);
    expect(events.map((event) => event.payload.change)).toEqual(['strike']);
    expect(isNotifyingEvent({ type: 'freelancer_updated', payload: { change: 'strike' } })).toBe(true);
    expect(isNotifyingEvent({ type: 'freelancer_updated', payload: { change: 'search_area' } })).toBe(false);
    expect(isNotifyingEvent({ type: 'payout_updated', payload: { payoutId: 1 } })).toBe(true);
  });
});
