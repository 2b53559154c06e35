import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../src/shared/api';
import { openPlansCache } from '../../../src/main/plans-cache/plans-cache';
import { seal } from '../../../src/main/plans-cache/sealed-bytes';
import { useTempDir } from '../store/temp-store-dir';

const tempDir = useTempDir();
const key = randomBytes(32);
const alice = 'alice-uuid@https://proxy.example.com/api/';
const bob = 'bob-uuid@https://proxy.example.com/api/';

function planWith(name: string, password = 'pw-Very-Secret-1'): Plan {
  return {
    id: 7,
    name,
    creation_date: '2026-01-01T00:00:00Z',
    expire_date: null,
    is_blocked: false,
    proxy_limit: 10,
    proxies: [
      {
        id: 70,
        username: 'user70',
        password,
        ip: '203.0.113.7',
        port: 8080,
        assigned_proxy_ipv4: null,
        assigned_proxy_ipv6: null,
        is_rotating: true,
        rotate_interval: 300,
        plan_ip_class: null,
        label: null,
      },
    ],
  };
}

function setUp() {
  const dir = path.join(tempDir(), 'plans-cache');
  const errors: unknown[] = [];
  const cache = openPlansCache({ dir, onError: (error) => errors.push(error), quietMs: 40 });
  const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
  return { dir, cache, errors, files };
}

