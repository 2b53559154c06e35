import { describe, expect, it } from 'vitest';
import { callApi } from './test-helpers';
import { useApiServer } from './use-api-server';

const server = useApiServer({ dialect: 'loose' });

describe('/users/me, loose', () => {
  it.each(['GET', 'POST'])(
    '%s answers the uuid in capitals, a space-separated date without a zone and extra fields',
    async (method) => {
      const token = server().tokenFor('demo');
      const { status, json } = await callApi(server(), method, 'users/me', { token });
      expect(status).toBe(200);
      const account = server().store.account('demo');
      if (!account) throw new Error('expected the demo account');
      const { user } = account;
      expect(json).toEqual({
        ...user,
        uuid: user.uuid.toUpperCase(),
        creation_date: user.creation_date.replace('T', ' ').replace('Z', ''),
        access_token: token,
        plan_count: account.plans.length,
        locale: 'en',
      });
      const wire = json as { uuid: string; creation_date: string };
      // Lossless: a client that lowercases the uuid and reads no zone as UTC gets the store back.
      expect(wire.uuid.toLowerCase()).toBe(user.uuid);
      expect(wire.uuid).not.toBe(user.uuid);
      expect(Date.parse(`${wire.creation_date.replace(' ', 'T')}Z`)).toBe(
        Date.parse(user.creation_date),
      );
    },
  );
});
