import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { loadConfig } from '../../config/config.js';
import { RemotesService } from './remotes.service.js';

describe('RemotesService', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    for (const name of ['mf-desktop', 'mf-mobile', 'mf-admin']) {
      mkdirSync(path.join(dir, name, 'dist'), { recursive: true });
      writeFileSync(path.join(dir, name, 'dist', 'current.json'), JSON.stringify({ release: `${name}-r1` }));
    }
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should read the pointer files once for many concurrent callers, and again once it is a second old', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const service = new RemotesService(loadConfig({ DATA_DIR: dir }, dir));
    const reads = jest.spyOn(fs, 'readFile');
    await Promise.all(Array.from({ length: 50 }, () => service.pointer()));
    expect(reads).toHaveBeenCalledTimes(3);
    expect(service.releasesStamp()).toBe('mf_desktop@mf-desktop-r1,mf_mobile@mf-mobile-r1,mf_admin@mf-admin-r1');

    // A busy server asks for the stamp on every request: one renewal is under way at a time.
    jest.advanceTimersByTime(1500);
    writeFileSync(path.join(dir, 'mf-mobile', 'dist', 'current.json'), JSON.stringify({ release: 'mf-mobile-r2' }));
    for (let i = 0; i < 100; i++) service.releasesStamp();
    await service.pointer();
    expect(reads).toHaveBeenCalledTimes(6);
    expect(service.releasesStamp()).toContain('mf_mobile@mf-mobile-r2');
  });
});
