import {
  DASHBOARD_SYNC_CHANNEL,
  DASHBOARD_SYNC_EVENT_TYPES,
  LIVE_EVENT_TYPES,
  LIVE_HEARTBEAT_MS,
  isLiveEventType,
} from './live';

describe('live event types', () => {
  it("carry the specification's dashboard-sync channel and its seven event types", () => {
    expect(DASHBOARD_SYNC_CHANNEL).toBe('dashboard-sync');
    expect([...DASHBOARD_SYNC_EVENT_TYPES].sort()).toEqual(
      [
        'check_in',
        'check_out',
        'job_application',
        'job_assignment',
        'job_completed',
        'job_created',
        'job_updated',
      ].sort(),
    );
    for (const type of DASHBOARD_SYNC_EVENT_TYPES) expect(LIVE_EVENT_TYPES).toContain(type);
  });

  it('are unique, short enough for the domain_events.type column and snake_case', () => {
    expect(new Set(LIVE_EVENT_TYPES).size).toBe(LIVE_EVENT_TYPES.length);
    for (const type of LIVE_EVENT_TYPES) expect(type).toMatch(/^[a-z][a-z_]{1,39}$/);
  });

  it('tells a known type from anything else', () => {
    expect(isLiveEventType('job_created')).toBe(true);
    expect(isLiveEventType('ping')).toBe(false);
    expect(isLiveEventType(7)).toBe(false);
  });

  it('beats under the gateway idle timeout of 30 s', () => {
    expect(LIVE_HEARTBEAT_MS).toBeLessThan(30_000);
  });
});
