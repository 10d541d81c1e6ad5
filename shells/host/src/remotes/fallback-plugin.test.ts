import { remoteFallbackPlugin } from './fallback-plugin';

type Hook = (args: Record<string, unknown>) => unknown;

describe('remoteFallbackPlugin', () => {
  const fallback = { default: () => null };

  it('answers a failed remote load with the fallback module and reports it', () => {
    const onFailure = jest.fn();
    const hook = remoteFallbackPlugin(fallback, onFailure).errorLoadRemote as unknown as Hook;
    const error = new Error('Failed to get manifest');
    expect(
      hook({
        id: 'admin_ops/App',
        error,
        lifecycle: 'onLoad',
        from: 'runtime',
        remote: { name: 'admin_ops' },
      }),
    ).toBe(fallback);
    expect(onFailure).toHaveBeenCalledWith({ id: 'admin_ops/App', remoteName: 'admin_ops', error });
  });

  it.each(['afterResolve', 'beforeLoadShare', 'beforeRequest'])('leaves the %s stage alone', (lifecycle) => {
    const hook = remoteFallbackPlugin(fallback).errorLoadRemote as unknown as Hook;
    expect(hook({ id: 'x', error: new Error('x'), lifecycle, from: 'runtime' })).toBeUndefined();
  });
});
