import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { fetchedWithPage } from './fetched-with-page';
import { LoadFailureBoundary } from './load-failure-boundary';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const shown = (Component: ComponentType<{ name: string }>) =>
  render(
    <LoadFailureBoundary loading={<p>loading</p>} fallback={<p>could not load</p>}>
      <Component name="card" />
    </LoadFailureBoundary>,
  );

describe('fetchedWithPage', () => {
  it('draws at once, without its loading stand-in, once the chunk is in', async () => {
    const { Component, ready } = fetchedWithPage(Promise.resolve({ Hello }), (module) => module.Hello);
    await ready;
    shown(Component);
    // Synchronously: no findBy, no loading frame in between.
    expect(screen.getByText('hello card')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('drawn before the chunk is in, shows the stand-in until it comes', async () => {
    const chunk = deferred<{ Hello: typeof Hello }>();
    const { Component } = fetchedWithPage(chunk.promise, (module) => module.Hello);
    shown(Component);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => chunk.resolve({ Hello }));
    expect(await screen.findByText('hello card')).toBeTruthy();
  });

  it('a chunk that cannot be fetched shows the boundary fallback, and nothing is unhandled', async () => {
    const chunk = deferred<{ Hello: typeof Hello }>();
    const { Component, ready } = fetchedWithPage(chunk.promise, (module) => module.Hello);
    chunk.reject(new Error('chunk gone'));
    await expect(ready).rejects.toThrow('chunk gone');
    shown(Component);
    expect(await screen.findByText('could not load')).toBeTruthy();
  });
});
