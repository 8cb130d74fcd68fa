import { describe, expect, it } from 'vitest';
import { filesHere } from './files-here';

describe('filesHere: whether a session’s files are this server’s to look at', () => {
  it('is yes for the served workspace and folders inside it', () => {
    expect(filesHere('/home/ada/app', '/home/ada/app')).toBe(true);
    expect(filesHere('/home/ada/app/', '/home/ada/app')).toBe(true);
    expect(filesHere('/home/ada/app/packages/web', '/home/ada/app')).toBe(true);
    expect(filesHere('/srv', '/')).toBe(true);
  });

  it('is no for another workspace, a sibling sharing its prefix, or a path climbing out', () => {
    expect(filesHere('/w', '/home/ada/app')).toBe(false);
    expect(filesHere('/home/ada/app-old', '/home/ada/app')).toBe(false);
    expect(filesHere('/home/ada', '/home/ada/app')).toBe(false);
    expect(filesHere('/home/ada/app/../other', '/home/ada/app')).toBe(false);
  });

  it('is no while either is unknown', () => {
    expect(filesHere(undefined, '/home/ada/app')).toBe(false);
    expect(filesHere('/home/ada/app', undefined)).toBe(false);
    expect(filesHere('', '')).toBe(false);
  });
});
