/** @jest-environment jsdom */
import { SAO_PAULO_TIME_ZONE } from '@turno/domain';
import { INTL_WARM_UP, WARM_TIME_ZONE, preloadEarlyFiles, warmIntl } from './early-start';

describe('preloadEarlyFiles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('preloads the files the gateway listed, as the page will ask for them', () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'turno-early-files';
    data.textContent = JSON.stringify({
      scripts: ['/page-dashboard.1.js', 'http://localhost:3101/remoteEntry.js'],
      fetches: ['http://localhost:3101/mf-manifest.json'],
      reads: ['/bff/freelancer/api/jobs'],
    });
    document.head.append(data);
    preloadEarlyFiles(document);
    const links = [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => ({
      href: l.getAttribute('href'),
      as: l.getAttribute('as'),
      crossorigin: l.getAttribute('crossorigin'),
    }));
    expect(links).toEqual([
      { href: '/bff/freelancer/api/jobs', as: 'fetch', crossorigin: 'use-credentials' },
      { href: 'http://localhost:3101/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous' },
      { href: '/page-dashboard.1.js', as: 'script', crossorigin: null },
      { href: 'http://localhost:3101/remoteEntry.js', as: 'script', crossorigin: null },
    ]);
  });

  it('preloads nothing without the data block, or with one it cannot read', () => {
    preloadEarlyFiles(document);
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'turno-early-files';
    data.textContent = '{not json';
    document.head.append(data);
    preloadEarlyFiles(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('warmIntl', () => {
  it("warms @turno/domain's own time zone", () => {
    expect(WARM_TIME_ZONE).toBe(SAO_PAULO_TIME_ZONE);
  });

  it('runs each step in a task of its own, and stops at a step that throws', () => {
    jest.useFakeTimers();
    try {
      const ran: string[] = [];
      warmIntl([() => ran.push('icu'), () => ran.push('zone'), () => ran.push('money')]);
      expect(ran).toEqual(['icu']);
      jest.runOnlyPendingTimers();
      expect(ran).toEqual(['icu', 'zone']);
      jest.runAllTimers();
      expect(ran).toEqual(['icu', 'zone', 'money']);

      ran.length = 0;
      warmIntl([
        () => {
          throw new RangeError('no time-zone data');
        },
        () => ran.push('never'),
      ]);
      jest.runAllTimers();
      expect(ran).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('its steps run in this environment (Sao Paulo, pt-BR money)', () => {
    for (const step of INTL_WARM_UP) expect(step).not.toThrow();
  });
});