describe('plans cache', () => {
  it('gives back the listing it saved, with the time it was saved', async () => {
    const { cache, errors } = setUp();
    expect(await cache.load(alice, key)).toBeUndefined();
    const before = Date.now();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    const loaded = await cache.load(alice, key);
    expect(loaded?.plans).toEqual([planWith('Mobile')]);
    expect(loaded?.savedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(loaded?.savedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(errors).toEqual([]);
  });

  it('keeps one sealed file per account, private to the user, that names neither', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    cache.save(bob, key, () => [planWith('Static')]);
    await cache.settled();
    expect(files()).toHaveLength(2);
    for (const name of files()) {
      expect(name).toMatch(/^[0-9a-f]{32}\.plans$/);
      const bytes = fs.readFileSync(path.join(dir, name)).toString('latin1');
      for (const clear of ['pw-Very-Secret-1', 'user70', 'Mobile', 'Static', 'alice', 'bob']) {
        expect(bytes).not.toContain(clear);
      }
      if (process.platform !== 'win32') {
        expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
      }
    }
    if (process.platform !== 'win32') expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect((await cache.load(bob, key))?.plans[0]?.name).toBe('Static');
  });

  it('cannot open an account’s file with another key, and removes it then', async () => {
    const { cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    // A new token: the old file can never open again.
    expect(await cache.load(alice, randomBytes(32))).toBeUndefined();
    expect(files()).toEqual([]);
  });

  it('does not take another account’s file for its own', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    cache.save(bob, key, () => [planWith('Static')]);
    await cache.settled();
    const [first, second] = files();
    if (!first || !second) throw new Error('two files expected');
    const firstBytes = fs.readFileSync(path.join(dir, first));
    fs.writeFileSync(path.join(dir, first), fs.readFileSync(path.join(dir, second)));
    fs.writeFileSync(path.join(dir, second), firstBytes);
    expect(await cache.load(alice, key)).toBeUndefined();
    expect(await cache.load(bob, key)).toBeUndefined();
  });

  it('drops a file from another version or whose content is not a listing', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    const [name] = files();
    if (!name) throw new Error('a file expected');
    const contents = [
      { version: 2, plans: [planWith('Mobile')] },
      { version: 1, plans: [{ ...planWith('Mobile'), id: -1 }] },
      { version: 1, plans: 'none' },
      'not json {',
    ];
    for (const content of contents) {
      const text = typeof content === 'string' ? content : JSON.stringify(content);
      fs.writeFileSync(path.join(dir, name), seal(key, alice, Buffer.from(text)));
      expect(await cache.load(alice, key), text).toBeUndefined();
      expect(files()).toEqual([]);
    }
  });

  it('writes only the newest listing asked for while a write runs', async () => {
    const { cache } = setUp();
    const read: string[] = [];
    const listing = (name: string) => () => {
      read.push(name);
      return [planWith(name)];
    };
    cache.save(alice, key, listing('first'));
    for (const name of ['second', 'third', 'fourth']) cache.save(alice, key, listing(name));
    await cache.settled();
    expect(read).toEqual(['first', 'fourth']);
    expect((await cache.load(alice, key))?.plans[0]?.name).toBe('fourth');
  });

  it('moves the time of an unchanged listing on without rewriting it', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    const [name] = files();
    if (!name) throw new Error('a file expected');
    const file = path.join(dir, name);
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, old, old);
    const bytes = fs.readFileSync(file);
    expect((await cache.load(alice, key))?.savedAt).toBeLessThan(Date.now() - 3_000_000);
    cache.touch(alice);
    await expect
      .poll(async () => (await cache.load(alice, key))?.savedAt)
      .toBeGreaterThan(Date.now() - 60_000);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('says nothing when there is no file to touch', async () => {
    const { cache, errors, files } = setUp();
    cache.touch(alice);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([]);
    expect(files()).toEqual([]);
  });

  it('removes the files of signed-out accounts, after their writes, and keeps the others', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    fs.writeFileSync(path.join(dir, 'stray.txt'), 'x');
    // Bob's write is under way when he signs out: it must not land after the removal.
    cache.save(bob, key, () => [planWith('Static')]);
    await cache.keepOnly(new Set([alice]));
    await cache.settled();
    expect(files()).toHaveLength(1);
    expect(await cache.load(bob, key)).toBeUndefined();
    expect((await cache.load(alice, key))?.plans[0]?.name).toBe('Mobile');
    await cache.keepOnly(new Set());
    expect(files()).toEqual([]);
  });

  it('lets the writes of the accounts it keeps end with their newest listing', async () => {
    const { cache } = setUp();
    cache.save(alice, key, () => [planWith('first')]);
    cache.save(alice, key, () => [planWith('newest')]);
    await cache.keepOnly(new Set([alice]));
    await cache.settled();
    expect((await cache.load(alice, key))?.plans[0]?.name).toBe('newest');
  });

  it('sweeps the temp file of a write cut short once old, and leaves a young one', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    cache.save(bob, key, () => [planWith('Static')]);
    await cache.settled();
    const name = files().find((file) => file !== undefined) ?? '';
    const bobFile = files().find((file) => file !== name) ?? '';
    const oldTemp = `${name}.tmp-123abc`;
    const youngTemp = `${name}.tmp-456def`;
    const bobTemp = `${bobFile}.tmp-789`;
    for (const temp of [oldTemp, youngTemp, bobTemp]) {
      fs.writeFileSync(path.join(dir, temp), 'partial');
    }
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(dir, oldTemp), old, old);
    // Alice stays: her old temp goes, her young one may be another instance's write under way.
    // Bob signed out: his file and his temp go, young or not.
    await cache.keepOnly(new Set([alice]));
    expect(files()).toEqual([name, youngTemp].sort());
  });

  it('reports a write that fails, and keeps going', async () => {
    const { dir, cache, errors } = setUp();
    // The cache's folder cannot be made: a file stands in its place.
    fs.writeFileSync(dir, 'not a folder');
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).not.toContain('pw-Very-Secret-1');
    expect(await cache.load(alice, key)).toBeUndefined();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.settled();
    expect(errors).toHaveLength(2);
  });

  it('reports a folder it cannot list or a time it cannot move, not a missing one', async () => {
    const { dir, cache, errors } = setUp();
    await cache.keepOnly(new Set());
    cache.touch(alice);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([]);
    fs.writeFileSync(dir, 'not a folder');
    await cache.keepOnly(new Set());
    expect(errors).toHaveLength(1);
    cache.touch(alice);
    await expect.poll(() => errors.length).toBe(2);
  });

  it('reports a file it cannot remove', async () => {
    const { dir, cache, errors } = setUp();
    fs.mkdirSync(path.join(dir, 'not-a-file.plans', 'inside'), { recursive: true });
    await cache.keepOnly(new Set());
    expect(errors).toHaveLength(1);
  });

  it('once closed, ends the write under way and starts none', async () => {
    const { dir, cache, files } = setUp();
    cache.save(alice, key, () => [planWith('Mobile')]);
    await cache.close();
    expect(files()).toHaveLength(1);
    const [name] = files();
    const file = path.join(dir, name ?? '');
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, old, old);
    cache.save(bob, key, () => [planWith('Static')]);
    cache.touch(alice);
    await cache.settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(files()).toEqual([name]);
    expect(fs.statSync(file).mtimeMs).toBeLessThan(Date.now() - 3_000_000);
  });

  it('writes a burst of changes once, the newest, when they stop', async () => {
    const { cache } = setUp();
    const read: string[] = [];
    const listing = (name: string) => () => {
      read.push(name);
      return [planWith(name)];
    };
    for (const name of ['first', 'second', 'third']) cache.saveSoon(alice, key, listing(name));
    expect(read).toEqual([]);
    await expect.poll(() => read).toEqual(['third']);
    await cache.settled();
    expect((await cache.load(alice, key))?.plans[0]?.name).toBe('third');
  });

  it('lets a write now take the place of one waiting', async () => {
    const { cache } = setUp();
    const read: string[] = [];
    cache.saveSoon(alice, key, () => {
      read.push('waiting');
      return [planWith('waiting')];
    });
    cache.save(alice, key, () => {
      read.push('now');
      return [planWith('now')];
    });
    await cache.settled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toEqual(['now']);
  });

  it('writes what waits when it closes, and what a signed-out account waited for never', async () => {
    const { cache, files } = setUp();
    const slow = openPlansCache({
      dir: path.join(tempDir(), 'plans-cache'),
      onError: (error) => {
        throw error;
      },
      quietMs: 60_000,
    });
    slow.saveSoon(alice, key, () => [planWith('Mobile')]);
    slow.saveSoon(bob, key, () => [planWith('Static')]);
    await slow.keepOnly(new Set([alice]));
    expect(files()).toEqual([]);
    await slow.close();
    expect(files()).toHaveLength(1);
    expect((await cache.load(alice, key))?.plans[0]?.name).toBe('Mobile');
    expect(await cache.load(bob, key)).toBeUndefined();
  });
});
