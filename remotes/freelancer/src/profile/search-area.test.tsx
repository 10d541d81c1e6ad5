/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SearchArea } from '@turno/contracts';
import { NEARBY_TEXTS } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { SEARCH_AREA_URL, SearchAreaSettings } from './SearchAreaSettings';

const AREA: SearchArea = {
  origin: 'home',
  radius_km: 15,
  home_address: 'Rua Domingos de Morais, 2200 - Vila Mariana, São Paulo - SP',
  home_status: 'found',
  has_current_position: false,
  current_at: null,
};

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});

function fakeGeolocation(answerWith: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = jest.fn(answerWith);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

describe('Perfil: Vagas perto de você', () => {
  it('shows where the home was placed and saves the distance without asking for the position', async () => {
    const asked = fakeGeolocation(() => undefined);
    const { fetchImpl, sent } = routeFetch({
      [`GET ${SEARCH_AREA_URL}`]: answer(200, AREA),
      [`PUT ${SEARCH_AREA_URL}`]: answer(200, { ...AREA, radius_km: 25 }),
    });
    render(<SearchAreaSettings fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('home-place').textContent).toBe(NEARBY_TEXTS.home.found(AREA.home_address!));
    expect((screen.getByLabelText(NEARBY_TEXTS.radiusLabel) as HTMLSelectElement).value).toBe('15');
    fireEvent.change(screen.getByLabelText(NEARBY_TEXTS.radiusLabel), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: NEARBY_TEXTS.save }));
    await settle();
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { origin: 'home', radius_km: 25 } });
    expect(asked).not.toHaveBeenCalled();
    expect(screen.getByTestId('search-area-flash').textContent).toBe(NEARBY_TEXTS.saved);
  });

  it('asks the browser for the position only when "Minha localização atual" is saved', async () => {
    const asked = fakeGeolocation((success) =>
      success({ coords: { latitude: -23.57, longitude: -46.64, accuracy: 10 } } as GeolocationPosition),
    );
    const { fetchImpl, sent } = routeFetch({
      [`GET ${SEARCH_AREA_URL}`]: answer(200, { ...AREA, home_status: 'not_found' }),
      [`PUT ${SEARCH_AREA_URL}`]: answer(200, { ...AREA, origin: 'current', has_current_position: true }),
    });
    render(<SearchAreaSettings fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('home-place').textContent).toBe(NEARBY_TEXTS.home.not_found);
    fireEvent.click(screen.getByLabelText(NEARBY_TEXTS.originCurrent));
    expect(asked).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain(NEARBY_TEXTS.currentHint);
    fireEvent.click(screen.getByRole('button', { name: NEARBY_TEXTS.save }));
    await settle();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(sent.at(-1)).toMatchObject({
      method: 'PUT',
      body: { origin: 'current', radius_km: 15, position: { latitude: -23.57, longitude: -46.64 } },
    });
  });

  it('says so when the position is refused, and sends nothing', async () => {
    fakeGeolocation((_success, failure) =>
      failure!({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
    );
    const { fetchImpl, sent } = routeFetch({ [`GET ${SEARCH_AREA_URL}`]: answer(200, AREA) });
    render(<SearchAreaSettings fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByLabelText(NEARBY_TEXTS.originCurrent));
    fireEvent.click(screen.getByRole('button', { name: NEARBY_TEXTS.save }));
    await settle();
    expect(screen.getByTestId('search-area-error').textContent).toBe(NEARBY_TEXTS.locationDenied);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
