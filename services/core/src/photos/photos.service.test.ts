import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MESSAGES } from '@turno/domain';
import { Application, Assignment, Block, Freelancer } from '../model';
import {
  insertFreelancer,
  insertJob,
  insertRestaurant,
  noisyImage,
  useDatabaseAndPhotoStorage,
} from '../testing';
import { admin, asFreelancer, asRestaurant, expectRefusal } from '../shared/test-kit';
import { canSeeFreelancerPhoto, readFreelancerPhoto, saveFreelancerPhoto } from './photos.service';

const photo = (seed: number) => noisyImage({ seed });

describe('photos service', () => {
  const suite = useDatabaseAndPhotoStorage('turno-photos-');
  const em = () => suite.db.orm.em.fork();

  it('stores the new photo, points the profile at it with an event, and removes the old one', async () => {
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: null });
    const actor = asFreelancer(freelancer);
    const first = await saveFreelancerPhoto(em(), actor, await photo(7), suite.storage);
    expect(first.photoUrl).toMatch(new RegExp(`^/api/photos/${freelancer.id}\\?v=[a-f0-9]{24}$`));
    expect((await em().findOneOrFail(Freelancer, freelancer.id)).profilePhotoUrl).toBe(first.photoUrl);
    const [event] = await em()
      .getConnection()
      .execute<{ type: string; payload: { change: string } }[]>(
        'select type, payload from domain_events where freelancer_id = ? order by id desc limit 1',
        [freelancer.id],
      );
    expect(event).toMatchObject({ type: 'freelancer_updated', payload: { change: 'photo' } });

    const second = await saveFreelancerPhoto(em(), actor, await photo(11), suite.storage);
    expect(second.photoUrl).not.toBe(first.photoUrl);
    const files = await readdir(join(suite.directory, `freelancers/${freelancer.id}`));
    expect(files.filter((name) => name.endsWith('.jpg'))).toEqual([`${second.photoUrl.split('v=')[1]}.jpg`]);

    const shown = await readFreelancerPhoto(em(), actor, freelancer.id, suite.storage);
    expect(shown?.contentType).toBe('image/jpeg');
    expect((await sharp(shown!.bytes).metadata()).format).toBe('jpeg');
  });

  it('announces a new photo to the businesses related to the freelancer only, never to every business', async () => {
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: null });
    const [appliedTo, workedFor, blocking, stranger] = [
      await insertRestaurant(em()),
      await insertRestaurant(em()),
      await insertRestaurant(em()),
      await insertRestaurant(em()),
    ];
    const setup = em();
    setup.create(Application, {
      job: await insertJob(setup, appliedTo),
      freelancer: freelancer.id,
      status: 'pending',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    setup.create(Assignment, {
      job: await insertJob(setup, workedFor),
      freelancer: freelancer.id,
      status: 'assigned',
    });
    setup.create(Block, { freelancer: freelancer.id, restaurant: blocking.id, blockedBy: 'restaurant' });
    await setup.flush();
    const [latest] = await em()
      .getConnection()
      .execute<{ last: number | null }[]>('select max(id) as last from domain_events');

    await saveFreelancerPhoto(em(), asFreelancer(freelancer), await photo(9), suite.storage);
    const events = await em()
      .getConnection()
      .execute<{ restaurant_id: number | null; freelancer_id: number | null; all_restaurants: boolean }[]>(
        `select restaurant_id, freelancer_id, all_restaurants from domain_events
          where id > ? and type = 'freelancer_updated' and payload->>'change' = 'photo'`,
        [latest?.last ?? 0],
      );
    expect(events.some((event) => event.all_restaurants)).toBe(false);
    expect(events.map((event) => event.restaurant_id).sort()).toEqual(
      [appliedTo.id, workedFor.id, blocking.id].sort(),
    );
    expect(events.map((event) => event.restaurant_id)).not.toContain(stranger.id);
    expect(events.filter((event) => event.freelancer_id === freelancer.id)).toHaveLength(1);
  });

  it('refuses a non-image without touching the profile, and other roles', async () => {
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: null });
    await expectRefusal(
      saveFreelancerPhoto(em(), asFreelancer(freelancer), Buffer.alloc(4096, 'a'), suite.storage),
      400,
      MESSAGES.photos.notImage,
    );
    expect((await em().findOneOrFail(Freelancer, freelancer.id)).profilePhotoUrl).toBeNull();
    await expectRefusal(
      saveFreelancerPhoto(em(), admin, await photo(3), suite.storage),
      403,
      MESSAGES.common.forbidden,
    );
  });

  it('shows a photo to the freelancer, admins and businesses they applied to or worked for, nobody else', async () => {
    const freelancer = await insertFreelancer(em(), { profilePhotoUrl: null });
    const other = await insertFreelancer(em());
    const appliedTo = await insertRestaurant(em());
    const workedFor = await insertRestaurant(em());
    const stranger = await insertRestaurant(em());
    const setup = em();
    setup.create(Application, {
      job: await insertJob(setup, appliedTo),
      freelancer: freelancer.id,
      status: 'rejected',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    setup.create(Assignment, {
      job: await insertJob(setup, workedFor),
      freelancer: freelancer.id,
      status: 'assigned',
    });
    await setup.flush();

    const may = (viewer: Parameters<typeof canSeeFreelancerPhoto>[1]) =>
      canSeeFreelancerPhoto(em(), viewer, freelancer.id);
    expect(await may(asFreelancer(freelancer))).toBe(true);
    expect(await may(admin)).toBe(true);
    expect(await may(asRestaurant(appliedTo))).toBe(true);
    expect(await may(asRestaurant(workedFor))).toBe(true);
    expect(await may(asRestaurant(stranger))).toBe(false);
    expect(await may(asFreelancer(other))).toBe(false);

    // Nothing uploaded yet: nothing to read, even for those allowed.
    expect(await readFreelancerPhoto(em(), admin, freelancer.id, suite.storage)).toBeNull();
    await saveFreelancerPhoto(em(), asFreelancer(freelancer), await photo(5), suite.storage);
    expect(
      await readFreelancerPhoto(em(), asRestaurant(workedFor), freelancer.id, suite.storage),
    ).not.toBeNull();
    expect(await readFreelancerPhoto(em(), asRestaurant(stranger), freelancer.id, suite.storage)).toBeNull();
  });
});
