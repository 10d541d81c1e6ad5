/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES, PHOTO_MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { ANA } from '../testing/fixtures';
import { answer, routeFetch } from '../testing/route-fetch';
import { ProfileScreen } from './ProfileScreen';

const POST = 'POST /bff/freelancer/api/freelancers/upload-photo';
const file = (size: number, type: string, name = 'foto.jpg') =>
  new File([new Uint8Array(size)], name, { type });

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterEach(cleanup);
/** What the screen sent, less its reads (Perfil's "Vagas perto de você" reads its setting, issue 26). */
const writes = <R extends { method: string }>(sent: R[]) =>
  sent.filter((request) => request.method !== 'GET');

describe('Perfil: photo', () => {
  it('previews the chosen photo, sends it as multipart field "photo" and reloads the profile', async () => {
    const { fetchImpl, sent } = routeFetch({
      [POST]: answer(200, {
        success: true,
        photoUrl: '/api/photos/1?v=abcdef12',
        message: MESSAGES.photos.uploaded,
      }),
    });
    const onReload = jest.fn();
    render(
      <ProfileScreen
        me={{ ...ANA, profile_photo_url: null, has_profile_photo: false }}
        onSaved={jest.fn()}
        onReload={onReload}
        fetchImpl={fetchImpl}
      />,
    );
    expect(screen.queryByRole('button', { name: PHOTO_MESSAGES.send })).toBeNull();
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file(2048, 'image/jpeg')] } });
    expect(screen.getByTestId('photo-preview').getAttribute('src')).toBe('blob:preview');
    fireEvent.click(screen.getByRole('button', { name: PHOTO_MESSAGES.send }));
    await settle();
    expect(writes(sent)).toHaveLength(1);
    expect(onReload).toHaveBeenCalled();
    expect(screen.getByTestId('profile-flash').textContent).toBe(MESSAGES.photos.uploaded);
    expect(screen.queryByTestId('photo-preview')).toBeNull();
  });

  it('refuses in the browser what is not an image or too large, and shows the server error with details', async () => {
    const { fetchImpl, sent } = routeFetch({
      [POST]: answer(400, {
        success: false,
        error: MESSAGES.photos.notImage,
        details: PHOTO_MESSAGES.notImageDetails,
      }),
    });
    render(<ProfileScreen me={ANA} onSaved={jest.fn()} fetchImpl={fetchImpl} />);
    const input = screen.getByTestId('photo-input');
    fireEvent.change(input, { target: { files: [file(2048, 'application/pdf', 'doc.pdf')] } });
    expect(screen.getByTestId('photo-error').textContent).toBe(MESSAGES.photos.notImage);
    fireEvent.change(input, { target: { files: [file(6 * 1024 * 1024, 'image/jpeg')] } });
    expect(screen.getByTestId('photo-error').textContent).toBe(MESSAGES.photos.tooLarge);
    expect(writes(sent)).toEqual([]);

    // A text file renamed .jpg passes the browser's check (its type comes from the name): the server refuses it.
    fireEvent.change(input, { target: { files: [file(2048, 'image/jpeg', 'texto.jpg')] } });
    fireEvent.click(screen.getByRole('button', { name: PHOTO_MESSAGES.send }));
    await settle();
    expect(screen.getByTestId('photo-error').textContent).toBe(
      MESSAGES.photos.notImage + PHOTO_MESSAGES.notImageDetails,
    );
  });
});
